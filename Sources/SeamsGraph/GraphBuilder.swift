/// Accumulates nodes and reference sites in any order and produces a canonical `Graph`.
public struct GraphBuilder: Sendable {
    private var nodes: [String: Node] = [:]
    private var sites: [EdgeKey: Set<Site>] = [:]
    public var diagnostics: [Diagnostic] = []

    private struct EdgeKey: Hashable, Sendable {
        var from: String
        var to: String
    }

    public init() {}

    /// Adds a node; the first one added under an id wins, so add in a deterministic order.
    public mutating func add(_ node: Node) {
        if nodes[node.id] == nil { nodes[node.id] = node }
    }

    public func hasNode(_ id: String) -> Bool { nodes[id] != nil }

    public mutating func addSite(from: String, to: String, _ site: Site) {
        guard from != to else { return }
        sites[EdgeKey(from: from, to: to), default: []].insert(site)
    }

    public func build(root: String, modules: [ModuleInfo]) -> Graph {
        let edges = sites.map { Edge(from: $0.key.from, to: $0.key.to, sites: Array($0.value)) }
        return Graph(root: root, modules: modules, nodes: Array(nodes.values), edges: edges, diagnostics: diagnostics)
    }
}
