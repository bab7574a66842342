import SeamsGraph

/// How a map is drawn; the encoders are pure functions of a graph and these options.
public struct MapOptions: Sendable {
    /// Draw modules as clusters (type and file level).
    public var clusters = true
    /// The palette's order of modules when the graph drawn is part of a larger one (an explorer
    /// view, a focus): the whole graph's `DOTEncoder.moduleOrder`, so that a module keeps its
    /// colour (and its cluster id) from one picture to the next.
    public var moduleOrder: [String]?
    /// Print reference counts on edges.
    public var edgeLabels = false
    /// Edges that break a rule, drawn red like cycle edges (by `Edge.key`).
    public var violations: Set<String> = []
    public var title: String?
    public var legend = true
    /// The cycles to draw red. A filtered map (a focus) passes those of the whole graph, so
    /// an edge on a cycle stays red even when the rest of the cycle is not drawn.
    public var cycles: CycleAnalysis?
    /// Edges (by `Edge.key`) never drawn red whatever their ends: a diff's removed edges, gone
    /// from the version whose cycles are drawn.
    public var offCycle: Set<String> = []
    /// Extra DOT attributes per node id and per `Edge.key`, appended last so they win.
    public var nodeAttributes: [String: String] = [:]
    public var edgeAttributes: [String: String] = [:]
    /// The explorer's ids of nodes (`n<i>`, by node id) and edges (`e<i>`, by `Edge.key`), given
    /// before their other attributes: one table for all of a page's views, never copied per view.
    public var elementIDs: ElementIDs?

    public struct ElementIDs: Sendable {
        public var nodes: [String: Int]
        public var edges: [String: Int]
        public init(nodes: [String: Int], edges: [String: Int]) {
            self.nodes = nodes
            self.edges = edges
        }
    }
    /// Fills and tooltips per node id instead of the module's colour and the node's id and place
    /// (a map coloured by something else, such as testability).
    public var nodeFills: [String: String] = [:]
    public var nodeTooltips: [String: String] = [:]
    /// A legend of the caller's instead of the module and cycle legend.
    public var customLegend: String?
    /// Edges of a cut plan (by `Edge.key`) and their label (the order, `tangle.order` when the
    /// plan has several tangles): drawn in their own style and numbered.
    public var cuts: [String: String] = [:]
    /// Focused nodes, drawn with a heavy outline and a bold label.
    public var focus: Set<String> = []
    /// Minimum rank distances per `Edge.key` (dot), to wrap a wide rank over several.
    public var minlen: [String: Int] = [:]
    /// Laid out by a force-directed engine (sfdp, neato, fdp): overlapping nodes are pushed apart.
    public var force = false
    /// Edges that share an end merged where they run side by side (dot's `concentrate`): a
    /// hub's wrapped rows then meet it in a few trunks instead of each edge keeping a lane of
    /// its own through every row between, which would widen each row by the edges crossing it.
    public var concentrate = false
    /// For the explorer: no tooltips and no legend (the page shows them), and clusters carry
    /// `id="c<i>"`, i the module's place in `DOTEncoder.moduleOrder`.
    public var explorer = false

    public init() {}
}

/// The graph as Graphviz DOT: nodes coloured by module, shaped by kind, modules as clusters,
/// edges gray, cycle and rule-breaking edges red and bold, tooltips listing reference sites.
public enum DOTEncoder {
    public static let cycleColor = "#d62728"
    public static let cutColor = "#1f5fbf"
    public static let edgeColor = "#9a9a9a"
    /// Test, preview and generated code: grey text and border on a faded fill.
    public static let mutedText = "#808080"
    public static let mutedBorder = "#b0b0b0"
    /// The outline of every node.
    public static let nodeOutline = "#555555"
    /// Sites listed in a tooltip before "… and N more".
    static let tooltipSites = 12

