/// The order in which to make the cuts of a feedback arc set, and what each one buys: each next
/// cut breaks off the most for the least work.
public enum CutOrder {
    public struct Step: Sendable, Equatable {
        public var arc: Int
        /// After this cut and the ones before it: the largest component left (0 when acyclic),
        /// how many nodes no longer lie on any cycle, and how many components remain.
        public var largestAfter: Int
        public var freedAfter: Int
        public var componentsAfter: Int
    }

    /// Orders `cut` (which must leave `g` acyclic). While the work allows, greedily: the cut
    /// whose removal frees the most nodes and shrinks the largest component the most, per unit
    /// of weight. Ties, and every choice on large cut sets, go to the cut that on its own would
    /// close the largest cycle again once all the others are made: the one that holds the most.
    /// `steps` stops after that many cuts: those given are the first of the whole order.
    public static func order(
        _ cut: [Int], in g: WeightedDigraph, removedBefore: Set<Int> = [], work: Int = 50_000_000, steps limit: Int = .max
    ) -> [Step] {
        var mask = Array(repeating: false, count: g.arcs.count)
        for arc in cut { mask[arc] = true }
        for arc in removedBefore { mask[arc] = true }
        // What each cut alone would close again: the nodes on paths from its head back to its tail.
        var holds: [Int: Int] = [:]
        for arc in cut {
            mask[arc] = false
            let forward = g.reachable(from: g.arcs[arc].to, removedMask: mask)
            let backward = g.reachable(from: g.arcs[arc].from, backwards: true, removedMask: mask)
            mask[arc] = true
            holds[arc] = (0..<g.count).count { forward[$0] && backward[$0] }
        }
        func better(_ a: Int, _ b: Int) -> Bool {
            // holds(a)/w(a) > holds(b)/w(b), by cross-multiplication; then the smaller arc.
            let l = holds[a]! * g.arcs[b].weight, r = holds[b]! * g.arcs[a].weight
            return l != r ? l > r : a < b
        }

        let size = g.count + g.arcs.count
        let greedy = cut.count * cut.count * size <= work
        var removed = Array(repeating: false, count: g.arcs.count)
        for arc in removedBefore { removed[arc] = true }
        var remaining = cut.sorted(by: better)
        var figures = Figures(g.components(removedMask: removed), of: g.count)
        var steps: [Step] = []
        while !remaining.isEmpty && steps.count < limit {
            var pick = 0
            var pickFigures: Figures?
            if greedy {
                var bestGain = -1
                for (i, arc) in remaining.enumerated() {
                    removed[arc] = true
                    let after = Figures(g.components(removedMask: removed), of: g.count)
                    removed[arc] = false
                    let gain = (after.freed - figures.freed) + (figures.largest - after.largest)
                    // gain / weight, by cross-multiplication; `remaining` is sorted by `better` for ties.
                    if bestGain < 0 || gain * g.arcs[remaining[pick]].weight > bestGain * g.arcs[arc].weight {
                        bestGain = gain
                        pick = i
                        pickFigures = after
                    }
                }
            }
            let arc = remaining.remove(at: pick)
            removed[arc] = true
            figures = pickFigures ?? Figures(g.components(removedMask: removed), of: g.count)
            steps.append(
                Step(
                    arc: arc, largestAfter: figures.largest, freedAfter: figures.freed,
                    componentsAfter: figures.components))
        }
        return steps
    }

    private struct Figures {
        var largest: Int
        var freed: Int
        var components: Int

        init(_ components: [[Int]], of count: Int) {
            largest = components.map(\.count).max() ?? 0
            freed = count - components.reduce(0) { $0 + $1.count }
            self.components = components.count
        }
    }
}
