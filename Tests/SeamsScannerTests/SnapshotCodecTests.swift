import Foundation
import SeamsGraph
import SeamsTestSupport
import Testing

@testable import SeamsScanner

/// The snapshot's bytes: a head (each file's state, the delta) and a base (the graph), read
/// back as they were written.
@Suite struct SnapshotCodecTests {
    func sampleGraph() -> Graph {
        Scanner.graph(ofSources: [
            (
                "A.swift",
                "import UIKit\nclass A: UIViewController { let b = B(); func f() { b.g(); _ = URLCache.shared } }"
            ),
            ("B.swift", "struct B { func g() { print(C.x) } }\nlet top = A()"),
            ("C.swift", "enum C { static var x = 1 }"),
        ])
    }

    @Test func aHeadWithLargeNumbersAndAFewFilesReadsBack() throws {
        // Counts of lines are numbers, not lengths: a small head holds large ones.
        let files = [
            ScanSnapshot.FileState(
                signature: FileSignature(device: 1, inode: 1 << 40, size: 123_456, modified: 1 << 60, changed: -5),
                key: "k1", surfaceDigest: "s1", lines: 1_000_000),
            ScanSnapshot.FileState(signature: nil, key: "", surfaceDigest: "", lines: 0),
        ]
        // And the notifications met, which a patch pairs with the changed files' new ones.
        let notifications = [
            NotificationUse(
                name: "didLogIn", observes: false, owner: "App.Session",
                site: Site(file: "Session.swift", line: 12, column: 9, kind: .notification, member: "logIn()")),
            NotificationUse(
                name: "didLogIn", observes: true, owner: "App.Feed",
                site: Site(file: "Feed.swift", line: 3, column: 1, kind: .notification, member: nil)),
        ]
        let head = ScanSnapshot(
            files: files, filesScanned: 1 << 20, notifications: notifications, baseID: "base", delta: GraphDelta())
        let read = try #require(ScanSnapshot.decode(head.encode()))
        #expect(read.files == files)
        #expect(read.notifications == notifications)
        #expect(read.filesScanned == 1 << 20)
        #expect(read.baseID == "base")
        #expect(read.delta.isEmpty)
    }

    @Test func discoverysMemoReadsBackAndDamageIsRefused() throws {
        let memo = InputMemo(
            paths: ["/tmp/a", "/tmp/a/b.swift", "/tmp/gone"],
            states: [[1, 66, 1 << 40, 0o40755, 4096, 1 << 60, -3], [0, 66, 7, 0o100644], []],
            files: [
                SourceFile(path: "b.swift", location: "/tmp/a/b.swift", module: "App", unit: 1),
                SourceFile(path: "c.swift", location: "/tmp/a/c.swift", module: "App", unit: 0),
            ],
            units: [CompilationUnit(importName: nil), CompilationUnit(importName: "App", sees: [0, 3])],
            diagnostics: [
                Diagnostic(file: "x", line: 4, message: "note", severity: .note),
                Diagnostic(file: nil, message: "warning"),
            ],
            origin: "folders")
        let bytes = memo.encode()
        #expect(InputMemo.decode(bytes) == memo)
        for i in [0, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[i] ^= 0x20
            #expect(InputMemo.decode(damaged) == nil)
        }
        #expect(InputMemo.decode(Array(bytes.dropLast())) == nil)
    }

    @Test func aBaseReadsBackAsTheGraphWithTheDeltaMade() throws {
        let g = sampleGraph()
        #expect(g.edges.count >= 3 && !g.uses.isEmpty)
        let base = ScanSnapshot.encodeBase(id: "one", graph: g)
        let plain = ScanSnapshot(files: [], filesScanned: 0, baseID: "one", delta: GraphDelta())
        #expect(try plain.graph(base: base) == g)
        // Another base's id: not this snapshot's graph.
        let other = ScanSnapshot(files: [], filesScanned: 0, baseID: "two", delta: GraphDelta())
        #expect(try other.graph(base: base) == nil)
        // Damaged bytes throw.
        var damaged = base
        damaged[damaged.count / 2] ^= 1
        #expect(throws: CorruptEntry.self) { try plain.graph(base: damaged) }

        // A delta that drops an edge, changes a node and replaces a file's uses, written and read.
        let dropped = g.edges[0]
        var node = g.nodes[0]
        node.line = 99
        var delta = GraphDelta()
        delta.edges = [.init(from: dropped.from, to: dropped.to, edge: nil)]
        delta.nodes = [.init(id: node.id, node: node)]
        delta.files = [(path: "C.swift", uses: [], diagnostics: [])]
        let head = ScanSnapshot(files: [], filesScanned: 0, baseID: "one", delta: delta)
        let read = try #require(ScanSnapshot.decode(head.encode()))
        #expect(read.delta == delta)
        let patched = try #require(try read.graph(base: base))
        #expect(patched.edge(from: dropped.from, to: dropped.to) == nil)
        #expect(patched.edges.count == g.edges.count - 1)
        #expect(patched.node(node.id)?.line == 99)
        #expect(patched.uses == g.uses.filter { $0.file != "C.swift" })
    }

