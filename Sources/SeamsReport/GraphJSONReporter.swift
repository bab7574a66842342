import Foundation
import SeamsGraph

/// The scan graph as JSON: keys sorted, arrays in the graph's canonical order, so the same
/// input always gives the same bytes.
public enum GraphJSONReporter {
    public static func render(_ graph: Graph) -> String {
        String(decoding: GraphJSONWriter.render(graph), as: UTF8.self)
    }

    /// The same bytes as `render`, without making a String of them first (tens of MB on an app).
    public static func data(_ graph: Graph) -> Data {
        GraphJSONWriter.data(graph)
    }

    public static func decode(_ data: Data) throws -> Graph {
        try JSONDecoder().decode(Graph.self, from: data)
    }
}
