extension Graph {
    /// The graph without the types no scanned file declares, nor the edges to or from them;
    /// file-scope nodes left with no edge go too.
    public func removingExternal() -> Graph {
        var graph = self
        graph.removeExternal()
        return graph
    }

    /// `removingExternal`, in place: when this graph holds the only reference to its lists,
    /// the edges kept are moved, not copied (a copy retained each of a large graph's edges).
    public mutating func removeExternal() {
        // Each end of an edge is looked up once, in one table of the ids that matter.
        var roles: [String: EndRole] = [:]
        for i in nodes.indices where nodes[i].external || nodes[i].kind == .fileScope {
            roles[nodes[i].id] = nodes[i].external ? .external : .fileScope
        }
        if roles.isEmpty { return }
        // Edges are judged in two halves at once.
        let halves = ConcurrentMap.halves(edges.count) { [self, roles] range in judge(range, roles: roles) }
        let connected = halves[0].connected.union(halves[1].connected)
        let dropped = halves[0].dropped + halves[1].dropped
        if !dropped.isEmpty {
            // The dropped edges (about half of an app's, with their sites) are freed elsewhere.
            var gone: [Edge] = []
            edges.withUnsafeMutableBufferPointer { buffer in
                // The kept ones slide down over the dropped ones, in order.
                var next = 0
                var write = 0
                for read in buffer.indices {
                    if next < dropped.count && dropped[next] == read {
                        next += 1
                        continue
                    }
                    if write != read { buffer.swapAt(write, read) }
                    write += 1
                }
                // Moved out whole, and their slots filled with edges that hold nothing.
                let start = buffer.baseAddress! + write
                gone = [Edge](uninitializedCapacity: dropped.count) { out, made in
                    out.baseAddress!.moveInitialize(from: start, count: dropped.count)
                    made = dropped.count
                }
                start.initialize(repeating: Edge(from: "", to: "", sortedUniqueSites: []), count: dropped.count)
            }
            edges.removeSubrange(edges.count - dropped.count..<edges.count)
            Discard.elsewhere([consume gone])
        }
        nodes.removeAll { node in
            switch roles[node.id] {
            case .external?: true
            case .fileScope?: !connected.contains(node.id)
            case nil: false
            }
        }
        // Uses of external types stay: a system service is one. Uses by one are rare.
        // (Asked by index: a closure taking the use would copy each one.)
        // Uses of one type come in runs: each run's role is looked up once.
        var lastFrom: String?
        var external = false
        func fromExternal(_ from: String) -> Bool {
            if lastFrom != from {
                lastFrom = from
                external = roles[from] == .external
            }
            return external
        }
        if uses.indices.contains(where: { fromExternal(uses[$0].from) }) {
            uses.removeAll { fromExternal($0.from) }
        }
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
