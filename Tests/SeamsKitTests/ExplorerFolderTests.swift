import Foundation
import SeamsGraph
import SeamsReport
import Testing

/// The explorer's folder level: a large module opens on its folders, each view draws at most
/// a few hundred nodes, and every type keeps one view that draws it.
@Suite struct ExplorerFolderTests {
    /// App (421 types under App/Sources): Screens/Home (120), Screens/Settings (60), Services
    /// (40), Flat (200, two a file, no subfolder), and the app delegate in Sources itself; Kit
    /// (10 types). Home uses a service each and every Flat type; Service0 uses Home0 back (a cycle
    /// between Screens and Services); every type of Kit is used by Settings0.
    static func graph() -> Graph {
        var b = GraphBuilder()
        func add(_ id: String, _ module: String, _ file: String) {
            b.add(Node(id: id, name: id, module: module, kind: .class, file: file, line: 1))
        }
        var line = 0
        func use(_ from: String, _ to: String, _ file: String) {
            line += 1
            b.addSite(from: from, to: to, Site(file: file, line: line, column: 1, kind: .type))
        }
        let home = (0..<120).map { "Home\($0)" }, settings = (0..<60).map { "Settings\($0)" }
        let services = (0..<40).map { "Service\($0)" }, flat = (0..<200).map { "Flat\($0)" }
        for h in home { add(h, "App", "App/Sources/Screens/Home/\(h).swift") }
        for s in settings { add(s, "App", "App/Sources/Screens/Settings/\(s).swift") }
        for s in services { add(s, "App", "App/Sources/Services/\(s).swift") }
        for (i, f) in flat.enumerated() { add(f, "App", "App/Sources/Flat/File\(1000 + i / 2).swift") }
        add("AppDelegate", "App", "App/Sources/AppDelegate.swift")
        for k in 0..<10 { add("Kit\(k)", "Kit", "Kit/Kit\(k).swift") }
        for (i, h) in home.enumerated() {
            use(h, services[i % 40], "App/Sources/Screens/Home/\(h).swift")
            for f in flat { use(h, f, "App/Sources/Screens/Home/\(h).swift") }
        }
        use("Service0", "Home0", "App/Sources/Services/Service0.swift")
        for k in 0..<10 { use("Settings0", "Kit\(k)", "App/Sources/Screens/Settings/Settings0.swift") }
        use("AppDelegate", "Home0", "App/Sources/AppDelegate.swift")
        return b.build(root: "/r", modules: [ModuleInfo(name: "App", files: 321), ModuleInfo(name: "Kit", files: 10)])
    }

    static func build() -> ExplorerData {
        let graph = graph()
        return ExplorerBuilder.build(ExplorerInput(graph: graph, cycles: graph.cycles(), title: "t")) { _, _ in
            false
        }
    }

    /// The page's data, parsed.
    static func data() throws -> [String: Any] {
        let html = ExplorerPage.html(build())
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"seams-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
    }

    /// The nodes a DOT text draws: its node statements.
    static func drawnNodes(_ dot: String) -> Int {
        dot.split(separator: "\n").filter { $0.contains(" [label=") && !$0.contains(" -> ") }.count
    }

    @Test func aLargeModuleOpensOnItsFoldersWithChainsJoinedAndFlatFoldersInRuns() throws {
        let d = try Self.data()
        let folders = try #require(d["folders"] as? [[String: Any]])
        let views = try #require(d["views"] as? [[String: Any]])
        let modules = try #require(d["modules"] as? [String])
        let app = try #require(modules.firstIndex(of: "App"))
        let top = try #require(views.first { $0["key"] as? String == "module:\(app)" })
        #expect(top["level"] as? String == "folders")
        let names = (top["nodes"] as! [Int]).map { folders[$0]["name"] as! String }
        #expect(names == ["Flat/", "Screens/", "Services/", "files here"])
        // Screens (180 types) opens on Home and Settings; Flat (200, no subfolder) on two runs of
        // whole files; Services (40) and the app's own file draw their types.
        func view(named name: String) throws -> [String: Any] {
            let f = try #require(folders.firstIndex { $0["name"] as? String == name })
            return try #require(views.first { $0["key"] as? String == "folder:\(f)" })
        }
        let screens = try view(named: "Screens/")
        #expect(screens["level"] as? String == "folders")
        #expect((screens["nodes"] as! [Int]).map { folders[$0]["name"] as! String } == ["Home/", "Settings/"])
        let flat = try view(named: "Flat/")
        let runs = (flat["nodes"] as! [Int]).map { folders[$0]["name"] as! String }
        #expect(runs == ["File1000.swift … File1074.swift", "File1075.swift … File1099.swift"])
        #expect((flat["nodes"] as! [Int]).map { folders[$0]["types"] as! Int } == [150, 50])
        #expect(try view(named: "Services/")["level"] as? String == "types")
        #expect(try view(named: "Home/")["title"] as? String == "App › Screens/Home/")
        // Kit (10 types) stays a module of types.
        let kit = try #require(views.first { $0["key"] as? String == "module:\(modules.firstIndex(of: "Kit")!)" })
        #expect(kit["level"] as? String == "types")
    }

