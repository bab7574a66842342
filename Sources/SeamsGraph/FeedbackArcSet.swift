/// Minimum-weight feedback arc sets: arcs whose removal leaves a graph acyclic, of small total
/// weight. Finding the minimum is NP-hard, so small graphs get the exact answer and large ones
/// a greedy order improved locally. Every step is deterministic: bounded by counted work, never
/// by the clock, so the same graph always gets the same cut.
public enum FeedbackArcSet {
    public struct Solution: Sendable, Equatable {
        /// Arc indices, ascending.
        public var arcs: [Int]
        public var weight: Int
        /// Whether the weight is proven minimal.
        public var exact: Bool
    }

    /// Limits of the search, with the defaults `seams untangle` uses.
    public struct Limits: Sendable {
        /// Graphs of at most this many nodes are solved exactly over all orders (2^n states).
        public var exactNodes = 20
        /// Graphs of at most this many arcs are solved exactly by branch and bound, while it
        /// stays within `searchSteps`.
        public var exactArcs = 60
        public var searchSteps = 20_000
        /// Node moves the local improvement may evaluate, in total (each costs its degree).
        public var improvementWork = 30_000_000
        public init() {}
    }

    public static func solve(_ g: WeightedDigraph, limits: Limits = Limits()) -> Solution {
        if g.arcs.isEmpty { return Solution(arcs: [], weight: 0, exact: true) }
        // 2^n states: beyond 24 nodes the table alone would not fit in memory.
        if g.count <= min(limits.exactNodes, 24) {
            let cut = g.backwardArcs(in: exactOrder(g))
            return Solution(arcs: cut, weight: g.weight(of: cut), exact: true)
        }
        var order = greedyOrder(g)
        order = improved(order, g, work: limits.improvementWork)
        var cut = minimal(g.backwardArcs(in: order), g)
        var exact = false
        if g.arcs.count <= limits.exactArcs,
            let best = branchAndBound(g, upperBound: g.weight(of: cut), steps: limits.searchSteps)
        {
            if let arcs = best.arcs { cut = arcs }
            exact = true
        }
        return Solution(arcs: cut.sorted(), weight: g.weight(of: cut), exact: exact)
    }

    // MARK: Eades–Lin–Smyth

    /// Eades, Lin and Smyth's greedy order, weighted: sinks go to the end, sources to the front,
    /// and otherwise the node whose outgoing weight most exceeds its incoming weight goes next.
    public static func greedyOrder(_ g: WeightedDigraph) -> [Int] {
        var alive = Array(repeating: true, count: g.count)
        var inDegree = g.incoming.map(\.count), outDegree = g.outgoing.map(\.count)
        var inWeight = g.incoming.map { g.weight(of: $0) }, outWeight = g.outgoing.map { g.weight(of: $0) }
        var sinks: [Int] = [], sources: [Int] = []
        var heap = MaxHeap()
        for v in 0..<g.count {
            if outDegree[v] == 0 { sinks.append(v) } else if inDegree[v] == 0 { sources.append(v) }
            heap.push(outWeight[v] - inWeight[v], v)
        }
        // Pop from the front of the lists: nodes are taken in the order they became free.
        var sinkHead = 0, sourceHead = 0
        var front: [Int] = [], back: [Int] = []
        front.reserveCapacity(g.count)

        func remove(_ v: Int) {
            alive[v] = false
            for arc in g.outgoing[v] {
                let u = g.arcs[arc].to
                guard alive[u] else { continue }
                inDegree[u] -= 1
                inWeight[u] -= g.arcs[arc].weight
                if inDegree[u] == 0 && outDegree[u] > 0 { sources.append(u) }
                heap.push(outWeight[u] - inWeight[u], u)
            }
            for arc in g.incoming[v] {
                let u = g.arcs[arc].from
                guard alive[u] else { continue }
                outDegree[u] -= 1
                outWeight[u] -= g.arcs[arc].weight
                if outDegree[u] == 0 { sinks.append(u) }
                heap.push(outWeight[u] - inWeight[u], u)
            }
        }

        var left = g.count
        while left > 0 {
            var progressed = false
            while sinkHead < sinks.count {
                let v = sinks[sinkHead]
                sinkHead += 1
                guard alive[v] else { continue }
                remove(v)
                back.append(v)
                left -= 1
                progressed = true
            }
            while sourceHead < sources.count {
                let v = sources[sourceHead]
                sourceHead += 1
                guard alive[v], outDegree[v] > 0 else { continue }
                remove(v)
                front.append(v)
                left -= 1
                progressed = true
                if sinkHead < sinks.count { break }
            }
            if progressed || left == 0 { continue }
            while let (delta, v) = heap.pop() {
                guard alive[v], delta == outWeight[v] - inWeight[v] else { continue }
                remove(v)
                front.append(v)
                left -= 1
                break
            }
        }
        return front + back.reversed()
    }

