import Foundation
import SeamsGraph

/// The scan graph as JSON: keys sorted, arrays in the graph's canonical order, so the same
/// input always gives the same bytes.
public enum GraphJSONReporter {
    public static func render(_ graph: Graph) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a value type of strings and numbers cannot fail.
        let data = try! encoder.encode(graph)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func decode(_ data: Data) throws -> Graph {
        try JSONDecoder().decode(Graph.self, from: data)
    }
}
