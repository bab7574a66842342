import SeamsGraph
import SeamsTestability

/// What blocks unit tests, in words: a ranked list for the terminal, Markdown for a pull request
/// or a wiki, one type in detail, JSON with everything.
public enum TestabilityReporter {
    public static func json(_ report: TestabilityReport) -> String { CanonicalJSON.encode(report) }

    public static func headline(_ report: TestabilityReport) -> String {
        let blocked = report.blockedCount
        let free = report.types.count - blocked
        return "\(report.types.count) types: \(blocked) blocked, \(free) testable in isolation"
            + (report.leftOut?.sentence(of: "type").map { "; \($0)" } ?? "")
            + (report.notAdvised?.sentence.map { "; \($0)" } ?? "")
    }

    /// `global-access 5, static-call 2`: each kind with its number of sites, in kind order.
    static func summary(_ t: TypeTestability) -> String {
        var counts: [BlockerKind: Int] = [:]
        for b in t.blockers { counts[b.kind, default: 0] += 1 }
        return counts.keys.sorted().map { "\($0.rawValue) \(counts[$0]!)" }.joined(separator: ", ")
    }

    static func whereIn(_ b: Blocker) -> String {
        switch b.memberKind {
        case "declaration": return "in the declaration"
        case "closure": return "in a closure in \(b.member ?? "?")"
        default: return "in \(b.member ?? "?")"
        }
    }

    public static func text(_ report: TestabilityReport, top: Int) -> String {
        var out = "seams testability: \(headline(report))\n"
        let blocked = report.types.filter { !$0.isTestableInIsolation }
        if !blocked.isEmpty { out += "\n  cost  type  (blockers by kind)\n" }
        for t in blocked.prefix(top) {
            out += "  \(pad(t.cost))  \(t.id)  (\(summary(t)))\n"
        }
        if blocked.count > top { out += "  … and \(blocked.count - top) more (--top N)\n" }
        let free = report.types.filter(\.isTestableInIsolation)
        if !free.isEmpty {
            let names = free.map(\.id).sorted()
            out += "\ntestable in isolation: " + names.prefix(top).joined(separator: ", ")
            out += names.count > top ? ", … and \(names.count - top) more\n" : "\n"
        }
        if !blocked.isEmpty {
            out += "\nseams testability --type NAME shows each blocker's site and recipe. Recipes:\n"
            for r in report.recipes { out += "  \(r.id.rawValue): \(r.title); lesson: \(r.lesson)\n" }
        }
        return out
    }

    /// One type: every blocker with its site, member, reason and recipe.
    public static func detail(_ t: TypeTestability) -> String {
        var out = "\(t.id) (\(t.kind.rawValue)"
        out += t.file.map { ", \($0)" } ?? ""
        out += ")\n"
        if t.isTestableInIsolation {
            return out + "testable in isolation: nothing it does needs the app, a singleton or the platform\n"
        }
        out += "cost \(t.cost); \(t.blockers.count) blocker\(t.blockers.count == 1 ? "" : "s") (\(summary(t)))\n"
        for b in t.blockers {
            out += "\n\(b.location): \(b.kind.rawValue) \(whereIn(b))\n"
            out += "  \(b.reason)\n"
            out += "  written: \(b.path)\n"
            out += "  seam [\(b.recipe.rawValue)]: \(b.recipe.title)\n"
            out += "  lesson: \(b.recipe.lesson)\n"
        }
        return out
    }

    public static func markdown(_ report: TestabilityReport, top: Int) -> String {
        var out = "# Testability\n\n\(headline(report)).\n"
        let blocked = report.types.filter { !$0.isTestableInIsolation }
        if !blocked.isEmpty {
            out += "\n| cost | type | module | blockers |\n|---:|---|---|---|\n"
            for t in blocked.prefix(top) {
                out += "| \(t.cost) | `\(t.id)` | \(t.module ?? "") | \(summary(t)) |\n"
            }
            if blocked.count > top { out += "\n… and \(blocked.count - top) more.\n" }
            for t in blocked.prefix(top) {
                out += "\n## `\(t.id)`\n\n"
                for b in t.blockers {
                    out += "- `\(b.location)` **\(b.kind.rawValue)** \(whereIn(b)): \(b.reason) (`\(b.path)`); "
                    out += "seam: \(b.recipe.title)\n"
                }
            }
            out += "\n## Recipes\n\n| id | seam | lesson |\n|---|---|---|\n"
            for r in report.recipes { out += "| `\(r.id.rawValue)` | \(r.title) | \(r.lesson) |\n" }
        }
        let free = report.types.filter(\.isTestableInIsolation).map(\.id).sorted()
        if !free.isEmpty {
            out += "\n## Testable in isolation\n\n" + free.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    private static func pad(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, 4 - s.count)) + s
    }
}
