import Foundation
import SeamsKit
import SeamsReport
import SeamsRules
import SeamsTestSupport
import Testing

/// A tree of sources checked against a baseline written from an earlier state of the same
/// tree: what each change of a baselined cycle (or count) is called, whether it fails, and
/// where its annotation points.
final class BaselinedTree {
    let dir: TempDir
    let config: String

    init(_ sources: [String: String], config: String = "rules: [{ id: cycles, kind: no-cycles }]") throws {
        dir = try TempDir()
        self.config = config
        try dir.write("seams.yml", config)
        for (path, text) in sources { try dir.write(path, text) }
    }

    func check(write: Bool = false) throws -> CheckResult {
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        if write { request.writeBaseline = "baseline.json" } else { request.baselinePath = "baseline.json" }
        return try CheckPipeline.run(request).result
    }

    /// Records the baseline of the tree as it is now.
    func baseline() throws {
        let result = try check(write: true)
        #expect(!result.violations.isEmpty, "the baseline records something")
    }

    func write(_ sources: [String: String]) throws {
        for (path, text) in sources { try dir.write(path, text) }
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: dir.path + "/" + path)
    }
}

extension CheckResult {
    var cycles: [Violation] { violations.filter { $0.subject == .cycle } }
    func at(_ v: Violation) -> String { "\(v.location.file):\(v.location.line)" }
}

struct BaselineVerdictTests {
    static let pair = [
        "App/A.swift": "class A {\n    var b: B?\n}\n",
        "App/B.swift": "class B {\n    var a: A?\n}\n",
    ]

    /// The reproduction: A ⇄ B baselined, then B gains a C that depends on A.
    @Test func aCycleThatGrewByOneIsGrownAtItsNewEdgeAndNeverStale() throws {
        let tree = try BaselinedTree(Self.pair)
        try tree.baseline()
        try tree.write([
            "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var a: A?\n}\n",
        ])
        let result = try tree.check()
        #expect(result.failed)
        #expect(result.stale.isEmpty, "the baselined cycle grew; it is not stale: \(result.stale)")
        let grown = try #require(result.cycles.first)
        #expect(!grown.baselined)
        #expect(grown.joined == ["App.C"])
        #expect(grown.grewFrom?.first?.members == ["App.A", "App.B"])
        #expect(grown.message.hasPrefix("the cycle of App.A, App.B grew to 3 types (App.A, App.B, App.C): joined by App.C"))
        // The witness goes through the new member, starting with the edge that undoes the growth.
        #expect(grown.cycle?.contains { $0.from == "App.C" || $0.to == "App.C" } == true)
        let first = try #require(grown.cycle?.first)
        #expect(first.from == "App.C" || first.to == "App.C", "the first step is a new edge: \(first)")
        // Its annotation lands on a line of the change: B.swift:3 or C.swift:2, never old code.
        #expect(["App/B.swift:3", "App/C.swift:2"].contains(result.at(grown)), "\(result.at(grown))")
        #expect(grown.sites.first.map { "\($0.file):\($0.line)" } == result.at(grown))
    }

