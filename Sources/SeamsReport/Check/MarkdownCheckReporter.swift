import Foundation
import SeamsGraph
import SeamsRules

/// A pull-request comment: the verdict first, a table of rules, then each violation with links
/// to its sites written as `path:line:col`.
public enum MarkdownCheckReporter {
    /// Violations listed per rule before "… and N more", to stay under comment size limits.
    static let perRule = 50

    public static func render(_ result: CheckResult) -> String {
        var out = "## "
        if result.failed {
            var what: [String] = []
            if result.errors > 0 { what.append(CheckWording.plural(result.errors, "error")) }
            if result.warnings > 0 { what.append(CheckWording.plural(result.warnings, "warning")) }
            if !result.stale.isEmpty {
                what.append("\(result.stale.count) stale baseline \(result.stale.count == 1 ? "entry" : "entries")")
            }
            out += "❌ seams check failed: \(what.joined(separator: ", "))\n\n"
        } else {
            out += "✅ seams check passed\n\n"
        }
        out += result.summaryLine + ".\n"
        if !result.rules.isEmpty {
            out += "\n| Rule | Kind | Severity | New | Baselined |\n|---|---|---|---:|---:|\n"
            for r in result.rules {
                out += "| `\(r.id)` | \(r.kind) | \(r.severity.rawValue) | \(r.violations) | \(r.baselined) |\n"
            }
        }
        for (rule, mine) in result.openViolationsByRule {
            guard !mine.isEmpty else { continue }
            out += "\n### `\(rule.id)` (\(rule.severity.rawValue))\n\n"
            if let because = rule.because { out += "> \(cell(because))\n\n" }
            for v in mine.prefix(perRule) {
                out += "- **\(cell(v.summary))**"
                let sites: [Site]
                switch v.subject {
                case .dependency: sites = v.sites
                case .cycle: sites = (v.cycle ?? []).compactMap(\.sites.first)
                case .count: sites = []
                }
                if v.subject == .count {
                    out += ": \(cell(v.message)) (`\(result.path(v.location)):\(v.location.line)`)"
                } else if !sites.isEmpty {
                    out += ": " + sites.prefix(5).map { "`\(CheckWording.site(result, $0))`" }.joined(separator: ", ")
                    if sites.count > 5 { out += " and \(sites.count - 5) more" }
                }
                if v.grewFrom != nil { out += "\n  - \(cell(v.message))" }
                out += "\n"
            }
            if mine.count > perRule { out += "- … and \(mine.count - perRule) more\n" }
        }
        if !result.stale.isEmpty {
            out += "\n### Stale baseline entries\n\n"
            for s in result.stale {
                out +=
                    "- `\(s.location.file):\(s.location.line)` `\(s.entry.rule)`: \(cell(s.entry.summary)): \(cell(s.reason))\n"
            }
        }
        if !result.improved.isEmpty {
            out += "\n### Baseline entries to tighten\n\n"
            for s in result.improved {
                out +=
                    "- `\(s.location.file):\(s.location.line)` `\(s.entry.rule)`: \(cell(s.entry.summary)): \(cell(s.reason))\n"
            }
        }
        return out
    }

    /// Text safe inside a table cell or list item.
    static func cell(_ s: String) -> String { MarkdownText.escape(s) }
}
