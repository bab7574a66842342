import SeamsGraph
import SeamsTestability

/// The scanned graph as rules see it, with the views they share computed once.
public final class RuleContext {
    /// The type-level graph, external types included.
    public let graph: Graph
    public let config: SeamsConfig
    private let nodesByID: [String: Node]
    private var views: [String: Graph] = [:]

    public init(graph: Graph, config: SeamsConfig) {
        self.graph = graph
        self.config = config
        self.nodesByID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func node(_ id: String) -> Node? { nodesByID[id] }

    private var testabilityReport: TestabilityReport?

    /// What blocks each type's unit tests, with the config's services: computed once.
    public var testability: TestabilityReport {
        if let r = testabilityReport { return r }
        let r = config.testabilityAnalysis.analyse(graph)
        testabilityReport = r
        return r
    }

    /// The ids of the nodes of `graph` a matcher accepts: each node is matched once, not once per edge.
    public func ids(of graph: Graph, matching matcher: Matcher) -> Set<String> {
        Set(graph.nodes.lazy.filter(matcher.matches).map(\.id))
    }

    /// The graph a rule reads: only the sites it counts, at its scope, with or without external types.
    public func graph(for spec: RuleSpec, scope: Granularity = .type, external: Bool = false) -> Graph {
        let key = [
            spec.inferred ? "i" : "-", spec.includeSoft ? "s" : "-",
            spec.via.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "*",
            scope.rawValue, external ? "e" : "-",
        ].joined(separator: "|")
        if let cached = views[key] { return cached }
        var g = graph
        if spec.inferred && spec.via == nil && !spec.includeSoft {
            g = g.hardOnly()  // the usual rule: a copy only when the scan has soft sites
        } else if !spec.countsEverySite {
            g = g.keepingSites(where: spec.counts)
        }
        if !external { g = g.removingExternal() }
        g = g.regrouped(by: scope)
        views[key] = g
        return g
    }

    /// The nodes of a view of the graph by id (a module-scope view has nodes of its own).
    public func nodes(of view: Graph) -> [String: Node] {
        Dictionary(view.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// How `untangle` would cut, with the config's weights and pins.
    public lazy var cuts: CycleCuts = {
        var cuts = CycleCuts(settings: config.untangle)
        cuts.entities = HeldEdge.entities(of: graph)
        cuts.appIntents = HeldEdge.appIntents(of: graph)
        cuts.roots = graph.compositionRoots()
        cuts.benign = HeldEdge.benignEdges(graph, table: config.testabilityAnalysis.benign)
        cuts.byUse = HeldEdge.byUse(graph)
        cuts.environment = TestabilityAnalysis.environment(graph)
        return cuts
    }()

    /// A cycle to show for a component: the one through the cut `untangle` would make first,
    /// starting with that cut, so the first site is the line to change. With `groups`, the cut
    /// that first undoes what joined the groups (see `CycleCuts.plan`).
    public func witness(
        _ members: [String], edges: [Edge], nodes: [String: Node], groups: [String: Int]? = nil
    ) -> [CycleStep] {
        let plan = cuts.plan(members, edges: edges, nodes: nodes, groups: groups, steps: 1)
        if let first = plan.first,
            let cycle = Graph.shortestCycle(through: edges[plan.edgeOfArc[first.arc]], edges: edges)
        {
            return cycle.map(CycleStep.init)
        }
        return Graph.shortestCycle(in: members, edges: edges).map(CycleStep.init)
    }

    /// Where a dependency's first site is.
    public func location(of sites: [Site], orNode id: String?, spec: RuleSpec) -> Location {
        if let site = sites.min() { return Location(site) }
        return location(ofNode: id, spec: spec)
    }

    /// A node's declaration, or the rule in the config when the node has none (modules, externals).
    public func location(ofNode id: String?, spec: RuleSpec) -> Location {
        if let id, let node = nodesByID[id], let file = node.file {
            return Location(file: file, line: node.line ?? 1, column: 1, inSources: true)
        }
        return Location(
            file: config.path ?? SeamsConfig.fileName, line: spec.location.line, column: spec.location.column,
            inSources: false)
    }

    /// A violation of one dependency, with all its sites.
    public func dependency(_ edge: Edge, spec: RuleSpec, message: String) -> Violation {
        var v = Violation(
            rule: spec, subject: .dependency, message: message,
            location: location(of: edge.sites, orNode: edge.from, spec: spec))
        v.from = edge.from
        v.to = edge.to
        v.sites = edge.sites
        return v
    }
}
