import SeamsGraph

/// Types (or modules) that depend on each other in a circle can only be changed, tested and
/// moved together. One violation per strongly connected component, never one per edge.
public struct NoCyclesRule: Rule {
    public static let description = RuleDescription(
        kind: "no-cycles",
        summary: "No dependency cycles, between types or between modules.",
        rationale: """
            Every member of a cycle depends on every other, so none can be built, tested or moved \
            alone. Each cycle is reported once, as its strongly connected component, with one \
            shortest witness cycle and the sites of each of its edges.
            """,
        keys: ["scope", "from"],
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
                "a component of three is reported once, with its shortest cycle",
                sources: [
                    "App/A.swift": "class A { var b: B?; var c: C? }",
                    "App/B.swift": "class B { var c: C? }",
                    "App/C.swift": "class C { var a: A? }",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles }]",
                expected: ["App.A → App.C → App.A"]),
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
                expected: ["Networking → UI → Networking"]),
            RuleExample(
                "via: counting only type annotations, a cycle closed by a construction is none",
                sources: [
                    "App/A.swift": "class A { var b: B? }",
                    "App/B.swift": "class B { func make() { _ = A() } }",
                ],
                config: "rules: [{ id: no-cycles, kind: no-cycles, via: [type] }]",
                expected: []),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    /// The members, up to ten of them.
    func listed(_ members: [String]) -> String {
        members.count <= 10
            ? members.joined(separator: ", ")
            : members.prefix(10).joined(separator: ", ") + " and \(members.count - 10) more"
    }

    public func violations(in context: RuleContext) -> [Violation] {
        var graph = context.graph(for: spec, scope: spec.scope)
        if let from = spec.from { graph = graph.restricted(to: context.ids(of: graph, matching: from)) }
        let noun = spec.scope == .module ? "modules" : "types"
        let analysis = graph.cycles()
        return zip(analysis.components, graph.shortestCycles(analysis)).map { members, edges in
            let steps = edges.map { CycleStep(from: $0.from, to: $0.to, sites: $0.sites) }
            let path = steps.map(\.from)
            let witness = (path + [path[0]]).joined(separator: " → ")
            var v = Violation(
                rule: spec, subject: .cycle,
                message: "\(members.count) \(noun) depend on each other (\(listed(members))), as in \(witness)",
                location: context.location(of: steps[0].sites, orNode: path[0], spec: spec))
            v.members = members
            v.size = members.count
            v.cycle = steps
            v.sites = steps.flatMap(\.sites)
            return v
        }
    }
}
