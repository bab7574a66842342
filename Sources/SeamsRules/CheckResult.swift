import SeamsGraph

/// A rule as reports show it: what it says, and how it fared.
public struct RuleOutcome: Hashable, Codable, Sendable {
    public var id: String
    public var kind: String
    public var severity: RuleSeverity
    public var summary: String
    public var because: String?
    /// Violations not accepted by the baseline.
    public var violations: Int
    public var baselined: Int

    public var broken: Bool { violations > 0 }
}

/// What `seams check` found: the input every reporter turns into text.
public struct CheckResult: Codable, Sendable {
    /// The scan root as given: source paths in sites are relative to it.
    public var root: String
    public var config: String?
    public var baseline: String?
    public var types: Int
    public var modules: Int
    public var rules: [RuleOutcome]
    /// Grouped by rule in config order, then in canonical order; baselined ones included.
    public var violations: [Violation]
    public var stale: [StaleEntry]
    /// Baseline entries whose violation shrank or split: progress, which `--write-baseline`
    /// would keep. They never fail the run.
    public var improved: [StaleEntry] = []
    /// Remarks about the rules themselves (a matcher that matches nothing).
    public var notes: [String]
    /// Warnings fail too.
    public var strict: Bool
    /// Stale baseline entries are reported but do not fail.
    public var allowStale: Bool

    /// The violations that count: those the baseline does not accept.
    public var open: [Violation] { violations.filter { !$0.baselined } }
    public var errors: Int { open.filter { $0.severity == .error }.count }
    public var warnings: Int { open.filter { $0.severity == .warning }.count }
    public var baselinedCount: Int { violations.filter(\.baselined).count }

    /// Whether the run fails: an open error, an open warning under --strict, or a stale entry.
    public var failed: Bool {
        errors > 0 || (strict && warnings > 0) || (!allowStale && !stale.isEmpty)
    }

    /// How reports label stale baseline entries: errors, or warnings under --allow-stale.
    public var staleSeverity: RuleSeverity { allowStale ? .warning : .error }

    /// A path as the user's tools want it: relative to the current folder.
    public func path(_ location: Location) -> String {
        location.inSources ? path(source: location.file) : location.file
    }

    /// `path:line:col`, the form editors and CI logs link.
    public func describe(_ location: Location) -> String {
        "\(path(location)):\(location.line):\(location.column)"
    }

    /// A path for reports that must be relative (SARIF against %SRCROOT%, GitHub against the
    /// checkout): relative to the folder seams ran in, or to the scan root when that lies outside.
    public func portablePath(_ location: Location) -> String {
        location.inSources && root.hasPrefix("/") ? location.file : path(location)
    }

    public func path(source file: String) -> String {
        root == "." || root.isEmpty ? file : (root.hasSuffix("/") ? root + file : root + "/" + file)
    }

    /// The last line on stderr.
    public var summaryLine: String {
        let broken = rules.filter(\.broken).count
        var parts = [
            "checked \(types) type\(types == 1 ? "" : "s") in \(modules) module\(modules == 1 ? "" : "s")",
            "\(rules.count) rule\(rules.count == 1 ? "" : "s"): \(rules.count - broken) kept, \(broken) broken",
            "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")",
        ]
        parts.append(
            "\(baselinedCount) baselined, \(stale.count) stale"
                + (improved.isEmpty ? "" : ", \(improved.count) to tighten"))
        return parts.joined(separator: "; ")
    }
}
