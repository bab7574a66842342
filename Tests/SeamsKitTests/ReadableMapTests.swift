import Foundation
import SeamsGraph
import SeamsKit
import SeamsRender
import SeamsReport
import SeamsTestSupport
import Testing

/// Static maps meant to be read: distinct module colours, a legend that names each module once,
/// the focus highlighted, a star around a hub, wide ranks wrapped, hubs listed.
@Suite struct ReadableMapTests {
    /// A hub with `count` dependents and `count` dependencies, each a leaf, all in module M.
    func hub(_ count: Int) -> Graph {
        var nodes = [Node(id: "M.Hub", name: "Hub", module: "M", kind: .class, file: "Hub.swift", line: 1)]
        var edges: [Edge] = []
        for i in 0..<count {
            nodes.append(Node(id: "M.In\(i)", name: "In\(i)", module: "M", kind: .class, file: "In.swift", line: i + 1))
            nodes.append(
                Node(id: "M.Out\(i)", name: "Out\(i)", module: "M", kind: .struct, file: "Out.swift", line: i + 1))
            edges.append(
                Edge(
                    from: "M.In\(i)", to: "M.Hub", sites: [Site(file: "In.swift", line: i + 1, column: 1, kind: .type)])
            )
            edges.append(
                Edge(
                    from: "M.Hub", to: "M.Out\(i)",
                    sites: [Site(file: "Hub.swift", line: i + 2, column: 1, kind: .construct)]))
        }
        // One edge among the neighbours: a star leaves it out.
        edges.append(
            Edge(from: "M.In0", to: "M.Out0", sites: [Site(file: "In.swift", line: 1, column: 9, kind: .member)]))
        return Graph(
            root: "/r", modules: [ModuleInfo(name: "M", files: 3)], nodes: nodes, edges: edges, diagnostics: [])
    }

