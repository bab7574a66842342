import SeamsGraph

/// Modules that must not know each other, such as two features.
public struct IndependentRule: Rule {
    public static let description = RuleDescription(
        kind: "independent",
        summary: "The listed modules must not depend on each other, in any direction.",
        rationale: """
            Features that can be built, tested and shipped alone stay that way. Each of them may \
            still depend on modules not in the list.
            """,
        keys: ["modules"],
        required: ["modules"],
        examples: [
            RuleExample(
                "one feature reaches into another",
                sources: [
                    "SignIn/SignInScreen.swift": "class SignInScreen { let next = ExpensesScreen() }",
                    "Expenses/ExpensesScreen.swift": "class ExpensesScreen { let theme = Theme() }",
                    "UIKitPlus/Theme.swift": "struct Theme {}",
                ],
                config: "rules: [{ id: features-apart, kind: independent, modules: [SignIn, Expenses] }]",
                expected: ["SignIn.SignInScreen → Expenses.ExpensesScreen"])
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        let listed = Set(spec.modules)
        return context.graph(for: spec).edges.compactMap { edge in
            guard let a = context.node(edge.from)?.module, let b = context.node(edge.to)?.module, a != b,
                listed.contains(a), listed.contains(b)
            else { return nil }
            return context.dependency(
                edge, spec: spec, message: "\(edge.from) → \(edge.to): \(a) and \(b) must stay independent")
        }
    }
}
