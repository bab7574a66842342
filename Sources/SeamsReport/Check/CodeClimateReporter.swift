import SeamsGraph
import SeamsRules

/// GitLab Code Quality: a JSON array of issues in the Code Climate format, shown in the merge
/// request's widget and diff. One issue per open violation, at its first site, and one per stale
/// baseline entry. GitLab tells new issues from fixed ones by fingerprint, so the fingerprint is a
/// hash of what the violation means (its baseline key, without a count's number), never of where
/// it is: an issue keeps its identity while lines move and files are edited.
public enum CodeClimateReporter {
    struct Issue: Encodable {
        let type = "issue"
        let engineName = "seams"
        let checkName: String
        let description: String
        let categories: [String]
        let severity: String
        let fingerprint: String
        let location: IssueLocation

        enum CodingKeys: String, CodingKey {
            case type, description, categories, severity, fingerprint, location
            case engineName = "engine_name"
            case checkName = "check_name"
        }
    }

    struct IssueLocation: Encodable {
        let path: String
        let lines: Lines
    }

    struct Lines: Encodable {
        let begin: Int
    }

    public static func render(_ result: CheckResult) -> String {
        var issues: [Issue] = []
        var seen: [String: Int] = [:]
        // GitLab needs fingerprints unique within a report: a repeat (a baseline file listing an
        // entry twice) is told apart by its place among its equals, which the report's order fixes.
        func unique(_ meaning: String) -> String {
            let n = seen[meaning, default: 0]
            seen[meaning] = n + 1
            return Fingerprint.hex(n == 0 ? meaning : "\(meaning)\u{0}#\(n)")
        }
        for v in result.open {
            issues.append(
                Issue(
                    checkName: v.rule, description: CheckWording.message(v), categories: ["Complexity"],
                    severity: severity(v.severity), fingerprint: unique(meaning(v)),
                    location: location(result, v.location)))
        }
        for s in result.stale {
            issues.append(
                Issue(
                    checkName: CheckWording.staleRule, description: CheckWording.stale(s), categories: ["Clarity"],
                    severity: severity(result.staleSeverity), fingerprint: unique("stale:" + s.entry.line),
                    location: location(result, s.location)))
        }
        return CanonicalJSON.encode(issues)
    }

    /// What a violation is, in words that survive edits: rule, from, to, a cycle's members, a
    /// count's node. A count's number is left out: a type with 9 dependencies, then 10, is still
    /// the same issue.
    static func meaning(_ v: Violation) -> String {
        var key = v.key
        key.count = nil
        return key.line
    }

    /// Code Climate's scale (info, minor, major, critical, blocker), as SwiftLint and ESLint map it.
    static func severity(_ s: RuleSeverity) -> String {
        switch s {
        case .error: return "major"
        case .warning: return "minor"
        }
    }

    /// A path relative to the checkout (GitLab links it in the diff), and a line of at least 1.
    static func location(_ result: CheckResult, _ l: Location) -> IssueLocation {
        IssueLocation(path: result.portablePath(l), lines: Lines(begin: max(1, l.line)))
    }
}
