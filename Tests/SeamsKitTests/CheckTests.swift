import Foundation
import SeamsGraph
import SeamsKit
import SeamsProject
@testable import SeamsReport
import SeamsRules
import SeamsTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The fixture app copied to a temporary folder as `app`, checked from that folder.
final class CheckedApp {
    let dir: TempDir
    init() throws {
        dir = try TempDir()
        try dir.copy(fixture: "XcodeApp", as: "app")
    }

    func check(
        baseline: String? = nil, write: String? = nil, allowStale: Bool = false, threads: Int? = nil
    ) throws -> CheckResult {
        var request = CheckRequest(scan: ScanRequest(paths: ["app"]))
        request.scan.workingDirectory = dir.path
        if let threads { request.scan.threads = threads }
        request.baselinePath = baseline
        request.writeBaseline = write
        request.allowStale = allowStale
        return try CheckPipeline.run(request).result
    }

    func append(_ path: String, _ text: String) throws {
        try dir.write("app/" + path, try dir.read("app/" + path) + text)
    }

    /// Writes the baseline of the app as it is now.
    func baseline() throws {
        _ = try check(write: "app/seams-baseline.json")
    }
}

struct BaselineTests {
    @Test func theFixtureFailsAndSaysWhere() throws {
        let app = try CheckedApp()
        let result = try app.check()
        #expect(result.failed)
        let forbidden = try #require(result.violations.first { $0.rule == "api-knows-no-ui" })
        #expect(forbidden.from == "Networking.API" && forbidden.to == "TechApp.AppDelegate")
        #expect(
            forbidden.sites.map { "\($0.file):\($0.line):\($0.column)" } == [
                "TechApp/API/API.swift:2:18", "TechApp/API/API.swift:3:66", "TechApp/API/API.swift:3:79",
            ])
        let cycle = try #require(result.violations.first { $0.subject == .cycle })
        #expect(cycle.members == ["Networking.API", "TechApp.AppDelegate", "TechApp.SignInViewController"])
        #expect(cycle.summary == "Networking.API → TechApp.AppDelegate → Networking.API")
        #expect(cycle.cycle?.map { $0.sites.count } == [3, 1])
        #expect(result.violations.filter { $0.subject == .cycle }.count == 1, "one violation per component")
    }

    @Test func baselinedPassesAndANewForbiddenEdgeFails() throws {
        let app = try CheckedApp()
        try app.baseline()
        let written = try app.dir.read("app/seams-baseline.json")
        #expect(written.contains(#"{"from":"Networking.API","rule":"api-knows-no-ui","to":"TechApp.AppDelegate"}"#))
        #expect(!written.contains("API.swift"), "the baseline keys on meaning, not on places")
        let passing = try app.check(baseline: "app/seams-baseline.json")
        #expect(!passing.failed && passing.open.isEmpty && passing.stale.isEmpty)
        #expect(passing.baselinedCount == passing.violations.count)

        try app.append("TechApp/API/API.swift", "extension API { func present(_ screen: SignInViewController) {} }\n")
        let failing = try app.check(baseline: "app/seams-baseline.json")
        #expect(failing.failed)
        #expect(failing.open.map(\.summary).contains("Networking.API → TechApp.SignInViewController"))
        #expect(failing.open.allSatisfy { $0.to == "TechApp.SignInViewController" }, "the old ones stay accepted")
    }

    @Test func aCycleThatGrewIsNew() throws {
        let app = try CheckedApp()
        try app.baseline()
        try app.dir.write("app/TechApp/Log.swift", "final class Log { let server = AppDelegate.configuration }\n")
        try app.append("TechApp/API/API.swift", "extension API { func log() -> Log? { nil } }\n")
        let result = try app.check(baseline: "app/seams-baseline.json")
        let cycle = try #require(result.violations.first { $0.subject == .cycle })
        #expect(!cycle.baselined)
        #expect(cycle.members?.contains("TechApp.Log") == true)
        #expect(cycle.joined == ["TechApp.Log"])
        #expect(cycle.message.contains("grew to"), "\(cycle.message)")
        #expect(!result.stale.contains { $0.entry.members != nil }, "the entry it grew from is not stale")
        #expect(result.failed)
    }

    @Test func aFixedViolationIsStaleUntilTheBaselineIsWrittenAgain() throws {
        let app = try CheckedApp()
        try app.baseline()
        try app.dir.write(
            "app/TechApp/API/API.swift",
            "final class API {\n    let server: String\n    init(server: String) { self.server = server }\n}\n")
        let result = try app.check(baseline: "app/seams-baseline.json")
        #expect(result.open.isEmpty)
        #expect(result.failed, "stale entries fail: the ratchet")
        let forbidden = try #require(result.stale.first { $0.entry.rule == "api-knows-no-ui" })
        #expect(forbidden.location.file == "app/seams-baseline.json")
        #expect(forbidden.location.line == 5)
        #expect(forbidden.reason.contains("its violation is gone: the baseline can be tightened"))
        #expect(!(try app.check(baseline: "app/seams-baseline.json", allowStale: true).failed))
    }

    @Test func aCycleThatShrankIsAcceptedAndItsEntryCanBeTightened() throws {
        let app = try CheckedApp()
        try app.baseline()
        try app.dir.write(
            "app/TechApp/SignIn/SignInViewController.swift",
            "import UIKit\n\nfinal class SignInViewController: UIViewController {}\n")
        let result = try app.check(baseline: "app/seams-baseline.json")
        let cycle = try #require(result.violations.first { $0.subject == .cycle })
        #expect(cycle.baselined && cycle.members == ["Networking.API", "TechApp.AppDelegate"])
        #expect(!result.stale.contains { $0.entry.rule == "no-type-cycles" }, "progress is not stale")
        let improved = try #require(result.improved.first { $0.entry.rule == "no-type-cycles" })
        #expect(improved.reason.contains("--write-baseline would tighten"))
    }

    @Test func unrelatedEditsAndMovedFilesNeverMakeTheBaselineStale() throws {
        let app = try CheckedApp()
        try app.baseline()
        let api = try app.dir.read("app/TechApp/API/API.swift")
        try app.dir.write("app/TechApp/API/API.swift", "// The API client.\n\n// More words.\n" + api)
        try FileManager.default.createDirectory(
            atPath: app.dir.path + "/app/TechApp/Root", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: app.dir.path + "/app/TechApp/AppDelegate.swift",
            toPath: app.dir.path + "/app/TechApp/Root/AppDelegate.swift")
        try app.dir.write(
            "app/seams.yml",
            try app.dir.read("app/seams.yml").replacingOccurrences(
                of: "The API client must be reusable by the expense app.", with: "Reworded."))
        let result = try app.check(baseline: "app/seams-baseline.json")
        #expect(!result.failed && result.stale.isEmpty && result.open.isEmpty, "\(CheckReporter.text.render(result))")
    }

    @Test func aBaselineThatIsNotOneIsAClearError() throws {
        let app = try CheckedApp()
        try app.dir.write("app/seams-baseline.json", "{\"entries\": 3}")
        #expect {
            try app.check(baseline: "app/seams-baseline.json")
        } throws: { "\($0)".contains("app/seams-baseline.json:1:1: error: not a seams baseline") }
    }

    @Test func anotherToolsBaselineIsRefused() throws {
        let app = try CheckedApp()
        try app.dir.write("app/seams-baseline.json", #"{"tool": "swiftlint", "version": 1, "entries": []}"#)
        #expect {
            try app.check(baseline: "app/seams-baseline.json")
        } throws: { "\($0)".contains("a baseline of 'swiftlint', not of seams") }
    }

    /// Ten thousand stale entries, each pointed at its own line: matching is linear (each entry
    /// was once searched for in the whole file, and this took minutes).
    @Test func thousandsOfStaleEntriesArePlacedOnTheirLines() throws {
        let entries = (0..<10_000).map { BaselineEntry(rule: "api-knows-no-ui", from: "Gone.T\($0)", to: "Gone.U") }
        let text = String(decoding: Baseline(entries: entries).encoded(), as: UTF8.self)
        let dir = try TempDir()
        try dir.write("baseline.json", text)
        let baseline = try Baseline.load(path: dir.path + "/baseline.json", display: "baseline.json")
        let verdict = baseline.apply(to: [], rules: ["api-knows-no-ui"], file: "baseline.json")
        #expect(verdict.stale.count == 10_000)
        let lines = text.components(separatedBy: "\n")
        for s in verdict.stale {
            #expect(lines[s.location.line - 1].contains(s.entry.line), "\(s.entry.line)")
        }
    }
}

