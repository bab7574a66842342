import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsTestSupport
import Testing

@Suite struct DiffTests {
    /// A legacy pair: API ↔ AppDelegate through a static, then the API gets its server by init.
    func sides() throws -> (TempDir, String, String) {
        let dir = try TempDir()
        try dir.write(
            "before/App/AppDelegate.swift",
            "class AppDelegate { static var server = \"\"; let api = API(); func signOut() {} }")
        try dir.write(
            "before/App/API.swift",
            "class API { let server = AppDelegate.server; func out(_ a: AppDelegate) { a.signOut() } }")
        try dir.write("before/App/Theme.swift", "class Theme { let api = API() }")
        try dir.write(
            "after/App/AppDelegate.swift",
            "class AppDelegate { static var server = \"\"; lazy var api = API(server: AppDelegate.server) }")
        try dir.write(
            "after/App/API.swift",
            "class API { let server: String; init(server: String) { self.server = server; _ = Log() } }")
        try dir.write("after/App/Log.swift", "class Log {}")
        return (dir, dir.path + "/before", dir.path + "/after")
    }

    func run(_ configure: (inout DiffRequest) -> Void) throws -> DiffOutcome {
        let (dir, before, after) = try sides()
        var request = DiffRequest(before: "before", after: "after", scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        _ = (before, after)
        configure(&request)
        return try withExtendedLifetime(dir) { try DiffPipeline.run(request) }
    }

    @Test func factsOfTheDiff() throws {
        let d = try run { $0.format = .json }.diff
        #expect(d.addedNodes.map(\.id) == ["App.Log"])
        #expect(d.removedNodes.map(\.id) == ["App.Theme"])
        #expect(d.addedEdges.map { "\($0.from)->\($0.to)" } == ["App.API->App.Log"])
        #expect(d.removedEdges.map { "\($0.from)->\($0.to)" } == ["App.API->App.AppDelegate", "App.Theme->App.API"])
        #expect(
            d.cycles == [GraphDiff.CycleChange(kind: .disappeared, before: ["App.API", "App.AppDelegate"], after: [])])
    }

    @Test func goldens() throws {
        func text(_ o: DiffOutcome) -> String { String(decoding: o.bytes, as: UTF8.self) }
        assertSnapshot(text(try run { $0.format = .dot }), named: "diff-union.dot")
        assertSnapshot(text(try run { $0.format = .markdown }), named: "diff.md")
        assertSnapshot(text(try run { $0.format = .json }), named: "diff.json")
    }

    @Test func sideBySideKeepsSharedNodesInPlace() throws {
        let dot = String(
            decoding: try run {
                $0.format = .dot; $0.sideBySide = true
            }.bytes, as: UTF8.self)
        func pos(_ id: String) -> (Double, Double)? {
            guard let line = dot.split(separator: "\n").first(where: { $0.hasPrefix("  \"\(id)\" [") }),
                let r = line.range(of: "pos=\""), let end = line[r.upperBound...].firstIndex(of: "!")
            else { return nil }
            let xy = line[r.upperBound..<end].split(separator: ",").compactMap { Double($0) }
            return (xy[0], xy[1])
        }
        let shared = ["App.API", "App.AppDelegate"]
        let offsets = try shared.map { id -> Double in
            let b = try #require(pos("before:\(id)")), a = try #require(pos("after:\(id)"))
            #expect(a.1 == b.1, "\(id) stays at the same height")
            return a.0 - b.0
        }
        #expect(Set(offsets).count == 1 && offsets[0] > 0, "every shared node moves by the same panel offset")
        #expect(pos("before:App.Theme") != nil && pos("after:App.Theme") == nil)
        #expect(pos("after:App.Log") != nil && pos("before:App.Log") == nil)
    }

    @Test func cycleChangesByMemberSet() {
        typealias C = GraphDiff.CycleChange
        let changes = GraphDiff.compareCycles(
            [["A", "B"], ["X", "Y", "Z"], ["P", "Q"]], [["A", "B", "C"], ["X", "Y"], ["M", "N"]])
        #expect(
            changes == [
                C(kind: .grew, before: ["A", "B"], after: ["A", "B", "C"]),
                C(kind: .shrank, before: ["X", "Y", "Z"], after: ["X", "Y"]),
                C(kind: .disappeared, before: ["P", "Q"], after: []),
                C(kind: .appeared, before: [], after: ["M", "N"]),
            ])
    }

    @Test func noChangesSaysSo() throws {
        let dir = try TempDir()
        try dir.write("a/App/A.swift", "class A { let b = B() }\nclass B {}")
        try dir.write("b/App/A.swift", "class A {\n  // moved a line\n  let b = B()\n}\nclass B {}")
        var request = DiffRequest(before: "a", after: "b", scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        request.format = .markdown
        let outcome = try DiffPipeline.run(request)
        #expect(outcome.diff.isEmpty)
        #expect(String(decoding: outcome.bytes, as: UTF8.self).hasSuffix("No dependency changes.\n"))
        #expect(DiffReporter.text(outcome.diff) == "No dependency changes.\n")
    }
}
