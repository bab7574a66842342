import Foundation
import SeamsKit
import SeamsTestSupport
import SeamsTesting
import Testing

/// A two-module app in a temporary folder: Networking (the API client) and UI (a screen that
/// uses it). `leaks` adds lines to the API client that reach into UI.
func networkingApp(leaks: [String] = []) throws -> TempDir {
    let dir = try TempDir()
    try dir.write(
        "Networking/API.swift",
        (["class API {", "    func load() {}"] + leaks + ["}"]).joined(separator: "\n") + "\n")
    try dir.write("UI/Screen.swift", "protocol Screenish {}\nclass Screen: Screenish {\n    let api = API()\n}\n")
    try dir.write("UI/DetailScreen.swift", "class DetailScreen: Screen {}\n")
    return dir
}

/// The issues Swift Testing records while `body` runs, marked as known so the test goes on.
func recordedIssues(_ body: () -> Void) -> [Issue] {
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var issues: [Issue] = []
    }
    let box = Box()
    withKnownIssue {
        body()
    } matching: { issue in
        box.lock.lock()
        box.issues.append(issue)
        box.lock.unlock()
        return true
    }
    return box.issues
}

@Suite struct ArchitectureAssertionTests {
    @Test func aRuleTheCodeKeepsRecordsNothing() throws {
        let dir = try networkingApp()
        let app = try SeamsScan(path: dir.path)
        let verdict = app.types(inModule: "Networking").shouldNotDependOn(module: "UI")
        #expect(verdict?.passed == true)
        #expect(verdict?.failures == [])
    }

    @Test func aForbiddenDependencyFailsAtItsOwnLine() throws {
        let dir = try networkingApp(leaks: ["    var screen: Screen?"])
        let app = try SeamsScan(path: dir.path)
        var verdict: RuleVerdict?
        let issues = recordedIssues {
            verdict = app.types(inModule: "Networking").shouldNotDependOn(module: "UI", id: "networking-knows-no-ui")
        }
        try #require(issues.count == 1)
        let location = try #require(issues[0].sourceLocation)
        #expect(location.filePath == dir.path + "/Networking/API.swift")
        #expect(location.line == 3)
        #expect(location.column == 17)
        #expect(location.fileID == "Networking/API.swift")
        let message = issues[0].comments.map(\.rawValue).joined()
        #expect(message.hasPrefix("Networking.API must not depend on UI.Screen"))
        #expect(message.hasSuffix("[networking-knows-no-ui]"))
        #expect(verdict?.failures.map(\.line) == [3])
    }

    @Test func oneFailurePerViolation() throws {
        let dir = try networkingApp(leaks: ["    var screen: Screen?", "    var detail: DetailScreen?"])
        let app = try SeamsScan(path: dir.path)
        let issues = recordedIssues { app.types(inModule: "Networking").shouldNotDependOn(module: "UI") }
        #expect(issues.compactMap(\.sourceLocation?.line) == [3, 4])
    }

