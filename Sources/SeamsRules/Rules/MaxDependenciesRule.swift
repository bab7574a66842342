import SeamsGraph

/// A type that knows too much: more dependencies than the limit.
public struct MaxDependenciesRule: Rule {
    public static let description = RuleDescription(
        kind: "max-dependencies",
        summary: "Types (or modules) matching 'from' may depend on at most 'limit' others.",
        rationale: """
            A view controller that uses a dozen types is the next one to untangle; the count \
            keeps it from growing. Only dependencies matching 'to' count (default: every type \
            of the scanned code, not UIKit or Foundation).
            """,
        keys: ["from", "to", "limit", "scope"],
        required: ["limit"],
        examples: [
            RuleExample(
                "a view controller with three dependencies, limit two",
                sources: [
                    "App/SignInViewController.swift": """
                    class SignInViewController { let api = API(); let log = Log(); let theme = Theme() }
                    """,
                    "App/Parts.swift": "class API {}\nclass Log {}\nstruct Theme {}",
                ],
                config: """
                    rules: [{ id: lean-view-controllers, kind: max-dependencies, from: { type: ".*ViewController" }, limit: 2 }]
                    """,
                expected: ["App.SignInViewController: 3 (limit 2)"]),
            RuleExample(
                "at the limit is fine",
                sources: [
                    "App/SignInViewController.swift": "class SignInViewController { let api = API(); let log = Log() }",
                    "App/Parts.swift": "class API {}\nclass Log {}",
                ],
                config: "rules: [{ id: lean, kind: max-dependencies, limit: 2 }]",
                expected: []),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        CountRule.violations(spec: spec, context: context, outgoing: true)
    }
}

/// Types (or modules) that too much depends on.
public struct MaxDependentsRule: Rule {
    public static let description = RuleDescription(
        kind: "max-dependents",
        summary: "Types (or modules) matching 'from' may be depended on by at most 'limit' others.",
        rationale: """
            A logger or an app delegate everything reaches for is a hub: every change to it \
            touches everyone. The count keeps new users from piling on. Only dependents \
            matching 'to' count (default: every type of the scanned code).
            """,
        keys: ["from", "to", "limit", "scope"],
        required: ["limit"],
        examples: [
            RuleExample(
                "everyone logs through one type",
                sources: [
                    "App/Log.swift": "class Log { static let shared = Log() }",
                    "App/Users.swift":
                        "class A { let l = Log.shared }\nclass B { let l = Log.shared }\nclass C { let l = Log.shared }",
                ],
                config: "rules: [{ id: no-hubs, kind: max-dependents, from: { type: Log }, limit: 2 }]",
                expected: ["App.Log: 3 (limit 2)"])
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        CountRule.violations(spec: spec, context: context, outgoing: false)
    }
}

/// What max-dependencies and max-dependents share: count neighbours, compare with the limit.
enum CountRule {
    static func violations(spec: RuleSpec, context: RuleContext, outgoing: Bool) -> [Violation] {
        guard let limit = spec.limit else { return [] }
        let from = spec.from ?? Matcher()
        let to = spec.to ?? Matcher()
        let graph = context.graph(for: spec, scope: spec.scope, external: spec.to != nil)
        let subjects = context.ids(of: graph, matching: from)
        let counted = context.ids(of: graph, matching: to)
        var neighbours: [String: Set<String>] = [:]
        for edge in graph.edges {
            let (subject, other) = outgoing ? (edge.from, edge.to) : (edge.to, edge.from)
            guard subjects.contains(subject), counted.contains(other) else { continue }
            neighbours[subject, default: []].insert(other)
        }
        let noun = spec.scope == .module ? "modules" : "types"
        return neighbours.keys.sorted().compactMap { subject in
            let others = neighbours[subject]!.sorted()
            guard others.count > limit else { return nil }
            let verb = outgoing ? "depends on" : "is depended on by"
            var v = Violation(
                rule: spec, subject: .count,
                message:
                    "\(subject) \(verb) \(others.count) \(noun), more than \(limit): \(others.joined(separator: ", "))",
                location: context.location(ofNode: spec.scope == .type ? subject : nil, spec: spec))
            v.from = subject
            v.count = others.count
            v.limit = limit
            v.related = others
            return v
        }
    }
}
