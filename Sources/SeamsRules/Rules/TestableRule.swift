import SeamsGraph
import SeamsTestability

/// Types that must stay testable in isolation: none of the forbidden blockers in their code.
public struct TestableRule: Rule {
    public static let description = RuleDescription(
        kind: "testable",
        summary: "Types matching 'from' must have none of the blockers in 'forbid' (every kind when left out).",
        rationale: """
            Gates what `seams testability` finds, so that a screen made testable stays so: no new \
            singleton access in the SignIn module, no system service called outside its adapter. \
            Blocker kinds: global-access, system-service, construction, downcast, static-call, \
            hidden-state. One violation per type, kind and target, with every site; a baseline \
            accepts those of today. 'from' defaults to every type of the scanned code.
            """,
        keys: ["from", "forbid"],
        required: [],
        examples: [
            RuleExample(
                "the sign-in screen reads a singleton and makes its own session",
                sources: [
                    "SignIn/SignInViewController.swift": """
                    import Foundation
                    class SignInViewController {
                        func signIn() {
                            SessionStore.shared.save("signing in")
                            URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume()
                        }
                    }
                    """,
                    "App/SessionStore.swift": "final class SessionStore { static let shared = SessionStore(); func save(_ s: String) {} }",
                ],
                config: """
                    rules:
                      - id: sign-in-testable
                        kind: testable
                        from: { module: SignIn }
                    """,
                expected: [
                    "SignIn.SignInViewController → App.SessionStore", "SignIn.SignInViewController → URLSession.shared",
                ]),
            RuleExample(
                "forbid: only global access; the system service is left to another rule",
                sources: [
                    "SignIn/SignInViewController.swift": """
                    import Foundation
                    class SignInViewController {
                        func signIn() {
                            SessionStore.shared.save("signing in")
                            _ = Date()
                        }
                    }
                    """,
                    "App/SessionStore.swift": "final class SessionStore { static let shared = SessionStore(); func save(_ s: String) {} }",
                ],
                config: """
                    rules: [{ id: no-singletons, kind: testable, from: { module: SignIn }, forbid: [global-access] }]
                    """,
                expected: ["SignIn.SignInViewController → App.SessionStore"]),
            RuleExample(
                "injected through init: testable, no violation",
                sources: [
                    "SignIn/SignInViewController.swift": """
                    protocol Logging { func log(_ s: String) }
                    class SignInViewController {
                        let logger: Logging
                        init(logger: Logging) { self.logger = logger }
                        func signIn() { logger.log("signing in") }
                    }
                    """
                ],
                config: "rules: [{ id: sign-in-testable, kind: testable, from: { module: SignIn } }]",
                expected: []),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        let matcher = spec.from ?? Matcher()
        var out: [Violation] = []
        for type in context.testability.types where !type.isTestableInIsolation {
            guard let node = context.node(type.id), matcher.matches(node) else { continue }
            var groups: [String: [Blocker]] = [:]
            for b in type.blockers where spec.forbid?.contains(b.kind) ?? true {
                groups[b.kind.rawValue + "\u{0}" + b.target, default: []].append(b)
            }
            for key in groups.keys.sorted() {
                let list = groups[key]!.sorted()
                let first = list[0]
                let sites = list.map {
                    Site(
                        file: $0.file, line: $0.line, column: $0.column, kind: Self.siteKind($0.kind), member: $0.member
                    )
                }
                var v = Violation(
                    rule: spec, subject: .dependency,
                    message:
                        "\(type.id) is not testable in isolation: \(first.kind.rawValue), \(first.reason) "
                        + "(seam: \(first.recipe.title))",
                    location: Location(sites[0]))
                v.from = type.id
                v.to = first.target
                v.sites = Array(Set(sites)).sorted()
                out.append(v)
            }
        }
        return out
    }

    /// The site kind a blocker's site is listed as in reports.
    static func siteKind(_ kind: BlockerKind) -> SiteKind {
        switch kind {
        case .construction: return .construct
        case .downcast: return .cast
        case .globalAccess, .systemService, .staticCall, .hiddenState: return .static
        }
    }
}
