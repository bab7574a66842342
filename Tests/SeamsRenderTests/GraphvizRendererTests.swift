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
