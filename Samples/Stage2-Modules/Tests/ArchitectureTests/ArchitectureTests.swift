import Foundation
import SeamsTesting
import Testing

/// FieldDesk's architecture as unit tests, written with SeamsTesting: the rules of seams.yml
/// beside them, as assertions that fail at the offending line. Stage 2 keeps them all.
///
/// The same tests run on another stage's code, where they fail:
///     FIELDDESK_APP=../Stage0-Legacy swift test --filter ArchitectureTests
///
/// On code that breaks them today, freeze what it breaks in a baseline and fail only on what is
/// new: record once, then run as usual.
///     SEAMS_RECORD_BASELINE=1 FIELDDESK_BASELINE=baseline.json swift test --filter ArchitectureTests
///     FIELDDESK_BASELINE=baseline.json swift test --filter ArchitectureTests
@Suite struct ArchitectureTests {
    let app: SeamsScan
    let baseline: String?

    init() throws {
        // The package's own code (seams.yml leaves Tests/ out), or the code FIELDDESK_APP names.
        let environment = ProcessInfo.processInfo.environment
        app = try SeamsScan(path: environment["FIELDDESK_APP"] ?? ".")
        baseline = environment["FIELDDESK_BASELINE"]
    }

    @Test func noTypeIsInADependencyCycle() {
        app.types.shouldBeFreeOfCycles(
            id: "no-cycles", because: "A type in a cycle cannot be tested, moved or reused without all the others.",
            baseline: baseline)
    }

    @Test func theModulesAreLayered() {
        app.shouldBeLayered(["FieldDesk"], ["SignIn"], ["UIHelpers"], id: "layers", baseline: baseline)
    }

    @Test func theAPIClientKnowsNoScreen() {
        app.types.matching(name: "API").shouldNotDependOn(
            app.types.matching(name: "AppDelegate|.*ViewController|Theme|UI[A-Z].*"), id: "api-knows-no-ui",
            because: "The API client must work without screens: in unit tests, and in the invoicing app.",
            baseline: baseline)
    }

    @Test func onlyTheAppDelegateKnowsTheAppDelegate() {
        let appDelegate = app.types.matching(name: "AppDelegate")
        appDelegate.shouldOnlyBeUsedBy(
            appDelegate, id: "only-the-root-knows-the-app-delegate",
            because: "The AppDelegate composes the app; anyone else who reaches it uses it as a service locator.",
            baseline: baseline)
    }

    @Test func signInBringsNothingOfFieldDesk() {
        app.types(inModule: "SignIn").shouldOnlyDependOn(
            modules: "UIHelpers", id: "sign-in-stands-alone",
            because:
                "The sign-in module is reused by other apps: it may use UIHelpers and UIKit, nothing of FieldDesk.",
            baseline: baseline
        )
    }

    @Test func theScreensAreTestableInIsolation() {
        app.types.matching(name: ".*ViewController").shouldBeTestableInIsolation(
            id: "screens-testable", baseline: baseline)
    }
}
