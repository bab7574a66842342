import Foundation
import SeamsGraph
import SeamsTestability
import SeamsReport
import SeamsRender
import SeamsRules
import SeamsUntangle

/// What `seams graph` draws and how.
public struct MapRequest: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case svg, png, pdf, dot, mermaid, html
    }

    public enum Collapse: String, CaseIterable, Sendable {
        case module, folder
    }

    public var scan: ScanRequest
    public var format: Format = .svg
    public var engine: Layout?
    public var focus: [String] = []
    public var depth = 1
    public var direction: Direction = .both
    /// With a focus: only the edges that touch the focused nodes, and their ends.
    public var star = false
    public var onlyCycles = false
    public var collapse: Collapse?
    public var excludeModules: [String] = []
    public var edgeLabels = false
    /// Draw this cut plan: its cut edges numbered in their own style.
    public var cuts: UntanglePlan?
    /// Plan the cuts first (with the config's `untangle:` settings), then draw them.
    public var planCuts = false
    /// Fill nodes by testability cost (`seams testability`) instead of by module.
    public var testability = false
    /// Keep the standard library's and the SDK's value types when external types are shown.
    public var includeStandardTypes = false
    /// Leave out test, preview and generated code (`--hide-tests`, or `hide-tests:` in seams.yml).
    public var hideTests = false
    /// Told how many of an explorer page's views are laid out, of how many, as it goes.
    public var progress: LayoutProgress?
    /// Where an explorer page's views are laid out: here, or in worker processes.
    public var layout: ViewLayout = .inProcess

    public init(scan: ScanRequest) {
        self.scan = scan
    }

    /// The files a map can be written to, for messages.
    public static let fileKinds = "a .svg, .png, .pdf, .dot, .mmd or .html file"

    /// The format a file name asks for, by its extension.
    public static func format(forPath path: String) -> Format? {
        OutputFile.formatName(forPath: path).flatMap(Format.init(rawValue:))
    }
}

public struct MapOutcome: Sendable {
    public var bytes: Data
    public var graph: Graph
    /// What seams decided on the user's behalf (engine switched, graph collapsed), for stderr.
    public var notes: [String]
    public var engine: Layout?

    /// What was drawn, in one line: `drew 12 nodes and 30 edges, 1 cycle in red (dot)`.
    /// The warning when the scan read little of what it found.
    public var scopeWarning: String? { ScanOutcome.scopeWarning(graph.scope) }

    public var summary: String {
        let cycles = graph.cycles().components.count
        return "drew \(graph.nodes.count) nodes and \(graph.edges.count) edges"
            + (cycles > 0 ? ", \(cycles) cycle\(cycles == 1 ? "" : "s") in red" : "")
            + (engine.map { " (\($0.rawValue))" } ?? "")
    }
}

/// scan → filter → DOT or Mermaid → Graphviz.
public enum MapPipeline {
    /// Above this many nodes a map is collapsed to modules: no engine lays it out readably.
    public static let collapseAbove = 8000

    public static func run(_ request: MapRequest) throws -> MapOutcome {
        guard request.testability, !request.scan.includeExternal else {
            return try draw(try ScanPipeline.run(request.scan), request)
        }
        // Judged as `seams testability` judges (SDK supertypes tell views from collaborators),
        // drawn without the external types the map was not asked for.
        var scan = request.scan
        scan.includeExternal = true
        var outcome = try ScanPipeline.run(scan)
        let report = outcome.config.testabilityAnalysis.analyse(outcome.graph)
        if !outcome.config.includeExternal { outcome.graph.removeExternal() }
        return try draw(outcome, request, judged: report)
    }

