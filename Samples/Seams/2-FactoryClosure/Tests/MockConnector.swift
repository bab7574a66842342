import XCTest

@testable import SyncAfter

/// Records every call in order, and checks them against what a test expects, reporting a
/// mismatch at the test's line, not here.
final class MockConnector: ConnectorProtocol {
    private(set) var calls: [String] = []

    weak var delegate: ConnectorDelegate? {
        didSet { calls.append("delegate") }
    }

    func connect(to host: String) { calls.append("connect \(host)") }
    func send(_ payload: String) { calls.append("send \(payload)") }
    func disconnect() { calls.append("disconnect") }

    func verify(_ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard calls != expected else { return }
        XCTFail("expected the calls \(expected), got \(calls)", file: file, line: line)
    }
}
