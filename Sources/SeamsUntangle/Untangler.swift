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
    /// What a team accepts (logging, theming, localized strings): edges made only of such uses are held.
    public var benign = BenignTable.standard()
    /// The app's replaceable environment (`TestabilityAnalysis.environment`), found from the
    /// whole scan: a plan of production code only no longer sees the tests that replace it.
    /// Nil: found from the graph planned.
    public var environment: Set<String>?

    public init() {}

    /// `graph` is the scan at type level; external types, when present, only inform recipes.
    public func plan(_ graph: Graph) -> UntanglePlan {
        let soft = softPairs(graph)
        let roots = scope == .type ? graph.compositionRoots() : []
        let chooser = RecipeChooser(graph: graph, roots: scope == .type ? roots : nil)
        // What every component's plan holds rather than cuts.
        var cuts = CycleCuts(settings: settings)
        cuts.limits = limits
        cuts.orderWork = orderWork
        if scope == .type {
            cuts.entities = HeldEdge.entities(of: graph)
            cuts.appIntents = HeldEdge.appIntents(of: graph)
            cuts.roots = roots
            cuts.benign = HeldEdge.benignEdges(graph, table: benign)
            cuts.byUse = HeldEdge.byUse(graph)
            cuts.environment = environment ?? TestabilityAnalysis.environment(graph)
        }
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
                    members, edges: inside[index] ?? [], nodes: byID, chooser: chooser, soft: soft, cuts: cuts,
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
            weights: Dictionary(uniqueKeysWithValues: SiteKind.allCases.map { ($0.rawValue, settings.weight(of: $0)) }),
            components: components, nesting: nesting, notes: notes)
    }

    private func planComponent(
        _ members: [String], edges: [Edge], nodes: [String: Node], chooser: RecipeChooser,
        soft: [EdgeKey: [SiteKind]], cuts: CycleCuts, usedPins: inout Set<String>
    ) -> UntanglePlan.Component {
        let plan = cuts.plan(members, edges: edges, nodes: nodes)
        usedPins.formUnion(plan.pins)

        func cut(_ step: CutOrder.Step, order: Int) -> UntanglePlan.Cut {
            let e = edges[plan.edgeOfArc[step.arc]]
            let uses = chooser.recipes(for: e).map {
                UntanglePlan.RecipeUse(recipe: $0.recipe, sites: $0.sites, lesson: $0.recipe.lesson)
            }
            return UntanglePlan.Cut(
                order: order, from: e.from, to: e.to, weight: plan.base[step.arc], kinds: e.kinds, sites: e.sites,
                recipe: uses[0].recipe, recipes: uses,
                soft: Array(
                    Set((soft[EdgeKey(from: e.from, to: e.to)] ?? []) + (soft[EdgeKey(from: e.to, to: e.from)] ?? []))
                ).sorted(),
                largestAfter: step.largestAfter, freedAfter: step.freedAfter, componentsAfter: step.componentsAfter)
        }
        let decidedCuts = plan.decided.enumerated().map { cut($1, order: $0 + 1) }
        let plannedCuts = plan.planned.enumerated().map { cut($1, order: decidedCuts.count + $0 + 1) }
        let final = plan.planned.last ?? plan.decided.last
        let heldLeft = plan.heldLeft.map { arc -> UntanglePlan.Component.HeldLeft in
            let e = edges[plan.edgeOfArc[arc]]
            return UntanglePlan.Component.HeldLeft(from: e.from, to: e.to, reason: plan.held[arc]!.reason)
        }
        return UntanglePlan.Component(
            members: members, size: members.count, edges: edges.count, decided: decidedCuts, cuts: plannedCuts,
            weight: plannedCuts.reduce(0) { $0 + $1.weight }, exact: plan.exact,
            acyclic: final.map { $0.largestAfter == 0 } ?? false,
            keptButCut: plan.plannedArcs.filter { plan.kept.contains($0) }.count,
            heldLeft: heldLeft.isEmpty ? nil : heldLeft)
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
