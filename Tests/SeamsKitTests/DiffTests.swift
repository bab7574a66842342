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
        #expect(d.changedEdges.isEmpty)
    }

    @Test func goldens() throws {
        func text(_ o: DiffOutcome) -> String { String(decoding: o.bytes, as: UTF8.self) }
        assertSnapshot(text(try run { $0.format = .dot }), named: "diff-union.dot")
        assertSnapshot(text(try run { $0.format = .markdown }), named: "diff.md")
        assertSnapshot(text(try run { $0.format = .json }), named: "diff.json")
    }

    /// A refactoring that keeps every edge's ends: a singleton becomes an injected instance, a
    /// call back becomes a notification, and a ring of eight loses three members and gains one.
    func refactoring(_ configure: (inout DiffRequest) -> Void) throws -> DiffOutcome {
        let dir = try TempDir()
        let ring = { (names: [String]) in
            zip(names, names.dropFirst() + [names[0]]).map { "class \($0) { var next: \($1)? }" }.joined(
                separator: "\n")
        }
        try dir.write(
            "before/App/Token.swift",
            """
            class TokenHelper { static let shared = TokenHelper(); func token() -> String { "" } }
            class ApiBaseTask { func run() { _ = TokenHelper.shared.token() } }
            """)
        try dir.write(
            "after/App/Token.swift",
            """
            class TokenHelper { func token() -> String { "" } }
            class ApiBaseTask {
                let helper: TokenHelper
                init(helper: TokenHelper = TokenHelper()) { self.helper = helper }
                func run() { _ = helper.token() }
            }
            """)
        try dir.write(
            "before/App/API.swift",
            """
            class AppDelegate { let api = API(); func didSignOut() {} }
            class API { var owner: AppDelegate?; func signOut() { owner?.didSignOut() } }
            """)
        try dir.write(
            "after/App/API.swift",
            """
            import Foundation
            extension Notification.Name { static let didSignOut = Notification.Name("didSignOut") }
            class AppDelegate {
                let api = API()
                init() { NotificationCenter.default.addObserver(forName: .didSignOut, object: nil, queue: nil) { _ in } }
            }
            class API { func signOut() { NotificationCenter.default.post(name: .didSignOut, object: nil) } }
            """)
        try dir.write("before/App/Ring.swift", ring((0..<8).map { "N\($0)" }))
        try dir.write("after/App/Ring.swift", ring(["N0", "N1", "N2", "N3", "N4", "X"]) + "\nclass N5 {}")
        var request = DiffRequest(before: "before", after: "after", scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        configure(&request)
        return try withExtendedLifetime(dir) { try DiffPipeline.run(request) }
    }

    @Test func kindChangesCycleDeltasAndSoftReturns() throws {
        let d = try refactoring { $0.format = .json }.diff
        let change = try #require(d.changedEdges.first { $0.from == "App.ApiBaseTask" && $0.to == "App.TokenHelper" })
        #expect(change.kindsBefore == [.member, .static])
        #expect(change.kindsAfter == [.construct, .member, .type])
        #expect(change.meaning == "a singleton or static became an injected instance")
        let ring = try #require(d.cycles.first { $0.left.contains("App.N5") })
        #expect(ring.kind == .changed)
        #expect((ring.sizeBefore, ring.sizeAfter) == (8, 6))
        #expect(ring.left == ["App.N5", "App.N6", "App.N7"])
        #expect(ring.joined == ["App.X"])
        #expect(d.cycles.contains { $0.kind == .disappeared && $0.left == ["App.API", "App.AppDelegate"] })
        #expect(
            d.cameBackSoft == [
                GraphDiff.SoftReturn(
                    from: "App.API", to: "App.AppDelegate", softFrom: "App.AppDelegate", softTo: "App.API",
                    kinds: [.notification])
            ])
        func text(_ o: DiffOutcome) -> String { String(decoding: o.bytes, as: UTF8.self) }
        assertSnapshot(text(try refactoring { $0.format = .markdown }), named: "diff-refactoring.md")
        assertSnapshot(text(try refactoring { $0.format = .json }), named: "diff-refactoring.json")
        assertSnapshot(DiffReporter.text(d), named: "diff-refactoring.txt")
    }

    @Test func focusComparesOnlyTheNeighbourhood() throws {
        let d = try refactoring {
            $0.format = .json
            $0.focus = ["ApiBaseTask"]
        }.diff
        #expect(d.changedEdges.map(\.from) == ["App.ApiBaseTask"])
        #expect(d.cycles.isEmpty)
        #expect(d.addedNodes.isEmpty && d.removedNodes.isEmpty)
    }

    @Test func markdownStaysUnderGitHubsCommentLimit() throws {
        var old: [Edge] = [], new: [Edge] = []
        var nodes: [Node] = []
        for i in 0..<3000 {
            nodes.append(Node(id: "App.T\(i)", name: "T\(i)", module: "App", kind: .class, file: "T.swift", line: i))
            let site = Site(
                file: "Sources/App/SomeRatherLongFolderName/T\(i).swift", line: i + 1, column: 5, kind: .type)
            old.append(Edge(from: "App.T\(i)", to: "App.T\((i + 1) % 3000)", sites: [site]))
            if i + 7 < 3000 { new.append(Edge(from: "App.T\(i)", to: "App.T\(i + 7)", sites: [site])) }
        }
        let d = GraphDiff(
            before: Graph(root: ".", modules: [], nodes: nodes, edges: old, diagnostics: []),
            after: Graph(root: ".", modules: [], nodes: nodes, edges: new, diagnostics: []), beforeLabel: "a",
            afterLabel: "b")
        let md = DiffReporter.markdown(d)
        #expect(md.utf8.count <= 65_536)
        #expect(md.contains("more rows not shown"))
        #expect(
            md.contains(
                "- disappeared: 3000 types (`App.T0`, `App.T1`, `App.T10`, `App.T100`, `App.T1000` and 2995 more)"))
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
