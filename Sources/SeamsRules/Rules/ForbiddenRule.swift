import SeamsGraph

/// A dependency that must not exist: from one set of types to another.
public struct ForbiddenRule: Rule {
    public static let description = RuleDescription(
        kind: "forbidden",
        summary: "Types matching 'from' must not depend on types matching 'to'.",
        rationale: """
            Names a dependency that must never come back once cut, such as the API client \
            reaching into the app delegate or a view controller. 'from' defaults to every type \
            of the scanned code; 'to' may name external types (UIKit) with 'type:'.
            """,
        keys: ["from", "to"],
        required: ["to"],
        examples: [
            RuleExample(
                "the API client reaches into the app delegate and a view controller",
                sources: [
                    "Networking/API.swift": """
                    class API {
                        func token() -> String { AppDelegate.shared.token }
                        func show(_ vc: SignInViewController) {}
                    }
                    """,
                    "App/AppDelegate.swift":
                        "class AppDelegate { static let shared = AppDelegate(); var token = \"\" }",
                    "App/SignInViewController.swift": "class SignInViewController { let api = API() }",
                ],
                config: """
                    rules:
                      - id: api-knows-no-ui
                        kind: forbidden
                        from: { module: Networking }
                        to: { type: "AppDelegate|.*ViewController" }
                    """,
                expected: ["Networking.API → App.AppDelegate", "Networking.API → App.SignInViewController"]),
            RuleExample(
                "the allowed direction is no violation",
                sources: [
                    "Networking/API.swift": "class API {}",
                    "App/SignInViewController.swift": "class SignInViewController { let api = API() }",
                ],
                config: """
                    rules: [{ id: api-knows-no-ui, kind: forbidden, from: { module: Networking }, to: { module: App } }]
                    """,
                expected: []),
            RuleExample(
                "an external type, reached by name",
                sources: [
                    "Networking/API.swift": "import UIKit\nclass API { var window: UIWindow? }"
                ],
                config:
                    "rules: [{ id: no-uikit-in-api, kind: forbidden, from: { module: Networking }, to: { type: \"UI.*\" } }]",
                expected: ["Networking.API → UIWindow"]),
            RuleExample(
                "via: only inheritance is forbidden, a stored property is fine",
                sources: [
                    "App/Base.swift": "class Base {}",
                    "App/Child.swift": "class Child: Base {}",
                    "App/Holder.swift": "class Holder { var base: Base? }",
                ],
                config: "rules: [{ id: no-subclassing, kind: forbidden, to: { type: Base }, via: [inherit] }]",
                expected: ["App.Child → App.Base"]),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        guard let to = spec.to else { return [] }
        let from = spec.from ?? Matcher()
        let graph = context.graph(for: spec, external: true)
        let sources = context.ids(of: graph, matching: from)
        let targets = context.ids(of: graph, matching: to)
        return graph.edges.compactMap { edge in
            guard sources.contains(edge.from), targets.contains(edge.to) else { return nil }
            return context.dependency(edge, spec: spec, message: "\(edge.from) must not depend on \(edge.to)")
        }
    }
}
