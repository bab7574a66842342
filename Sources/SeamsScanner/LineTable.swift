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

    func location(_ position: AbsolutePosition) -> Loc {
        let offset = position.utf8Offset
        // The last line start at or before offset.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return Loc(line: lo + 1, column: offset - starts[lo] + 1)
    }
}
