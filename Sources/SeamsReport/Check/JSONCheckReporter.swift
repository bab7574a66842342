import Foundation
import SeamsRules

/// The whole result for machines: every violation (baselined ones marked), stale entries,
/// the counts, and whether the run fails. Keys sorted, so the bytes are the same every run.
public enum JSONCheckReporter {
    struct Document: Encodable {
        let schemaVersion = 1
        let tool = "seams"
        let version = SeamsVersion.current
        let passed: Bool
        let summary: Summary
        let root: String
        let config: String?
        let baseline: String?
        let rules: [RuleOutcome]
        let violations: [Violation]
        let stale: [StaleEntry]
        let improved: [StaleEntry]
        let notes: [String]
    }

    struct Summary: Encodable {
        let types: Int
        let modules: Int
        let rules: Int
        let broken: Int
        let errors: Int
        let warnings: Int
        let baselined: Int
        let stale: Int
    }

    public static func render(_ r: CheckResult) -> String {
        let document = Document(
            passed: !r.failed,
            summary: Summary(
                types: r.types, modules: r.modules, rules: r.rules.count, broken: r.rules.filter(\.broken).count,
                errors: r.errors, warnings: r.warnings, baselined: r.baselinedCount, stale: r.stale.count),
            root: r.root, config: r.config, baseline: r.baseline, rules: r.rules, violations: r.violations,
            stale: r.stale, improved: r.improved, notes: r.notes)
        return CanonicalJSON.encode(document)
    }
}
