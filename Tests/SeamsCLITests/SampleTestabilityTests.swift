import Foundation
import SeamsTestSupport
import Testing

/// `seams testability` on the teaching sample: each catalog lesson's Before shows the blocker its
/// seam removes, with that seam's recipe, and After shows none for that type; the sign-in screen
/// of the legacy app is blocked by the AppDelegate accessor (and its alert by the downcast of its
/// presenter), and the modular app's sign-in screen is testable in isolation.
struct SampleTestabilityTests {
    static let samples = SampleCheckTests.samples

    /// The blockers of one type, as the JSON report lists them.
    func blockers(_ folder: String, _ args: [String] = [], in dir: String, type: String) throws -> [[String: Any]] {
        let run = try seams(["testability", folder, "--format", "json"] + args, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let types = json["types"] as! [[String: Any]]
        let t = try #require(
            types.first { ($0["id"] as! String).hasSuffix("." + type) }, "no type \(type) in \(folder)")
        return t["blockers"] as! [[String: Any]]
    }

    static let lessons: [(lesson: String, type: String, kind: String, recipe: String, written: String)] = [
        ("1-WrapSystemService", "CheckInViewController", "system-service", "wrap-system-service", "PositionManager()"),
        ("2-FactoryClosure", "InvoiceUploader", "construction", "factory-closure", "Connector()"),
        (
            "3-InjectedRepositories", "JobHistoryRepository", "global-access", "injected-repository",
            "NetworkSession.shared.get"
        ),
        ("4-StateDrivenScreen", "ChecklistViewController", "construction", "state-value", "ChecklistEvents()"),
    ]

