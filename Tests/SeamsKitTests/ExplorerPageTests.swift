import Foundation
import SeamsGraph
import SeamsKit
import SeamsRender
import SeamsReport
import SeamsTestSupport
import Testing

/// The explorer page as bytes: its data against the scanned graph, its views, escaping, and the
/// same bytes on every run. What it does in a browser is tested in Chromium (Tests/Browser).
@Suite struct ExplorerPageTests {
    func page(_ fixtureName: String, _ configure: (inout MapRequest) -> Void = { _ in }) throws -> (String, Graph) {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture(fixtureName)
        var request = MapRequest(scan: scan)
        request.format = .html
        configure(&request)
        let outcome = try MapPipeline.run(request)
        return (String(decoding: outcome.bytes, as: UTF8.self), outcome.graph)
    }

    /// The page's embedded data, parsed: unpacked first when packed.
    func data(_ html: String) throws -> [String: Any] {
        let text = try Self.unpacked(html, "seams-data")
        return try #require(JSONSerialization.jsonObject(with: text) as? [String: Any])
    }

    /// The text of the page's script `id`: as it is, or inflated when packed (gzip, then base64).
    static func unpacked(_ html: String, _ id: String) throws -> Data {
        let open = try #require(html.range(of: "id=\"\(id)\""))
        let close = try #require(html.range(of: ">", range: open.upperBound..<html.endIndex))
        let end = try #require(html.range(of: "</script>", range: close.upperBound..<html.endIndex))
        let text = Data(html[close.upperBound..<end.lowerBound].utf8)
        guard html[open.upperBound..<close.lowerBound].contains("data-packing=\"gzip\"") else { return text }
        let packed = try #require(Data(base64Encoded: text))
        return try #require(Gzip.decompress(packed))
    }

    @Test func theDataIsTheGraphWithEverySite() throws {
        let (html, graph) = try page("XcodeApp")
        let d = try data(html)
        let nodes = try #require(d["nodes"] as? [[String: Any]])
        let edges = try #require(d["edges"] as? [[String: Any]])
        let files = try #require(d["files"] as? [String])
        #expect(nodes.map { $0["id"] as? String } == graph.nodes.map(\.id))
        #expect(edges.count == graph.edges.count)
        for (e, edge) in zip(edges, graph.edges) {
            #expect(nodes[e["from"] as! Int]["id"] as? String == edge.from)
            #expect(nodes[e["to"] as! Int]["id"] as? String == edge.to)
            let sites = (e["sites"] as! [[Int]]).map { "\(files[$0[0]]):\($0[1]):\($0[2])" }
            #expect(sites == edge.sites.map { "\($0.file):\($0.line):\($0.column)" })
        }
        #expect(d["start"] as? String == "all", "a small app opens on all its types")
    }

    @Test func viewsAreTheModuleMapAllTypesAndOneViewPerModule() throws {
        let (html, graph) = try page("MultiModule")
        let d = try data(html)
        let views = try #require(d["views"] as? [[String: Any]])
        let modules = try #require(d["modules"] as? [String])
        let withTypes = Set(graph.nodes.filter { !$0.external }.compactMap(\.module))
        let expected =
            ["modules", "all"]
            + modules.enumerated().filter { withTypes.contains($0.element) }.map { "module:\($0.offset)" }
        #expect(views.map { $0["key"] as? String } == expected)
        for (i, _) in views.enumerated() {
            let drawing = String(decoding: try Self.unpacked(html, "view-\(i)"), as: UTF8.self)
            #expect(drawing.hasPrefix("<svg"), "view \(i) is drawn")
            #expect(!drawing.contains("<!--"), "comments are stripped from the drawings")
        }
    }

    @Test func aLargeAppOpensOnTheModuleOverview() throws {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture("MultiModule")
        let graph = try ScanPipeline.run(scan).graph
        var input = ExplorerInput(graph: graph, cycles: graph.cycles(), title: "t")
        input.overviewAbove = 2
        input.wholeMapUpTo = 2
        let built = ExplorerBuilder.build(input) { _, _ in false }
        #expect(built.views.map(\.key).first == "modules")
        #expect(!built.views.contains { $0.key == "all" })
        let html = ExplorerPage.html(built)
        #expect(try data(html)["start"] as? String == "modules")
    }

    @Test func namesCannotBreakOutOfTheirPlace() throws {
        let evil = "</script><script>alert(1)</script>&<\"é"
        let nodes = [
            Node(id: "\(evil).A", name: "A\(evil)", module: evil, kind: .class, file: "a.swift", line: 1),
            Node(id: "\(evil).B", name: "B", module: evil, kind: .struct, file: "b.swift", line: 1),
        ]
        let edges = [
            Edge(
                from: "\(evil).A", to: "\(evil).B",
                sites: [Site(file: "a.swift", line: 2, column: 3, kind: .type, member: evil)])
        ]
        let graph = Graph(
            root: "/r", modules: [ModuleInfo(name: evil, files: 2)], nodes: nodes, edges: edges, diagnostics: [])
        var request = MapRequest(scan: ScanRequest(paths: ["."]))
        request.format = .html
        let html = String(decoding: try MapPipeline.draw(graph, request).bytes, as: UTF8.self)
        #expect(
            html.components(separatedBy: "</script>").count - 1 == html.components(separatedBy: "<script").count - 1)
        #expect(!html.contains("<script>alert"))
        let d = try data(html)
        #expect((d["nodes"] as? [[String: Any]])?.first?["name"] as? String == "A\(evil)")
        #expect((d["members"] as? [String]) == [evil])
    }

    @Test func theSamePageOnEveryRun() throws {
        let (first, _) = try page("MultiModule")
        let (second, _) = try page("MultiModule") { $0.scan.threads = 1 }
        #expect(first == second)
    }

    @Test func aDiffPageOpensOnItsChanges() throws {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture("XcodeApp")
        var request = DiffRequest(before: fixture("XcodeApp"), after: fixture("MultiModule"), scan: scan)
        request.format = .html
        let outcome = try DiffPipeline.run(request)
        let d = try data(String(decoding: outcome.bytes, as: UTF8.self))
        #expect(d["start"] as? String == "changes")
        let diff = try #require(d["diff"] as? [String: Any])
        #expect((diff["added"] as? [Int])?.count == outcome.diff.addedEdges.count)
        #expect((diff["removed"] as? [Int])?.count == outcome.diff.removedEdges.count)
        #expect((diff["changed"] as? [Int])?.count == outcome.diff.changedEdges.count)
    }
}
