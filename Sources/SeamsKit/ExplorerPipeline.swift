import Foundation
import SeamsGraph
import SeamsRender
import SeamsReport

/// The explorer page: its views laid out by Graphviz in process, one after another (Graphviz
/// is not thread-safe), then written as one HTML file.
enum ExplorerPipeline {
    static func page(_ input: ExplorerInput, engine asked: LayoutEngine?) throws -> (Data, [String]) {
        var data = ExplorerBuilder.build(input) { nodes, edges, clusters in
            MapPipelineEngine.choose(asked, nodes: nodes, edges: edges, clusters: clusters) != .dot
        }
        var notes: [String] = []
        for i in data.views.indices {
            let view = data.views[i]
            // The builder chose the engine's kind; a force-directed view is sfdp unless one was asked for.
            let engine = view.force ? (asked ?? .sfdp) : .dot
            let (bytes, _, fallback) = try MapPipelineEngine.render(
                view.dot, engine: engine, asked: asked, format: .svg)
            data.views[i].svg = String(decoding: bytes, as: UTF8.self)
            if let fallback { notes.append("\(view.title): \(fallback)") }
        }
        return (Data(ExplorerPage.html(data).utf8), notes)
    }

    /// A page's title: what was scanned.
    static func title(of graph: Graph) -> String {
        let name = URL(fileURLWithPath: graph.root).lastPathComponent
        return name.isEmpty ? "seams map" : "seams map of \(name)"
    }
}
