/// Swift source with `‹N›` markers placed right before expected reference sites.
/// The markers are stripped; `self[N]` is the 1-based line and UTF-8 column where one stood.
public struct Marked {
    public let text: String
    public private(set) var positions: [Int: (line: Int, column: Int)] = [:]

    /// Marker numbers written more than once in the text: a test mistake `ExpectedSites` reports.
    public private(set) var repeated: Set<Int> = []

    public init(_ marked: String) {
        var out = ""
        var line = 1
        var column = 1
        var index = marked.startIndex
        while index < marked.endIndex {
            let ch = marked[index]
            if ch == "‹", let close = marked[index...].firstIndex(of: "›"),
                let n = Int(marked[marked.index(after: index)..<close])
            {
                if positions[n] != nil { repeated.insert(n) }
                positions[n] = (line, column)
                index = marked.index(after: close)
                continue
            }
            out.append(ch)
            if ch == "\n" {
                line += 1
                column = 1
            } else {
                column += ch.utf8.count
            }
            index = marked.index(after: index)
        }
        text = out
    }

    public subscript(_ n: Int) -> (line: Int, column: Int) {
        guard let p = positions[n] else { fatalError("no marker ‹\(n)›") }
        return p
    }
}
