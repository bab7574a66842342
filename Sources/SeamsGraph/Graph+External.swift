extension Graph {
    /// The graph without external types, and without file-scope nodes left with no edges.
    public func removingExternal() -> Graph {
        let external = Set(nodes.filter(\.external).map(\.id))
        // Only file-scope nodes depend on being connected: only their ids are collected.
        let fileScopes = Set(nodes.filter { $0.kind == .fileScope }.map(\.id))
        var connected = Set<String>()
        let kept = edges.filter { edge in
            guard !external.contains(edge.from), !external.contains(edge.to) else { return false }
            if !fileScopes.isEmpty {
                if fileScopes.contains(edge.from) { connected.insert(edge.from) }
                if fileScopes.contains(edge.to) { connected.insert(edge.to) }
            }
            return true
        }
        let keptNodes = nodes.filter { !$0.external && ($0.kind != .fileScope || connected.contains($0.id)) }
        // Filtering keeps the canonical order.
        // Uses of external types stay: a system service is one.
        return Graph(
            canonicalRoot: root, modules: modules, nodes: keptNodes, edges: kept, diagnostics: diagnostics,
            uses: external.isEmpty ? uses : uses.filter { !external.contains($0.from) })
    }
}