    public static func encode(_ graph: Graph, options: MapOptions = MapOptions()) -> String {
        let cycles = options.cycles ?? graph.cycles()
        let moduleNames = options.moduleOrder ?? moduleOrder(graph)
        let colors = ModulePalette.table(moduleNames)
        var out = header(
            name: "seams", title: options.title,
            graphAttributes: (options.explorer ? "pad=0.2" : "tooltip=\" \"")
                + (options.force ? ", overlap=prism, overlap_scaling=-4, sep=\"+6\"" : "")
                + (options.concentrate ? ", concentrate=true" : ""))

        let (byModule, loose) = clusters(graph, options)
        for (i, module) in moduleNames.enumerated() {
            guard let members = byModule[module] else { continue }
            out += "  subgraph \"cluster_\(i)\" {\n"
            let tip = options.explorer ? "id=\"c\(i)\"" : "tooltip=\(quote("module \(module)"))"
            out +=
                "    label=\(quote(module)); style=\"rounded\"; color=\"#b0b0b0\"; fontcolor=\"#444444\"; \(tip);\n"
            for node in members {
                out += "    " + nodeLine(node, colors: colors, options)
            }
            out += "  }\n"
        }
        for node in loose { out += "  " + nodeLine(node, colors: colors, options) }

        var anyRed = false, anySoft = false
        let moduleNodes = options.edgeLabels ? Set(graph.nodes.filter { $0.kind == .module }.map(\.id)) : []
        for edge in graph.edges {
            var attrs: [String] = []
            let cut = options.cuts[edge.key]
            let red =
                cut == nil && !edge.soft
                && ((cycles.isCyclic(from: edge.from, to: edge.to) && !options.offCycle.contains(edge.key))
                    || options.violations.contains(edge.key))
            if red { attrs += ["color=\"\(cycleColor)\"", "penwidth=2.0"] }
            if edge.soft { attrs.append("style=\"dashed\"") }
            if let cut {
                attrs += [
                    "color=\"\(cutColor)\"", "penwidth=2.6", "style=\"bold\"",
                    "label=\" cut \(cut)\"", "fontsize=9", "fontcolor=\"\(cutColor)\"",
                ]
            } else if options.edgeLabels {
                // Between two modules of a module map: as large as its nodes' names.
                let size = moduleNodes.contains(edge.from) && moduleNodes.contains(edge.to) ? 11 : 8
                attrs.append("label=\" \(edge.count)\", fontsize=\(size), fontcolor=\"#666666\"")
            }
            anyRed = anyRed || red
            anySoft = anySoft || edge.soft
            if !options.explorer { attrs.append("tooltip=\(quote(edgeTooltip(edge)))") }
            if let minlen = options.minlen[edge.key] { attrs.append("minlen=\(minlen)") }
            if let i = options.elementIDs?.edges[edge.key] { attrs.append("id=\"e\(i)\"") }
            if let extra = options.edgeAttributes[edge.key] { attrs.append(extra) }
            out += "  \(quote(edge.from)) -> \(quote(edge.to)) [\(attrs.joined(separator: ", "))];\n"
        }
        if let custom = options.customLegend {
            out += custom
        } else if options.legend && !options.explorer {
            // A map of modules names them on its nodes: its legend does not name them again.
            let drawn = Set(graph.nodes.filter { !$0.external && $0.kind != .module }.compactMap(\.module))
            let muted = graph.nodes.contains { !$0.external && $0.role != nil && options.nodeFills[$0.id] == nil }
            out += legend(
                moduleNames, colors: colors, drawn: drawn, cycles: anyRed, cuts: !options.cuts.isEmpty, soft: anySoft,
                muted: muted)
        }
        out += "}\n"
        return out
    }

    /// The opening of every seams picture: fonts, node and edge defaults, an optional title.
    static func header(name: String, title: String?, graphAttributes: String) -> String {
        var out = "digraph \(quote(name)) {\n"
        out += "  graph [fontname=\"Helvetica\", fontsize=11, outputorder=edgesfirst, \(graphAttributes)"
        if let title { out += ", label=\(quote(title)), labelloc=t" }
        out += "];\n"
        out +=
            "  node [fontname=\"Helvetica\", fontsize=10, style=\"filled\", color=\"\(nodeOutline)\", penwidth=0.8];\n"
        out += "  edge [color=\"\(edgeColor)\", arrowsize=0.6, penwidth=0.8, fontname=\"Helvetica\"];\n"
        return out
    }

    /// Nodes by module for clusters (when drawn), and the nodes outside any cluster.
    static func clusters(_ graph: Graph, _ options: MapOptions) -> (byModule: [String: [Node]], loose: [Node]) {
        let useClusters = options.clusters && graph.nodes.contains { $0.kind != .module }
        var byModule: [String: [Node]] = [:]
        var loose: [Node] = []
        for node in graph.nodes {
            if useClusters, let m = node.module, !node.external {
                byModule[m, default: []].append(node)
            } else {
                loose.append(node)
            }
        }
        return (byModule, loose)
    }

