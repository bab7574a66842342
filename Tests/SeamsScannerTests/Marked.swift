import SeamsGraph
import SeamsScanner
import SeamsTestSupport
import Testing

/// Expected sites of a scan of marked files, checked exactly by `check()`: a marker written twice
/// or named by no expectation fails, every expected site is in the graph, and no site stands at
/// a marked place that no expectation names (another kind, owner or target there is a finding).
final class ExpectedSites {
    private let graph: Graph
    private let files: [String: Marked]
    /// Per file and marker: `from -> to kind` of each expected site.
    private var expected: [String: [Int: Set<String>]] = [:]
    private var named: [String: Set<Int>] = [:]

    init(_ graph: Graph, _ files: [String: Marked]) {
        self.graph = graph
        self.files = files
    }

    /// A site of `kind` from `from` to `to` at marker `n` of `file` (node names without `App.`).
    func expect(
        _ from: String, _ to: String, _ kind: SiteKind, at n: Int, in file: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSite(graph, from, to, kind, at: n, in: file, files, sourceLocation: sourceLocation)
        let toID = graph.node("App.\(to)") != nil ? "App.\(to)" : to
        expected[file, default: [:]][n, default: []].insert("App.\(from) -> \(toID) \(kind.rawValue)")
        named[file, default: []].insert(n)
    }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        for (file, marked) in files.sorted(by: { $0.key < $1.key }) {
            for n in marked.repeated.sorted() {
                Issue.record("marker ‹\(n)› is written twice in \(file)", sourceLocation: sourceLocation)
            }
            for n in marked.positions.keys.sorted() {
                if named[file]?.contains(n) != true {
                    Issue.record("marker ‹\(n)› of \(file) is named by no expectation", sourceLocation: sourceLocation)
                }
                let p = marked.positions[n]!
                let wanted = expected[file]?[n] ?? []
                for edge in graph.edges {
                    for site in edge.sites where site.file == file && site.line == p.line && site.column == p.column {
                        if !wanted.contains("\(edge.from) -> \(edge.to) \(site.kind.rawValue)") {
                            Issue.record(
                                "unexpected \(site.kind.rawValue) site \(edge.from) -> \(edge.to) at marker ‹\(n)› of \(file)\ngraph:\n\(describe(graph))",
                                sourceLocation: sourceLocation)
                        }
                    }
                }
            }
        }
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
    let edge = g.edge(from: "App.\(from)", to: g.node("App.\(to)") != nil ? "App.\(to)" : to)
    // The member a site sits in is checked by tests of its own.
    #expect(
        edge?.sites.contains { $0.file == file && $0.line == p.line && $0.column == p.column && $0.kind == kind }
            == true,
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
