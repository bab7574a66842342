import Foundation
import SeamsTestSupport
import SeamsTesting
import XCTest

/// XCTest's side: failures are recorded on the running test case at the offending line. The
/// test case captures them instead of failing, to look at where they point.
final class XCTestReportingTests: XCTestCase {
    nonisolated(unsafe) static var app: TempDir?
    nonisolated(unsafe) static var scan: SeamsScan?
    var captured: [(message: String, file: String, line: Int)] = []

    // As the docs advise: the scan is made before the first test starts.
    override class func setUp() {
        super.setUp()
        app = try? networkingApp(leaks: ["    var screen: Screen?"])
        scan = app.flatMap { try? SeamsScan(path: $0.path) }
    }

    #if os(Linux) || os(Windows)
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            captured.append((description, filePath, lineNumber))
        }
    #endif

    func testAForbiddenDependencyFailsTheRunningTestAtTheOffendingLine() throws {
        let app = try XCTUnwrap(Self.app)
        let scan = try XCTUnwrap(Self.scan)
        scan.types(inModule: "Networking").shouldNotDependOn(module: "UI", id: "networking-knows-no-ui")
        #if os(Linux) || os(Windows)
            XCTAssertEqual(captured.count, 1)
            XCTAssertEqual(captured.first?.file, app.path + "/Networking/API.swift")
            XCTAssertEqual(captured.first?.line, 3)
            XCTAssertTrue(
                captured.first?.message.contains("Networking.API → UI.Screen [networking-knows-no-ui]") == true)
        #endif
    }

    /// A scan asked for inside a test, on a tree no test scanned before: the observer starts
    /// after this test did, and seamsScan(path:) names the running case.
    func testAScanMadeInsideATestRecordsOnThatTest() throws {
        let dir = try networkingApp(leaks: ["    var detail: DetailScreen?"])
        let scan = try seamsScan(path: dir.path)
        scan.types(inModule: "Networking").shouldNotDependOn(module: "UI")
        #if os(Linux) || os(Windows)
            XCTAssertEqual(captured.map(\.file), [dir.path + "/Networking/API.swift"])
            XCTAssertEqual(captured.map(\.line), [3])
        #endif
    }

    func testAKeptRuleRecordsNothing() throws {
        let scan = try XCTUnwrap(Self.scan)
        scan.types(inModule: "UI").shouldNotDependOn(module: "Persistence", id: "x")  // unknown module: fails
        scan.types(inModule: "UI").shouldBeFreeOfCycles()
        #if os(Linux) || os(Windows)
            XCTAssertEqual(captured.count, 1)
            XCTAssertTrue(captured.first?.message.contains("module 'Persistence' matches nothing") == true)
            XCTAssertEqual(captured.first?.file, #filePath)
        #endif
    }
}