    @Test func twoBaselinedCyclesMergedIntoOneAreGrownThroughTheEdgeThatJoinedThem() throws {
        let tree = try BaselinedTree(
            Self.pair.merging([
                "App/D.swift": "class D {\n    var e: E?\n}\n",
                "App/E.swift": "class E {\n    var d: D?\n}\n",
            ]) { a, _ in a })
        try tree.baseline()
        try tree.write([
            "App/B.swift": "class B {\n    var a: A?\n    var d: D?\n}\n",
            "App/E.swift": "class E {\n    var d: D?\n    var a: A?\n}\n",
        ])
        let result = try tree.check()
        #expect(result.failed && result.stale.isEmpty)
        let grown = try #require(result.cycles.first)
        #expect(grown.grewFrom?.compactMap(\.members) == [["App.A", "App.B"], ["App.D", "App.E"]])
        #expect(grown.joined == [])
        #expect(grown.message.hasPrefix("the cycles of {App.A, App.B} and {App.D, App.E} grew to 4 types"))
        let first = try #require(grown.cycle?.first)
        #expect(
            [("App.B", "App.D"), ("App.E", "App.A")].contains { $0 == (first.from, first.to) },
            "a joining edge is cut first: \(first)")
        #expect(["App/B.swift:3", "App/E.swift:3"].contains(result.at(grown)), "\(result.at(grown))")
    }

    @Test func aShrunkCyclePassesWithANoteToTighten() throws {
        let tree = try BaselinedTree(
            Self.pair.merging(["App/C.swift": "class C {\n    var a: A?\n}\n"]) { a, _ in a }.merging([
                "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n"
            ]) { _, b in b })
        try tree.baseline()
        try tree.write(["App/C.swift": "class C {}\n"])
        let result = try tree.check()
        #expect(!result.failed, "progress passes")
        #expect(result.stale.isEmpty)
        #expect(result.cycles.count == 1 && result.cycles[0].baselined)
        let note = try #require(result.improved.first)
        #expect(note.entry.members == ["App.A", "App.B", "App.C"])
        #expect(note.reason.contains("--write-baseline would tighten"))
        #expect(note.location.file == "baseline.json" && note.location.line == 5)
    }

    @Test func aCycleThatSplitIntoTwoInsideItsEntryPasses() throws {
        // A ⇄ B and C ⇄ D, held together by B → C and D → A; then D → A goes.
        let tree = try BaselinedTree([
            "App/A.swift": "class A {\n    var b: B?\n}\n",
            "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var d: D?\n}\n",
            "App/D.swift": "class D {\n    var c: C?\n    var a: A?\n}\n",
        ])
        try tree.baseline()
        try tree.write(["App/D.swift": "class D {\n    var c: C?\n}\n"])
        let result = try tree.check()
        #expect(!result.failed && result.stale.isEmpty)
        #expect(result.cycles.count == 2 && result.cycles.allSatisfy(\.baselined))
        #expect(result.improved.map(\.entry.members) == [["App.A", "App.B", "App.C", "App.D"]])
    }

    @Test func aFixedCycleIsStaleAndSaysTheBaselineCanBeTightened() throws {
        let tree = try BaselinedTree(Self.pair)
        try tree.baseline()
        try tree.write(["App/B.swift": "class B {}\n"])
        let result = try tree.check()
        #expect(result.failed, "a stale entry fails: the ratchet")
        let stale = try #require(result.stale.first)
        #expect(stale.reason.contains("can be tightened"))
        #expect(!stale.reason.contains("write the baseline again"), "never an invitation to accept a worse state")
    }

    @Test func anUnchangedCyclePassesQuietly() throws {
        let tree = try BaselinedTree(Self.pair)
        try tree.baseline()
        let result = try tree.check()
        #expect(!result.failed && result.stale.isEmpty && result.improved.isEmpty)
        #expect(result.cycles.count == 1 && result.cycles[0].baselined && result.cycles[0].grewFrom == nil)
    }

    static let modules = [
        "Networking/API.swift": "class API {\n    var screen: Screen?\n}\n",
        "UI/Screen.swift": "class Screen {\n    var api: API?\n}\n",
        "Store/Store.swift": "class Store {}\n",
    ]
    static let moduleRule = "rules: [{ id: module-cycles, kind: no-cycles, scope: module }]"

    @Test func aModuleCycleThatAModuleJoinedIsGrown() throws {
        let tree = try BaselinedTree(Self.modules, config: Self.moduleRule)
        try tree.baseline()
        try tree.write([
            "UI/Screen.swift": "class Screen {\n    var api: API?\n    var store: Store?\n}\n",
            "Store/Store.swift": "class Store {\n    var api: API?\n}\n",
        ])
        let result = try tree.check()
        #expect(result.failed && result.stale.isEmpty, "\(result.stale)")
        let grown = try #require(result.cycles.first)
        #expect(grown.joined == ["Store"])
        #expect(grown.message.hasPrefix("the cycle of Networking, UI grew to 3 modules"))
        #expect(["UI/Screen.swift:3", "Store/Store.swift:2"].contains(result.at(grown)), "\(result.at(grown))")
    }

    @Test func aModuleCycleThatShrankPassesAndAFixedOneIsStale() throws {
        let tree = try BaselinedTree(
            Self.modules.merging([
                "UI/Screen.swift": "class Screen {\n    var api: API?\n    var store: Store?\n}\n",
                "Store/Store.swift": "class Store {\n    var api: API?\n}\n",
            ]) { _, b in b }, config: Self.moduleRule)
        try tree.baseline()
        try tree.write(["Store/Store.swift": "class Store {}\n"])
        let shrunk = try tree.check()
        #expect(!shrunk.failed && shrunk.improved.count == 1)
        try tree.write(["UI/Screen.swift": "class Screen {\n    var store: Store?\n}\n"])
        let fixed = try tree.check()
        #expect(fixed.failed && fixed.stale.count == 1 && fixed.cycles.isEmpty)
    }

    @Test func withoutABaselineACyclePointsAtTheCutUntangleMakesFirst() throws {
        // A is reached by two cycles; cutting C → A breaks both, so that is the line to change.
        let tree = try BaselinedTree([
            "App/A.swift": "class A {\n    var b: B?\n    var c: C?\n}\n",
            "App/B.swift": "class B {\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var a: A?\n}\n",
        ])
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = tree.dir.path
        let result = try CheckPipeline.run(request).result
        let cycle = try #require(result.cycles.first)
        #expect(cycle.cycle?.first.map { "\($0.from) → \($0.to)" } == "App.C → App.A")
        #expect(result.at(cycle) == "App/C.swift:2")
        let plan = try UntanglePipeline.run(UntangleRequest(scan: request.scan))
        #expect(plan.plan.components.first?.cuts.first.map { "\($0.from) → \($0.to)" } == "App.C → App.A")
    }

    @Test func aCountThatGrewIsGrownNotStale() throws {
        let config = "rules: [{ id: fan-out, kind: max-dependencies, limit: 1 }]"
        let tree = try BaselinedTree(
            [
                "App/A.swift": "class A {\n    var b: B?\n    var c: C?\n}\n",
                "App/B.swift": "class B {}\n", "App/C.swift": "class C {}\n", "App/D.swift": "class D {}\n",
            ], config: config)
        try tree.baseline()
        try tree.write(["App/A.swift": "class A {\n    var b: B?\n    var c: C?\n    var d: D?\n}\n"])
        let result = try tree.check()
        #expect(result.failed && result.stale.isEmpty)
        let grown = try #require(result.open.first)
        #expect(grown.message.hasPrefix("grew from 2 to 3"), "\(grown.message)")
        try tree.write(["App/A.swift": "class A {\n    var b: B?\n}\n"])
        let fixed = try tree.check()
        #expect(fixed.open.isEmpty && fixed.stale.count == 1)
    }
}