    /// A delta's uses of a file replace that file's run of the graph's uses, so a head whose
    /// delta lists, under one file, a use that names another is not one this wrote: refused.
    @Test func aDeltaWhoseUsesNameAnotherFileIsRefused() throws {
        let use = try #require(sampleGraph().uses.first)
        var delta = GraphDelta()
        delta.files = [(path: use.file + ".other", uses: [use], diagnostics: [])]
        let head = ScanSnapshot(files: [], filesScanned: 0, baseID: "one", delta: delta)
        #expect(ScanSnapshot.decode(head.encode()) == nil)
        delta.files = [(path: use.file, uses: [use], diagnostics: [])]
        let fine = ScanSnapshot(files: [], filesScanned: 0, baseID: "one", delta: delta)
        #expect(ScanSnapshot.decode(fine.encode())?.delta == delta)
    }

    @Test func aLaterChangeWinsWhenDeltasAreMerged() {
        let g = sampleGraph()
        let e = g.edges[0]
        var first = GraphDelta()
        first.edges = [.init(from: e.from, to: e.to, edge: nil)]
        first.files = [(path: "A.swift", uses: [], diagnostics: [])]
        var second = GraphDelta()
        second.edges = [.init(from: e.from, to: e.to, edge: e), .init(from: "Z", to: "Z2", edge: nil)]
        let merged = first.merged(with: second)
        #expect(merged.edges.map(\.edge) == [e, nil])
        #expect(merged.files.map(\.path) == ["A.swift"])
        #expect(merged.apply(to: g).edges == g.edges)
    }

    /// `Use.canonical` sorts in place and drops repeats: what sorting a set of them gives, for
    /// lists in order, out of order, with repeats side by side and apart.
    @Test func canonicalUsesAreTheSortedSetOfThem() {
        var random = SeededRandom(14)
        for size in [0, 1, 2, 3, 10, 60] {
            for _ in 0..<20 {
                let uses = (0..<size).map { _ in
                    Use(
                        from: ["A", "B"].randomElement(using: &random)!, to: nil,
                        kind: [.construct, .call].randomElement(using: &random)!, path: "p",
                        traits: [[], [.void], [.closure, .void]].randomElement(using: &random)!,
                        file: ["a.swift", "b.swift"].randomElement(using: &random)!,
                        line: Int.random(in: 1...3, using: &random), column: 1, member: nil)
                }
                let expected = Array(Set(uses)).sorted()
                #expect(Use.canonical(uses) == expected)
                #expect(Use.canonical(uses.sorted()) == expected)
                #expect(Use.canonical(expected) == expected)
            }
        }
    }

    /// `<` (compared where the uses lie, `Use.precedes`) is a total order that tells every field
    /// apart: of two uses, exactly one comes first unless they are equal, and `canonical`'s
    /// test for repeats (`Use.same`) keeps exactly the uses `==` keeps.
    @Test func useOrderTellsEveryFieldApart() {
        var random = SeededRandom(15)
        func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }
        let uses = (0..<400).map { _ in
            Use(
                from: pick(["A", "B"]), to: pick([nil, "T"]), kind: pick([.construct, .staticRead]),
                path: pick(["p", "q"]), targetMember: pick([nil, "shared"]), valueType: pick([nil, "V"]),
                traits: pick([[], [.void], [.stored, .mutable]]), file: pick(["a.swift", "b.swift"]),
                line: pick([1, 2]), column: pick([1, 5]), member: pick([nil, "load()"]))
        }
        for a in uses.prefix(80) {
            for b in uses {
                let firsts = [a < b, b < a].filter { $0 }.count
                #expect(firsts == (a == b ? 0 : 1))
            }
        }
        let kept = Use.canonical(uses)
        #expect(kept.count == Set(uses).count)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Edits in place (`GraphDelta.apply`) give what a plain model gives: every change of a
    /// seeded random mix (put in, replaced, taken out, absent keys taken out) by key, sorted.
    /// The base a caller still holds is left as it was.
    @Test func inPlaceEditsMatchAPlainModelOverRandomDeltas() {
        var seed: UInt64 = 0x5EA4_5EA4
        func next(_ n: Int) -> Int {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        func edge(_ a: Int, _ b: Int, line: Int) -> Edge {
            Edge(
                from: "M.T\(a)", to: "M.T\(b)",
                sortedUniqueSites: [Site(file: "F\(a).swift", line: line, column: 1, kind: .member)])
        }
        for round in 0..<40 {
            let size = [0, 1, 2, 30][round % 4]
            var model: [String: Edge] = [:]
            for _ in 0..<size {
                let e = edge(next(12), next(12), line: 1)
                model[e.from + "|" + e.to] = e
            }
            let base = Graph(root: ".", modules: [], nodes: [], edges: Array(model.values), diagnostics: [])
            var changes: [String: GraphDelta.EdgeChange] = [:]
            for _ in 0..<(1 + next(8)) {
                let (a, b) = (next(12), next(12))
                let key = "M.T\(a)|M.T\(b)"
                let change = GraphDelta.EdgeChange(
                    from: "M.T\(a)", to: "M.T\(b)", edge: next(3) == 0 ? nil : edge(a, b, line: 2 + round))
                changes[key] = change
                model[key] = change.edge
            }
            var delta = GraphDelta()
            delta.edges = changes.values.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
            let held = base
            let patched = delta.apply(to: base)
            let expected = model.values.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
            #expect(patched.edges == expected, "round \(round)")
            #expect(held.edges == base.edges)
        }
    }
}
