import SeamsGraph
import SeamsRules

public enum SeamsVersion {
    public static let current = "0.1.0"
}

/// The formats `seams check` speaks. A new case without a reporter does not compile.
public enum CheckReporter: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, junit, github, markdown, codeclimate

    /// The report for one format. Reporters never decide the exit code.
    public func render(_ result: CheckResult, colors: Bool = false) -> String {
        switch self {
        case .text: return TextCheckReporter.render(result, colors: colors)
        case .xcode: return XcodeReporter.render(result)
        case .json: return JSONCheckReporter.render(result)
        case .sarif: return SARIFReporter.render(result)
        case .junit: return JUnitReporter.render(result)
        case .github: return GitHubReporter.render(result)
        case .markdown: return MarkdownCheckReporter.render(result)
        case .codeclimate: return CodeClimateReporter.render(result)
        }
    }
}

/// Wording several reporters share.
public enum CheckWording {
    static let staleRule = "stale-baseline"

    /// The message with the rule's reason after it.
    public static func message(_ v: Violation) -> String {
        guard let because = v.because, !because.isEmpty else { return v.message }
        return "\(v.message): \(because)"
    }

    public static func stale(_ s: StaleEntry) -> String {
        "stale baseline entry for '\(s.entry.rule)' (\(s.entry.summary)): \(s.reason)"
    }

    public static func improved(_ s: StaleEntry) -> String {
        "baseline entry for '\(s.entry.rule)' (\(s.entry.summary)): \(s.reason)"
    }

    static func site(_ result: CheckResult, _ site: Site) -> String {
        result.describe(Location(site))
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
