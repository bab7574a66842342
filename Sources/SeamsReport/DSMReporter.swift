import SeamsUntangle

/// Dependency structure matrices as text and Markdown: numbered rows and columns, a row uses the
/// columns where it has a count, cycles bracketed, cut edges marked ×.
public enum DSMReporter {
    public static func json(_ matrices: [DependencyMatrix]) -> String { CanonicalJSON.encode(matrices) }

    public static func text(_ matrices: [DependencyMatrix], headline: String) -> String {
        var out = "seams untangle: \(headline)\n"
        out += "A row uses the columns where it has a count; dependencies sit below the diagonal.\n"
        out += "Cycles are bracketed on the left; × marks an edge of the cut plan.\n"
        for m in matrices {
            let n = m.rows.count
            let cellWidth = max(
                3, String(n).count + 1, (m.cells.map { String($0.count).count + ($0.cut ? 1 : 0) }.max() ?? 0) + 1)
            let nameWidth = min(48, m.rows.map(\.count).max() ?? 0)
            let numberWidth = String(n).count
            var grid = Array(repeating: [String?](repeating: nil, count: n), count: n)
            for c in m.cells { grid[c.row][c.column] = "\(c.count)\(c.cut ? "×" : "")" }
            out += "\n\(m.title) (\(n) rows)\n"
            let lead = String(repeating: " ", count: 2 + numberWidth + 1 + nameWidth + 5)
            out += lead + (0..<n).map { pad(String($0 + 1), cellWidth) }.joined() + "\n"
            for r in 0..<n {
                let bracket = bracketChar(r, m.blocks)
                var line = "\(bracket) " + pad(String(r + 1), numberWidth) + " "
                line += padRight(clip(m.rows[r], nameWidth), nameWidth) + " L" + padRight(String(m.levels[r]), 3)
                for c in 0..<n { line += pad(r == c ? "■" : grid[r][c] ?? "·", cellWidth) }
                out += line + "\n"
            }
        }
        return out
    }

    public static func markdown(_ matrices: [DependencyMatrix], headline: String) -> String {
        var out = "### seams untangle: dependency structure matrix\n\n**\(MarkdownText.escape(headline))**\n\n"
        out += "A row uses the columns where it has a count; dependencies sit below the diagonal. "
        out += "Rows of a cycle share a block number; × marks an edge of the cut plan.\n"
        for m in matrices {
            let n = m.rows.count
            var grid = Array(repeating: [String?](repeating: nil, count: n), count: n)
            for c in m.cells { grid[c.row][c.column] = c.cut ? "**\(c.count)×**" : "\(c.count)" }
            out += "\n#### \(MarkdownText.escape(m.title))\n\n"
            out += "| # | name | level | cycle | " + (0..<n).map { String($0 + 1) }.joined(separator: " | ")
            out += " |\n|" + String(repeating: "---|", count: 4 + n) + "\n"
            for r in 0..<n {
                let block = m.blocks.firstIndex { $0[0] <= r && r <= $0[1] }.map { String($0 + 1) } ?? ""
                out += "| \(r + 1) | `\(m.rows[r])` | \(m.levels[r]) | \(block) | "
                out += (0..<n).map { c in r == c ? "■" : grid[r][c] ?? "" }.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    static func bracketChar(_ row: Int, _ blocks: [[Int]]) -> String {
        guard let b = blocks.first(where: { $0[0] <= row && row <= $0[1] }) else { return " " }
        return row == b[0] ? "┌" : row == b[1] ? "└" : "│"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }

    static func padRight(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }

    static func clip(_ s: String, _ width: Int) -> String {
        s.count <= width ? s : "…" + s.suffix(width - 1)
    }
}
