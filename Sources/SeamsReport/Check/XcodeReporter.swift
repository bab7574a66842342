import SeamsGraph
import SeamsRules

/// `path:line:col: error: message [rule-id]`: what Xcode, most editors and CI log parsers read.
/// A dependency gives a line per site, so each place can be jumped to; a cycle a line per
/// edge of its witness.
public enum XcodeReporter {
    public static func render(_ result: CheckResult) -> String {
        var out = ""
        for v in result.open {
            let message = CheckWording.message(v)
            let severity = v.severity.rawValue
            switch v.subject {
            case .dependency where !v.sites.isEmpty:
                for site in v.sites {
                    out += "\(CheckWording.site(result, site)): \(severity): \(message) [\(v.rule)]\n"
                }
            case .cycle where v.cycle?.isEmpty == false:
                for step in v.cycle ?? [] {
                    let at = step.sites.first.map { CheckWording.site(result, $0) } ?? result.describe(v.location)
                    out += "\(at): \(severity): \(step.from) → \(step.to) closes a cycle: \(message) [\(v.rule)]\n"
                }
            default:
                out += "\(result.describe(v.location)): \(severity): \(message) [\(v.rule)]\n"
            }
        }
        for s in result.stale {
            out += "\(result.describe(s.location)): \(result.staleSeverity.rawValue): \(CheckWording.stale(s)) "
            out += "[\(CheckWording.staleRule)]\n"
        }
        for s in result.improved {
            out += "\(result.describe(s.location)): note: \(CheckWording.improved(s)) [baseline-to-tighten]\n"
        }
        return out
    }
}