    /// Draws a scan already made, planning the cuts and judging testability when the request
    /// asks (with the scan's config); `judged`, testability judged already.
    public static func draw(
        _ outcome: ScanOutcome, _ request: MapRequest, judged: TestabilityReport? = nil
    ) throws -> MapOutcome {
        var request = request
        if request.planCuts && request.cuts == nil {
            var untangler = Untangler()
            untangler.scope = request.collapse == .module || request.scan.granularity == .module ? .module : .type
            untangler.settings = outcome.config.untangle
            request.cuts = untangler.plan(outcome.graph)
        }
        let report =
            request.testability ? judged ?? outcome.config.testabilityAnalysis.analyse(outcome.graph) : nil
        let graph = shown(outcome.graph, request.includeStandardTypes, request.hideTests, outcome.config)
        var drawn = try draw(graph, request, testability: report)
        if let unread = DiagnosticText.unreadNote(outcome.graph.diagnostics) { drawn.notes.append(unread) }
        return drawn
    }

    /// `seams graph --hubs`: the top types by fan-in and fan-out of the graph the request would
    /// draw (modules excluded, collapsed, focused), as text or JSON.
    public static func hubs(_ request: MapRequest, top: Int, json: Bool) throws -> Data {
        let outcome = try ScanPipeline.run(request.scan)
        let scanned = shown(outcome.graph, request.includeStandardTypes, request.hideTests, outcome.config)
        let (graph, _, _) = try filter(scanned, request)
        let hubs = graph.hubs(top: top)
        return Data((json ? HubsReporter.json(hubs) : HubsReporter.text(hubs)).utf8)
    }

    /// What a map shows of a scan: the standard library's and the SDK's value types only when
    /// asked; test, preview and generated code unless asked to hide it.
    static func shown(_ graph: Graph, _ includeStandardTypes: Bool, _ hideTests: Bool) -> Graph {
        let kept = includeStandardTypes ? graph : graph.removingStandardTypes()
        return hideTests ? kept.productionOnly() : kept
    }

    /// The same, with what seams.yml asks for too.
    static func shown(_ graph: Graph, _ includeStandardTypes: Bool, _ hideTests: Bool, _ config: SeamsConfig) -> Graph {
        shown(graph, includeStandardTypes || config.includeStandardTypes, hideTests || config.hideTests)
    }

    /// Filters, encodes and renders a graph already scanned (or made by a tool).
    public static func draw(
        _ scanned: Graph, _ request: MapRequest, testability: TestabilityReport? = nil
    ) throws -> MapOutcome {
        var notes: [String] = []
        var (graph, cycles, focus) = try filter(scanned, request)
        let cuts = cutLabels(request.cuts)
        if request.format == .html {
            var input = ExplorerInput(graph: graph, cycles: cycles, title: ExplorerPipeline.title(of: scanned))
            input.testability = testability
            input.cuts = cuts
            let (bytes, notes) = try ExplorerPipeline.page(
                input, engine: request.engine?.engine, layout: request.layout, progress: request.progress)
            return MapOutcome(bytes: bytes, graph: graph, notes: notes)
        }
        // A hub's many neighbours stand in rows of columns; module boxes would put them side by side.
        var wideStar = RankWrap.isWideStar(graph, focus: Set(focus))
        if wideStar, let star = hubStar(graph, focus: focus, request) {
            notes.append(star.note)
            graph = star.graph
        }
        if graph.nodes.count > collapseAbove && request.collapse == nil {
            notes.append(
                "\(graph.nodes.count) nodes are too many to read: collapsed to modules (use --focus or --collapse)")
            graph = graph.regrouped(by: .module)
            cycles = graph.cycles()
            wideStar = RankWrap.isWideStar(graph, focus: Set(focus))
        }
        var options = MapOptions()
        options.moduleOrder = DOTEncoder.moduleOrder(scanned)
        options.cycles = cycles
        options.focus = Set(focus)
        // A module map says how many references each dependency stands for.
        options.edgeLabels =
            request.edgeLabels || request.collapse == .module || request.scan.granularity == .module
        options.clusters = request.collapse == nil && request.scan.granularity != .module && !wideStar
        if let testability { TestabilityMap.apply(testability, graph: graph, to: &options) }
        options.cuts = Dictionary(cuts.map { ($0.key, $0.label) }, uniquingKeysWith: { a, _ in a })
        if request.format == .mermaid {
            return MapOutcome(
                bytes: Data(MermaidEncoder.encode(graph, options: options).utf8), graph: graph, notes: notes)
        }
        let (engine, why) = MapPipelineEngine.choice(
            request.engine?.engine, nodes: graph.nodes.count, edges: graph.edges.count, clusters: options.clusters,
            wideStar: wideStar, dummies: { DotCost.dummies(graph) })
        options.force = engine != .dot
        if engine == .dot {
            options.minlen = RankWrap.minlens(graph, focus: options.focus)
            options.concentrate = wideStar
        }
        let dot = DOTEncoder.encode(graph, options: options)
        guard let format = RenderFormat(rawValue: request.format.rawValue) else {
            return MapOutcome(bytes: Data(dot.utf8), graph: graph, notes: notes)
        }
        if let why { notes.append(why) }
        let (bytes, drawnWith, fallback) = try MapPipelineEngine.render(
            dot, engine: engine, asked: request.engine?.engine, format: format)
        if let fallback { notes.append(fallback) }
        return MapOutcome(bytes: bytes, graph: graph, notes: notes, engine: Layout(drawnWith))
    }

