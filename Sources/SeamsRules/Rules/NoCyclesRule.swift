import SeamsGraph

/// Types (or modules) that depend on each other in a circle can only be changed, tested and
/// moved together. One violation per strongly connected component, never one per edge.
public struct NoCyclesRule: Rule {
    public static let description = RuleDescription(
        kind: "no-cycles",
        summary: "No dependency cycles, between types or between modules.",
        rationale: """
            Every member of a cycle depends on every other, so none can be built, tested or moved \
            alone. Each cycle is reported once, as its strongly connected component, with a \
            witness: the shortest cycle through the cut `seams untangle` would make first, \
            starting with that cut, so the first site named is the line to change.
            """,
        keys: ["scope", "from", "nesting"],
        required: [],
        examples: [
            RuleExample(
                "two classes that know each other",
                sources: [
                    "App/API.swift": "class API { func delegate() -> AppDelegate? { nil } }",
                    "App/AppDelegate.swift": "class AppDelegate { let api = API() }",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: ["App.API → App.AppDelegate → App.API"]),
            RuleExample(
                "a component of three is reported once, through the cut that breaks it (C → A)",
                sources: [
                    "App/A.swift": "class A { var b: B?; var c: C? }",
                    "App/B.swift": "class B { var c: C? }",
                    "App/C.swift": "class C { var a: A? }",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: ["App.C → App.A → App.C"]),
            RuleExample(
                "a chain is no cycle",
                sources: [
                    "App/A.swift": "class A { var b: B? }",
                    "App/B.swift": "class B { var c: C? }",
                    "App/C.swift": "class C {}",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: []),
            RuleExample(
                "module scope: types in two modules that lean on each other",
                sources: [
                    "Networking/API.swift": "class API { var screen: Screen? }",
                    "UI/Screen.swift": "class Screen { var api: API? }",
                    "UI/Theme.swift": "struct Theme {}",
                ],
                config: "rules: [{ id: module-cycles, kind: no-cycles, scope: module }]",
                expected: ["UI → Networking → UI"]),
            RuleExample(
                "via: counting only type annotations, a cycle closed by a construction is none",
                sources: [
                    "App/A.swift": "class A { var b: B? }",
                    "App/B.swift": "class B { func make() { _ = A() } }",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles, via: [type] }]",
                expected: []),
            RuleExample(
                "a type and its own nested type: reported as nesting unless `nesting: ignore`",
                sources: [
                    "App/MapView.swift":
                        "struct MapView { var coordinator: Coordinator?; class Coordinator { var parent: MapView? } }"
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: ["App.MapView → App.MapView.Coordinator → App.MapView"]),
            RuleExample(
                "nesting: ignore leaves a type and its nested types alone",
                sources: [
                    "App/MapView.swift":
                        "struct MapView { var coordinator: Coordinator?; class Coordinator { var parent: MapView? } }"
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles, nesting: ignore }]",
                expected: []),
            RuleExample(
                "a notification is soft: the cycle it closes counts only with include-soft",
                sources: notificationSources,
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: []),
            RuleExample(
                "include-soft: true counts the observer → poster edge",
                sources: notificationSources,
                config: "rules: [{ id: no-cycles, kind: no-cycles, include-soft: true }]",
                expected: ["App.API → App.Owner → App.API"]),
        ])

    /// The owner makes the API and posts; the API observes: soft API → Owner, hard Owner → API.
    static let notificationSources = [
        "App/API.swift": """
        import Foundation
        class API {
            init() { NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { _ in } }
        }
        """,
        "App/Owner.swift": """
        import Foundation
        extension Notification.Name { static let themeChanged = Notification.Name("themeChanged") }
        class Owner {
            let api = API()
            func changeTheme() { NotificationCenter.default.post(name: .themeChanged, object: nil) }
        }
        """,
    ]

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    /// The members, up to ten of them.
    func listed(_ members: [String]) -> String {
        members.count <= 10
            ? members.joined(separator: ", ")
            : members.prefix(10).joined(separator: ", ") + " and \(members.count - 10) more"
    }

    /// The graph the rule reads: its scope and sites, and only the nodes `from` names.
    func view(_ context: RuleContext) -> Graph {
        let graph = context.graph(for: spec, scope: spec.scope)
        guard let from = spec.from else { return graph }
        return graph.restricted(to: context.ids(of: graph, matching: from))
    }

    public func violations(in context: RuleContext) -> [Violation] {
        let graph = view(context)
        let noun = spec.scope == .module ? "modules" : "types"
        let analysis = graph.cycles(includingSoft: spec.includeSoft)
        let inside = graph.edgesInside(analysis, includingSoft: spec.includeSoft)
        let nodes = context.nodes(of: graph)
        return analysis.components.indices.compactMap { c in
            let members = analysis.components[c]
            let nesting = spec.scope == .type ? CycleAnalysis.nestingRoot(of: members) : nil
            if nesting != nil && spec.nesting == .ignore { return nil }
            // A nesting cycle is Swift's idiom, not a tangle: untangle plans no cut for it.
            let steps =
                nesting == nil
                ? context.witness(members, edges: inside[c], nodes: nodes)
                : Graph.shortestCycle(in: members, edges: inside[c]).map(CycleStep.init)
            let witness = CycleStep.path(steps)
            let what =
                nesting.map { "\($0) and its own nested types depend on each other (\(listed(members)))" }
                ?? "\(members.count) \(noun) depend on each other (\(listed(members)))"
            return violation(members, steps: steps, message: "\(what), as in \(witness)", context: context)
        }
    }

    private func violation(_ members: [String], steps: [CycleStep], message: String, context: RuleContext) -> Violation {
        var v = Violation(
            rule: spec, subject: .cycle, message: message,
            location: context.location(of: steps[0].sites, orNode: steps[0].from, spec: spec))
        v.members = members
        v.size = members.count
        v.cycle = steps
        v.sites = steps.flatMap(\.sites)
        return v
    }

    /// A cycle that holds the members of baselined cycles and more, or that joins several: said
    /// as grown, witnessed through a new edge, and located at the cut that undoes the growth
    /// first (untangle's plan with each baselined cycle held as one node).
    public func grown(_ v: Violation, from entries: [BaselineEntry], in context: RuleContext) -> Violation {
        guard let members = v.members else { return v }
        let memberSet = Set(members)
        var groups: [String: Int] = [:]
        for (i, entry) in entries.enumerated() {
            for m in entry.members ?? [] where memberSet.contains(m) && groups[m] == nil { groups[m] = i }
        }
        let graph = view(context)
        let edges = graph.edges.filter {
            memberSet.contains($0.from) && memberSet.contains($0.to) && (spec.includeSoft || !$0.soft)
        }
        let steps = context.witness(members, edges: edges, nodes: context.nodes(of: graph), groups: groups)
        guard !steps.isEmpty else { return v }
        let was = Set(entries.flatMap { $0.members ?? [] })
        let joined = members.filter { !was.contains($0) }
        let noun = spec.scope == .module ? "modules" : "types"
        let old =
            entries.count == 1
            ? "the cycle of \(listed(entries[0].members ?? []))"
            : "the cycles of " + entries.map { "{\(listed($0.members ?? []))}" }.joined(separator: " and ")
        let how =
            joined.isEmpty
            ? "joined through \(steps[0].from) → \(steps[0].to)" : "joined by \(listed(joined))"
        var grown = violation(
            members, steps: steps,
            message:
                "\(old) grew to \(members.count) \(noun) (\(listed(members))): \(how), as in \(CycleStep.path(steps))",
            context: context)
        grown.grewFrom = entries
        grown.joined = joined
        grown.baselined = false
        return grown
    }
}

extension CycleStep {
    init(_ edge: Edge) { self.init(from: edge.from, to: edge.to, sites: edge.sites) }

    /// `A → B → A`: the steps as one path, back to where it started.
    static func path(_ steps: [CycleStep]) -> String {
        (steps.map(\.from) + [steps.first?.from ?? ""]).joined(separator: " → ")
    }
}
