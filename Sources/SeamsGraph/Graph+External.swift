extension Graph {
    /// The graph without external types, and without file-scope nodes left with no edges.
    public func removingExternal() -> Graph {
        var external = QuickIDSet(nodes.lazy.filter(\.external).map(\.id))
        // Only file-scope nodes depend on being connected: only their ids are collected.
        var fileScopes = QuickIDSet(nodes.lazy.filter { $0.kind == .fileScope }.map(\.id))
        var connected = Set<String>()
        var kept: [Edge] = []
        kept.reserveCapacity(edges.count)
        for i in edges.indices {
            let (from, to) = (edges[i].from, edges[i].to)
            if external.contains(from) || external.contains(to) { continue }
            if !fileScopes.isEmpty {
                if fileScopes.contains(from) { connected.insert(from) }
                if fileScopes.contains(to) { connected.insert(to) }
            }
            kept.append(edges[i])
        }
        let keptNodes = nodes.filter { !$0.external && ($0.kind != .fileScope || connected.contains($0.id)) }
        // Uses of external types stay: a system service is one. Uses by one are rare: the
        // list is copied only when there is one to drop.
        var keptUses = uses
        if let first = uses.indices.first(where: { external.contains(uses[$0].from) }) {
            keptUses = Array(uses[..<first])
            keptUses.reserveCapacity(uses.count)
            for i in uses.indices.dropFirst(first + 1) where !external.contains(uses[i].from) {
                keptUses.append(uses[i])
            }
        }
        // Filtering keeps the canonical order.
        return Graph(
            canonicalRoot: root, modules: modules, nodes: keptNodes, edges: kept, diagnostics: diagnostics,
            uses: keptUses)
    }
}