struct CheckReporterTests {
    /// The fixture with one accepted violation, one stale entry and one warning: every part of a report.
    static func result(threads: Int? = nil) throws -> CheckResult {
        let app = try fixture()
        return try app.check(baseline: "app/seams-baseline.json", threads: threads)
    }

    /// The fixture app with a warning rule and a baseline of one live and one stale entry.
    static func fixture() throws -> CheckedApp {
        let app = try CheckedApp()
        try app.append(
            "seams.yml",
            """
              - id: few-users-of-api
                kind: max-dependents
                from: { type: API }
                limit: 2
                severity: warning
            """)
        try app.dir.write(
            "app/seams-baseline.json",
            """
            {
              "tool": "seams",
              "version": 1,
              "entries": [
                {"from":"Networking.API","rule":"api-knows-no-ui","to":"TechApp.AppDelegate"},
                {"from":"TechApp.Configuration","rule":"api-knows-no-ui","to":"TechApp.AppDelegate"}
              ]
            }
            """)
        return app
    }

    static let goldens: [(CheckReporter, String)] = [
        (.text, "check.txt"), (.xcode, "check.xcode.txt"), (.json, "check.json"), (.sarif, "check.sarif"),
        (.junit, "check.junit.xml"), (.github, "check.github.txt"), (.markdown, "check.md"),
        (.codeclimate, "check.codeclimate.json"),
    ]

