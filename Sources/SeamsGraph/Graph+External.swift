extension Graph {
    /// The graph without external types, and without file-scope nodes left with no edges.
    public func removingExternal() -> Graph {
        let external = Set(nodes.filter(\.external).map(\.id))
        let kept = edges.filter { !external.contains($0.from) && !external.contains($0.to) }
        var connected = Set<String>()
        for e in kept {
            connected.insert(e.from)
            connected.insert(e.to)
        }
        let keptNodes = nodes.filter { !$0.external && ($0.kind != .fileScope || connected.contains($0.id)) }
        // Filtering keeps the canonical order.
        // Uses of external types stay: a system service is one.
        return Graph(
            canonicalRoot: root, modules: modules, nodes: keptNodes, edges: kept, diagnostics: diagnostics,
            uses: uses.filter { !external.contains($0.from) })
    }
}
