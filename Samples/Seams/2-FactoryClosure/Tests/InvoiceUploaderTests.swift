import XCTest

@testable import SyncAfter

/// The uploader with a mock connector from the factory; the connector's callbacks are called
/// directly, as the connector would.
final class InvoiceUploaderTests: XCTestCase {
    private var mock: MockConnector!
    private var made = 0
    private var uploader: InvoiceUploader!

    override func setUp() {
        mock = MockConnector()
        made = 0
        uploader = InvoiceUploader(makeConnector: { [unowned self] in
            made += 1
            return mock
        })
    }

    func testUploadSetsTheDelegateThenConnects() {
        uploader.upload(["INV-1", "INV-2"], to: "ledger.fielddesk.example")
        mock.verify(["delegate", "connect ledger.fielddesk.example"])
        XCTAssertTrue(mock.delegate === uploader)
        XCTAssertEqual(made, 1)
        XCTAssertEqual(uploader.state, .connecting)
    }

    func testOnceConnectedItSendsEveryInvoiceThenDisconnects() {
        uploader.upload(["INV-1", "INV-2"], to: "ledger.fielddesk.example")
        uploader.connectorDidConnect()
        mock.verify([
            "delegate", "connect ledger.fielddesk.example", "send INV-1", "send INV-2", "disconnect",
        ])
        XCTAssertEqual(uploader.state, .uploaded(2))
    }

    func testAFailedConnectionSendsNothing() {
        uploader.upload(["INV-1"], to: "ledger.fielddesk.example")
        uploader.connectorDidFail("The ledger is down.")
        mock.verify(["delegate", "connect ledger.fielddesk.example"])
        XCTAssertEqual(uploader.state, .failed("The ledger is down."))
        uploader.connectorDidConnect()
        XCTAssertFalse(mock.calls.contains { $0.hasPrefix("send") }, "nothing is left to send after a failure")
    }

    func testEachUploadMakesItsOwnConnector() {
        uploader.upload(["INV-1"], to: "a.example")
        uploader.upload(["INV-2"], to: "b.example")
        XCTAssertEqual(made, 2)
    }

    /// Failures caught instead of recorded, while a test checks the mock's own reporting.
    private var caught: [(file: String, line: Int)]?

    override func recordFailure(
        withDescription description: String, inFile file: String, atLine line: Int, expected: Bool
    ) {
        if caught != nil {
            caught?.append((file, line))
        } else {
            super.recordFailure(withDescription: description, inFile: file, atLine: line, expected: expected)
        }
    }

    func testTheMockReportsAMismatchAtTheCallersLine() {
        caught = []
        mock.verify(["connect first"])
        let line = #line - 1
        let failures = caught ?? []
        caught = nil
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.map { URL(fileURLWithPath: $0.file).lastPathComponent }, ["InvoiceUploaderTests.swift"])
    }
}