    /// A focus of depth 1 on a hub (`RankWrap.isWideStar`, which the caller has found) drawn as its star: the edges among a
    /// hub's many neighbours cross its rows of neighbours and stretch the map many times wider
    /// (Common.TLD of DuckDuckGo's browsers, 146 neighbours and 291 edges among them: 8,629 points
    /// wide with them, 3,018 without). Not when the user chose the engine, nor for Mermaid,
    /// which seams does not lay out.
    static func hubStar(_ graph: Graph, focus: [String], _ request: MapRequest) -> (graph: Graph, note: String)? {
        guard !request.star, request.depth == 1, request.engine == nil, request.format != .mermaid else { return nil }
        let star = graph.star(around: focus, direction: request.direction.focus)
        let among = graph.edges.count - star.edges.count
        guard among > 0 else { return nil }
        let names = focus.map { graph.node($0)?.name ?? $0 }.joined(separator: ", ")
        return (
            star,
            "\(names): \(star.nodes.count - focus.count) neighbours; drew only the edges that touch "
                + (focus.count == 1 ? "it" : "them")
                + ", as --star, since the \(among) edge\(among == 1 ? "" : "s") among the neighbours would stretch the map"
                + " (--layout dot draws them)"
        )
    }

    /// A cut plan's edges (`Edge.key`) and labels in plan order, numbered as in `seams
    /// untangle`'s text: with several tangles, cut 3 of "Tangle 2" is "2.3".
    static func cutLabels(_ plan: UntanglePlan?) -> [(key: String, label: String)] {
        let tangles = plan?.components ?? []
        return tangles.enumerated().flatMap { number, component in
            (component.decided + component.cuts).map { cut in
                (
                    EdgeKey(from: cut.from, to: cut.to).string,
                    tangles.count == 1 ? "\(cut.order)" : "\(number + 1).\(cut.order)"
                )
            }
        }
    }

    /// The graph to draw, the cycles of the graph before any focus cut it down, and the focused ids.
    static func filter(_ scanned: Graph, _ request: MapRequest) throws -> (Graph, CycleAnalysis, [String]) {
        var graph = scanned
        if !request.excludeModules.isEmpty { graph = graph.excludingModules(Set(request.excludeModules)) }
        switch request.collapse {
        case .module?: graph = graph.regrouped(by: .module)
        case .folder?: graph = graph.collapsedToFolders()
        case nil: break
        }
        let cycles = graph.cycles()
        var ids: [String] = []
        if !request.focus.isEmpty {
            ids = try request.focus.map { try resolve($0, in: graph) }
            graph =
                request.star
                ? graph.star(around: ids, direction: request.direction.focus)
                : graph.focused(on: ids, depth: request.depth, direction: request.direction.focus)
        }
        if request.onlyCycles { graph = graph.onlyCycles(cycles) }
        if graph.nodes.isEmpty {
            throw SeamsError.emptyGraph(
                request.onlyCycles ? "no dependency cycles in the scanned code" : "no nodes are left after filtering")
        }
        return (graph, cycles, ids)
    }