    @Test func everyReporterMatchesItsGolden() throws {
        let result = try Self.result()
        #expect(result.baselinedCount == 1 && result.stale.count == 1 && result.warnings == 1)
        for (reporter, name) in Self.goldens { assertSnapshot(reporter.render(result), named: name) }
        assertSnapshot(CheckReporter.text.render(result, colors: true), named: "check-color.txt")
    }

    @Test func eachRuleGetsItsOpenViolationsInOrderFromOnePass() throws {
        // Many generated rules over a ring of types, some violations baselined, some rules
        // sharing an id's violations with none: the grouping the text, JUnit and Markdown
        // reports walk (once, not once per rule) is what filtering per rule gave.
        var nodes: [Node] = []
        var edges: [Edge] = []
        for i in 0..<40 {
            nodes.append(
                Node(id: "App.T\(i)", name: "T\(i)", module: "App", kind: .class, file: "T\(i).swift", line: 1))
            for step in [1, 3] {
                edges.append(
                    Edge(
                        from: "App.T\(i)", to: "App.T\((i + step) % 40)",
                        sites: [Site(file: "T\(i).swift", line: step, column: 1, kind: .type)]))
            }
        }
        let graph = Graph(
            root: ".", modules: [ModuleInfo(name: "App", files: 40)], nodes: nodes, edges: edges, diagnostics: [])
        var yaml = "rules:\n"
        for k in 0..<300 {
            yaml += "  - { id: r\(k), kind: forbidden, from: { type: T\(k % 50) }, to: { type: \"T[0-9]*\" } }\n"
        }
        let config = try SeamsConfig.parse(yaml, path: "seams.yml")
        let all = try RuleEngine.check(graph, config: config)
        var options = RuleEngine.Options()
        options.allowStale = true
        options.baseline = Baseline(
            violations: all.violations.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        let result = try RuleEngine.check(graph, config: config, options: options)
        #expect(result.baselinedCount > 0 && !result.open.isEmpty)
        let grouped = result.openViolationsByRule
        #expect(grouped.map(\.rule.id) == result.rules.map(\.id))
        for (rule, mine) in grouped {
            let naive = result.open.filter { $0.rule == rule.id }
            #expect(mine.map(\.summary) == naive.map(\.summary), "\(rule.id)")
            #expect(mine.count == rule.violations, "\(rule.id)")
        }
    }

    @Test func reportsAreTheSameBytesWhateverTheThreadCount() throws {
        let one = try Self.result(threads: 1)
        let four = try Self.result(threads: 4)
        for reporter in CheckReporter.allCases { #expect(reporter.render(one) == reporter.render(four), "\(reporter)") }
    }

    @Test func sarifIsValidAgainstTheOfficialSchema() throws {
        try Self.expectValidSARIF(CheckReporter.sarif.render(try Self.result()))
    }

    /// Validates a SARIF document against the official 2.1.0 schema, with Python's jsonschema.
    static func expectValidSARIF(_ sarif: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try TempDir()
        try dir.write("check.sarif", sarif)
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Schemas/sarif-schema-2.1.0.json").path
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit("python3 -m pip install jsonschema (the SARIF validator) first")
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            errors = list(jsonschema.Draft7Validator(schema).iter_errors(document))
            for e in errors: print(list(e.path), e.message)
            sys.exit(1 if errors else 0)
            """
        let r = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schema, dir.path + "/check.sarif"],
            in: dir.path, timeout: 60)
        #expect(
            r.status == 0,
            "\(String(decoding: r.stdout, as: UTF8.self))\(String(decoding: r.stderr, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test func junitIsWellFormedXML() throws {
        let xml = CheckReporter.junit.render(try Self.result())
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(xml.contains("<testcase classname=\"seams.max-dependencies\" name=\"lean-view-controllers\"/>"))
        #expect(xml.contains("<failure type=\"error\""))
    }

    /// An issue as GitLab's Code Quality requires it: decoding fails when a required field is
    /// missing or of another type (a line as a string, a path as a number).
    struct GitLabIssue: Decodable {
        struct Location: Decodable {
            struct Lines: Decodable { let begin: Int }
            let path: String
            let lines: Lines
        }
        let description: String
        let check_name: String
        let fingerprint: String
        let severity: String
        let location: Location
        let type: String?
        let categories: [String]?
        let engine_name: String?
    }

    /// The issues of a Code Climate report, checked against what GitLab requires: the fields
    /// with their types, a severity of its scale, a relative path, a line from 1, and
    /// fingerprints unique within the report.
    static func codeClimateIssues(_ report: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [GitLabIssue]
    {
        let issues = try JSONDecoder().decode([GitLabIssue].self, from: Data(report.utf8))
        for issue in issues {
            let name = issue.check_name
            #expect(
                !issue.description.isEmpty && !name.isEmpty && !issue.fingerprint.isEmpty,
                sourceLocation: sourceLocation)
            #expect(
                ["info", "minor", "major", "critical", "blocker"].contains(issue.severity), "\(name): severity",
                sourceLocation: sourceLocation)
            #expect(
                !issue.location.path.isEmpty && !issue.location.path.hasPrefix("/"), "\(name): \(issue.location.path)",
                sourceLocation: sourceLocation)
            #expect(issue.location.lines.begin >= 1, "\(name): location.lines.begin", sourceLocation: sourceLocation)
            #expect(issue.type == "issue" && issue.engine_name == "seams", sourceLocation: sourceLocation)
            #expect(issue.categories?.isEmpty == false, sourceLocation: sourceLocation)
        }
        #expect(
            Set(issues.map(\.fingerprint)).count == issues.count, "fingerprints are unique",
            sourceLocation: sourceLocation)
        return issues
    }

    @Test func codeClimateHasEveryFieldGitLabRequires() throws {
        let result = try Self.result()
        let issues = try Self.codeClimateIssues(CheckReporter.codeclimate.render(result))
        #expect(issues.count == result.open.count + result.stale.count, "open violations and stale entries")
        #expect(!issues.contains { $0.check_name == "api-knows-no-ui" }, "a baselined violation is no issue")
        #expect(issues.contains { $0.check_name == "few-users-of-api" && $0.severity == "minor" }, "a warning is minor")
        #expect(issues.last?.check_name == "stale-baseline" && issues.last?.location.path == "app/seams-baseline.json")
    }

    @Test func codeClimateFingerprintsFollowTheViolationWhenItsLinesMove() throws {
        // The fixture's baseline is written but not named: the check applies none.
        let app = try Self.fixture()
        func issues() throws -> [String: GitLabIssue] {
            let report = CheckReporter.codeclimate.render(try app.check())
            return Dictionary(uniqueKeysWithValues: try Self.codeClimateIssues(report).map { ($0.fingerprint, $0) })
        }
        let before = try issues()
        // Every line of API.swift moves down, and API gains a dependent (the count goes 3 → 4).
        try app.dir.write("app/TechApp/API/API.swift", "\n\n\n" + (try app.dir.read("app/TechApp/API/API.swift")))
        try app.dir.write("app/Helpers/Uses.swift", "final class UsesAPI { let api: API? = nil }\n")
        let after = try issues()
        #expect(before.count == 6)
        for (fingerprint, issue) in before {
            let moved = after[fingerprint]
            #expect(moved?.check_name == issue.check_name, "\(issue.check_name): \(issue.description)")
            #expect(moved?.location.path == issue.location.path)
            if issue.location.path == "app/TechApp/API/API.swift" {
                #expect(moved?.location.lines.begin == issue.location.lines.begin + 3, "\(issue.check_name): moved")
            }
        }
        let count = after.values.first { $0.check_name == "few-users-of-api" }
        #expect(count?.description.contains("by 4 types") == true, "the count changed, not its identity")
    }

    @Test func codeClimateFingerprintsStayUniqueWhenAMeaningRepeats() throws {
        var result = try Self.result()
        result.stale.append(result.stale[0])
        let issues = try Self.codeClimateIssues(CheckReporter.codeclimate.render(result))
        #expect(issues.filter { $0.check_name == "stale-baseline" }.count == 2)
    }

    @Test func githubEscapesWhatWorkflowCommandsReserve() {
        #expect(GitHubReporter.property("a,b:c%\nd") == "a%2Cb%3Ac%25%0Ad")
        #expect(GitHubReporter.data("a,b:c%\r\nd") == "a,b:c%25%0D%0Ad")
    }
}
