import Foundation
import SeamsTestSupport
import Testing

/// `seams check` on the three stages of the teaching sample in Samples/, with the rules in each
/// stage's seams.yml: the legacy app fails on the API ↔ AppDelegate cycle, the seams make
/// progress, the modules pass. The sample is seams's end-to-end test bed.
struct SampleCheckTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples").path

    struct Report {
        let status: Int32
        let stdout: String
        let json: [String: Any]

        var rules: [String: Int] {
            Dictionary(
                uniqueKeysWithValues: (json["rules"] as! [[String: Any]]).map {
                    ($0["id"] as! String, $0["violations"] as! Int)
                })
        }

        var violations: [[String: Any]] { json["violations"] as! [[String: Any]] }

        /// The members of the one type cycle, and its witness as a path of type names.
        var cycle: (members: [String], witness: [String])? {
            guard let v = violations.first(where: { $0["rule"] as? String == "no-cycles" }) else { return nil }
            let steps = v["cycle"] as! [[String: Any]]
            return (v["members"] as! [String], steps.map { $0["from"] as! String } + [steps.last!["to"] as! String])
        }

        /// Every (from, to) pair a violation names.
        var dependencies: [String] {
            violations.compactMap { v in (v["from"] as? String).map { "\($0) → \(v["to"] as! String)" } }
        }
    }

    /// One run: the text report on stdout, the JSON report into a file.
    func check(_ stage: String) throws -> Report {
        let out = try TempDir()
        let run = try seams(
            ["check", stage, "--reporter", "text", "--reporter", "json:" + out.path + "/report.json"],
            in: Self.samples)
        let object = try JSONSerialization.jsonObject(with: Data(try out.read("report.json").utf8)) as! [String: Any]
        return Report(status: run.status, stdout: run.stdout, json: object)
    }

    @Test func theLegacyAppFailsOnTheAPIAppDelegateCycle() throws {
        let report = try check("Stage0-Legacy")
        #expect(report.status == 1)
        let cycle = try #require(report.cycle)
        // The witness starts with the cut `seams untangle` makes first: the line to change.
        let untangle = try seams(["untangle", "Stage0-Legacy", "--format", "json"], in: Self.samples)
        let plan = try JSONSerialization.jsonObject(with: Data(untangle.stdout.utf8)) as! [String: Any]
        let firstCut = ((plan["components"] as! [[String: Any]])[0]["cuts"] as! [[String: Any]])[0]
        #expect(Array(cycle.witness.prefix(2)) == [firstCut["from"] as! String, firstCut["to"] as! String])
        #expect(cycle.witness.first == cycle.witness.last)
        #expect(cycle.members.count == 10)
        #expect(cycle.members.contains("FieldDesk.Logger") && cycle.members.contains("FieldDesk.Theme"))
        #expect(
            report.stdout.contains(
                "10 types depend on each other (FieldDesk.API, FieldDesk.AlertViewController, FieldDesk.AppDelegate,"))
        #expect(report.stdout.contains("as in \(cycle.witness.joined(separator: " → "))"))
        #expect(report.dependencies.contains("FieldDesk.API → FieldDesk.AppDelegate"))
        #expect(report.rules.values.allSatisfy { $0 > 0 }, "Stage 0 breaks every rule: \(report.rules)")
    }

    @Test func theSeamsTakeTheAPIOutOfTheCycleButTheLoggerAndThemeKeepOne() throws {
        let legacy = try check("Stage0-Legacy")
        let report = try check("Stage1-Seams")
        #expect(report.status == 1)
        #expect(report.rules["api-knows-no-ui"] == 0)
        #expect(!report.dependencies.contains { $0.hasPrefix("FieldDesk.API → ") })
        let cycle = try #require(report.cycle)
        #expect(!cycle.members.contains("FieldDesk.API"))
        #expect(cycle.members.count < legacy.cycle!.members.count)
        #expect(cycle.members.contains("FieldDesk.Logger") && cycle.members.contains("FieldDesk.Theme"))
        #expect(report.dependencies.contains("FieldDesk.Theme → FieldDesk.AppDelegate"))
        #expect(report.dependencies.contains("FieldDesk.SignInViewController → FieldDesk.Logger"))
        #expect(report.violations.count < legacy.violations.count)
    }

    @Test func theModularAppKeepsEveryRule() throws {
        let report = try check("Stage2-Modules")
        #expect(report.status == 0)
        #expect(report.stdout == "No violations.\n")
        #expect(report.rules.count == 7)
        #expect(report.rules.values.allSatisfy { $0 == 0 })
    }

    /// Each seam lesson: its rule, and the reference in Before that breaks it.
    @Test(arguments: [
        (
            "1-WrapSystemService", "controller-knows-no-platform-service",
            "CheckIn.CheckInViewController must not depend on PositionManager"
        ),
        ("2-FactoryClosure", "uploader-makes-no-connector", "Sync.InvoiceUploader must not depend on Sync.Connector"),
        (
            "3-InjectedRepositories", "no-concrete-store-or-session",
            "History.JobHistoryRepository must not depend on History.NetworkSession"
        ),
        ("4-StateDrivenScreen", "events-touch-no-views", "Checklist.ChecklistEvents must not depend on UILabel"),
    ])
    func eachSeamLessonsBeforeBreaksItsRuleAndAfterKeepsIt(lesson: String, rule: String, reference: String) throws {
        let folder = Self.samples + "/Seams/" + lesson
        let before = try seams(["check", "Before", "--config", "seams.yml", "--reporter", "xcode"], in: folder)
        #expect(before.status == 1, "\(before.stderr)")
        #expect(before.stdout.contains("\(reference): "), "\(before.stdout)")
        #expect(before.stdout.contains("[\(rule)]"))
        let after = try seams(["check", "After", "--config", "seams.yml"], in: folder)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stdout == "No violations.\n")
    }
}