    @Test func aBaselineAcceptsWhatItRecordsAndOnlyNewViolationsFail() throws {
        let rule = ArchitectureRule.forbidden(
            from: TypeSelection(modules: ["Networking"]), to: TypeSelection(modules: ["UI"]),
            id: "networking-knows-no-ui")
        let legacy = try networkingApp(leaks: ["    var screen: Screen?"])
        let baseline = legacy.path + "/seams-baseline.json"
        // What SEAMS_RECORD_BASELINE=1 does: the rule's violations written into the baseline.
        let recorded = try SeamsScan(path: legacy.path).code.check(rule, baseline: baseline, record: true)
        #expect(recorded.recorded == baseline)
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"to\":\"UI.Screen\""))

        let frozen = try SeamsScan(path: legacy.path)
            .types(inModule: "Networking").shouldNotDependOn(
                module: "UI", id: "networking-knows-no-ui", baseline: baseline)
        #expect(frozen?.passed == true)
        #expect(frozen?.baselined == 1)

        let grown = try networkingApp(leaks: ["    var screen: Screen?", "    var detail: DetailScreen?"])
        let app = try SeamsScan(path: grown.path)
        let issues = recordedIssues {
            app.types(inModule: "Networking").shouldNotDependOn(
                module: "UI", id: "networking-knows-no-ui", baseline: baseline)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.line == 4)
        #expect(
            issues.first?.comments.map(\.rawValue).joined().contains(
                "Networking.API must not depend on UI.DetailScreen") == true)
    }

    /// One baseline file serves many assertions: each holds only its own rule's entries.
    @Test func assertionsShareABaselineEachWithItsOwnEntries() throws {
        let legacy = try networkingApp(leaks: ["    var screen: Screen?"])
        let baseline = legacy.path + "/shared.json"
        let code = try SeamsScan(path: legacy.path).code
        let noUI = ArchitectureRule.forbidden(
            from: TypeSelection(modules: ["Networking"]), to: TypeSelection(modules: ["UI"]), id: "no-ui")
        let lean = ArchitectureRule.maxDependencies(.all, limit: 0, id: "lean")
        _ = try code.check(noUI, baseline: baseline, record: true)
        _ = try code.check(lean, baseline: baseline, record: true)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"rule\":\"no-ui\"") && text.contains("\"rule\":\"lean\""))
        #expect(try code.check(noUI, baseline: baseline).passed)
        #expect(try code.check(lean, baseline: baseline).passed)
        // A rule the baseline has no entries of: only its own violation (API ↔ Screen), nothing stale.
        let cycles = try code.check(.noCycles(id: "no-cycles"), baseline: baseline)
        #expect(cycles.failures.count == 1)
        #expect(cycles.failures.allSatisfy { !$0.message.contains("stale") })
    }

    @Test func aBaselineEntryThatNoLongerMatchesFailsAsStale() throws {
        let rule = ArchitectureRule.forbidden(
            from: TypeSelection(modules: ["Networking"]), to: TypeSelection(modules: ["UI"]), id: "no-ui")
        let legacy = try networkingApp(leaks: ["    var screen: Screen?"])
        let baseline = legacy.path + "/baseline.json"
        _ = try SeamsScan(path: legacy.path).code.check(rule, baseline: baseline, record: true)
        let fixed = try networkingApp()
        let app = try SeamsScan(path: fixed.path)
        let issues = recordedIssues {
            app.types(inModule: "Networking").shouldNotDependOn(module: "UI", id: "no-ui", baseline: baseline)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.filePath == baseline)
        #expect(issues.first?.comments.map(\.rawValue).joined().contains("stale baseline entry") == true)
    }

    @Test func aSelectionThatMatchesNothingFailsAtTheAssertion() throws {
        let dir = try networkingApp()
        let app = try SeamsScan(path: dir.path)
        var line = 0
        let issues = recordedIssues {
            line = #line + 1
            app.types(inModule: "Netwrking").shouldNotDependOn(module: "UI")
        }
        try #require(issues.count == 1)
        #expect(issues[0].sourceLocation?.line == line)
        #expect(issues[0].comments.map(\.rawValue).joined().contains("module 'Netwrking' matches nothing"))
        #expect(issues[0].comments.map(\.rawValue).joined().contains("Networking"))

        let unmatched = recordedIssues { app.types.matching(name: "Nothing.*").shouldBeFreeOfCycles() }
        #expect(unmatched.count == 1)
        #expect(unmatched.first?.comments.map(\.rawValue).joined().contains("matches nothing") == true)
    }

    @Test func selectionsNarrowByKindNameFolderAndConformance() throws {
        let dir = try networkingApp()
        let app = try SeamsScan(path: dir.path)
        #expect(try app.types.conforming(to: "Screenish").ids() == ["UI.DetailScreen", "UI.Screen"])
        #expect(try app.types.ofKind(.protocol).ids() == ["UI.Screenish"])
        #expect(try app.types.matching(name: ".*Screen").inFolder("UI/**").ids() == ["UI.DetailScreen", "UI.Screen"])
        #expect(try app.types(inModule: "Networking").ids() == ["Networking.API"])
        #expect(try app.types.conforming(to: "Screen").ids() == ["UI.DetailScreen"])
    }

    @Test func layersCyclesAndIndependence() throws {
        let dir = try networkingApp()
        let app = try SeamsScan(path: dir.path)
        #expect(app.shouldBeLayered(["UI"], ["Networking"])?.passed == true)
        let upsideDown = recordedIssues { app.shouldBeLayered(["Networking"], ["UI"]) }
        #expect(upsideDown.compactMap(\.sourceLocation?.filePath) == [dir.path + "/UI/Screen.swift"])
        #expect(upsideDown.first?.sourceLocation?.line == 3)
        let coupled = recordedIssues { app.modules("Networking", "UI").shouldBeIndependent() }
        #expect(coupled.count == 1)
        #expect(app.modules.shouldBeFreeOfCycles()?.passed == true)
        #expect(app.types(inModule: "UI").shouldOnlyDependOn(modules: "Networking")?.passed == true)
        let onlyOwn = recordedIssues { app.types(inModule: "UI").shouldOnlyDependOn(modules: "Persistence") }
        #expect(
            onlyOwn.first?.comments.map(\.rawValue).joined().contains("module 'Persistence' matches nothing") == true)
        #expect(app.types.maxDependencies(2)?.passed == true)
        let tooMany = recordedIssues { app.types.maxDependencies(0) }
        #expect(tooMany.count == 2)  // Screen uses API; DetailScreen uses Screen
    }

    @Test func aCycleFailsAtTheSitesThatCloseIt() throws {
        let dir = try networkingApp(leaks: ["    weak var screen: Screen?"])
        let app = try SeamsScan(path: dir.path)
        let issues = recordedIssues { app.types.shouldBeFreeOfCycles(id: "no-cycles") }
        try #require(issues.count == 1)
        let message = issues[0].comments.map(\.rawValue).joined()
        #expect(message.contains("Networking.API") && message.contains("UI.Screen") && message.hasSuffix("[no-cycles]"))
        #expect(
            [dir.path + "/Networking/API.swift", dir.path + "/UI/Screen.swift"].contains(
                issues[0].sourceLocation?.filePath ?? ""))
    }

    /// Both front ends build the same rule values: the YAML rule and the rule in code give the
    /// same violations, at the same places.
    @Test func theRuleInCodeAndInSeamsYmlAgree() throws {
        let dir = try networkingApp(leaks: ["    var screen: Screen?", "    var detail: DetailScreen?"])
        try dir.write(
            "seams.yml",
            "rules: [{ id: no-ui, kind: forbidden, from: { module: Networking }, to: { module: UI } }]\n")
        var request = CheckRequest(scan: ScanRequest(paths: [dir.path]))
        request.scan.workingDirectory = dir.path
        let yaml = try CheckPipeline.run(request)
        let xcode = String(decoding: yaml.report(as: .xcode), as: UTF8.self)
        let inCode = try SeamsScan(path: dir.path).code.check(
            .forbidden(from: TypeSelection(modules: ["Networking"]), to: TypeSelection(modules: ["UI"]), id: "no-ui"))
        #expect(yaml.violationCount == inCode.failures.count)
        for failure in inCode.failures {
            #expect(
                xcode.contains("\(failure.file ?? "?"):\(failure.line):\(failure.column): error: \(failure.message)"))
        }
    }

    /// Testability is judged with the scanned code's seams.yml: lesson 1 declares its stand-in
    /// position manager a system service, so its Before is not testable and its After is.
    @Test func testabilityUsesTheServicesOfTheConfig() throws {
        let lesson = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Seams/1-WrapSystemService").path
        let before = try SeamsScan(path: lesson + "/Before", config: lesson + "/seams.yml")
        let issues = recordedIssues {
            before.types.matching(name: "CheckInViewController").shouldBeTestableInIsolation(id: "testable")
        }
        try #require(issues.count == 1)
        #expect(issues[0].sourceLocation?.filePath.hasSuffix("Before/CheckIn/CheckInViewController.swift") == true)
        #expect(issues[0].comments.map(\.rawValue).joined().contains("system-service"))
        let after = try SeamsScan(path: lesson + "/After", config: lesson + "/seams.yml")
        #expect(after.types.matching(name: "CheckInViewController").shouldBeTestableInIsolation()?.passed == true)
    }

    @Test func aSavedScanIsCheckedLikeTheFolder() throws {
        let dir = try networkingApp(leaks: ["    var screen: Screen?"])
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = dir.path
        request.includeExternal = true
        try ScanPipeline.run(request).bytes(.json).write(to: URL(fileURLWithPath: dir.path + "/scan.json"))
        let saved = try SeamsScan(savedScan: dir.path + "/scan.json")
        let issues = recordedIssues { saved.types(inModule: "Networking").shouldNotDependOn(module: "UI") }
        #expect(issues.compactMap(\.sourceLocation?.filePath) == [dir.path + "/Networking/API.swift"])
    }
}
