import SeamsGraph
import SeamsTestability
import SeamsRules

/// Makes the cut plans: components of hard edges, a light feedback arc set for each, cuts in
/// the order that buys the most first, and a recipe for each cut.
public struct Untangler: Sendable {
    public var scope: Granularity = .type
    public var settings = UntangleSettings()
    public var limits = FeedbackArcSet.Limits()
    /// Work allowed to the greedy ordering of one component's cuts (see `CutOrder`).
    public var orderWork = 50_000_000

    public init() {}

    /// `graph` is the scan at type level; external types, when present, only inform recipes.
    public func plan(_ graph: Graph) -> UntanglePlan {
        let chooser = RecipeChooser(graph: graph)
        let soft = softPairs(graph)
        let view = graph.hardOnly().removingExternal().regrouped(by: scope)
        let byID = Dictionary(view.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var usedPins = Set<String>()
        var components: [UntanglePlan.Component] = []
        var nesting: [UntanglePlan.Nesting] = []
        let analysis = view.cycles()
        var inside: [Int: [Edge]] = [:]
        for e in view.edges {
            if let c = analysis.component(of: e.from), analysis.component(of: e.to) == c {
                inside[c, default: []].append(e)
            }
        }
        for (index, members) in analysis.components.enumerated() {
            if scope == .type, let root = CycleAnalysis.nestingRoot(of: members) {
                nesting.append(UntanglePlan.Nesting(root: root, members: members))
                continue
            }
            components.append(
                planComponent(
                    members, edges: inside[index] ?? [], nodes: byID, chooser: chooser, soft: soft,
                    usedPins: &usedPins))
        }
        components.sort { ($1.size, $0.members[0]) < ($0.size, $1.members[0]) }
        var notes: [String] = []
        for (list, name) in [(settings.keep, "keep"), (settings.cut, "cut")] {
            for (i, pin) in list.enumerated() where !usedPins.contains("\(name)#\(i)") {
                notes.append(
                    "untangle.\(name) entry at line \(pin.location.line) (\(pin)) matches no edge on a cycle; remove it"
                )
            }
        }
        return UntanglePlan(
            root: graph.root, scope: scope,
            weights: Dictionary(uniqueKeysWithValues: settings.weights.map { ($0.key.rawValue, $0.value) }),
            components: components, nesting: nesting, notes: notes)
    }

    private func planComponent(
        _ members: [String], edges: [Edge], nodes: [String: Node], chooser: RecipeChooser,
        soft: [EdgeKey: [SiteKind]], usedPins: inout Set<String>
    ) -> UntanglePlan.Component {
        var index: [String: Int] = [:]
        for (i, m) in members.enumerated() { index[m] = i }
        let pairs = Set(edges.map { EdgeKey($0) })
        let base = edges.map { e in
            let part = nodes[e.to].map { $0.kind == .class || $0.kind == .actor } ?? false
            let w = settings.weight(of: e, callsBack: part && pairs.contains(EdgeKey(from: e.to, to: e.from)))
            // A file's globals are declared with their types: the uses of the global are what to cut.
            return nodes[e.from]?.kind == .fileScope ? w * settings.ownerFactor : w
        }
        // A kept edge costs more than every other edge together: cut only when nothing else breaks its cycle.
        let keepCost = base.reduce(1, +)
        var kept = Set<Int>(), decided = Set<Int>()
        for (i, e) in edges.enumerated() {
            guard let a = nodes[e.from], let b = nodes[e.to] else { continue }
            for (p, pin) in settings.keep.enumerated() where pin.matches(from: a, to: b) {
                kept.insert(i)
                usedPins.insert("keep#\(p)")
            }
            for (p, pin) in settings.cut.enumerated() where pin.matches(from: a, to: b) {
                decided.insert(i)
                usedPins.insert("cut#\(p)")
            }
        }
        decided.subtract(kept)
        let arcs = edges.enumerated().map { i, e in
            WeightedDigraph.Arc(from: index[e.from]!, to: index[e.to]!, weight: kept.contains(i) ? keepCost : base[i])
        }
        let whole = WeightedDigraph(count: members.count, arcs: arcs)
        // The plan is made on what the decided cuts leave; arc indices of `rest` map back through `restArcs`.
        let restArcs = arcs.indices.filter { !decided.contains($0) }
        let rest = WeightedDigraph(count: members.count, arcs: restArcs.map { arcs[$0] })
        let solution = FeedbackArcSet.solve(rest, limits: limits)
        let planned = solution.arcs.map { restArcs[$0] }
        let decidedSteps = CutOrder.order(decided.sorted(), in: whole, work: orderWork)
        let plannedSteps = CutOrder.order(planned, in: whole, removedBefore: decided, work: orderWork)

        func cut(_ step: CutOrder.Step, order: Int) -> UntanglePlan.Cut {
            let e = edges[step.arc]
            let uses = chooser.recipes(for: e).map {
                UntanglePlan.RecipeUse(recipe: $0.recipe, sites: $0.sites, lesson: $0.recipe.lesson)
            }
            return UntanglePlan.Cut(
                order: order, from: e.from, to: e.to, weight: base[step.arc], kinds: e.kinds, sites: e.sites,
                recipe: uses[0].recipe, recipes: uses,
                soft: Array(
                    Set((soft[EdgeKey(from: e.from, to: e.to)] ?? []) + (soft[EdgeKey(from: e.to, to: e.from)] ?? []))
                ).sorted(),
                largestAfter: step.largestAfter, freedAfter: step.freedAfter, componentsAfter: step.componentsAfter)
        }
        let decidedCuts = decidedSteps.enumerated().map { cut($1, order: $0 + 1) }
        let plannedCuts = plannedSteps.enumerated().map { cut($1, order: decidedCuts.count + $0 + 1) }
        let final = plannedSteps.last ?? decidedSteps.last
        return UntanglePlan.Component(
            members: members, size: members.count, edges: edges.count, decided: decidedCuts, cuts: plannedCuts,
            weight: plannedCuts.reduce(0) { $0 + $1.weight }, exact: solution.exact,
            acyclic: final.map { $0.largestAfter == 0 } ?? false,
            keptButCut: planned.filter { kept.contains($0) }.count)
    }

    /// The soft kinds between two types, at the plan's scope.
    private func softPairs(_ graph: Graph) -> [EdgeKey: [SiteKind]] {
        guard graph.edges.contains(where: { $0.kinds.contains(where: \.isSoft) }) else { return [:] }
        let softOnly = graph.keepingSites { $0.kind.isSoft }.removingExternal().regrouped(by: scope)
        var out: [EdgeKey: [SiteKind]] = [:]
        for e in softOnly.edges { out[EdgeKey(e)] = e.kinds }
        return out
    }
}
