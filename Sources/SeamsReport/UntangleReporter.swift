import SeamsGraph
import SeamsUntangle

/// Cut plans in words: short text for the terminal (the top cuts of each tangle, sizes rather
/// than member lists), Markdown for a pull request or a wiki, JSON with everything.
public enum UntangleReporter {
    /// Tangles listed in text and Markdown before "… and N more".
    static let tanglesShown = 20
    static let sitesShown = 3

    public static func json(_ plan: UntanglePlan) -> String { CanonicalJSON.encode(plan) }

    public static func headline(_ plan: UntanglePlan) -> String {
        let noun = plan.scope == .module ? "module" : "type"
        let leftOut = plan.leftOut?.sentence(of: "type").map { "; \($0)" } ?? ""
        if plan.components.isEmpty {
            return "no tangles: the \(noun)s are acyclic" + nestingClause(plan) + leftOut
        }
        let cuts = plan.components.reduce(0) { $0 + $1.decided.count + $1.cuts.count }
        let weight = plan.components.reduce(0) { $0 + $1.weight + $1.decided.reduce(0) { $0 + $1.weight } }
        let members = plan.components.reduce(0) { $0 + $1.size }
        let tangles = plan.components.count
        let held = plan.components.reduce(0) { $0 + ($1.heldLeft?.count ?? 0) }
        // Structure left in place: the cuts do not make everything acyclic, and the line says so.
        let outcome =
            held == 0
            ? "make\(cuts == 1 ? "s" : "") \(tangles == 1 ? "it" : "them") acyclic"
            : "leave only structure: \(held) edge\(held == 1 ? "" : "s") an engineer keeps (not proposed)"
        return
            "\(tangles) tangle\(tangles == 1 ? "" : "s") of \(members) \(noun)s; \(cuts) cut\(cuts == 1 ? "" : "s") "
            + "of total weight \(weight) \(outcome)" + nestingClause(plan) + leftOut
    }

    static func nestingClause(_ plan: UntanglePlan) -> String {
        plan.nesting.isEmpty
            ? ""
            : " (\(plan.nesting.count) cycle\(plan.nesting.count == 1 ? "" : "s") of a type and its own nested types left out)"
    }

    public static func text(_ plan: UntanglePlan, top: Int) -> String {
        var out = "seams untangle: \(headline(plan))\n"
        for (i, c) in plan.components.prefix(tanglesShown).enumerated() {
            out += "\n" + componentTitle(c, number: i + 1, of: plan) + "\n"
            let all = c.decided + c.cuts
            for cut in all.prefix(top) {
                let decided = cut.order <= c.decided.count ? " (decided in seams.yml)" : ""
                out += "  \(cut.order). \(cut.from) → \(cut.to)  weight \(cut.weight)\(decided)\n"
                out += "     how: \(recipeText(cut))\n"
                for site in cut.sites.prefix(sitesShown) {
                    out += "     \(site.file):\(site.line):\(site.column) \(site.kind.rawValue)\n"
                }
                if cut.sites.count > sitesShown { out += "     … and \(cut.sites.count - sitesShown) more sites\n" }
                if !cut.soft.isEmpty {
                    out += "     note: already coupled softly (\(cut.soft.map(\.rawValue).joined(separator: ", ")))\n"
                }
                out += "     buys: \(buys(cut, of: c))\n"
            }
            if all.count > top {
                out += "  … and \(all.count - top) more cuts (--top \(all.count), or --format json)\n"
            }
        }
        if plan.components.count > tanglesShown {
            out += "\n… and \(plan.components.count - tanglesShown) more tangles (--format json lists all)\n"
        }
        if !plan.nesting.isEmpty {
            out += "\nLeft out, a type and its own nested types:\n"
            for n in plan.nesting.prefix(tanglesShown) { out += "  \(n.root) (\(n.members.count) types)\n" }
            if plan.nesting.count > tanglesShown { out += "  … and \(plan.nesting.count - tanglesShown) more\n" }
        }
        for note in plan.notes { out += "\nnote: \(note)\n" }
        return out
    }

    public static func markdown(_ plan: UntanglePlan, top: Int) -> String {
        var out = "### seams untangle\n\n**\(MarkdownText.escape(headline(plan)))**\n"
        for (i, c) in plan.components.prefix(tanglesShown).enumerated() {
            out += "\n#### \(MarkdownText.escape(componentTitle(c, number: i + 1, of: plan)))\n\n"
            out += "| # | cut | weight | how | where | buys |\n|---|---|---|---|---|---|\n"
            let all = c.decided + c.cuts
            for cut in all.prefix(top) {
                var sites = cut.sites.prefix(sitesShown).map {
                    "`\($0.file):\($0.line):\($0.column)` \($0.kind.rawValue)"
                }
                if cut.sites.count > sitesShown { sites.append("… and \(cut.sites.count - sitesShown) more") }
                let decided = cut.order <= c.decided.count ? " (decided)" : ""
                out +=
                    "| \(cut.order) | `\(cut.from)` → `\(cut.to)`\(decided) | \(cut.weight) | \(MarkdownText.escape(recipeText(cut))) "
                    + "| \(sites.joined(separator: "<br>")) | \(buys(cut, of: c)) |\n"
            }
            if all.count > top { out += "\n… and \(all.count - top) more cut\(all.count - top == 1 ? "" : "s").\n" }
        }
        if plan.components.count > tanglesShown {
            out += "\n… and \(plan.components.count - tanglesShown) more tangles.\n"
        }
        if !plan.nesting.isEmpty {
            out += "\nLeft out, a type and its own nested types: "
            out += plan.nesting.prefix(tanglesShown).map { "`\($0.root)`" }.joined(separator: ", ")
            if plan.nesting.count > tanglesShown { out += " and \(plan.nesting.count - tanglesShown) more" }
            out += ".\n"
        }
        for note in plan.notes { out += "\n> note: \(MarkdownText.escape(note))\n" }
        return out
    }

    static func componentTitle(_ c: UntanglePlan.Component, number: Int, of plan: UntanglePlan) -> String {
        let noun = plan.scope == .module ? "modules" : "types"
        let cuts = c.decided.count + c.cuts.count
        var title =
            "Tangle \(number): \(c.size) \(noun), \(c.edges) edges; \(cuts) cut\(cuts == 1 ? "" : "s") of weight \(c.weight)"
        title += c.exact ? " (minimal)" : " (heuristic)"
        if !c.decided.isEmpty { title += " after \(c.decided.count) decided" }
        if c.keptButCut > 0 { title += "; \(c.keptButCut) kept edge\(c.keptButCut == 1 ? "" : "s") had to be cut" }
        if let held = c.heldLeft {
            title += "; \(held.count) edge\(held.count == 1 ? "" : "s") of structure left in place (\(held[0].reason))"
        }
        return title
    }

    static func recipeText(_ cut: UntanglePlan.Cut) -> String {
        let parts = cut.recipes.map { use -> String in
            cut.recipes.count == 1
                ? use.recipe.title : "\(use.recipe.title) (\(use.sites) site\(use.sites == 1 ? "" : "s"))"
        }
        return parts.joined(separator: "; ") + " — see \(cut.recipe.lesson)"
    }

    static func buys(_ cut: UntanglePlan.Cut, of c: UntanglePlan.Component) -> String {
        if cut.largestAfter == 0 { return "acyclic (\(c.size) freed)" }
        return "largest tangle left \(cut.largestAfter), \(cut.freedAfter) freed"
    }
}
