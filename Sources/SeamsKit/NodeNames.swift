import SeamsGraph
import SeamsRules

/// Nodes named on the command line: by id, by name, or by the end of the id.
enum NodeNames {
    /// A node named on the command line (by `option`): its id, its name, or the end of its id.
    static func id(_ name: String, in graph: Graph, option: String) throws -> String {
        if graph.node(name) != nil { return name }
        let matches = graph.nodes.filter { $0.name == name || $0.id.hasSuffix("." + name) }.map(\.id)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw SeamsError.unknownNode(
                "\(option) \(name) is ambiguous: \(matches.joined(separator: ", ")); give the full id")
        }
        let hint = Suggestion.hint(for: name, in: graph.nodes.map(\.name))
        throw SeamsError.unknownNode("\(option) \(name): no such type in the scanned code\(hint)")
    }
}