    /// Modules in the order of the palette: by name, those of test, preview or generated code
    /// only (drawn muted) after the others, so that an app's production modules take the
    /// palette's first colours, the ones farthest apart.
    public static func moduleOrder(_ graph: Graph) -> [String] {
        var production: Set<String> = []
        var other: Set<String> = []
        for node in graph.nodes where !node.external {
            guard let module = node.module else { continue }
            if node.role == nil { production.insert(module) } else { other.insert(module) }
        }
        let all = Set(graph.modules.map(\.name) + graph.nodes.compactMap(\.module))
        let last = other.subtracting(production)
        return all.subtracting(last).sorted() + last.sorted()
    }

    static func shape(_ kind: NodeKind) -> String {
        switch kind {
        case .class: return "shape=box"
        case .struct: return "shape=box, style=\"filled,rounded\""
        case .enum: return "shape=hexagon"
        case .protocol: return "shape=ellipse, style=\"filled,dashed\""
        case .actor: return "shape=octagon"
        case .extension: return "shape=note"
        case .fileScope: return "shape=folder"
        case .external: return "shape=box, style=\"dashed\", fontcolor=\"#666666\""
        case .file: return "shape=note"
        // A module map has a few nodes: drawn large enough to read at the size Graphviz gives it.
        case .module: return "shape=component, fontsize=14, margin=\"0.3,0.15\""
        case .folder: return "shape=tab, fontsize=12, margin=\"0.2,0.1\""
        }
    }

    private static func nodeLine(_ node: Node, colors: [String: String], _ options: MapOptions) -> String {
        var tip = "\(node.id) (\(node.kind.rawValue))"
        if let file = node.file { tip += "\n\(file)\(node.line.map { ":\($0)" } ?? "")" }
        if let own = options.nodeTooltips[node.id] { tip = own }
        var fill =
            options.nodeFills[node.id]
            ?? (node.external ? "#ffffff" : node.module.flatMap { colors[$0] } ?? "#ffffff")
        var more =
            options.focus.contains(node.id) ? ", penwidth=3.2, color=\"#111111\", fontname=\"Helvetica-Bold\"" : ""
        // Test, preview and generated code (a test target, on a module map) stays in its module's
        // colour, faded, with grey text and border: there, but not what the map is about.
        if !node.external, node.role != nil, options.nodeFills[node.id] == nil {
            fill = ModulePalette.muted(fill)
            more += ", fontcolor=\"\(mutedText)\", color=\"\(mutedBorder)\""
        }
        if let i = options.elementIDs?.nodes[node.id] { more += ", id=\"n\(i)\"" }
        if let extra = options.nodeAttributes[node.id] { more += ", \(extra)" }
        let tooltip = options.explorer ? "" : ", tooltip=\(quote(tip))"
        return
            "\(quote(node.id)) [label=\(quote(node.name)), \(shape(node.kind)), fillcolor=\"\(fill)\"\(tooltip)\(more)];\n"
    }

    static func edgeTooltip(_ edge: Edge) -> String {
        var lines = ["\(edge.from) → \(edge.to): \(edge.count) reference\(edge.count == 1 ? "" : "s")"]
        for site in edge.sites.prefix(tooltipSites) {
            lines.append("\(site.file):\(site.line):\(site.column) \(site.kind.rawValue)")
        }
        if edge.sites.count > tooltipSites { lines.append("… and \(edge.sites.count - tooltipSites) more") }
        return lines.joined(separator: "\n")
    }

    /// Swatches of the modules drawn, in palette order, and a sample of each edge style drawn.
    private static func legend(
        _ modules: [String], colors: [String: String], drawn: Set<String>, cycles: Bool, cuts: Bool, soft: Bool,
        muted: Bool
    ) -> String {
        var rows: [MapLegend.Row] = []
        for module in modules where drawn.contains(module) {
            rows.append(MapLegend.Row(.fill(colors[module] ?? "#ffffff"), module))
        }
        if cycles { rows.append(MapLegend.Row(.line(cycleColor, dashed: false), "on a dependency cycle")) }
        if cuts { rows.append(MapLegend.Row(.line(cutColor, dashed: false), "cut N (T.N: tangle T), in plan order")) }
        if soft { rows.append(MapLegend.Row(.line(edgeColor, dashed: true), "soft: notification, callback")) }
        if muted {
            rows.append(
                MapLegend.Row(
                    .fill(ModulePalette.muted(ModulePalette.color(at: 0))), "test, preview, generated (muted)"))
        }
        return MapLegend.node(title: "Legend", rows: rows)
    }

    /// A DOT string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for ch in s {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}
