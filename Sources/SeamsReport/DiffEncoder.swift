import Foundation
import SeamsGraph

/// The before/after picture of a refactoring, as DOT. One colour language with every other map:
/// red is only ever "on a dependency cycle" (of the version drawn), so an added edge is purple,
/// and an added edge that closes or stays on a cycle is drawn in both colours.
public enum DiffEncoder {
    public static let addedColor = "#7b3294"
    public static let removedColor = "#2ca02c"
    public static let changedColor = "#e08a00"

    /// One graph: edges only in BEFORE dashed green, only in AFTER purple, in both gray, and
    /// red where they are on a cycle of AFTER (`cycles`), so the cycles that remain show; nodes
    /// that appear or disappear outlined like their edges.
    public static func union(
        _ graph: Graph, nodes: [String: GraphDiff.Change], edges: [String: GraphDiff.Change], cycles: CycleAnalysis,
        title: String
    ) -> String {
        var options = MapOptions()
        options.title = title
        let marks = style(graph, nodes: nodes, edges: edges, cycles: cycles, into: &options)
        options.customLegend = legend(marks)
        return DOTEncoder.encode(graph, options: options)
    }

    /// What a diff map's edges show, for its legend.
    public struct Marks: Sendable, Equatable {
        public var onCycle = false
        public var addedOnCycle = false
    }

    /// Sets the diff colours of `graph`'s nodes and edges into `options` (and its cycles: those
    /// of AFTER); says which cycle marks were drawn.
    @discardableResult
    public static func style(
        _ graph: Graph, nodes: [String: GraphDiff.Change], edges: [String: GraphDiff.Change], cycles: CycleAnalysis,
        into options: inout MapOptions
    ) -> Marks {
        options.cycles = cycles
        var marks = Marks()
        for (id, change) in nodes {
            if let style = nodeStyle(change) { options.nodeAttributes[id] = joined(options.nodeAttributes[id], style) }
        }
        for edge in graph.edges {
            let change = edges[edge.key] ?? .unchanged
            if change == .removed { options.offCycle.insert(edge.key) }
            let onCycle = change != .removed && !edge.soft && cycles.isCyclic(from: edge.from, to: edge.to)
            marks.onCycle = marks.onCycle || onCycle
            marks.addedOnCycle = marks.addedOnCycle || (onCycle && change == .added)
            if let style = edgeStyle(change, onCycle: onCycle) {
                options.edgeAttributes[edge.key] = joined(options.edgeAttributes[edge.key], style)
            }
        }
        return marks
    }

    private static func joined(_ earlier: String?, _ style: String) -> String {
        earlier.map { "\($0), \(style)" } ?? style
    }

    /// DOT attributes of a node that appears (purple outline) or disappears (green, gray text).
    public static func nodeStyle(_ change: GraphDiff.Change) -> String? {
        switch change {
        case .added: return "color=\"\(addedColor)\", penwidth=2.2"
        case .removed: return "color=\"\(removedColor)\", penwidth=2.2, fontcolor=\"#777777\""
        case .unchanged, .changed: return nil
        }
    }

    /// DOT attributes of an edge added (purple), removed (dashed green) or with other kinds
    /// (orange); one on a cycle keeps its cycle red beside its change's colour (two lines).
    public static func edgeStyle(_ change: GraphDiff.Change, onCycle: Bool = false) -> String? {
        let cycle = "\(DOTEncoder.cycleColor):"
        switch change {
        case .added: return "color=\"\(onCycle ? cycle : "")\(addedColor)\", penwidth=1.8"
        case .removed: return "color=\"\(removedColor)\", style=\"dashed\", penwidth=1.8"
        case .changed: return "color=\"\(onCycle ? cycle : "")\(changedColor)\", penwidth=1.8"
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
        let colors = ModulePalette.table(DOTEncoder.moduleOrder(after))
        var out = "digraph \"seams-diff\" {\n"
        let caption =
            "\(title)\npurple: added · dashed green: removed · orange: other kinds · red: on a cycle of its version · gray: unchanged"
        out +=
            "  graph [fontname=\"Helvetica\", fontsize=11, splines=true, outputorder=edgesfirst, label=\(DOTEncoder.quote(caption)), labelloc=t];\n"
        out +=
            "  node [fontname=\"Helvetica\", fontsize=10, style=\"filled\", color=\"\(DOTEncoder.nodeOutline)\", penwidth=0.8];\n"
        out += "  edge [color=\"\(DOTEncoder.edgeColor)\", arrowsize=0.6, penwidth=0.8];\n"
        for (panel, graph, dx) in [("before", before, 0.0), ("after", after, offset)] {
            let cycles = graph.cycles()
            out +=
                "  \"\(panel):title\" [shape=plaintext, style=\"\", fontsize=14, label=\"\(panel.uppercased())\", pos=\"\(fmt(minX + dx)),\(fmt(maxY + 60))!\"];\n"
            for node in graph.nodes {
                guard let p = positions[node.id] else { continue }
                var attrs = "label=\(DOTEncoder.quote(node.name)), \(DOTEncoder.shape(node.kind))"
                attrs +=
                    ", fillcolor=\"\(node.external ? "#ffffff" : node.module.flatMap { colors[$0] } ?? "#ffffff")\""
                switch (panel, nodes[node.id]) {
                case ("after", .added?), ("before", .removed?): attrs += ", " + nodeStyle(nodes[node.id]!)!
                default: break
                }
                attrs += ", tooltip=\(DOTEncoder.quote(node.id)), pos=\"\(fmt(p.x + dx)),\(fmt(p.y))!\""
                out += "  \(DOTEncoder.quote("\(panel):\(node.id)")) [\(attrs)];\n"
            }
            for edge in graph.edges {
                var attrs = "tooltip=\(DOTEncoder.quote(DOTEncoder.edgeTooltip(edge)))"
                let onCycle = !edge.soft && cycles.isCyclic(from: edge.from, to: edge.to)
                switch (panel, edges[edge.key]) {
                case ("after", .added?), ("after", .changed?):
                    attrs += ", " + edgeStyle(edges[edge.key]!, onCycle: onCycle)!
                case ("before", .removed?):
                    attrs += ", " + edgeStyle(.removed)!
                    if onCycle { attrs += ", color=\"\(removedColor):\(DOTEncoder.cycleColor)\"" }
                default:
                    if onCycle { attrs += ", color=\"\(DOTEncoder.cycleColor)\", penwidth=2.0" }
                }
                out +=
                    "  \(DOTEncoder.quote("\(panel):\(edge.from)")) -> \(DOTEncoder.quote("\(panel):\(edge.to)")) [\(attrs)];\n"
            }
        }
        out += "}\n"
        return out
    }

    private static func legend(_ marks: Marks) -> String {
        var rows = [
            MapLegend.Row(.line(addedColor, dashed: false), "added"),
            MapLegend.Row(.line(removedColor, dashed: true), "removed"),
            MapLegend.Row(.line(changedColor, dashed: false), "other kinds"),
        ]
        if marks.onCycle { rows.append(MapLegend.Row(.line(DOTEncoder.cycleColor, dashed: false), "on a cycle after")) }
        if marks.addedOnCycle {
            rows.append(MapLegend.Row(.pair(DOTEncoder.cycleColor, addedColor), "added, on a cycle after"))
        }
        return MapLegend.node(title: "Legend", rows: rows)
    }

    private static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}