    @Test func eightyModuleColoursStayApartThenHueSteps() {
        func lab(_ hex: String) -> (Double, Double, Double) {
            let v = Int(hex.dropFirst(), radix: 16)!
            func linear(_ c: Int) -> Double {
                let x = Double(c) / 255
                return x > 0.04045 ? pow((x + 0.055) / 1.055, 2.4) : x / 12.92
            }
            let r = linear(v >> 16), g = linear((v >> 8) & 255), b = linear(v & 255)
            let x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
            let y = r * 0.2126 + g * 0.7152 + b * 0.0722
            let z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        // The first 20 at least 18 CIE76 units apart, any two of the first 80 at least 10 (issue
        // #43: an app of 79 modules had two colours 1.7 apart), all light enough for black text.
        let colours = (0..<80).map(ModulePalette.color(at:))
        #expect(Set(colours).count == 80)
        for i in 0..<80 {
            for j in (i + 1)..<80 {
                let a = lab(colours[i]), b = lab(colours[j])
                let distance = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2))
                    .squareRoot()
                #expect(distance >= (j < 20 ? 18 : 10), "\(colours[i]) and \(colours[j]) are \(distance) apart")
            }
            #expect(lab(colours[i]).0 >= 65, "\(colours[i]) is light enough for black text")
        }
        let more = (80..<120).map(ModulePalette.color(at:))
        #expect(Set(more).count == 40, "hue steps beyond 80 repeat no colour")
        #expect(more.allSatisfy { $0.count == 7 && $0.hasPrefix("#") })
    }

    @Test func pastEightyModulesAModuleTakesItsGroupsColour() {
        var modules = (0..<80).map { "Feature\($0)" }
        modules += ["Feature12Tests", "Feature1UI", "Feature7.Previews", "Featured", "Standalone"]
        let colour = { (m: String) in ModulePalette.color(of: m, among: modules) }
        // The longest module name that begins it, at a word's end.
        #expect(colour("Feature12Tests") == colour("Feature12"))
        #expect(colour("Feature1UI") == colour("Feature1"))
        #expect(colour("Feature7.Previews") == colour("Feature7"))
        // No group: not at a word's end, or no module begins it.
        #expect(colour("Featured") == ModulePalette.color(at: 83))
        #expect(colour("Standalone") == ModulePalette.color(at: 84))
        // The first 80 keep their own colours, whatever comes after them.
        #expect(Set(modules.prefix(80).map(colour)).count == 80)
    }

    @Test func aMapsColourTableGivesEachModuleItsOwnColour() {
        var modules = (0..<80).map { "Feature\($0)" }
        modules += ["Feature12Tests", "Feature1UI", "Featured", "Standalone"] + (0..<40).map { "Other\($0)" }
        let table = ModulePalette.table(modules)
        #expect(table.count == modules.count)
        for module in modules { #expect(table[module] == ModulePalette.color(of: module, among: modules), "\(module)") }
    }

    @Test func productionModulesTakeThePalettesFirstColours() {
        // 79 production modules and 57 of tests only, named so that sorting would mix them: the
        // production modules still get the first 79 colours, any two 10 CIE76 units apart.
        var nodes: [Node] = []
        for i in 0..<79 {
            nodes.append(Node(id: "M\(i).T", name: "T", module: "M\(i)", kind: .class, file: "M\(i)/T.swift", line: 1))
        }
        for i in 0..<57 {
            var n = Node(
                id: "M\(i)Tests.C", name: "C", module: "M\(i)Tests", kind: .class, file: "t\(i).swift", line: 1)
            n.role = .test
            nodes.append(n)
        }
        // A module of production and test code counts as production.
        var mock = Node(id: "M0.Mock", name: "Mock", module: "M0", kind: .class, file: "M0/Mock.swift", line: 1)
        mock.role = .test
        nodes.append(mock)
        let graph = Graph(root: "/r", modules: [], nodes: nodes, edges: [], diagnostics: [])
        let order = DOTEncoder.moduleOrder(graph)
        #expect(order.count == 136)
        #expect(Set(order.prefix(79)) == Set((0..<79).map { "M\($0)" }))
        #expect(order.prefix(79).map { $0 } == order.prefix(79).sorted(), "by name within each part")
        #expect(order.suffix(57).allSatisfy { $0.hasSuffix("Tests") })
    }

    @Test func aModuleOfTestCodeOnlyKeepsTheRoleWhenRegrouped() {
        func node(_ id: String, _ module: String, _ role: NodeRole?) -> Node {
            var n = Node(id: id, name: id, module: module, kind: .class, file: "\(module)/\(id).swift", line: 1)
            n.role = role
            return n
        }
        let graph = Graph(
            root: "/r", modules: [],
            nodes: [
                node("A.Prod", "A", nil), node("A.Mock", "A", .test), node("T.Case", "T", .test),
                node("T.Fake", "T", .generated), node("P.Demo", "P", .preview),
            ], edges: [], diagnostics: [])
        let roles = Dictionary(
            uniqueKeysWithValues: graph.regrouped(by: .module).nodes.map { ($0.id, $0.role?.rawValue ?? "production") })
        #expect(
            roles == ["A": "production", "T": "test", "P": "preview"],
            "mixed with production: none; test before generated")
    }

    @Test func testCodeIsMutedOnMapsAndLeftOutWhenAsked() throws {
        let dir = try TempDir()
        try FileManager.default.copyItem(atPath: fixture("MultiModule"), toPath: dir.path + "/app")
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = dir.path + "/app"
        var request = MapRequest(scan: scan)
        request.format = .dot
        func line(_ dot: String, _ id: String) -> Substring? {
            dot.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("\"\(id)\" [label=") }
        }
        let types = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        let test = try #require(line(types, "TechAppTests.SignInTests"), "\(types)")
        #expect(test.contains("fontcolor=\"\(DOTEncoder.mutedText)\""))
        #expect(
            test.contains(
                "fillcolor=\"\(ModulePalette.muted(ModulePalette.color(of: "TechAppTests", among: DOTEncoder.moduleOrder(try ScanPipeline.run(scan).graph))))\""
            ))
        let production = try #require(line(types, "TechApp.SignInViewController"), "\(types)")
        #expect(!production.contains(DOTEncoder.mutedText))
        #expect(types.contains("test, preview, generated (muted)"))
        // On a module map, the test target is one muted box.
        request.scan.granularity = .module
        let modules = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        #expect(try #require(line(modules, "TechAppTests"), "\(modules)").contains(DOTEncoder.mutedText))
        #expect(!(try #require(line(modules, "TechApp"), "\(modules)").contains(DOTEncoder.mutedText)))
        // --hide-tests, or hide-tests: in seams.yml, leaves the test code out.
        request.hideTests = true
        let hidden = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        #expect(line(hidden, "TechAppTests") == nil && line(hidden, "TechApp") != nil, "\(hidden)")
        request.hideTests = false
        request.scan.granularity = .type
        try "hide-tests: true\n".write(toFile: dir.path + "/app/seams.yml", atomically: true, encoding: .utf8)
        let configured = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        #expect(line(configured, "TechAppTests.SignInTests") == nil)
        #expect(line(configured, "TechApp.SignInViewController") != nil)
        #expect(!configured.contains("(muted)"))
    }

    @Test func theLegendNamesEachModuleOnceAndNoneOnAModuleMap() throws {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture("MultiModule")
        var request = MapRequest(scan: scan)
        request.format = .dot
        let types = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        let graph = try ScanPipeline.run(scan).graph
        let legend = try #require(types.split(separator: "\n").first { $0.hasPrefix("  \"legend\"") })
        for module in Set(graph.nodes.filter { !$0.external }.compactMap(\.module)) {
            #expect(legend.components(separatedBy: ">\(module)<").count == 2, "\(module) named once")
        }
        request.collapse = .module
        let modules = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        let moduleLegend = modules.split(separator: "\n").first { $0.hasPrefix("  \"legend\"") }
        for module in Set(graph.nodes.compactMap(\.module)) {
            #expect(moduleLegend?.contains(">\(module)<") != true, "a module map does not name \(module) twice")
        }
    }

    @Test func legendTextIsEscapedForGraphvizHTML() {
        let line = MapLegend.node(title: "T", rows: [MapLegend.Row(.fill("#ffffff"), "Tom & \"Jerry\" <Lab>")])
        #expect(line.contains("Tom &amp; &quot;Jerry&quot; &lt;Lab&gt;"))
        #expect(!line.contains("<Lab>"))
    }

    @Test func aStarKeepsOnlyTheEdgesOfTheFocus() {
        let star = hub(3).star(around: ["M.Hub"], direction: .both)
        #expect(star.edges.count == 6)
        #expect(star.edges.allSatisfy { $0.from == "M.Hub" || $0.to == "M.Hub" })
        #expect(star.nodes.count == 7)
        let dependents = hub(3).star(around: ["M.Hub"], direction: .in)
        #expect(Set(dependents.nodes.map(\.id)) == ["M.Hub", "M.In0", "M.In1", "M.In2"])
    }

    @Test func wideRanksAreWrappedOverSeveralRows() {
        let graph = hub(25)
        let minlens = RankWrap.minlens(graph, focus: ["M.Hub"])
        // 25 dependents in rows of at most 10: three rows, lengths 1, 2, 3 in turn.
        let incoming = graph.edges.filter { $0.to == "M.Hub" }.map { minlens[$0.key] ?? 1 }
        #expect(Set(incoming) == [1, 2, 3])
        for row in 1...3 { #expect(incoming.filter { $0 == row }.count <= 10) }
        #expect(RankWrap.minlens(hub(10), focus: ["M.Hub"]).isEmpty, "ten fit in one row")
        // Without a focus, only leaves are wrapped: In0 and Out0 have another edge.
        let leaves = RankWrap.minlens(graph, focus: [])
        #expect(leaves[EdgeKey(from: "M.In0", to: "M.Hub").string] == nil)
        #expect(leaves.count == 48)
    }

    /// A hub used by `count` types spread over `modules` modules, with an edge between each
    /// pair of consecutive dependents.
    func wideHub(_ count: Int, modules: Int) -> Graph {
        var nodes = [Node(id: "Core.Hub", name: "Hub", module: "Core", kind: .class, file: "Hub.swift", line: 1)]
        var edges: [Edge] = []
        for i in 0..<count {
            let module = "Feature\(i % modules)"
            let id = "\(module).DependentViewController\(1000 + i)"
            nodes.append(
                Node(
                    id: id, name: "DependentViewController\(1000 + i)", module: module, kind: .class,
                    file: "D\(i).swift",
                    line: 1))
            edges.append(
                Edge(from: id, to: "Core.Hub", sites: [Site(file: "D\(i).swift", line: 1, column: 1, kind: .type)]))
            if i > 0 {
                let previous = "Feature\((i - 1) % modules).DependentViewController\(999 + i)"
                edges.append(
                    Edge(from: id, to: previous, sites: [Site(file: "D\(i).swift", line: 2, column: 1, kind: .type)]))
            }
        }
        let infos = (["Core"] + (0..<modules).map { "Feature\($0)" }).map { ModuleInfo(name: $0, files: 1) }
        return Graph(root: "/r", modules: infos, nodes: nodes, edges: edges, diagnostics: [])
    }

    /// The width of an SVG in points.
    func svgWidth(_ data: Data) throws -> Double {
        let text = String(decoding: data.prefix(2_000), as: UTF8.self)
        let start = try #require(text.range(of: "width=\""))
        let end = try #require(text[start.upperBound...].firstIndex(of: "p"))
        return try #require(Double(text[start.upperBound..<end]))
    }

    @Test func aHubsFocusStandsInRowsOfColumnsUnderAWidthCap() throws {
        let graph = wideHub(150, modules: 15)
        var request = MapRequest(scan: ScanRequest(paths: ["."]))
        request.focus = ["Hub"]
        request.format = .dot
        let outcome = try MapPipeline.draw(graph, request)
        let dot = String(decoding: outcome.bytes, as: UTF8.self)
        // Drawn as its star: the 149 edges among the dependents are left out, and said so.
        #expect(outcome.graph.edges.count == 150)
        #expect(outcome.notes.contains { $0.contains("150 neighbours") && $0.contains("149 edges among") })
        #expect(dot.contains("concentrate=true") && !dot.contains("subgraph \"cluster"))
        #expect(dot.contains("minlen=15"), "150 dependents in 15 rows of 10")
        request.format = .svg
        let drawn = try MapPipeline.draw(graph, request)
        #expect(drawn.engine == .dot, "dot, though the star has over 100 nodes and no clusters")
        // Ten names of about 170 points side by side, and the legend.
        let width = try svgWidth(drawn.bytes)
        #expect(width < 3_000, "\(width) points")
        // The same rows in module boxes stand fifteen columns side by side: 18,566 points here.
        var boxed = MapOptions()
        boxed.focus = ["Core.Hub"]
        boxed.minlen = RankWrap.minlens(outcome.graph, focus: ["Core.Hub"])
        let boxes = try GraphvizRenderer.render(
            dot: DOTEncoder.encode(outcome.graph, options: boxed), engine: .dot, format: .svg)
        #expect(try svgWidth(boxes) > 5 * width)
        // Asked for the edges among them, or for another engine: drawn as asked.
        request.star = false
        request.engine = .sfdp
        #expect(try MapPipeline.draw(graph, request).graph.edges.count == 299)
        #expect(!RankWrap.isWideStar(wideHub(20, modules: 2), focus: ["Core.Hub"]), "twenty fit")
    }

    @Test func theFocusIsHighlightedAndStarDrawsOnlyItsEdges() throws {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture("XcodeApp")
        var request = MapRequest(scan: scan)
        request.format = .dot
        request.focus = ["AppDelegate"]
        request.star = true
        let outcome = try MapPipeline.run(request)
        let dot = String(decoding: outcome.bytes, as: UTF8.self)
        let id = try #require(outcome.graph.nodes.first { $0.name == "AppDelegate" }?.id)
        let line = try #require(dot.split(separator: "\n").first { $0.hasPrefix("    \"\(id)\" [") })
        #expect(line.contains("penwidth=3.2"))
        #expect(outcome.graph.edges.allSatisfy { $0.from == id || $0.to == id })
        let others = dot.split(separator: "\n").filter { $0.contains("penwidth=3.2") }
        #expect(others.count == 1, "only the focus is outlined")
    }

    @Test func hubsRankByDistinctNeighbours() throws {
        let hubs = hub(4).hubs(top: 2)
        #expect(hubs.byFanIn.map(\.id) == ["M.Hub", "M.Out0"])
        #expect(hubs.byFanIn[0].fanIn == 4 && hubs.byFanIn[0].sitesIn == 4)
        #expect(hubs.byFanOut.map(\.id) == ["M.Hub", "M.In0"])
        let text = HubsReporter.text(hub(4).hubs(top: 1))
        #expect(text.contains("Top 1 by fan-in") && text.contains("4  M.Hub (class), 4 sites"))
        let json = try JSONSerialization.jsonObject(with: Data(HubsReporter.json(hubs).utf8)) as? [String: Any]
        #expect((json?["byFanOut"] as? [[String: Any]])?.first?["fanOut"] as? Int == 4)
    }
}
