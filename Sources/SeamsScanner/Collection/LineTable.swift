import SwiftSyntax

/// Line starts of a source text, for turning byte offsets into line and column.
/// SwiftSyntax's `SourceLocationConverter` walks every token's trivia to find line ends;
/// scanning the bytes once is several times cheaper, and columns come out the same
/// (1-based, in UTF-8 bytes; `\n`, `\r` and `\r\n` end a line).
struct LineTable {
    private var starts: [Int] = [0]
    let byteCount: Int

    init(_ source: String) {
        var s = source
        var starts: [Int] = [0]
        let count = s.withUTF8 { bytes -> Int in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
            return bytes.count
        }
        self.starts = starts
        self.byteCount = count
    }

    var lineCount: Int { byteCount > 0 && starts.last == byteCount ? starts.count - 1 : starts.count }

    func location(_ position: AbsolutePosition) -> Loc { location(offset: position.utf8Offset) }

    func location(offset: Int) -> Loc {
        let line = lineIndex(offset)
        hint.line = line
        return Loc(line: line + 1, column: offset - starts[line] + 1)
    }

    /// The line of the last location asked for: the next is mostly on it or a little after.
    private final class Hint {
        var line = 0
    }
    private let hint = Hint()

    /// The index of the last line start at or before `offset`.
    private func lineIndex(_ offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        let h = min(hint.line, hi)
        if starts[h] <= offset {
            // On the hinted line or the next: no search.
            if h == hi || offset < starts[h + 1] { return h }
            if h + 1 == hi || offset < starts[h + 2] { return h + 1 }
            lo = h + 2
        } else {
            hi = h - 1
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