/// Every reporter on a grown cycle and a shrunk one: the verdicts as each format says them.
struct BaselineVerdictReportTests {
    static func result() throws -> CheckResult {
        let tree = try BaselinedTree(
            BaselineVerdictTests.pair.merging([
                "Store/D.swift": "class D {\n    var e: E?\n}\n",
                "Store/E.swift": "class E {\n    var d: D?\n    var f: F?\n}\n",
                "Store/F.swift": "class F {\n    var d: D?\n}\n",
            ]) { a, _ in a })
        try tree.baseline()
        try tree.write([
            "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var a: A?\n}\n",
            "Store/F.swift": "class F {}\n",
        ])
        return try tree.check()
    }

    @Test func everyReporterSaysGrownAndToTighten() throws {
        let result = try Self.result()
        #expect(result.failed && result.stale.isEmpty && result.improved.count == 1)
        for reporter in CheckReporter.allCases {
            let ext = ["json": "json", "sarif": "sarif", "junit": "xml", "markdown": "md", "codeclimate": "json"][reporter.rawValue] ?? "txt"
            let text = reporter.render(result)
            assertSnapshot(text, named: "check-grown.\(reporter.rawValue).\(ext)")
            if reporter != .junit {
                #expect(text.contains("grew"), "\(reporter) says the cycle grew")
                #expect(!text.contains("no violation matches"), "\(reporter)")
            }
        }
        try CheckReporterTests.expectValidSARIF(CheckReporter.sarif.render(result))
    }
}

