import SeamsGraph
import SeamsRules

/// JUnit XML, as Jenkins, GitLab and most CI dashboards read it: a test case per rule, a
/// failure per violation. Warnings fail only under --strict; until then they are listed in
/// the test case's output. Stale baseline entries are failures of a "baseline" test case.
public enum JUnitReporter {
    public static func render(_ result: CheckResult) -> String {
        var cases:
            [(
                name: String, classname: String, failures: [(type: String, message: String, body: String)],
                out: [String]
            )] = []
        for (rule, mine) in result.openViolationsByRule {
            var failures: [(String, String, String)] = []
            var out: [String] = []
            for v in mine {
                let body = details(result, v)
                if v.severity == .error || result.strict {
                    failures.append((v.severity.rawValue, CheckWording.message(v), body))
                } else {
                    out.append("warning: \(CheckWording.message(v))\n\(body)")
                }
            }
            if rule.baselined > 0 { out.append("\(rule.baselined) baselined violation(s) accepted") }
            cases.append((rule.id, "seams.\(rule.kind)", failures, out))
        }
        if !result.stale.isEmpty {
            let failing = !result.allowStale
            let items = result.stale.map { s in
                (result.staleSeverity.rawValue, CheckWording.stale(s), "\(s.location.file):\(s.location.line)")
            }
            cases.append(
                (
                    CheckWording.staleRule, "seams.baseline", failing ? items : [],
                    failing ? [] : items.map { "warning: \($0.1)" }
                ))
        }
        let failures = cases.reduce(0) { $0 + $1.failures.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"seams check\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        xml +=
            "  <testsuite name=\"seams check\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for c in cases {
            xml += "    <testcase classname=\"\(escape(c.classname))\" name=\"\(escape(c.name))\""
            if c.failures.isEmpty && c.out.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for f in c.failures {
                xml +=
                    "      <failure type=\"\(f.type)\" message=\"\(escape(f.message))\">\(escape(f.body))</failure>\n"
            }
            if !c.out.isEmpty { xml += "      <system-out>\(escape(c.out.joined(separator: "\n")))</system-out>\n" }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func details(_ result: CheckResult, _ v: Violation) -> String {
        switch v.subject {
        case .dependency:
            return v.sites.map { "\(CheckWording.site(result, $0)) (\($0.kind.rawValue))" }.joined(separator: "\n")
        case .cycle:
            return (v.cycle ?? []).map { step in
                "\(step.from) → \(step.to): "
                    + step.sites.map { CheckWording.site(result, $0) }.joined(separator: ", ")
            }.joined(separator: "\n")
        case .count:
            return "\(result.path(v.location)):\(v.location.line)"
        }
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold are dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