    /// A focus name: a node id, a type name, or the end of a qualified name.
    static func resolve(_ name: String, in graph: Graph) throws -> String {
        try NodeNames.id(name, in: graph, option: "--focus")
    }

}

/// Which Graphviz engine finishes on a graph of a given size.
public enum MapPipelineEngine {
    /// `dot` draws the clearest layered maps, but on type graphs with hubs its time explodes:
    /// measured here (`seams-bench render`), 200 clustered nodes take 0.6 s, 300 take 2.7 s and
    /// 400 take 11 s; without clusters it is slower still. `sfdp` draws 5,000 nodes in about 3 s.
    public static func choose(_ asked: LayoutEngine?, nodes: Int, edges: Int, clusters: Bool) -> LayoutEngine {
        choice(asked, nodes: nodes, edges: edges, clusters: clusters).0
    }

    /// The same for a graph at hand, its dummy nodes counted too (`DotCost`).
    public static func choose(_ asked: LayoutEngine?, graph: Graph, clusters: Bool) -> LayoutEngine {
        choice(
            asked, nodes: graph.nodes.count, edges: graph.edges.count, clusters: clusters,
            dummies: asked == nil ? { DotCost.dummies(graph) } : { 0 }
        ).0
    }

    /// The most nodes of a wide star that dot lays out unasked.
    static let wideStarLimit = 400

    /// A wide star (`RankWrap.isWideStar`) stays with dot up to `wideStarLimit` nodes: wrapped
    /// in rows and merged into trunks, DuckDuckGo's largest hub star (309 nodes, 323 edges) takes
    /// under a second, while 500 neighbours take 1 to 4 s and 1,000 take 54 s (dot 2.43 here).
    /// `dummies` is asked for only when the counts allow dot; a wide star's are not counted, as
    /// its edges are merged into trunks.
    static func choice(
        _ asked: LayoutEngine?, nodes: Int, edges: Int, clusters: Bool, wideStar: Bool = false,
        dummies: () -> Int = { 0 }
    ) -> (LayoutEngine, String?) {
        if let asked { return (asked, nil) }
        let (nodeLimit, edgeLimit) =
            wideStar ? (wideStarLimit, 2 * wideStarLimit) : clusters ? (250, 800) : (100, 300)
        if nodes <= nodeLimit && edges <= edgeLimit {
            let dummies = wideStar ? 0 : dummies()
            if dummies <= DotCost.limit { return (.dot, nil) }
            return (
                .sfdp,
                "\(nodes) nodes, \(edges) edges on long paths (dot would add about \(dummies) dummy nodes): laid out with "
                    + "sfdp, as dot could take minutes (--layout dot to insist)"
            )
        }
        return (
            .sfdp,
            "\(nodes) nodes, \(edges) edges: laid out with sfdp, as dot could take minutes (--layout dot to insist)"
        )
    }

    /// Renders DOT with the engine chosen. dot gives up on some large graphs; when seams chose
    /// it (the user did not), sfdp draws the graph instead and the note says so.
    static func render(_ dot: String, engine: LayoutEngine, asked: LayoutEngine?, format: RenderFormat) throws -> (
        Data, LayoutEngine, note: String?
    ) {
        do {
            return (try GraphvizRenderer.render(dot: dot, engine: engine, format: format), engine, nil)
        } catch let error as RenderError {
            guard asked == nil, engine == .dot else { throw SeamsError.render(error.description) }
            do {
                let bytes = try GraphvizRenderer.render(dot: dot, engine: .sfdp, format: format)
                return (bytes, .sfdp, "\(error.description); drew it with sfdp instead")
            } catch let error as RenderError {
                throw SeamsError.render(error.description)
            }
        }
    }
}
