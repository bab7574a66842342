import Foundation
import SeamsGraph
import SeamsRender
import SeamsReport

/// The explorer page: its views laid out by Graphviz (`ViewLayout`: in this process one after
/// another, or in worker processes), then written as one HTML file.
public enum ExplorerPipeline {
    static func page(
        _ input: ExplorerInput, engine asked: LayoutEngine?, layout: ViewLayout = .inProcess,
        progress: LayoutProgress? = nil
    ) throws -> (Data, [String]) {
        var data = ExplorerBuilder.build(input) { graph, clusters in
            MapPipelineEngine.choose(asked, graph: graph, clusters: clusters) != .dot
        }
        // The builder chose the engine's kind; a force-directed view is sfdp unless one was asked for.
        let jobs = data.views.map { LayoutJob(dot: $0.dot, engine: $0.force ? (asked ?? .sfdp) : .dot, asked: asked) }
        let (svgs, notes) = try layout.run(jobs, titles: data.views.map(\.title), progress: progress)
        for i in data.views.indices { data.views[i].svg = String(decoding: svgs[i], as: UTF8.self) }
        return (Data(ExplorerPage.html(data, packing: .gzip { Gzip.compress($0) }).utf8), notes)
    }

    /// A page's title: what was scanned.
    static func title(of graph: Graph) -> String {
        let name = URL(fileURLWithPath: graph.root).lastPathComponent
        return name.isEmpty ? "seams map" : "seams map of \(name)"
    }
}
