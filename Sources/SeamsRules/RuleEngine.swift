import SeamsGraph

/// Runs the rules of a config over a scanned graph.
public enum RuleEngine {
    public struct Options: Sendable {
        public var baseline: Baseline?
        /// How reports name the baseline file.
        public var baselinePath: String?
        public var strict = false
        public var allowStale = false
        public init() {}
    }

    /// The config checked against what was scanned: modules and layers must name real modules.
    public static func problems(_ config: SeamsConfig, against graph: Graph) -> [ConfigProblem] {
        let known = graph.modules.map(\.name)
        let set = Set(known)
        var problems: [ConfigProblem] = []
        for definition in config.moduleDefinitions where !set.contains(definition.name) {
            problems.append(
                ConfigProblem(
                    file: config.path ?? SeamsConfig.fileName, at: definition.location,
                    "module '\(definition.name)': its globs match no scanned Swift file"))
        }
        for reference in config.moduleReferences where !set.contains(reference.name) {
            problems.append(
                ConfigProblem(
                    file: config.path ?? SeamsConfig.fileName, at: reference.location,
                    "module '\(reference.name)' matches nothing in the scanned code"
                        + Suggestion.hint(for: reference.name, in: known, listing: "modules")))
        }
        return problems
    }

    /// Every rule's violations, with the baseline applied. `graph` must include external types.
    public static func check(_ graph: Graph, config: SeamsConfig, options: Options = Options()) throws -> CheckResult {
        let problems = problems(config, against: graph)
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        let context = RuleContext(graph: graph, config: config)
        let specs = config.effectiveRules
        var violations: [Violation] = []
        var notes: [String] = []
        for spec in specs {
            guard let rule = RuleCatalog.rule(for: spec) else { continue }
            violations += rule.violations(in: context).sorted(by: Violation.canonicalOrder)
            notes += unmatched(spec, context: context)
        }
        var stale: [StaleEntry] = []
        var improved: [StaleEntry] = []
        if let baseline = options.baseline {
            let verdict = apply(baseline, to: violations, specs: specs, context: context, file: options.baselinePath)
            violations = verdict.violations
            stale = verdict.stale
            improved = verdict.improved
        }
        let byRule = Dictionary(grouping: violations, by: \.rule)
        let outcomes = specs.map { spec in
            let mine = byRule[spec.id] ?? []
            return RuleOutcome(
                id: spec.id, kind: spec.kind, severity: spec.severity,
                summary: RuleCatalog.kind(named: spec.kind)?.description.summary ?? "",
                because: spec.because, violations: mine.filter { !$0.baselined }.count,
                baselined: mine.filter(\.baselined).count)
        }
        let internalNodes = graph.nodes.filter { !$0.external && $0.kind != .fileScope }
        return CheckResult(
            root: graph.root, config: config.path, baseline: options.baselinePath, types: internalNodes.count,
            modules: graph.modules.count, rules: outcomes, violations: violations, stale: stale, improved: improved,
            notes: notes,
            strict: options.strict, allowStale: options.allowStale)
    }

    /// The baseline's verdict on the rules' violations, with what grew said as grown.
    public static func apply(
        _ baseline: Baseline, to violations: [Violation], specs: [RuleSpec], context: RuleContext, file: String?
    ) -> BaselineVerdict {
        var verdict = baseline.apply(to: violations, rules: Set(specs.map(\.id)), file: file ?? "baseline")
        let specByID = Dictionary(specs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        verdict.violations = verdict.violations.map { v in
            guard let entries = v.grewFrom, let spec = specByID[v.rule] else { return v }
            return grown(v, from: entries, spec: spec, context: context)
        }
        return verdict
    }

    /// A violation past what its baseline entries accepted, said as grown: a cycle witnessed and
    /// located at what undoes the growth, a count with the number it grew from.
    private static func grown(_ v: Violation, from entries: [BaselineEntry], spec: RuleSpec, context: RuleContext) -> Violation {
        switch v.subject {
        case .cycle:
            return NoCyclesRule(spec: spec).grown(v, from: entries, in: context)
        case .count:
            var grown = v
            let was = entries.compactMap(\.count).max() ?? 0
            grown.message = "grew from \(was) to \(v.count ?? 0), past the baseline: \(v.message)"
            return grown
        case .dependency:
            return v
        }
    }

    /// A `from` or `to` that matches no node usually means a typo in a pattern: say so.
    public static func unmatched(_ spec: RuleSpec, context: RuleContext) -> [String] {
        var notes: [String] = []
        let nodes: [Node]
        if spec.scope == .module {
            nodes = context.graph(for: spec, scope: .module, external: true).nodes
        } else {
            nodes = context.graph.nodes
        }
        for (side, matcher) in [("from", spec.from), ("to", spec.to)] {
            guard let matcher, !nodes.contains(where: matcher.matches) else { continue }
            notes.append("rule '\(spec.id)': '\(side)' (\(matcher)) matches nothing in the scanned code")
        }
        return notes
    }
}