    @Test(arguments: lessons.map(\.lesson))
    func eachLessonsBeforeShowsItsBlockerAndAfterNone(lesson: String) throws {
        let l = Self.lessons.first { $0.lesson == lesson }!
        let dir = Self.samples + "/Seams/" + lesson
        let before = try blockers("Before", ["--config", "seams.yml"], in: dir, type: l.type)
        #expect(
            before.contains {
                $0["kind"] as? String == l.kind && $0["recipe"] as? String == l.recipe
                    && $0["path"] as? String == l.written
            }, "\(lesson) Before: \(before.map { "\($0["kind"]!) \($0["recipe"]!) \($0["path"]!)" })")
        let after = try blockers("After", ["--config", "seams.yml"], in: dir, type: l.type)
        #expect(after.isEmpty, "\(lesson) After still blocked: \(after.map { "\($0["kind"]!) \($0["path"]!)" })")
    }

    @Test func theLegacySignInScreenIsBlockedByTheAccessorAndTheAlertByItsDowncast() throws {
        let signIn = try blockers("Stage0-Legacy", in: Self.samples, type: "SignInViewController")
        let accessor = signIn.filter {
            $0["kind"] as? String == "global-access" && ($0["path"] as! String).hasPrefix("UIApplication.appDelegate")
        }
        #expect(accessor.count == 4)
        #expect(accessor.allSatisfy { $0["recipe"] as? String == "inject-through-init" })
        #expect(accessor.allSatisfy { $0["target"] as? String == "FieldDesk.AppDelegate" })
        #expect(
            Set(accessor.compactMap { $0["member"] as? String }) == [
                "viewWillAppear(_:)", "signInTapped()", "apiDidSignIn(_:)",
            ])
        // Presenting the alert is composition, not a blocker of the screen: the alert's own
        // downcast of whoever presented it is the alert's blocker.
        #expect(
            !signIn.contains {
                $0["kind"] as? String == "construction" && $0["path"] as? String == "AlertViewController()"
            })
        let alert = try blockers("Stage0-Legacy", in: Self.samples, type: "AlertViewController")
        let downcast = try #require(alert.first { $0["kind"] as? String == "downcast" })
        #expect(downcast["target"] as? String == "FieldDesk.SignInViewController")
        #expect(downcast["recipe"] as? String == "command-object")
        #expect(downcast["member"] as? String == "buttonTapped()")
    }

    @Test func theModularSignInScreenIsTestableInIsolation() throws {
        #expect(try blockers("Stage2-Modules", in: Self.samples, type: "SignInViewController").isEmpty)
        #expect(try blockers("Stage2-Modules", in: Self.samples, type: "AlertViewController").isEmpty)
        let run = try seams(["testability", "Stage2-Modules", "--type", "SignInViewController"], in: Self.samples)
        #expect(run.status == 0)
        #expect(run.stdout.contains("testable in isolation"))
    }

    @Test func aTypeThatIsNotThereIsExitTwoWithASuggestion() throws {
        let run = try seams(["testability", "Stage0-Legacy", "--type", "SignInViewControler"], in: Self.samples)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--type SignInViewControler: no such type"))
        #expect(run.stderr.contains("SignInViewController"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aTestableRuleGatesCIAndItsBaselineAcceptsToday() throws {
        let dir = try TempDir()
        try dir.write(
            "seams.yml",
            """
            rules:
              - id: sign-in-testable
                kind: testable
                from: { type: SignInViewController }
                forbid: [global-access, downcast]
            """)
        let root = Self.samples + "/Stage0-Legacy"
        let failing = try seams(["check", root, "--config", dir.path + "/seams.yml"], in: Self.samples)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FieldDesk.SignInViewController is not testable in isolation: global-access"))
        let write = try seams(
            ["check", root, "--config", dir.path + "/seams.yml", "--write-baseline", dir.path + "/baseline.json"],
            in: Self.samples)
        #expect(write.status == 0)
        let accepted = try seams(
            ["check", root, "--config", dir.path + "/seams.yml", "--baseline", dir.path + "/baseline.json"],
            in: Self.samples)
        #expect(accepted.status == 0, "\(accepted.stdout)")
    }

    @Test func theMapFillsTypesByCostBand() throws {
        let legacy = try seams(["graph", "Stage0-Legacy", "--testability", "--format", "dot"], in: Self.samples)
        #expect(legacy.status == 0)
        let line = try #require(
            legacy.stdout.split(separator: "\n").first { $0.contains("\"FieldDesk.JobsViewController\" [") })
        // Cost 90: the third band; the tooltip names the cost and the first blockers.
        #expect(line.hasSuffix("];"))
        #expect(line.contains("fillcolor=\"#ffc97a\""))
        // One fill and one tooltip: the module's colour is replaced, not overridden after it.
        #expect(line.components(separatedBy: "fillcolor=").count == 2)
        #expect(line.components(separatedBy: "tooltip=").count == 2)
        #expect(line.contains("testability cost 90"))
        // The storyboard makes the screens: presenting a screen is composition, not a blocker.
        let storyboard = try #require(
            legacy.stdout.split(separator: "\n").first { $0.contains("\"FieldDesk.MainStoryboard\" [") })
        #expect(storyboard.contains("testable in isolation") && storyboard.contains("fillcolor=\"#b7e4c7\""))
        // The app delegate is the composition root: what it makes and hands out is its job; its
        // own `static var configuration` is written nowhere, a constant: nothing is left, and it
        // is not advised on (drawn unfilled).
        let delegate = try #require(
            legacy.stdout.split(separator: "\n").first { $0.contains("\"FieldDesk.AppDelegate\" [") })
        #expect(!delegate.contains("testability cost") && delegate.contains("fillcolor=\"#ffffff\""), "\(delegate)")
        // Theming and logging are benign: the sign-in screen's cost is its accessor.
        let signInLegacy = try #require(
            legacy.stdout.split(separator: "\n").first { $0.contains("\"FieldDesk.SignInViewController\" [") })
        #expect(signInLegacy.contains("testability cost 54") && signInLegacy.contains("fillcolor=\"#ffc97a\""))
        #expect(legacy.stdout.contains(">Testability<"), "the legend's title")
        let modular = try seams(["graph", "Stage2-Modules", "--testability", "--format", "dot"], in: Self.samples)
        let signIn = try #require(
            modular.stdout.split(separator: "\n").first { $0.contains("\"SignIn.SignInViewController\" [") })
        #expect(signIn.contains("fillcolor=\"#b7e4c7\""))
        #expect(signIn.contains("testable in isolation"))
        let collapsed = try seams(
            ["graph", "Stage0-Legacy", "--testability", "--collapse", "module"], in: Self.samples)
        #expect(collapsed.status == 64)
    }
}