    // MARK: Exact, over all orders

    /// The order with the lightest backward arcs, by dynamic programming over the set of nodes
    /// already placed: best(S ∪ {v}) = best(S) + weight of v's arcs into S.
    public static func exactOrder(_ g: WeightedDigraph) -> [Int] {
        let n = g.count
        precondition(n <= 24, "exact orders are for small graphs")
        if n == 0 { return [] }
        let outs: [[(bit: Int, weight: Int)]] = (0..<n).map { v in
            g.outgoing[v].map { (1 << g.arcs[$0].to, g.arcs[$0].weight) }
        }
        let states = 1 << n
        var best = [Int](repeating: Int.max, count: states)
        var last = [UInt8](repeating: 0, count: states)
        best[0] = 0
        for s in 0..<states {
            let base = best[s]
            if base == Int.max { continue }
            var v = 0
            while v < n {
                let bit = 1 << v
                if s & bit == 0 {
                    var cost = base
                    for (target, weight) in outs[v] where s & target != 0 { cost += weight }
                    let t = s | bit
                    if cost < best[t] {
                        best[t] = cost
                        last[t] = UInt8(v)
                    }
                }
                v += 1
            }
        }
        var order: [Int] = []
        var s = states - 1
        while s != 0 {
            let v = Int(last[s])
            order.append(v)
            s &= ~(1 << v)
        }
        return order.reversed()
    }

    // MARK: Exact, by branch and bound

    /// Branches on the arcs of a shortest remaining cycle: one of them must go. Returns nil when
    /// the step budget runs out; `arcs` is nil when nothing beats `upperBound`.
    static func branchAndBound(_ g: WeightedDigraph, upperBound: Int, steps: Int) -> (arcs: [Int]?, weight: Int)? {
        var bestWeight = upperBound
        var bestArcs: [Int]?
        var budget = steps
        var removed = Set<Int>()
        var kept = Set<Int>()
        var exhausted = false

        func search(_ weight: Int) {
            if exhausted { return }
            budget -= 1
            if budget < 0 {
                exhausted = true
                return
            }
            guard let cycle = shortestCycle(g, without: removed) else {
                if weight < bestWeight {
                    bestWeight = weight
                    bestArcs = removed.sorted()
                }
                return
            }
            // The cycle's lightest removable arc bounds what is left to pay.
            let choices = cycle.filter { !kept.contains($0) }.sorted {
                (g.arcs[$0].weight, $0) < (g.arcs[$1].weight, $1)
            }
            guard let cheapest = choices.first, weight + g.arcs[cheapest].weight < bestWeight else { return }
            var keptHere: [Int] = []
            for arc in choices where weight + g.arcs[arc].weight < bestWeight {
                removed.insert(arc)
                search(weight + g.arcs[arc].weight)
                removed.remove(arc)
                // Later branches keep this arc: the same cut is never searched twice.
                kept.insert(arc)
                keptHere.append(arc)
                if exhausted { break }
            }
            for arc in keptHere { kept.remove(arc) }
        }
        search(0)
        return exhausted ? nil : (bestArcs, bestWeight)
    }

    /// A cycle with the fewest arcs, as arc indices, or nil when the graph is acyclic.
    static func shortestCycle(_ g: WeightedDigraph, without removed: Set<Int>) -> [Int]? {
        var best: [Int]?
        for start in 0..<g.count {
            var via = [Int?](repeating: nil, count: g.count)
            var seen = Array(repeating: false, count: g.count)
            seen[start] = true
            var queue = [start]
            var head = 0
            var depth = 0
            search: while head < queue.count {
                let levelEnd = queue.count
                depth += 1
                if let best, depth >= best.count { break }
                while head < levelEnd {
                    let v = queue[head]
                    head += 1
                    for arc in g.outgoing[v] where !removed.contains(arc) {
                        let w = g.arcs[arc].to
                        if w == start {
                            var path = [arc]
                            var cur = v
                            while let step = via[cur] {
                                path.append(step)
                                cur = g.arcs[step].from
                            }
                            best = path
                            break search
                        }
                        if !seen[w] {
                            seen[w] = true
                            via[w] = arc
                            queue.append(w)
                        }
                    }
                }
            }
            if best?.count == 2 { break }
        }
        return best
    }

