/// A directed graph on the nodes `0..<count` whose arcs carry a positive weight: the shape the
/// cut algorithms work on, free of names so they stay fast and testable on random graphs.
public struct WeightedDigraph: Sendable {
    public struct Arc: Hashable, Sendable {
        public var from: Int
        public var to: Int
        public var weight: Int
        public init(from: Int, to: Int, weight: Int) {
            self.from = from
            self.to = to
            self.weight = weight
        }
    }

    public let count: Int
    public let arcs: [Arc]
    /// Arc indices leaving and entering each node.
    public let outgoing: [[Int]]
    public let incoming: [[Int]]

    /// Self-loops are dropped: no cut can remove them by reordering, and a type that refers to
    /// itself is no tangle.
    public init(count: Int, arcs: [Arc]) {
        self.count = count
        let kept = arcs.filter { $0.from != $0.to }
        self.arcs = kept
        var out = Array(repeating: [Int](), count: count)
        var inc = Array(repeating: [Int](), count: count)
        for (i, a) in kept.enumerated() {
            out[a.from].append(i)
            inc[a.to].append(i)
        }
        outgoing = out
        incoming = inc
    }

    /// The total weight of the given arcs.
    public func weight<S: Sequence>(of arcIndices: S) -> Int where S.Element == Int {
        arcIndices.reduce(0) { $0 + arcs[$1].weight }
    }

    /// The arcs that point backwards in a linear order of the nodes: removing them leaves the
    /// graph acyclic, and every acyclic remainder is the forward arcs of some order.
    public func backwardArcs(in order: [Int]) -> [Int] {
        var position = Array(repeating: 0, count: count)
        for (p, v) in order.enumerated() { position[v] = p }
        return arcs.indices.filter { position[arcs[$0].from] > position[arcs[$0].to] }
    }

    /// Strongly connected components of more than one node, without the arcs in `removed`;
    /// each sorted, listed by their smallest node.
    public func components(without removed: Set<Int> = []) -> [[Int]] {
        var mask = Array(repeating: false, count: arcs.count)
        for arc in removed { mask[arc] = true }
        return components(removedMask: mask)
    }

    /// The same, with the removed arcs as a mask indexed by arc: for callers that try many sets.
    public func components(removedMask removed: [Bool]) -> [[Int]] {
        var order = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        var found: [[Int]] = []
        for root in 0..<count where order[root] < 0 {
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (v, next) = frames.last {
                if next < outgoing[v].count {
                    frames[frames.count - 1].next += 1
                    let arc = outgoing[v][next]
                    if removed[arc] { continue }
                    let w = arcs[arc].to
                    if order[w] < 0 {
                        order[w] = counter
                        low[w] = counter
                        counter += 1
                        stack.append(w)
                        onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], order[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[v]) }
                if low[v] == order[v] {
                    var members: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        members.append(w)
                        if w == v { break }
                    }
                    if members.count > 1 { found.append(members.sorted()) }
                }
            }
        }
        return found.sorted { $0[0] < $1[0] }
    }

    /// The nodes reachable from `source` (itself included), following arcs forwards or backwards,
    /// without the arcs in `removed`.
    public func reachable(from source: Int, backwards: Bool = false, without removed: Set<Int>) -> [Bool] {
        var mask = Array(repeating: false, count: arcs.count)
        for arc in removed { mask[arc] = true }
        return reachable(from: source, backwards: backwards, removedMask: mask)
    }

    public func reachable(from source: Int, backwards: Bool = false, removedMask removed: [Bool]) -> [Bool] {
        var seen = Array(repeating: false, count: count)
        var stack = [source]
        seen[source] = true
        while let v = stack.popLast() {
            for arc in backwards ? incoming[v] : outgoing[v] where !removed[arc] {
                let w = backwards ? arcs[arc].from : arcs[arc].to
                if !seen[w] {
                    seen[w] = true
                    stack.append(w)
                }
            }
        }
        return seen
    }
}
