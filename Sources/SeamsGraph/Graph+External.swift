extension Graph {
    /// The graph without the types no scanned file declares, nor the edges to or from them;
    /// file-scope nodes left with no edge go too.
    public func removingExternal() -> Graph {
        // Each end of an edge is looked up once, in one table of the ids that matter.
        var roles: [String: EndRole] = [:]
        for node in nodes where node.external || node.kind == .fileScope {
            roles[node.id] = node.external ? .external : .fileScope
        }
        if roles.isEmpty { return self }
        // Edges are judged in two halves at once; the kept ones are then copied in order.
        let middle = edges.count / 2
        let halves = ConcurrentMap.run(2) { half in
            judge(half == 0 ? 0..<middle : middle..<edges.count, roles: roles)
        }
        let connected = halves[0].connected.union(halves[1].connected)
        let edgesKept: [Edge]
        if halves.allSatisfy({ $0.dropped.isEmpty }) {
            edgesKept = edges
        } else {
            var kept: [Edge] = []
            kept.reserveCapacity(edges.count)
            var start = 0
            for i in halves[0].dropped + halves[1].dropped {
                kept += edges[start..<i]
                start = i + 1
            }
            kept += edges[start...]
            edgesKept = kept
        }
        let keptNodes = nodes.filter { node in
            switch roles[node.id] {
            case .external?: false
            case .fileScope?: connected.contains(node.id)
            case nil: true
            }
        }
        // Uses of external types stay: a system service is one. Uses by one are rare: the
        // list is copied only when there is one to drop.
        // (Asked by index: a closure taking the use would copy each one.)
        var keptUses = uses
        if let first = uses.indices.first(where: { roles[uses[$0].from] == .external }) {
            keptUses = Array(uses[..<first])
            keptUses.reserveCapacity(uses.count)
            for i in uses.indices.dropFirst(first + 1) where roles[uses[i].from] != .external {
                keptUses.append(uses[i])
            }
        }
        // Filtering keeps the canonical order.
        return Graph(
            canonicalRoot: root, modules: modules, nodes: keptNodes, edges: edgesKept, diagnostics: diagnostics,
            uses: keptUses)
    }

    /// The edges in `range` that touch an external type (their indices, ascending), and the
    /// file scopes the others start or end at.
    private func judge(_ range: Range<Int>, roles: [String: EndRole]) -> (dropped: [Int], connected: Set<String>) {
        var dropped: [Int] = []
        var connected = Set<String>()
        // Edges come sorted by source: its role is looked up once per run.
        var lastFrom: String?
        var fromRole: EndRole?
        for i in range {
            let (from, to) = (edges[i].from, edges[i].to)
            if lastFrom != from {
                lastFrom = from
                fromRole = roles[from]
            }
            let toRole = roles[to]
            if fromRole == .external || toRole == .external {
                dropped.append(i)
                continue
            }
            if fromRole == .fileScope { connected.insert(from) }
            if toRole == .fileScope { connected.insert(to) }
        }
        return (dropped, connected)
    }
}

/// What an edge's end is, where it matters to `removingExternal`.
private enum EndRole {
    case external, fileScope
}
