import SeamsGraph
import SeamsRules

/// For people at a terminal: violations grouped by rule, each with its sites.
public enum TextCheckReporter {
    /// Sites listed under a dependency before "… and N more".
    static let sitesShown = 5

    public static func render(_ result: CheckResult, colors: Bool) -> String {
        let style = Style(on: colors)
        var out = ""
        for (rule, mine) in result.openViolationsByRule {
            guard !mine.isEmpty else { continue }
            let severity = rule.severity == .error ? style.red("error") : style.yellow("warning")
            out += "\(style.bold(rule.id)) \(severity) \(rule.kind): \(CheckWording.plural(mine.count, "violation"))\n"
            if let because = rule.because { out += "  \(style.dim(because))\n" }
            for v in mine {
                out += "  \(v.message)\n"
                switch v.subject {
                case .dependency:
                    out += sites(v.sites, result: result, style: style, indent: "    ")
                case .cycle:
                    for step in v.cycle ?? [] {
                        out += "    \(step.from) → \(step.to)\n"
                        out += sites(step.sites, result: result, style: style, indent: "      ")
                    }
                case .count:
                    out += "    \(style.cyan(result.describe(v.location)))\n"
                }
            }
            out += "\n"
        }
        if !result.stale.isEmpty {
            let label = result.allowStale ? style.yellow("warning") : style.red("error")
            out += "\(style.bold("stale baseline entries")) \(label): \(result.stale.count)\n"
            for s in result.stale {
                out += "  \(style.cyan("\(s.location.file):\(s.location.line)")) \(s.entry.rule): \(s.entry.summary)\n"
                out += "    \(s.reason)\n"
            }
            out += "\n"
        }
        if out.isEmpty {
            let baselined = result.baselinedCount
            out = baselined > 0 ? "No new violations (\(baselined) baselined).\n" : "No violations.\n"
        }
        if !result.improved.isEmpty {
            out += "\(style.bold("baseline entries to tighten")) note: \(result.improved.count)\n"
            for s in result.improved {
                out += "  \(style.cyan("\(s.location.file):\(s.location.line)")) \(s.entry.rule): \(s.entry.summary)\n"
                out += "    \(s.reason)\n"
            }
        }
        return out
    }

    static func sites(_ sites: [Site], result: CheckResult, style: Style, indent: String) -> String {
        var out = ""
        for site in sites.prefix(sitesShown) {
            out += "\(indent)\(style.cyan(CheckWording.site(result, site)))  \(site.kind.rawValue)\n"
        }
        if sites.count > sitesShown { out += "\(indent)… and \(sites.count - sitesShown) more\n" }
        return out
    }

    /// ANSI colours, or none.
    struct Style {
        let on: Bool
        func wrap(_ s: String, _ code: String) -> String { on ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func bold(_ s: String) -> String { wrap(s, "1") }
        func dim(_ s: String) -> String { wrap(s, "2") }
        func red(_ s: String) -> String { wrap(s, "31") }
        func yellow(_ s: String) -> String { wrap(s, "33") }
        func cyan(_ s: String) -> String { wrap(s, "36") }
    }
}
