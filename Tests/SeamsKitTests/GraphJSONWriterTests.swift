import Foundation
import SeamsGraph
import SeamsKit
import SeamsTestSupport
import Testing

@testable import SeamsReport

/// The graph's JSON is written by hand for speed; JSONEncoder's output is the reference.
@Suite struct GraphJSONWriterTests {
    func expectSameBytes(_ g: Graph, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = GraphJSONReporter.render(g)
        let reference = CanonicalJSON.encode(g)
        #expect(fast == reference, sourceLocation: sourceLocation)
        if fast != reference {
            let a = Array(fast.utf8), b = Array(reference.utf8)
            let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record(
                "first difference at byte \(at): …\(String(decoding: b[max(0, at - 60)..<min(b.count, at + 60)], as: UTF8.self))…",
                sourceLocation: sourceLocation)
        }
    }

    @Test func fixturesAndSamplesGiveJSONEncodersBytes() throws {
        let roots = [fixture("MultiModule"), fixture("XcodeApp")]
        for root in roots {
            expectSameBytes(try ScanPipeline.run(ScanRequest(paths: [root])).graph)
        }
        let samples = URL(fileURLWithPath: fixture("MultiModule")).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy")
            .path
        var request = ScanRequest(paths: [samples])
        request.includeExternal = true
        expectSameBytes(try ScanPipeline.run(request).graph)
    }

    @Test func membersAndUsesWithEveryTraitAndNulls() {
        let text = "a\u{1}\"/é"
        let uses = [
            Use(
                from: "B.X", to: nil, kind: .call, path: text + "()", traits: Use.Trait.allCases, file: text, line: 2,
                column: 3, member: nil),
            Use(
                from: "B.X", to: "A", kind: .staticRead, path: "A.shared", targetMember: "shared", valueType: "A",
                file: "x.swift", line: 1, column: 1, member: "init(_:)"),
        ]
        let g = Graph(
            root: "r", modules: [], nodes: [],
            edges: [
                Edge(
                    from: "B.X", to: "A",
                    sites: [Site(file: "x.swift", line: 1, column: 1, kind: .static, member: text)])
            ],
            diagnostics: [], uses: uses)
        expectSameBytes(g)
        expectSameBytes(g.withoutUses())
        #expect(!GraphJSONReporter.render(g.withoutUses()).contains("\"uses\""))
    }

    @Test func everyCharacterNullsAndEmptyArrays() {
        var text = ""
        for u in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(u))) }
        text += "é\u{2028}\u{2029}\u{FEFF}😀/\\\""
        let empty = Graph(root: text, modules: [], nodes: [], edges: [], diagnostics: [])
        expectSameBytes(empty)
        let site = Site(file: text, line: 3, column: 7, kind: .implicitMember)
        let g = Graph(
            root: "/abs/root",
            modules: [ModuleInfo(name: text, files: 0), ModuleInfo(name: "B", files: 12)],
            nodes: [
                Node(id: "A." + text, name: text, module: nil, kind: .external, file: nil, line: nil),
                Node(id: "B.X", name: "X", module: "B", kind: .fileScope, file: "x.swift", line: -1),
            ],
            edges: [
                Edge(
                    from: "B.X", to: "A." + text,
                    sites: [site, Site(file: "a", line: 1, column: 1, kind: .notification)]),
                Edge(from: "A." + text, to: "B.X", sites: []),
            ],
            diagnostics: [
                Diagnostic(file: nil, line: nil, message: text, severity: .note),
                Diagnostic(file: text, line: 0, message: "m", severity: .error),
            ])
        expectSameBytes(g)
    }

    /// The large arrays are written in chunks on every core: whatever the chunk, and wherever a
    /// chunk ends (after the first element, before the last, between two), the bytes are the same.
    @Test func chunksOfEveryLengthJoinToTheSameBytes() {
        let nodes = (0..<7).map {
            Node(id: "M.T\($0)", name: "T\($0)", module: "M", kind: .class, file: "t\($0).swift", line: $0 * 1000)
        }
        let edges = (0..<6).map { i in
            Edge(
                from: "M.T\(i)", to: "M.T\((i + 1) % 7)",
                sites: (0..<i).map { Site(file: "t\(i).swift", line: 10 * $0 + 1, column: $0 + 1, kind: .member) })
        }
        let uses = (0..<5).map {
            Use(
                from: "M.T\($0)", to: "M.T0", kind: .call, path: "T0.f()", traits: [], file: "t.swift",
                line: 12_345_678_901 + $0, column: $0, member: $0 % 2 == 0 ? nil : "g()")
        }
        let g = Graph(
            root: "r", modules: [ModuleInfo(name: "M", files: 7)], nodes: nodes, edges: edges, diagnostics: [],
            uses: uses)
        let reference = Array(CanonicalJSON.encode(g).utf8)
        for chunk in [1, 2, 3, 5, 6, 7, 100] {
            // Booleans: a failure says which chunk, not all the bytes.
            let rendered = GraphJSONWriter.render(g, chunk: chunk) == reference
            let data = GraphJSONWriter.data(g, chunk: chunk) == Data(reference)
            #expect(rendered, "chunks of \(chunk)")
            #expect(data, "chunks of \(chunk), as Data")
            #expect(GraphJSONWriter.pieces(g, chunk: chunk).count > (chunk < 5 ? 6 : 3))
        }
    }
}
