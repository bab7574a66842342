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

    public func violations(in context: RuleContext) -> [Violation] {
        var graph = context.graph(for: spec, scope: spec.scope)
        if let from = spec.from { graph = graph.restricted(to: context.ids(of: graph, matching: from)) }
        let noun = spec.scope == .module ? "modules" : "types"
        let analysis = graph.cycles(includingSoft: spec.includeSoft)
        return zip(analysis.components, graph.shortestCycles(analysis)).compactMap { members, edges in
            let nesting = spec.scope == .type ? CycleAnalysis.nestingRoot(of: members) : nil
            if nesting != nil && spec.nesting == .ignore { return nil }
            let steps = edges.map { CycleStep(from: $0.from, to: $0.to, sites: $0.sites) }
            let path = steps.map(\.from)
            let witness = (path + [path[0]]).joined(separator: " → ")
            let what =
                nesting.map { "\($0) and its own nested types depend on each other (\(listed(members)))" }
                ?? "\(members.count) \(noun) depend on each other (\(listed(members)))"
            var v = Violation(
                rule: spec, subject: .cycle,
                message: "\(what), as in \(witness)",
                location: context.location(of: steps[0].sites, orNode: path[0], spec: spec))
            v.members = members
            v.size = members.count
            v.cycle = steps
            v.sites = steps.flatMap(\.sites)
            return v
        }
    }
}
