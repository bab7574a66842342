import Foundation
import SeamsGraph

/// The before/after picture of a refactoring, as DOT.
public enum DiffEncoder {
    public static let addedColor = "#d62728"
    public static let removedColor = "#2ca02c"
    public static let changedColor = "#e08a00"

    /// One graph: edges only in BEFORE dashed green, only in AFTER red, in both gray; nodes
    /// that appear or disappear outlined the same way.
    public static func union(
        _ graph: Graph, nodes: [String: GraphDiff.Change], edges: [String: GraphDiff.Change], title: String
    ) -> String {
        var options = MapOptions()
        options.title = title
        options.cycles = .empty
        options.customLegend = legend
        for (id, change) in nodes { options.nodeAttributes[id] = nodeStyle(change) }
        for (key, change) in edges { options.edgeAttributes[key] = edgeStyle(change) }
        return DOTEncoder.encode(graph, options: options)
    }

    /// DOT attributes of a node that appears (red outline) or disappears (green, gray text).
    public static func nodeStyle(_ change: GraphDiff.Change) -> String? {
        switch change {
        case .added: return "color=\"\(addedColor)\", penwidth=2.2"
        case .removed: return "color=\"\(removedColor)\", penwidth=2.2, fontcolor=\"#777777\""
        case .unchanged, .changed: return nil
        }
    }

    /// DOT attributes of an edge added (red), removed (dashed green) or with other kinds (orange).
    public static func edgeStyle(_ change: GraphDiff.Change) -> String? {
        switch change {
        case .added: return "color=\"\(addedColor)\", penwidth=1.8"
        case .removed: return "color=\"\(removedColor)\", style=\"dashed\", penwidth=1.8"
        case .changed: return "color=\"\(changedColor)\", penwidth=1.8"
        case .unchanged: return nil
        }
    }

    /// BEFORE and AFTER side by side, every node at its place in the union layout, so a node
    /// the two share stands at the same spot in both panels. Rendered with pinned positions.
    public static func sideBySide(
        before: Graph, after: Graph, positions: [String: (x: Double, y: Double)], nodes: [String: GraphDiff.Change],
        edges: [String: GraphDiff.Change], title: String
    ) -> String {
        let drawn = Set(before.nodes.map(\.id) + after.nodes.map(\.id))
        let placed = positions.filter { drawn.contains($0.key) }.map(\.value)
        let xs = placed.map(\.x), ys = placed.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, maxY = ys.max() ?? 0
        let offset = (maxX - minX) + 200
        let modules = DOTEncoder.moduleOrder(after)
        var out = "digraph \"seams-diff\" {\n"
        let caption = "\(title)\nred: added · dashed green: removed · orange: other kinds · gray: unchanged"
        out +=
            "  graph [fontname=\"Helvetica\", fontsize=11, splines=true, outputorder=edgesfirst, label=\(DOTEncoder.quote(caption)), labelloc=t];\n"
        out +=
            "  node [fontname=\"Helvetica\", fontsize=10, style=\"filled\", color=\"\(DOTEncoder.nodeOutline)\", penwidth=0.8];\n"
        out += "  edge [color=\"\(DOTEncoder.edgeColor)\", arrowsize=0.6, penwidth=0.8];\n"
        for (panel, graph, dx) in [("before", before, 0.0), ("after", after, offset)] {
            out +=
                "  \"\(panel):title\" [shape=plaintext, style=\"\", fontsize=14, label=\"\(panel.uppercased())\", pos=\"\(fmt(minX + dx)),\(fmt(maxY + 60))!\"];\n"
            for node in graph.nodes {
                guard let p = positions[node.id] else { continue }
                var attrs = "label=\(DOTEncoder.quote(node.name)), \(DOTEncoder.shape(node.kind))"
                attrs +=
                    ", fillcolor=\"\(node.external ? "#ffffff" : ModulePalette.color(of: node.module, among: modules))\""
                switch (panel, nodes[node.id]) {
                case ("after", .added?), ("before", .removed?): attrs += ", " + nodeStyle(nodes[node.id]!)!
                default: break
                }
                attrs += ", tooltip=\(DOTEncoder.quote(node.id)), pos=\"\(fmt(p.x + dx)),\(fmt(p.y))!\""
                out += "  \(DOTEncoder.quote("\(panel):\(node.id)")) [\(attrs)];\n"
            }
            for edge in graph.edges {
                var attrs = "tooltip=\(DOTEncoder.quote(DOTEncoder.edgeTooltip(edge)))"
                switch (panel, edges[edge.key]) {
                case ("after", .added?), ("before", .removed?), ("after", .changed?):
                    attrs += ", " + edgeStyle(edges[edge.key]!)!
                default: break
                }
                out +=
                    "  \(DOTEncoder.quote("\(panel):\(edge.from)")) -> \(DOTEncoder.quote("\(panel):\(edge.to)")) [\(attrs)];\n"
            }
        }
        out += "}\n"
        return out
    }

    private static let legend = MapLegend.node(
        title: "Legend",
        rows: [
            MapLegend.Row(.line(addedColor, dashed: false), "added"),
            MapLegend.Row(.line(removedColor, dashed: true), "removed"),
            MapLegend.Row(.line(changedColor, dashed: false), "other kinds"),
        ])

    private static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}