    // MARK: Local improvement

    /// Moves one node at a time to the place in the order where its backward arcs weigh least,
    /// until no move helps or the work budget is spent.
    public static func improved(_ start: [Int], _ g: WeightedDigraph, work: Int) -> [Int] {
        var order = start
        var position = Array(repeating: 0, count: g.count)
        for (p, v) in order.enumerated() { position[v] = p }
        var budget = work
        var changed = true
        while changed && budget > 0 {
            changed = false
            for v in 0..<g.count {
                let degree = g.outgoing[v].count + g.incoming[v].count
                if degree == 0 { continue }
                budget -= degree + 1
                if budget < 0 { break }
                // Cost of v at a gap: arcs from v to nodes before it plus arcs into v from nodes after it.
                // Sweep the neighbours by position; the cost changes only as v passes one of them.
                var events: [(position: Int, delta: Int)] = []
                var cost = 0
                for arc in g.incoming[v] {
                    cost += g.arcs[arc].weight  // v placed first: every arc into v points back
                    events.append((position[g.arcs[arc].from], -g.arcs[arc].weight))
                }
                for arc in g.outgoing[v] { events.append((position[g.arcs[arc].to], g.arcs[arc].weight)) }
                events.sort { $0.position < $1.position }
                let here = position[v]
                var currentCost = 0
                for arc in g.outgoing[v] where position[g.arcs[arc].to] < here { currentCost += g.arcs[arc].weight }
                for arc in g.incoming[v] where position[g.arcs[arc].from] > here { currentCost += g.arcs[arc].weight }
                // Best gap: "just before the node at position p" (p == count: at the end).
                var bestCost = cost, bestGap = events.first.map { $0.position } ?? 0
                var i = 0
                while i < events.count {
                    let p = events[i].position
                    while i < events.count && events[i].position == p {
                        cost += events[i].delta
                        i += 1
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestGap = p + 1
                    }
                }
                guard bestCost < currentCost else { continue }
                // Move v into the gap before the node now at `bestGap` (positions still counted with v in place).
                order.remove(at: here)
                let target = bestGap > here ? bestGap - 1 : bestGap
                order.insert(v, at: target)
                for p in min(here, target)...max(here, target) { position[order[p]] = p }
                budget -= abs(target - here)
                changed = true
            }
        }
        return order
    }

    /// Puts back every cut arc that closes no cycle on its own, heaviest first.
    public static func minimal(_ cut: [Int], _ g: WeightedDigraph) -> [Int] {
        var removed = Array(repeating: false, count: g.arcs.count)
        for arc in cut { removed[arc] = true }
        let heaviestFirst = cut.sorted { (g.arcs[$0].weight, $1) > (g.arcs[$1].weight, $0) }
        for arc in heaviestFirst {
            removed[arc] = false
            // Still needed when, without it, its head reaches its tail again.
            if g.reachable(from: g.arcs[arc].to, removedMask: removed)[g.arcs[arc].from] { removed[arc] = true }
        }
        return cut.filter { removed[$0] }.sorted()
    }
}

/// A binary max-heap of (key, node); ties go to the smaller node, so the order is fixed.
struct MaxHeap {
    private var items: [(key: Int, node: Int)] = []

    private static func above(_ a: (key: Int, node: Int), _ b: (key: Int, node: Int)) -> Bool {
        a.key > b.key || (a.key == b.key && a.node < b.node)
    }

    mutating func push(_ key: Int, _ node: Int) {
        items.append((key, node))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.above(items[i], items[parent]) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (Int, Int)? {
        guard !items.isEmpty else { return nil }
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && Self.above(items[l], items[m]) { m = l }
                if r < items.count && Self.above(items[r], items[m]) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return (top.key, top.node)
    }
}
