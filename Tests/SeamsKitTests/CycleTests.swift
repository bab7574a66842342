import SeamsGraph
import Testing

@Suite struct CycleTests {
    func graph(_ pairs: [(String, String)]) -> Graph {
        var b = GraphBuilder()
        for name in Set(pairs.flatMap { [$0.0, $0.1] }) {
            b.add(Node(id: name, name: name, module: "M", kind: .class, file: nil, line: nil))
        }
        for (i, (from, to)) in pairs.enumerated() {
            b.addSite(from: from, to: to, Site(file: "f.swift", line: i + 1, column: 1, kind: .type))
        }
        return b.build(root: ".", modules: [])
    }

    @Test func componentsAreFoundSortedAndOnlyWhenCyclic() {
        let g = graph([
            ("API", "AppDelegate"), ("AppDelegate", "Log"), ("Log", "API"), ("Theme", "Log"), ("X", "Y"), ("Y", "X"),
        ])
        let c = g.cycles()
        #expect(c.components == [["API", "AppDelegate", "Log"], ["X", "Y"]])
        #expect(c.isCyclic(from: "Log", to: "API"))
        #expect(!c.isCyclic(from: "Theme", to: "Log"))
        #expect(c.component(of: "Theme") == nil)
    }

    @Test func aLongChainDoesNotOverflow() {
        let n = 200_000
        var pairs = (0..<n).map { ("t\($0)", "t\($0 + 1)") }
        pairs.append(("t\(n)", "t0"))
        #expect(graph(pairs).cycles().components.first?.count == n + 1)
    }
}
