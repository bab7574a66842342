import Foundation
import SeamsGraph

/// The facts of a diff in words: a summary for the terminal, Markdown for a pull request,
/// JSON for machines.
public enum DiffReporter {
    public static let noChanges = "No dependency changes."
    /// Sites listed per edge before "… and N more".
    static let sitesShown = 3
    /// Names listed per side of a cycle change before "and N more".
    static let namesShown = 5
    /// GitHub refuses comments over 65,536 characters; Markdown stops adding rows well before.
    public static let markdownBudget = 60_000

    /// Said instead of `noChanges` when a side was not all read.
    public static let noChangesScanned = "No dependency changes in the files scanned, but not all was read:"

    public static func text(_ d: GraphDiff) -> String {
        let caveats = (d.caveats ?? []).map { "  ! \($0)\n" }.joined()
        if d.isEmpty { return caveats.isEmpty ? noChanges + "\n" : noChangesScanned + "\n" + caveats }
        var out = "seams diff \(d.before) → \(d.after): \(headline(d))\n"
        for e in d.addedEdges { out += "  + \(e.from) → \(e.to)  \(sites(e.sites, code: false))\n" }
        for e in d.removedEdges { out += "  - \(e.from) → \(e.to)  \(sites(e.sites, code: false))\n" }
        for c in d.changedEdges { out += "  ~ \(c.from) → \(c.to): \(kindChange(c))\n" }
        for r in d.cameBackSoft { out += "  ≈ \(softReturn(r))\n" }
        for n in d.addedNodes { out += "  + node \(n.id) (\(n.kind.rawValue))\n" }
        for n in d.removedNodes { out += "  - node \(n.id) (\(n.kind.rawValue))\n" }
        for c in d.cycles { out += "  cycle \(c.kind.rawValue): \(cycleText(c, code: false))\n" }
        return out + caveats
    }

    public static func markdown(_ d: GraphDiff, budget: Int = markdownBudget) -> String {
        var out = "### seams: dependency changes\n\n"
        // What was not read comes first: a reviewer must not take the rest for the whole.
        for caveat in d.caveats ?? [] { out += "> **Warning:** \(caveat)\n\n" }
        if d.isEmpty {
            return out + (d.caveats == nil ? noChanges : "No dependency changes in the files scanned.") + "\n"
        }
        out += "`\(d.before)` → `\(d.after)`: **\(headline(d))**\n"
        // Sections in order of what a reviewer reads first; each row only while the budget lasts.
        var omitted = 0
        var full = false
        // Once a row does not fit, every later row is left out too: what is shown is a prefix.
        func add(_ rows: [String], header: String) {
            guard !rows.isEmpty else { return }
            if full || out.utf8.count + header.utf8.count > budget {
                full = true
                omitted += rows.count
                return
            }
            out += header
            for row in rows {
                if full || out.utf8.count + row.utf8.count > budget {
                    full = true
                    omitted += 1
                } else {
                    out += row
                }
            }
        }
        add(
            d.cycles.map { "- \($0.kind.rawValue): \(cycleText($0, code: true))\n" }, header: "\n#### Cycles\n\n")
        add(
            d.addedEdges.map { "| added | `\($0.from)` | `\($0.to)` | \(sites($0.sites, code: true)) |\n" }
                + d.removedEdges.map {
                    "| removed | `\($0.from)` | `\($0.to)` | \(sites($0.sites, code: true)) |\n"
                }
                + d.changedEdges.map {
                    "| \(MarkdownText.escape(kindChange($0))) | `\($0.from)` | `\($0.to)` | \(sites($0.sites, code: true)) |\n"
                },
            header: "\n| | from | to | where |\n|---|---|---|---|\n")
        add(d.cameBackSoft.map { "- \(softReturn($0, code: true))\n" }, header: "\n#### Moved, not removed\n\n")
        add(
            d.addedNodes.map { "- added \($0.kind.rawValue) `\($0.id)`\n" }
                + d.removedNodes.map { "- removed \($0.kind.rawValue) `\($0.id)`\n" }, header: "\n")
        if omitted > 0 {
            out += "\n… and \(omitted) more row\(omitted == 1 ? "" : "s") not shown (GitHub's comment limit); "
            out += "`seams diff --format json` has them all.\n"
        }
        return out
    }

    public static func json(_ d: GraphDiff) -> String {
        CanonicalJSON.encode(d)
    }

    static func headline(_ d: GraphDiff) -> String {
        var parts = [
            "\(d.addedEdges.count) edge\(d.addedEdges.count == 1 ? "" : "s") added",
            "\(d.removedEdges.count) removed",
        ]
        if !d.changedEdges.isEmpty { parts.append("\(d.changedEdges.count) changed kind") }
        if !d.addedNodes.isEmpty || !d.removedNodes.isEmpty {
            parts.append(
                "\(d.addedNodes.count) node\(d.addedNodes.count == 1 ? "" : "s") added, \(d.removedNodes.count) removed"
            )
        }
        let counts = Dictionary(grouping: d.cycles, by: \.kind).mapValues(\.count)
        for kind in [GraphDiff.CycleChange.Kind.appeared, .disappeared, .grew, .shrank, .changed] {
            if let n = counts[kind] { parts.append("\(n) cycle\(n == 1 ? "" : "s") \(kind.rawValue)") }
        }
        return parts.joined(separator: ", ")
    }

    static func kindChange(_ c: GraphDiff.KindChange) -> String {
        let kinds = { (k: [SiteKind]) in k.map(\.rawValue).joined(separator: ", ") }
        var s = "\(kinds(c.kindsBefore)) → \(kinds(c.kindsAfter))"
        if c.countBefore != c.countAfter { s += " (\(c.countBefore) → \(c.countAfter) sites)" }
        if let meaning = c.meaning { s += ": \(meaning)" }
        return s
    }

    static func softReturn(_ r: GraphDiff.SoftReturn, code: Bool = false) -> String {
        let q = { (s: String) in code ? "`\(s)`" : s }
        return "\(q(r.from)) → \(q(r.to)) came back as a soft edge: \(q(r.softFrom)) → \(q(r.softTo)) "
            + "(\(r.kinds.map(\.rawValue).joined(separator: ", ")))"
    }

    static func sites(_ sites: [Site], code: Bool) -> String {
        var items = sites.prefix(sitesShown).map { site -> String in
            let s = "\(site.file):\(site.line):\(site.column)"
            return code ? "`\(s)` \(site.kind.rawValue)" : "\(s) \(site.kind.rawValue)"
        }
        if sites.count > sitesShown { items.append("… and \(sites.count - sitesShown) more") }
        return items.joined(separator: ", ")
    }

    /// Sizes and who moved, a few names each: never the whole member list.
    static func cycleText(_ c: GraphDiff.CycleChange, code: Bool) -> String {
        func list(_ members: [String]) -> String {
            var names = members.prefix(namesShown).map { code ? "`\($0)`" : $0 }.joined(separator: ", ")
            if members.count > namesShown { names += " and \(members.count - namesShown) more" }
            return names
        }
        switch c.kind {
        case .appeared: return "\(c.sizeAfter) types (\(list(c.joined)))"
        case .disappeared: return "\(c.sizeBefore) types (\(list(c.left)))"
        default:
            var s = "\(c.sizeBefore) → \(c.sizeAfter) types"
            if !c.left.isEmpty { s += "; left: \(list(c.left))" }
            if !c.joined.isEmpty { s += "; joined: \(list(c.joined))" }
            return s
        }
    }
}
