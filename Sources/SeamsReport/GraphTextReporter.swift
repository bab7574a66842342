import SeamsGraph

/// The scan graph as a readable adjacency list: each node with its outgoing edges,
/// reference counts and kinds, sorted like the JSON.
public enum GraphTextReporter {
    public static func render(_ graph: Graph) -> String {
        var out = ""
        let moduleList = graph.modules.map { "\($0.name) (\($0.files) files)" }.joined(separator: ", ")
        out +=
            "\(graph.nodes.count) nodes, \(graph.edges.count) edges, \(graph.edges.reduce(0) { $0 + $1.count }) references"
        out += " in \(graph.modules.count) modules: \(moduleList)\n"
        // Nodes and edges are both sorted by id (an edge by its source): each node's edges are
        // the next run of the list, read in place (indexing them by source copied every edge).
        let edges = graph.edges
        var next = 0
        for node in graph.nodes {
            var line = "\n\(node.id) [\(node.kind.rawValue)]"
            if let file = node.file { line += " \(file)\(node.line.map { ":\($0)" } ?? "")" }
            out += line + "\n"
            while next < edges.count && edges[next].from < node.id { next += 1 }
            while next < edges.count && edges[next].from == node.id {
                out += "  -> \(edges[next].to)  \(edges[next].count)  ("
                out += edges[next].kinds.map(\.rawValue).joined(separator: ", ") + ")\n"
                next += 1
            }
        }
        if !graph.diagnostics.isEmpty {
            out += "\ndiagnostics:\n"
            for d in graph.diagnostics { out += "  " + DiagnosticFormatter.line(d) + "\n" }
        }
        return out
    }
}

public enum DiagnosticFormatter {
    /// `file:line: severity: message`, the form editors and CI logs link.
    public static func line(_ d: Diagnostic) -> String {
        var location = d.file ?? "seams"
        if let l = d.line { location += ":\(l)" }
        return "\(location): \(d.severity.rawValue): \(d.message)"
    }
}
