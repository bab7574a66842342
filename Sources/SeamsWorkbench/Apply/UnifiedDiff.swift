/// A unified diff (`diff -u`, three lines of context) of one file's old and new text, for
/// `git apply` or `patch -p1`: the shortest edit script, found by Myers's greedy algorithm.
public enum UnifiedDiff {
    private enum Op: Equatable {
        case same, delete, insert
    }

    /// The diff of `old` and `new`, named `a/path` and `b/path`; empty when they are equal.
    public static func text(old: String, new: String, path: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = lines(old)
        let b = lines(new)
        let ops = script(a.lines, b.lines)
        // Each op with the line it stands for and its numbers on either side.
        var rows: [(op: Op, text: Substring, oldLine: Int, newLine: Int, lastOld: Bool, lastNew: Bool)] = []
        var i = 0
        var j = 0
        for op in ops {
            switch op {
            case .same:
                rows.append((op, a.lines[i], i, j, i == a.lines.count - 1, j == b.lines.count - 1))
                i += 1
                j += 1
            case .delete:
                rows.append((op, a.lines[i], i, j, i == a.lines.count - 1, false))
                i += 1
            case .insert:
                rows.append((op, b.lines[j], i, j, false, j == b.lines.count - 1))
                j += 1
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        let changed = rows.indices.filter { rows[$0].op != .same }
        var h = 0
        while h < changed.count {
            // A hunk: changes whose gaps are at most twice the context, with context around.
            var last = h
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context { last += 1 }
            let from = max(0, changed[h] - context)
            let to = min(rows.count - 1, changed[last] + context)
            let hunk = rows[from...to]
            let oldCount = hunk.filter { $0.op != .insert }.count
            let newCount = hunk.filter { $0.op != .delete }.count
            let oldStart = oldCount == 0 ? rows[from].oldLine : rows[from].oldLine + 1
            let newStart = newCount == 0 ? rows[from].newLine : rows[from].newLine + 1
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for row in hunk {
                let mark: String
                switch row.op {
                case .same: mark = " "
                case .delete: mark = "-"
                case .insert: mark = "+"
                }
                out += mark + row.text + "\n"
                let unterminated =
                    (row.op != .insert && row.lastOld && !a.endsWithNewline)
                    || (row.op != .delete && row.lastNew && !b.endsWithNewline)
                if unterminated { out += "\\ No newline at end of file\n" }
            }
            h = last + 1
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private static func lines(_ text: String) -> (lines: [Substring], endsWithNewline: Bool) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let ends = text.hasSuffix("\n")
        if ends || text.isEmpty { lines.removeLast() }
        return (lines, ends || text.isEmpty)
    }

    /// The shortest edit script from `a` to `b`: a common head and tail are taken off first,
    /// then Myers's search over diagonals keeps one frontier per edit count for the way back.
    private static func script(_ a: [Substring], _ b: [Substring]) -> [Op] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] {
            tail += 1
        }
        let x0 = Array(a[head..<(a.count - tail)])
        let y0 = Array(b[head..<(b.count - tail)])
        let n = x0.count
        let m = y0.count
        let offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, x0[x] == y0[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        var middle: [Op] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK =
                (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX, y > previousY {
                middle.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 { middle.append(x == previousX ? .insert : .delete) }
            x = previousX
            y = previousY
        }
        return Array(repeating: .same, count: head) + middle.reversed() + Array(repeating: .same, count: tail)
    }
}
