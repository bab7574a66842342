import SeamsGraph

/// The graph as a Mermaid flowchart, for Markdown that renders it (GitHub, GitLab).
/// Mermaid ids must be plain, so nodes are numbered in the graph's canonical order.
public enum MermaidEncoder {
    public static func encode(_ graph: Graph, options: MapOptions = MapOptions()) -> String {
        let cycles = options.cycles ?? graph.cycles()
        let modules = options.moduleOrder ?? DOTEncoder.moduleOrder(graph)
        var number: [String: Int] = [:]
        for (i, node) in graph.nodes.enumerated() { number[node.id] = i }
        var out = "flowchart LR\n"
        if let title = options.title { out = "---\ntitle: \(text(title))\n---\n" + out }
        let (byModule, loose) = DOTEncoder.clusters(graph, options)
        for (i, module) in modules.enumerated() {
            guard let members = byModule[module] else { continue }
            out += "  subgraph m\(i)[\"\(text(module))\"]\n"
            for node in members { out += "    n\(number[node.id]!)\(shape(node))\n" }
            out += "  end\n"
        }
        for node in loose { out += "  n\(number[node.id]!)\(shape(node))\n" }
        var red: [Int] = []
        for (i, edge) in graph.edges.enumerated() {
            let label = options.edgeLabels ? "|\(edge.count)|" : ""
            out += "  n\(number[edge.from]!) -->\(label) n\(number[edge.to]!)\n"
            if cycles.isCyclic(from: edge.from, to: edge.to)
                || options.violations.contains(edge.key)
            {
                red.append(i)
            }
        }
        if !red.isEmpty {
            out +=
                "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:\(DOTEncoder.cycleColor),stroke-width:2px\n"
        }
        let colors = ModulePalette.table(modules)
        for (i, module) in modules.enumerated() {
            out += "  classDef m\(i) fill:\(colors[module] ?? "#ffffff"),stroke:#555\n"
        }
        for (i, module) in modules.enumerated() {
            let members = graph.nodes.filter { $0.module == module && !$0.external }.map { "n\(number[$0.id]!)" }
            if !members.isEmpty { out += "  class \(members.joined(separator: ",")) m\(i)\n" }
        }
        return out
    }

    private static func shape(_ node: Node) -> String {
        let label = "\"\(text(node.name))\""
        switch node.kind {
        case .protocol: return "([\(label)])"
        case .enum: return "{{\(label)}}"
        case .external: return "[/\(label)/]"
        case .extension, .fileScope, .file: return ">\(label)]"
        default: return "[\(label)]"
        }
    }

    /// Mermaid text in quotes: quotes become #quot;.
    private static func text(_ s: String) -> String {
        s.replacingOccurrences(of: "\"", with: "#quot;")
    }
}