    @Test func everyScannedTypeOfALargeModuleIsDrawnByItsFolder() throws {
        let d = try Self.data()
        let nodes = try #require(d["nodes"] as? [[String: Any]])
        let views = try #require(d["views"] as? [[String: Any]])
        let byKey = Dictionary(uniqueKeysWithValues: views.map { ($0["key"] as! String, $0) })
        let modules = try #require(d["modules"] as? [String])
        for (i, node) in nodes.enumerated() where !(node["external"] as! Bool) {
            let folder = node["folder"] as! Int
            if modules[node["module"] as! Int] == "Kit" {
                #expect(folder == -1)
                continue
            }
            let view = try #require(byKey["folder:\(folder)"], "\(node["id"]!) has a folder view")
            #expect(view["level"] as? String == "types")
            #expect((view["nodes"] as! [Int]).contains(i), "\(node["id"]!) is drawn by its folder")
        }
    }

    @Test func noViewDrawsMoreThanItsBoundAndLargeNeighbourhoodsCollapse() throws {
        let built = Self.build()
        for view in built.views {
            #expect(Self.drawnNodes(view.dot) <= 300, "\(view.key) draws \(Self.drawnNodes(view.dot)) nodes")
        }
        // Home's 120 types use 200 Flat types and 40 services, and the app delegate uses one: 361
        // nodes, so the neighbours are drawn as Flat, Services and the app's own files, with counts.
        let d = try Self.data()
        let folders = try #require(d["folders"] as? [[String: Any]])
        let home = try #require(folders.firstIndex { $0["name"] as? String == "Home/" })
        let flat = try #require(folders.firstIndex { $0["name"] as? String == "Flat/" })
        let services = try #require(folders.firstIndex { $0["name"] as? String == "Services/" })
        let view = try #require(built.views.first { $0.key == "folder:\(home)" })
        #expect(view.collapsed == 241)
        #expect(view.dot.contains("\"f\(flat)\" [label=\"Flat/ (200 types)\""))
        #expect(view.dot.contains("\"f\(services)\" [label=\"Services/ (40 types)\""))
        #expect(view.dot.contains("[label=\"files here (1 type)\""))
        #expect(Self.drawnNodes(view.dot) == 123)
        // Settings draws its Kit neighbours as they are: 60 + 10 nodes.
        let settings = try #require(folders.firstIndex { $0["name"] as? String == "Settings/" })
        let settingsView = try #require(built.views.first { $0.key == "folder:\(settings)" })
        #expect(settingsView.collapsed == nil)
        #expect(Self.drawnNodes(settingsView.dot) == 70)
    }

    @Test func folderViewsSumTheirEdgesAndMarkCyclesBetweenFolders() throws {
        let d = try Self.data()
        let folders = try #require(d["folders"] as? [[String: Any]])
        let edges = try #require(d["folderEdges"] as? [[String: Any]])
        let views = try #require(d["views"] as? [[String: Any]])
        let modules = try #require(d["modules"] as? [String])
        let top = try #require(views.first { $0["key"] as? String == "module:\(modules.firstIndex(of: "App")!)" })
        let drawn = (top["edges"] as! [Int]).map { edges[$0] }
        func named(_ e: [String: Any]) -> String {
            "\(folders[e["from"] as! Int]["name"]!)→\(folders[e["to"] as! Int]["name"]!)"
        }
        let byName = Dictionary(uniqueKeysWithValues: drawn.map { (named($0), $0) })
        #expect(
            byName.keys.sorted() == [
                "Screens/→Flat/", "Screens/→Services/", "Services/→Screens/", "files here→Screens/",
            ])
        #expect(byName["Screens/→Flat/"]?["count"] as? Int == 120 * 200)
        #expect((byName["Screens/→Flat/"]?["edges"] as? [Int])?.count == 120 * 200)
        #expect(byName["Screens/→Services/"]?["cyclic"] as? Bool == true)
        #expect(byName["Services/→Screens/"]?["cyclic"] as? Bool == true)
        #expect(byName["Screens/→Flat/"]?["cyclic"] as? Bool == false)
        let cycles = try #require(top["cycles"] as? [[Int]])
        #expect(cycles.map { $0.map { folders[$0]["name"] as! String }.sorted() } == [["Screens/", "Services/"]])
        let matrix = try #require(top["matrix"] as? [String: Any])
        #expect((matrix["rows"] as! [Int]).count == 4)
    }

    @Test func theSameBytesOnEveryBuild() {
        #expect(ExplorerPage.html(Self.build()) == ExplorerPage.html(Self.build()))
    }
}

/// The explorer page's drawings with their coordinates at a point's precision.
@Suite struct SVGNumberTests {
    @Test func geometryIsRoundedAndNothingElse() {
        let svg = """
            <svg width="10910pt" height="2238pt" viewBox="0.00 0.00 10909.80 2237.80">
            <g id="e1" class="edge"><path fill="none" d="M8472.68,-360.04C8446.5,-370.4 -0.4,-0.5 9.99,-99.5"/>
            <polygon points="4869.74,-410.56 4863.75,-412.7 4869.76,-414.76"/>
            <text x="6784.5" y="-403.28" font-size="8.00" fill="#666666"> 2.75 x=&quot;1.55&quot;</text>
            </g></svg>
            """
        let rounded = SVGNumbers.rounded(svg)
        #expect(rounded.contains("d=\"M8473,-360C8447,-370 0,-1 10,-100\""))
        #expect(rounded.contains("points=\"4869.7,-410.6 4863.8,-412.7 4869.8,-414.8\""))
        #expect(rounded.contains("x=\"6785\" y=\"-403\""))
        #expect(rounded.contains("viewBox=\"0.00 0.00 10909.80 2237.80\""), "the drawing's size as it was")
        #expect(rounded.contains("font-size=\"8.00\""))
        #expect(rounded.contains("> 2.75 x=&quot;1.55&quot;</text>"), "a label's text as it was")
    }
}
