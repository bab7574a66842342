/// The strongly connected components of a graph: every cycle lies inside one of them.
public struct CycleAnalysis: Sendable {
    /// Components of more than one node, each sorted, listed by their first member.
    public let components: [[String]]
    private let componentOf: [String: Int]

    /// No cycles at all: for pictures coloured by something else, such as a diff.
    public static let empty = CycleAnalysis(components: [])

    init(components: [[String]]) {
        self.components = components
        var map: [String: Int] = [:]
        for (i, members) in components.enumerated() { for m in members { map[m] = i } }
        componentOf = map
    }

    /// The index in `components` of the cycle a node sits in, if any.
    public func component(of node: String) -> Int? { componentOf[node] }

    /// Whether an edge lies on a cycle: both ends in the same component.
    public func isCyclic(from: String, to: String) -> Bool {
        guard let a = componentOf[from] else { return false }
        return componentOf[to] == a
    }
}

extension Graph {
    /// The strongly connected components (Tarjan's algorithm, iterative, in `WeightedDigraph`).
    /// A cycle is one of dependencies the compiler sees: edges whose sites are all soft
    /// (notification, callback) close none, unless `includingSoft`.
    public func cycles(includingSoft: Bool = false) -> CycleAnalysis {
        var index: [String: Int] = [:]
        for (i, n) in nodes.enumerated() { index[n.id] = i }
        let arcs = edges.compactMap { e -> WeightedDigraph.Arc? in
            guard includingSoft || !e.soft, let a = index[e.from], let b = index[e.to] else { return nil }
            return WeightedDigraph.Arc(from: a, to: b, weight: 1)
        }
        // Nodes are sorted by id, so members sorted by index are sorted by id.
        let found = WeightedDigraph(count: nodes.count, arcs: arcs).components().map {
            $0.map { nodes[$0].id }.sorted()
        }
        return CycleAnalysis(components: found.sorted { $0[0] < $1[0] })
    }
}

extension Graph {
    /// The edges inside each component of `analysis`, in the graph's order, listed as its
    /// components are; soft edges only `includingSoft`, as `cycles` counted them.
    public func edgesInside(_ analysis: CycleAnalysis, includingSoft: Bool = false) -> [[Edge]] {
        var inside = Array(repeating: [Edge](), count: analysis.components.count)
        for e in edges where includingSoft || !e.soft {
            if let c = analysis.component(of: e.from), analysis.component(of: e.to) == c { inside[c].append(e) }
        }
        return inside
    }

    /// One shortest cycle through a component whose edges are `edges`, starting at the cycle's
    /// smallest node. Breadth-first search from each member, neighbours in id order, so the
    /// answer is the same on every run; ties go to the cycle through the smallest member.
    /// Components larger than `exhaustiveUpTo` search from their smallest member only, to stay fast.
    public static func shortestCycle(in members: [String], edges: [Edge], exhaustiveUpTo: Int = 400) -> [Edge] {
        shortestCycle(in: members, outgoing(edges), exhaustiveUpTo: exhaustiveUpTo)
    }

    /// The shortest cycle that goes through `edge`, starting with it: `edge`, then a shortest
    /// path back over `edges` (breadth-first, neighbours in id order, so the same every run).
    public static func shortestCycle(through edge: Edge, edges: [Edge]) -> [Edge]? {
        let out = outgoing(edges)
        var reachedBy: [String: Edge] = [:]
        var seen: Set<String> = [edge.to]
        var queue = [edge.to]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            if v == edge.from {
                var path: [Edge] = []
                var cur = v
                while cur != edge.to, let step = reachedBy[cur] {
                    path.append(step)
                    cur = step.from
                }
                return [edge] + path.reversed()
            }
            for e in out[v] ?? [] where !seen.contains(e.to) {
                seen.insert(e.to)
                reachedBy[e.to] = e
                queue.append(e.to)
            }
        }
        return nil
    }

    /// Each node's edges out, by target id.
    private static func outgoing(_ edges: [Edge]) -> [String: [Edge]] {
        var out: [String: [Edge]] = [:]
        for e in edges { out[e.from, default: []].append(e) }
        for key in out.keys { out[key]!.sort { $0.to < $1.to } }
        return out
    }

    private static func shortestCycle(in members: [String], _ out: [String: [Edge]], exhaustiveUpTo: Int) -> [Edge] {
        var best: [Edge]?
        for start in members.count <= exhaustiveUpTo ? members : [members[0]] {
            // Shortest path start → … → start: BFS until an edge returns to start.
            var reachedBy: [String: Edge] = [:]
            var depth: [String: Int] = [start: 0]
            var queue = [start]
            var head = 0
            var found: [Edge]?
            search: while head < queue.count {
                let v = queue[head]
                head += 1
                if let best, depth[v, default: 0] + 1 >= best.count { break }
                for e in out[v] ?? [] {
                    if e.to == start {
                        var path = [e]
                        var cur = v
                        while let step = reachedBy[cur] {
                            path.append(step)
                            cur = step.from
                        }
                        found = path.reversed()
                        break search
                    }
                    if depth[e.to] == nil {
                        reachedBy[e.to] = e
                        depth[e.to] = depth[v, default: 0] + 1
                        queue.append(e.to)
                    }
                }
            }
            if let found, best == nil || found.count < best!.count { best = found }
        }
        guard let cycle = best, !cycle.isEmpty else { return [] }
        // Rotate to start at its smallest node, so the same cycle is always written the same way.
        let i = cycle.indices.min { cycle[$0].from < cycle[$1].from }!
        return Array(cycle[i...] + cycle[..<i])
    }
}

extension CycleAnalysis {
    /// When every member of a component is one type or nested inside it (a view and its
    /// `Coordinator`), that type: the cycle is Swift's nesting idiom rather than a tangle.
    public static func nestingRoot(of members: [String]) -> String? {
        guard let root = members.min(by: { ($0.count, $0) < ($1.count, $1) }) else { return nil }
        return members.allSatisfy { $0 == root || $0.hasPrefix(root + ".") } ? root : nil
    }
}
