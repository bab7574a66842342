import SeamsGraph

/// Some types are for a few to use: only types matching 'from' may depend on types matching 'to'.
public struct OnlyRule: Rule {
    public static let description = RuleDescription(
        kind: "only",
        summary: "Only types matching 'from' may depend on types matching 'to'.",
        rationale: """
            Keeps a type such as the app delegate from turning into a service locator again: \
            anyone else who reaches for it breaks the rule. Dependencies among the guarded \
            types themselves are allowed.
            """,
        keys: ["from", "to"],
        required: ["from", "to"],
        examples: [
            RuleExample(
                "a view controller reaches for the app delegate",
                sources: [
                    "App/AppDelegate.swift": "class AppDelegate { var window: Window? }",
                    "App/SceneDelegate.swift": "class SceneDelegate { let app = AppDelegate() }",
                    "App/Window.swift": "class Window {}",
                    "App/SettingsViewController.swift": "class SettingsViewController { let app = AppDelegate() }",
                ],
                config: """
                    rules:
                      - id: only-root-knows-appdelegate
                        kind: only
                        to: { type: AppDelegate }
                        from: { type: "AppDelegate|SceneDelegate" }
                    """,
                expected: ["App.SettingsViewController → App.AppDelegate"]),
            RuleExample(
                "the guarded module's own types may use each other",
                sources: [
                    "Storage/Store.swift": "class Store { let cache = Cache() }",
                    "Storage/Cache.swift": "class Cache {}",
                    "App/Repo.swift": "class Repo { let store = Store() }",
                ],
                config: "rules: [{ id: only-repo, kind: only, to: { module: Storage }, from: { type: Repo } }]",
                expected: []),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        guard let from = spec.from, let to = spec.to else { return [] }
        let graph = context.graph(for: spec, external: true)
        let allowed = context.ids(of: graph, matching: from)
        let guarded = context.ids(of: graph, matching: to)
        return graph.edges.compactMap { edge in
            guard guarded.contains(edge.to), !allowed.contains(edge.from), !guarded.contains(edge.from) else {
                return nil
            }
            return context.dependency(
                edge, spec: spec,
                message: "\(edge.from) must not depend on \(edge.to): only types matching \(from) may")
        }
    }
}
