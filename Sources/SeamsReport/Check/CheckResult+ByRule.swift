import SeamsRules

extension CheckResult {
    /// Each rule, in the result's order, with its open violations (those the baseline does not
    /// accept) in the order found. One pass over the violations: reports that filtered them
    /// once per rule took time in rules × violations, and a config of thousands of generated
    /// rules (one per module pair, one per type) spent minutes there.
    public var openViolationsByRule: [(rule: RuleOutcome, violations: [Violation])] {
        var byRule: [String: [Violation]] = [:]
        for v in violations where !v.baselined { byRule[v.rule, default: []].append(v) }
        return rules.map { ($0, byRule[$0.id] ?? []) }
    }
}
