import Foundation
import SeamsRender
import Testing

@Suite struct GraphvizRendererTests {
    let twoNodes = "digraph G { a [label=\"API\"]; b [label=\"AppDelegate\"]; a -> b; b -> a; }"

    /// Also catches a Graphviz install without its plugin configuration.
    @Test(arguments: RenderFormat.allCases)
    func rendersEveryFormat(_ format: RenderFormat) throws {
        let data = try GraphvizRenderer.render(dot: twoNodes, engine: .dot, format: format)
        let head = String(decoding: data.prefix(64), as: UTF8.self)
        switch format {
        case .svg: #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
        case .png: #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        case .pdf: #expect(head.hasPrefix("%PDF"))
        }
    }

    @Test(arguments: LayoutEngine.allCases)
    func everyEngineLaysOut(_ engine: LayoutEngine) throws {
        let svg = try GraphvizRenderer.render(dot: twoNodes, engine: engine, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("AppDelegate"))
    }

    /// Clusters are laid out and written in the order the DOT names them, whatever the heap
    /// looks like: cgraph's own reader orders subgraphs by the addresses of their names, and in
    /// one process that made the same DOT come out differently from render to render.
    @Test func clusteredGraphsRenderTheSameInOneProcess() throws {
        var dot = "digraph G {\n"
        for c in 0..<12 {
            dot += "  subgraph \"cluster_\(c)\" { label=\"M\(c)\"; "
            for n in 0..<3 { dot += "\"m\(c)n\(n)\"; " }
            dot += "}\n"
            dot += "  \"m\(c)n0\" -> \"m\((c + 5) % 12)n1\"; \"m\(c)n2\" -> \"m\((c + 7) % 12)n0\";\n"
        }
        dot += "}\n"
        let first = try GraphvizRenderer.render(dot: dot, engine: .dot, format: .svg)
        var keep: [[String]] = []
        for round in 0..<8 {
            // Other work in between changes which addresses the allocator hands out next.
            keep.append((0..<(round * 97)).map { "garbage \($0)" })
            _ = try GraphvizRenderer.render(dot: twoNodes, engine: .dot, format: .svg)
            #expect(try GraphvizRenderer.render(dot: dot, engine: .dot, format: .svg) == first, "round \(round)")
        }
        let svg = String(decoding: first, as: UTF8.self)
        let order = (0..<12).compactMap { svg.range(of: "<title>cluster_\($0)</title>")?.lowerBound }
        #expect(order.count == 12 && order == order.sorted(), "clusters written in the order the DOT names them")
    }

    @Test func brokenDOTIsATypedErrorWithGraphvizText() {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a -> }", engine: .dot, format: .svg)
        } throws: { error in
            guard let e = error as? RenderError else { return false }
            return e.stage == "parse" && e.message.contains("syntax error")
        }
    }

    @Test func concurrentCallsAreSerialised() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try GraphvizRenderer.render(dot: twoNodes, engine: .dot, format: .svg).count }
            }
            for try await size in group { #expect(size > 100) }
        }
    }
}
