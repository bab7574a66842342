import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsTestSupport
import Testing

/// dot's time grows with the dummy nodes it adds on long edges: graphs that would need too
/// many are laid out by sfdp, whatever their size.
@Suite struct DotCostTests {
    /// A chain of `length` types closed into a ring, each also using `after`, and used by `before`:
    /// a module's types with their neighbours drawn as two modules.
    func ring(_ length: Int) -> Graph {
        var nodes: [Node] = []
        var edges: [Edge] = []
        let site = [Site(file: "T.swift", line: 1, column: 1, kind: .type)]
        for id in ["Before.Group", "After.Group"] {
            nodes.append(
                Node(
                    id: id, name: "Group", module: String(id.prefix { $0 != "." }), kind: .class, file: "G.swift",
                    line: 1))
        }
        for i in 0..<length {
            nodes.append(Node(id: "M.T\(i)", name: "T\(i)", module: "M", kind: .class, file: "T.swift", line: i + 1))
            edges.append(Edge(from: "M.T\(i)", to: "M.T\((i + 1) % length)", sites: site))
            edges.append(Edge(from: "M.T\(i)", to: "After.Group", sites: site))
            edges.append(Edge(from: "Before.Group", to: "M.T\(i)", sites: site))
        }
        return Graph(
            root: "/r", modules: ["M", "Before", "After"].map { ModuleInfo(name: $0, files: 1) }, nodes: nodes,
            edges: edges, diagnostics: [])
    }

    @Test func aRingWithTwoHubsCostsDummiesOnEveryRank() {
        // The chain stands on 120 ranks, and each edge to or from a hub crosses the ranks between:
        // about 2 × (0 + 1 + … + 118).
        let dummies = DotCost.dummies(ring(120))
        #expect(dummies > 13_000 && dummies < 15_000, "\(dummies)")
        #expect(DotCost.dummies(ring(20)) < DotCost.limit)
        #expect(MapPipelineEngine.choose(nil, graph: ring(120), clusters: true) == .sfdp)
        #expect(MapPipelineEngine.choose(nil, graph: ring(20), clusters: true) == .dot)
        #expect(MapPipelineEngine.choose(.dot, graph: ring(120), clusters: true) == .dot, "asked for")
    }

    @Test func layeredCodeCostsFewDummies() throws {
        // A tree of screens, services and models, as layered code is: no edge spans more than a
        // rank or two.
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture("XcodeApp")
        let graph = try ScanPipeline.run(scan).graph
        #expect(DotCost.dummies(graph) < graph.edges.count)
        // A cycle's closing edge is reversed, not counted across the whole chain.
        let site = [Site(file: "T.swift", line: 1, column: 1, kind: .type)]
        let cycle = Graph(
            root: "/r", modules: [ModuleInfo(name: "M", files: 1)],
            nodes: (0..<50).map {
                Node(id: "M.T\($0)", name: "T\($0)", module: "M", kind: .class, file: "T.swift", line: $0)
            },
            edges: (0..<50).map { Edge(from: "M.T\($0)", to: "M.T\(($0 + 1) % 50)", sites: site) }, diagnostics: [])
        #expect(DotCost.dummies(cycle) == 0)
    }

    @Test func aPageOfSuchRingsIsLaidOutBySfdp() throws {
        var input = ExplorerInput(graph: ring(120), cycles: ring(120).cycles(), title: "t")
        input.wholeMapUpTo = 0
        let data = ExplorerBuilder.build(input) { graph, clusters in
            MapPipelineEngine.choose(nil, graph: graph, clusters: clusters) != .dot
        }
        let module = try #require(data.views.first { $0.key.hasPrefix("module:") && $0.title == "M" })
        #expect(module.force)
    }
}
