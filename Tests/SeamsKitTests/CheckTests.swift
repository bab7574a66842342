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
        #expect(forbidden.reason.contains("no violation matches it"))
        #expect(!(try app.check(baseline: "app/seams-baseline.json", allowStale: true).failed))
    }

    @Test func aCycleThatShrankIsAcceptedButItsEntryMustBeTightened() throws {
        let app = try CheckedApp()
        try app.baseline()
        try app.dir.write(
            "app/TechApp/SignIn/SignInViewController.swift",
            "import UIKit\n\nfinal class SignInViewController: UIViewController {}\n")
        let result = try app.check(baseline: "app/seams-baseline.json")
        let cycle = try #require(result.violations.first { $0.subject == .cycle })
        #expect(cycle.baselined && cycle.members == ["Networking.API", "TechApp.AppDelegate"])
        let stale = try #require(result.stale.first { $0.entry.rule == "no-type-cycles" })
        #expect(stale.reason.contains("improved"))
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
}

struct CheckReporterTests {
    /// The fixture with one accepted violation, one stale entry and one warning: every part of a report.
    static func result(threads: Int? = nil) throws -> CheckResult {
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
        return try app.check(baseline: "app/seams-baseline.json", threads: threads)
    }

    static let goldens: [(CheckReporter, String)] = [
        (.text, "check.txt"), (.xcode, "check.xcode.txt"), (.json, "check.json"), (.sarif, "check.sarif"),
        (.junit, "check.junit.xml"), (.github, "check.github.txt"), (.markdown, "check.md"),
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
        let dir = try TempDir()
        try dir.write("check.sarif", CheckReporter.sarif.render(try Self.result()))
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
            "\(String(decoding: r.stdout, as: UTF8.self))\(String(decoding: r.stderr, as: UTF8.self))")
    }

    @Test func junitIsWellFormedXML() throws {
        let xml = CheckReporter.junit.render(try Self.result())
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(xml.contains("<testcase classname=\"seams.max-dependencies\" name=\"lean-view-controllers\"/>"))
        #expect(xml.contains("<failure type=\"error\""))
    }

    @Test func githubEscapesWhatWorkflowCommandsReserve() {
        #expect(GitHubReporter.property("a,b:c%\nd") == "a%2Cb%3Ac%25%0Ad")
        #expect(GitHubReporter.data("a,b:c%\r\nd") == "a,b:c%25%0D%0Ad")
    }
}
