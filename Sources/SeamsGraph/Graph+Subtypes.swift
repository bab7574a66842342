extension Graph {
    /// The scanned types (not extensions) that inherit from or conform to a type named in `names`
    /// (by id or by name): directly, through scanned supertypes, or through an extension that adds
    /// the conformance. Breadth-first down the inheritance edges, each type once.
    public func subtypes(of names: Set<String>) -> Set<String> {
        var inherits: [String: [String]] = [:]  // supertype id → ids of its direct subtypes
        var extended: [String: [String]] = [:]  // extension id → the type it extends
        for edge in edges {
            if edge.kinds.contains(.inherit) { inherits[edge.to, default: []].append(edge.from) }
            if edge.kinds.contains(.extends) { extended[edge.from, default: []].append(edge.to) }
        }
        var queue = nodes.filter { names.contains($0.id) || names.contains($0.name) }.map(\.id)
        var found = Set<String>()
        while let next = queue.popLast() {
            for sub in inherits[next] ?? [] {
                for id in [sub] + (extended[sub] ?? []) where found.insert(id).inserted { queue.append(id) }
            }
        }
        let kinds = Dictionary(nodes.map { ($0.id, ($0.external, $0.kind)) }, uniquingKeysWith: { a, _ in a })
        return found.filter { id in kinds[id].map { !$0.0 && $0.1 != .extension } ?? false }
    }

    /// Each extension node's type, from its `extends` edge (`App.Date+Format` → `Date`), so an
    /// extension declared in another module than its type is still told apart; an extension
    /// whose type the scan did not resolve has none.
    public func extendedTypes() -> [String: String] {
        var out: [String: String] = [:]
        for edge in edges where edge.kinds.contains(.extends) { out[edge.from] = edge.to }
        return out
    }
}
