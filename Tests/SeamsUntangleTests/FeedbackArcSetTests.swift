import SeamsGraph
import SeamsTestSupport
import Testing

/// A random graph: `arcs` distinct arcs between `nodes` nodes, weights 1...maxWeight.
func randomGraph(nodes: Int, arcs: Int, maxWeight: Int, _ rng: inout SeededRandom) -> WeightedDigraph {
    var seen = Set<[Int]>()
    var list: [WeightedDigraph.Arc] = []
    while list.count < arcs {
        let a = Int.random(in: 0..<nodes, using: &rng), b = Int.random(in: 0..<nodes, using: &rng)
        guard a != b, seen.insert([a, b]).inserted else { continue }
        list.append(.init(from: a, to: b, weight: Int.random(in: 1...maxWeight, using: &rng)))
    }
    return WeightedDigraph(count: nodes, arcs: list)
}

/// The lightest acyclic-making arc set, by trying every subset.
func bruteForceMinimum(_ g: WeightedDigraph) -> Int {
    var best = Int.max
    for mask in 0..<(1 << g.arcs.count) {
        let removed = Set(g.arcs.indices.filter { mask & (1 << $0) != 0 })
        let w = g.weight(of: removed)
        if w < best && g.components(without: removed).isEmpty { best = w }
    }
    return best
}

@Suite struct FeedbackArcSetTests {
    @Test func exactMatchesBruteForceOnRandomSmallGraphs() {
        var rng = SeededRandom(11)
        for round in 0..<150 {
            let n = Int.random(in: 2...7, using: &rng)
            let m = Int.random(in: 1...min(n * (n - 1), 13), using: &rng)
            let g = randomGraph(nodes: n, arcs: m, maxWeight: 6, &rng)
            let solution = FeedbackArcSet.solve(g)
            #expect(solution.exact)
            #expect(g.components(without: Set(solution.arcs)).isEmpty, "round \(round)")
            #expect(solution.weight == bruteForceMinimum(g), "round \(round): \(g.arcs)")
        }
    }

    @Test func branchAndBoundMatchesBruteForceWhenTheOrderSearchIsOff() {
        var rng = SeededRandom(12)
        var limits = FeedbackArcSet.Limits()
        limits.exactNodes = 0  // force the arc search
        for round in 0..<100 {
            let n = Int.random(in: 3...8, using: &rng)
            let m = Int.random(in: 2...min(n * (n - 1), 13), using: &rng)
            let g = randomGraph(nodes: n, arcs: m, maxWeight: 5, &rng)
            let solution = FeedbackArcSet.solve(g, limits: limits)
            #expect(solution.exact)
            #expect(g.components(without: Set(solution.arcs)).isEmpty, "round \(round)")
            #expect(solution.weight == bruteForceMinimum(g), "round \(round): \(g.arcs)")
        }
    }

    @Test func largeGraphsAreCutAcyclicAndNeverHeavierThanEadesLinSmyth() {
        var rng = SeededRandom(13)
        for round in 0..<12 {
            let n = Int.random(in: 25...160, using: &rng)
            let g = randomGraph(nodes: n, arcs: n * Int.random(in: 2...5, using: &rng), maxWeight: 9, &rng)
            let solution = FeedbackArcSet.solve(g)
            let els = g.backwardArcs(in: FeedbackArcSet.greedyOrder(g))
            #expect(g.components(without: Set(els)).isEmpty)
            #expect(g.components(without: Set(solution.arcs)).isEmpty, "round \(round)")
            #expect(solution.weight <= g.weight(of: els), "round \(round)")
        }
    }

    @Test func everyCutOfAMinimalSetIsNeeded() {
        var rng = SeededRandom(14)
        let g = randomGraph(nodes: 60, arcs: 240, maxWeight: 4, &rng)
        let cut = FeedbackArcSet.solve(g).arcs
        for arc in cut {
            #expect(!g.components(without: Set(cut).subtracting([arc])).isEmpty, "arc \(arc) is not needed")
        }
    }

    @Test func aTwoThousandNodeTangleIsCutAcyclic() {
        var rng = SeededRandom(15)
        let g = randomGraph(nodes: 2000, arcs: 6000, maxWeight: 8, &rng)
        #expect(!g.components().isEmpty)
        var limits = FeedbackArcSet.Limits()
        limits.improvementWork = 2_000_000  // debug builds: the property, not the polish
        let solution = FeedbackArcSet.solve(g, limits: limits)
        #expect(g.components(without: Set(solution.arcs)).isEmpty)
        #expect(!solution.exact)
    }

    @Test func cutOrderEndsAcyclicAndCountsWhatEachCutFrees() {
        // Two triangles joined by one arc each way: cutting a bridge frees nothing, a triangle's arc frees it.
        let arcs: [WeightedDigraph.Arc] = [
            .init(from: 0, to: 1, weight: 1), .init(from: 1, to: 2, weight: 1), .init(from: 2, to: 0, weight: 1),
            .init(from: 3, to: 4, weight: 1), .init(from: 4, to: 5, weight: 1), .init(from: 5, to: 3, weight: 1),
            .init(from: 2, to: 3, weight: 1), .init(from: 5, to: 0, weight: 1),
        ]
        let g = WeightedDigraph(count: 6, arcs: arcs)
        let solution = FeedbackArcSet.solve(g)
        #expect(solution.weight == 2)
        let steps = CutOrder.order(solution.arcs, in: g)
        #expect(steps.count == 2)
        #expect(steps.last?.largestAfter == 0)
        #expect(steps.last?.freedAfter == 6)
        #expect(steps[0].freedAfter == 3)
        #expect(steps[0].largestAfter == 3)
    }

    @Test func theExactOrderIsTheSameOnEveryRun() {
        var rng = SeededRandom(16)
        let g = randomGraph(nodes: 14, arcs: 40, maxWeight: 3, &rng)
        #expect(FeedbackArcSet.solve(g) == FeedbackArcSet.solve(g))
        let big = randomGraph(nodes: 300, arcs: 1200, maxWeight: 3, &rng)
        #expect(FeedbackArcSet.solve(big) == FeedbackArcSet.solve(big))
    }
}
