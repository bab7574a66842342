import SeamsGraph
import SeamsScanner
import Testing

/// Swift source with `‹N›` markers placed right before expected reference sites.
/// The markers are stripped; `self[N]` is the 1-based line and UTF-8 column where one stood.
struct Marked {
    let text: String
    private var positions: [Int: (line: Int, column: Int)] = [:]

    init(_ marked: String) {
        var out = ""
        var line = 1
        var column = 1
        var index = marked.startIndex
        while index < marked.endIndex {
            let ch = marked[index]
            if ch == "‹", let close = marked[index...].firstIndex(of: "›"),
                let n = Int(marked[marked.index(after: index)..<close])
            {
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

    subscript(_ n: Int) -> (line: Int, column: Int) {
        guard let p = positions[n] else { fatalError("no marker ‹\(n)›") }
        return p
    }
}

/// Scans in-memory files as one module named App.
func scan(_ files: [String: Marked]) -> Graph {
    Scanner.graph(ofSources: files.map { (path: $0.key, text: $0.value.text) })
}

func describe(_ g: Graph) -> String {
    g.edges.map { e in
        "\(e.from) -> \(e.to): "
            + e.sites.map { "\($0.file):\($0.line):\($0.column) \($0.kind.rawValue)" }.joined(separator: ", ")
    }.joined(separator: "\n")
}

/// Expects a site of `kind` from `from` to `to` at marker `n` of `file`.
func expectSite(
    _ g: Graph, _ from: String, _ to: String, _ kind: SiteKind, at n: Int, in file: String, _ files: [String: Marked],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let p = files[file]![n]
    let want = Site(file: file, line: p.line, column: p.column, kind: kind)
    let edge = g.edge(from: "App.\(from)", to: g.node("App.\(to)") != nil ? "App.\(to)" : to)
    #expect(
        edge?.sites.contains(want) == true,
        "missing \(kind.rawValue) site \(from) -> \(to) at \(file):\(p.line):\(p.column)\ngraph:\n\(describe(g))",
        sourceLocation: sourceLocation)
}

/// Expects no edge at all between two nodes.
func expectNoEdge(_ g: Graph, _ from: String, _ to: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let toID = g.node("App.\(to)") != nil ? "App.\(to)" : to
    #expect(
        g.edge(from: "App.\(from)", to: toID) == nil, "unexpected edge \(from) -> \(to)\ngraph:\n\(describe(g))",
        sourceLocation: sourceLocation)
}
