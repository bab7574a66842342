/// What changed between two graphs of the same codebase: the facts behind `seams diff`.
public struct GraphDiff: Codable, Sendable {
    public enum Change: String, Codable, Sendable {
        case added, removed, unchanged
        /// In both, with other kinds.
        case changed
    }

    public struct CycleChange: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable {
            case appeared, disappeared, grew, shrank, changed
        }
        public var kind: Kind
        public var sizeBefore: Int
        public var sizeAfter: Int
        /// Members that are no longer on this cycle, and members new to it; sorted.
        public var left: [String]
        public var joined: [String]

        public init(kind: Kind, before: [String], after: [String]) {
            self.kind = kind
            sizeBefore = before.count
            sizeAfter = after.count
            let b = Set(before), a = Set(after)
            left = before.filter { !a.contains($0) }
            joined = after.filter { !b.contains($0) }
        }
    }

    /// An edge in both versions whose kinds changed: the same two types, another way of depending.
    public struct KindChange: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        public var kindsBefore: [SiteKind]
        public var kindsAfter: [SiteKind]
        public var countBefore: Int
        public var countAfter: Int
        /// What the change usually means, when it has a name ("a singleton became an injected instance").
        public var meaning: String?
        /// AFTER's sites.
        public var sites: [Site]

        init(_ old: Edge, _ new: Edge) {
            from = new.from
            to = new.to
            kindsBefore = old.kinds
            kindsAfter = new.kinds
            countBefore = old.count
            countAfter = new.count
            sites = new.sites
            meaning = Self.meaning(Set(old.kinds), Set(new.kinds), softAfter: new.soft)
        }

        static func meaning(_ before: Set<SiteKind>, _ after: Set<SiteKind>, softAfter: Bool) -> String? {
            if softAfter && !before.allSatisfy(\.isSoft) {
                return
                    "the dependency became a \(after.map(\.rawValue).sorted().joined(separator: ", ")): moved, not removed"
            }
            if before.contains(.static) && !after.contains(.static)
                && !after.isDisjoint(with: [.type, .construct, .member])
            {
                return "a singleton or static became an injected instance"
            }
            if before.contains(.cast) && !after.contains(.cast) { return "the downcast is gone" }
            if before.contains(.construct) && !after.contains(.construct) && !after.isEmpty {
                return "construction moved out: the instance is handed in"
            }
            if before.contains(.inherit) && !after.contains(.inherit) { return "the inheritance is gone" }
            return nil
        }
    }

    public var schemaVersion = 2
    public var before: String
    public var after: String
    public var addedNodes: [Node]
    public var removedNodes: [Node]
    /// Edges only in AFTER, with AFTER's sites.
    public var addedEdges: [Edge]
    /// Edges only in BEFORE, with BEFORE's sites.
    public var removedEdges: [Edge]
    /// Edges in both whose kinds changed.
    public var changedEdges: [KindChange]
    /// Cycles of hard dependencies (soft ones, such as notifications, left out).
    public var cycles: [CycleChange]
    /// Removed hard dependencies whose two ends are still coupled softly in AFTER, either way:
    /// the coupling moved into a notification or a callback rather than went away.
    public var cameBackSoft: [SoftReturn]
    /// What the diff may not show, a line each: a side that scanned little of what it found, or
    /// left files not fully read. Absent when there is nothing to say.
    public var caveats: [String]? = nil

    public struct SoftReturn: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        /// The soft edge in AFTER: its ends and kinds.
        public var softFrom: String
        public var softTo: String
        public var kinds: [SiteKind]

        public init(from: String, to: String, softFrom: String, softTo: String, kinds: [SiteKind]) {
            self.from = from
            self.to = to
            self.softFrom = softFrom
            self.softTo = softTo
            self.kinds = kinds
        }
    }

    public var isEmpty: Bool {
        addedNodes.isEmpty && removedNodes.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
            && changedEdges.isEmpty && cycles.isEmpty
    }

    static func softReturns(removed: [Edge], after new: Graph) -> [SoftReturn] {
        var soft: [EdgeKey: [SiteKind]] = [:]
        for e in new.edges where e.kinds.contains(where: \.isSoft) { soft[EdgeKey(e)] = e.kinds.filter(\.isSoft) }
        guard !soft.isEmpty else { return [] }
        return removed.filter { !$0.soft }.flatMap { e -> [SoftReturn] in
            [EdgeKey(from: e.from, to: e.to), EdgeKey(from: e.to, to: e.from)].compactMap { key in
                soft[key].map { SoftReturn(from: e.from, to: e.to, softFrom: key.from, softTo: key.to, kinds: $0) }
            }
        }
    }

    public init(before old: Graph, after new: Graph, beforeLabel: String, afterLabel: String) {
        before = beforeLabel
        after = afterLabel
        let oldNodes = Set(old.nodes.map(\.id)), newNodes = Set(new.nodes.map(\.id))
        addedNodes = new.nodes.filter { !oldNodes.contains($0.id) }
        removedNodes = old.nodes.filter { !newNodes.contains($0.id) }
        var oldEdges: [EdgeKey: Edge] = [:]
        for e in old.edges { oldEdges[EdgeKey(e)] = e }
        let newEdges = Set(new.edges.map { EdgeKey($0) })
        addedEdges = new.edges.filter { oldEdges[EdgeKey($0)] == nil }
        removedEdges = old.edges.filter { !newEdges.contains(EdgeKey($0)) }
        changedEdges = new.edges.compactMap { e in
            guard let o = oldEdges[EdgeKey(e)], o.kinds != e.kinds else { return nil }
            return KindChange(o, e)
        }
        cycles = Self.compareCycles(old.cycles().components, new.cycles().components)
        cameBackSoft = Self.softReturns(removed: removedEdges, after: new)
    }

    /// Matches cycles (components) that share members: the same set is unchanged, a superset
    /// grew, a subset shrank; components that share no member appeared or disappeared.
    public static func compareCycles(_ old: [[String]], _ new: [[String]]) -> [CycleChange] {
        var changes: [CycleChange] = []
        var newIndex: [String: Int] = [:]
        for (i, members) in new.enumerated() { for m in members { newIndex[m] = i } }
        var matchedNew = Set<Int>()
        for members in old {
            let set = Set(members)
            let overlapping = Set(members.compactMap { newIndex[$0] }).sorted()
            if overlapping.isEmpty {
                changes.append(CycleChange(kind: .disappeared, before: members, after: []))
                continue
            }
            for i in overlapping {
                matchedNew.insert(i)
                let other = Set(new[i])
                if other == set { continue }
                let kind: CycleChange.Kind =
                    other.isSuperset(of: set) ? .grew : other.isSubset(of: set) ? .shrank : .changed
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
        var oldEdges: [EdgeKey: Edge] = [:]
        for e in old.edges { oldEdges[EdgeKey(e)] = e }
        let newEdges = Set(new.edges.map { EdgeKey($0) })
        for e in new.edges {
            for s in e.sites { builder.addSite(from: e.from, to: e.to, s) }
            edgeChange[e.key] = oldEdges[EdgeKey(e)].map { $0.kinds == e.kinds ? .unchanged : .changed } ?? .added
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
