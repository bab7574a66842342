/// What changed between two graphs of the same codebase: the facts behind `seams diff`.
public struct GraphDiff: Codable, Sendable {
    public enum Change: String, Codable, Sendable {
        case added, removed, unchanged
    }

    public struct CycleChange: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable {
            case appeared, disappeared, grew, shrank, changed
        }
        public var kind: Kind
        /// Members before and after, sorted; empty on the side where the cycle does not exist.
        public var before: [String]
        public var after: [String]

        public init(kind: Kind, before: [String], after: [String]) {
            self.kind = kind
            self.before = before
            self.after = after
        }
    }

    public var schemaVersion = 1
    public var before: String
    public var after: String
    public var addedNodes: [Node]
    public var removedNodes: [Node]
    /// Edges only in AFTER, with AFTER's sites.
    public var addedEdges: [Edge]
    /// Edges only in BEFORE, with BEFORE's sites.
    public var removedEdges: [Edge]
    public var cycles: [CycleChange]

    public var isEmpty: Bool {
        addedNodes.isEmpty && removedNodes.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty && cycles.isEmpty
    }

    public init(before old: Graph, after new: Graph, beforeLabel: String, afterLabel: String) {
        before = beforeLabel
        after = afterLabel
        let oldNodes = Set(old.nodes.map(\.id)), newNodes = Set(new.nodes.map(\.id))
        addedNodes = new.nodes.filter { !oldNodes.contains($0.id) }
        removedNodes = old.nodes.filter { !newNodes.contains($0.id) }
        let oldEdges = Set(old.edges.map { EdgeKey($0) }), newEdges = Set(new.edges.map { EdgeKey($0) })
        addedEdges = new.edges.filter { !oldEdges.contains(EdgeKey($0)) }
        removedEdges = old.edges.filter { !newEdges.contains(EdgeKey($0)) }
        cycles = Self.compareCycles(old.cycles().components, new.cycles().components)
    }

    /// Matches cycles (components) that share members: the same set is unchanged, a superset
    /// grew, a subset shrank; components that share no member appeared or disappeared.
    public static func compareCycles(_ old: [[String]], _ new: [[String]]) -> [CycleChange] {
        var changes: [CycleChange] = []
        let newSets = new.map(Set.init)
        var matchedNew = Set<Int>()
        for members in old {
            let set = Set(members)
            let overlapping = newSets.indices.filter { !newSets[$0].isDisjoint(with: set) }
            if overlapping.isEmpty {
                changes.append(CycleChange(kind: .disappeared, before: members, after: []))
                continue
            }
            for i in overlapping {
                matchedNew.insert(i)
                if newSets[i] == set { continue }
                let kind: CycleChange.Kind =
                    newSets[i].isSuperset(of: set) ? .grew : newSets[i].isSubset(of: set) ? .shrank : .changed
                changes.append(CycleChange(kind: kind, before: members, after: new[i]))
            }
        }
        for (i, members) in new.enumerated() where !matchedNew.contains(i) {
            changes.append(CycleChange(kind: .appeared, before: [], after: members))
        }
        return changes
    }

    /// BEFORE and AFTER in one graph, each node and edge marked with its change.
    public static func union(_ old: Graph, _ new: Graph) -> (
        graph: Graph, nodes: [String: Change], edges: [String: Change]
    ) {
        var builder = GraphBuilder()
        var nodeChange: [String: Change] = [:]
        var edgeChange: [String: Change] = [:]
        let newNodes = Set(new.nodes.map(\.id)), oldNodes = Set(old.nodes.map(\.id))
        for n in new.nodes {
            builder.add(n)
            nodeChange[n.id] = oldNodes.contains(n.id) ? .unchanged : .added
        }
        for n in old.nodes where !newNodes.contains(n.id) {
            builder.add(n)
            nodeChange[n.id] = .removed
        }
        let oldEdges = Set(old.edges.map { EdgeKey($0) }), newEdges = Set(new.edges.map { EdgeKey($0) })
        for e in new.edges {
            for s in e.sites { builder.addSite(from: e.from, to: e.to, s) }
            edgeChange[e.key] = oldEdges.contains(EdgeKey(e)) ? .unchanged : .added
        }
        for e in old.edges where !newEdges.contains(EdgeKey(e)) {
            for s in e.sites { builder.addSite(from: e.from, to: e.to, s) }
            edgeChange[e.key] = .removed
        }
        let modules = Dictionary(grouping: old.modules + new.modules, by: \.name).map { $0.value.last! }
        return (builder.build(root: new.root, modules: modules), nodeChange, edgeChange)
    }
}

/// An edge's identity: its two ends.
public struct EdgeKey: Hashable, Sendable {
    public var from: String
    public var to: String

    public init(_ edge: Edge) {
        from = edge.from
        to = edge.to
    }

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// "from\0to": a key for dictionaries that need a string.
    public var string: String { "\(from)\u{0}\(to)" }
}

extension Edge {
    /// The edge's identity as a string: the key of per-edge styles and rule violations.
    public var key: String { EdgeKey(self).string }
}