/// `seams watch` gives the verdicts `seams check` gives, as the tree changes under it.
struct WatchVerdictTests {
    @Test func aWatchSaysGrownShrunkFixedAndStaleAsCheckDoes() throws {
        let tree = try BaselinedTree(BaselineVerdictTests.pair)
        try tree.baseline()
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = tree.dir.path
        request.baselinePath = "baseline.json"
        let watcher = Watcher(request: request, cache: DiskCache(inMemoryReporting: { _ in }))
        let first = watcher.check()
        #expect(first.text.contains("seams watch: 0 violations; check passes"), "\(first.text)")

        try tree.write([
            "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var a: A?\n}\n",
        ])
        let grown = watcher.check()
        #expect(grown.text.contains("+ grew: App/"), "\(grown.text)")
        #expect(grown.text.contains("1 new (1 grown), 0 fixed; 1 violation; check fails"), "\(grown.text)")
        #expect(!grown.text.contains("stale"), "\(grown.text)")

        try tree.write(["App/C.swift": "class C {}\n"])
        let back = watcher.check()
        #expect(back.text.contains("- fixed: "), "\(back.text)")
        #expect(back.text.contains("0 violations; check passes"), "\(back.text)")

        try tree.write(["App/B.swift": "class B {}\n"])
        let fixed = watcher.check()
        #expect(fixed.text.contains("! stale: baseline.json:5: [cycles] cycle of App.A, App.B"), "\(fixed.text)")
        #expect(fixed.text.contains("1 stale; check fails"), "\(fixed.text)")
    }

    @Test func aWatchSaysAShrunkCycleCanBeTightened() throws {
        let tree = try BaselinedTree([
            "App/A.swift": "class A {\n    var b: B?\n}\n",
            "App/B.swift": "class B {\n    var a: A?\n    var c: C?\n}\n",
            "App/C.swift": "class C {\n    var a: A?\n}\n",
        ])
        try tree.baseline()
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = tree.dir.path
        request.baselinePath = "baseline.json"
        let watcher = Watcher(request: request, cache: DiskCache(inMemoryReporting: { _ in }))
        _ = watcher.check()
        try tree.write(["App/C.swift": "class C {}\n"])
        let shrunk = watcher.check()
        #expect(shrunk.text.contains("~ shrank: baseline.json:5: [cycles] cycle of App.A, App.B, App.C"), "\(shrunk.text)")
        #expect(shrunk.text.contains("1 to tighten; check passes"), "\(shrunk.text)")
    }

    @Test func aWatchSaysItCannotCheckCodeItDidNotReadUntilAllowed() throws {
        let tree = try BaselinedTree([
            "App/A.swift": "class A {\n    var b: B?\n}\n", "App/B.swift": "class B {\n    var a: A?\n",
        ])
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = tree.dir.path
        let refused = Watcher(request: request, cache: DiskCache(inMemoryReporting: { _ in })).check()
        #expect(refused.text.contains("could not check"), "\(refused.text)")
        #expect(refused.text.contains("App/B.swift:2: warning: syntax errors"), "\(refused.text)")
        request.allowSkipped = ["App/B.swift"]
        let allowed = Watcher(request: request, cache: DiskCache(inMemoryReporting: { _ in })).check()
        #expect(!allowed.text.contains("could not check"), "\(allowed.text)")
        #expect(allowed.text.contains("1 violation; check fails"), "\(allowed.text)")
    }
}
