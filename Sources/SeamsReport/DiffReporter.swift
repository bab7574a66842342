import Foundation
import SeamsGraph

/// The facts of a diff in words: a summary for the terminal, Markdown for a pull request,
/// JSON for machines.
public enum DiffReporter {
    public static let noChanges = "No dependency changes."
    /// Sites listed per edge before "… and N more".
    static let sitesShown = 3

    public static func text(_ d: GraphDiff) -> String {
        if d.isEmpty { return noChanges + "\n" }
        var out = "seams diff \(d.before) → \(d.after): \(headline(d))\n"
        for e in d.addedEdges { out += "  + \(e.from) → \(e.to)  \(sites(e, code: false))\n" }
        for e in d.removedEdges { out += "  - \(e.from) → \(e.to)  \(sites(e, code: false))\n" }
        for n in d.addedNodes { out += "  + node \(n.id) (\(n.kind.rawValue))\n" }
        for n in d.removedNodes { out += "  - node \(n.id) (\(n.kind.rawValue))\n" }
        for c in d.cycles { out += "  cycle \(c.kind.rawValue): \(cycleText(c, code: false))\n" }
        return out
    }

    public static func markdown(_ d: GraphDiff) -> String {
        var out = "### seams: dependency changes\n\n"
        if d.isEmpty { return out + noChanges + "\n" }
        out += "`\(d.before)` → `\(d.after)`: **\(headline(d))**\n"
        if !d.addedEdges.isEmpty || !d.removedEdges.isEmpty {
            out += "\n| | from | to | where |\n|---|---|---|---|\n"
            for e in d.addedEdges { out += "| added | `\(e.from)` | `\(e.to)` | \(sites(e, code: true)) |\n" }
            for e in d.removedEdges { out += "| removed | `\(e.from)` | `\(e.to)` | \(sites(e, code: true)) |\n" }
        }
        if !d.addedNodes.isEmpty || !d.removedNodes.isEmpty {
            out += "\n"
            for n in d.addedNodes { out += "- added \(n.kind.rawValue) `\(n.id)`\n" }
            for n in d.removedNodes { out += "- removed \(n.kind.rawValue) `\(n.id)`\n" }
        }
        if !d.cycles.isEmpty {
            out += "\n#### Cycles\n\n"
            for c in d.cycles { out += "- \(c.kind.rawValue): \(cycleText(c, code: true))\n" }
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

    static func sites(_ e: Edge, code: Bool) -> String {
        var items = e.sites.prefix(sitesShown).map { site -> String in
            let s = "\(site.file):\(site.line):\(site.column)"
            return code ? "`\(s)` \(site.kind.rawValue)" : "\(s) \(site.kind.rawValue)"
        }
        if e.sites.count > sitesShown { items.append("… and \(e.sites.count - sitesShown) more") }
        return items.joined(separator: ", ")
    }

    static func cycleText(_ c: GraphDiff.CycleChange, code: Bool) -> String {
        func list(_ members: [String]) -> String {
            members.map { code ? "`\($0)`" : $0 }.joined(separator: ", ")
        }
        switch c.kind {
        case .appeared: return "{\(list(c.after))}"
        case .disappeared: return "{\(list(c.before))}"
        default: return "{\(list(c.before))} → {\(list(c.after))}"
        }
    }
}
