// The mock of ConnectorProtocol (2-FactoryClosure/After/Sync/ConnectorProtocol.swift:2), written by `seams mock ConnectorProtocol`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.

@testable import SyncAfter

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class ConnectorProtocolMock: ConnectorProtocol {
    /// The members of ConnectorProtocol, to expect and count calls of.
    enum Member: String, CaseIterable {
        case delegate = "delegate"
        case setDelegate = "delegate (set)"
        case connectTo = "connect(to:)"
        case send = "send(_:)"
        case disconnect = "disconnect()"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: delegate

    /// What reading delegate gives (a write sets it too).
    var delegateValue: ConnectorDelegate? = nil
    private(set) var setDelegateValues: [ConnectorDelegate?] = []

    var delegate: ConnectorDelegate? {
        get {
            self.calls.append(.delegate)
            return delegateValue
        }
        set {
            self.calls.append(.setDelegate)
            setDelegateValues.append(newValue)
            delegateValue = newValue
        }
    }

    // MARK: connect(to:)

    private(set) var connectToCalls: [String] = []
    var connectToHandler: ((_ host: String) -> Void)?

    func connect(to host: String) {
        self.calls.append(.connectTo)
        connectToCalls.append(host)
        if let connectToHandler { connectToHandler(host) }
    }

    // MARK: send(_:)

    private(set) var sendCalls: [String] = []
    var sendHandler: ((_ payload: String) -> Void)?

    func send(_ payload: String) {
        self.calls.append(.send)
        sendCalls.append(payload)
        if let sendHandler { sendHandler(payload) }
    }

    // MARK: disconnect()

    var disconnectHandler: (() -> Void)?

    func disconnect() {
        self.calls.append(.disconnect)
        if let disconnectHandler { disconnectHandler() }
    }

    // MARK: Expectations

    struct Expectation {
        var member: Member
        var times: Int?
        var fileID: String
        var filePath: StaticString
        var line: UInt
        var column: UInt
    }

    /// How many times `member` was called.
    func callCount(_ member: Member) -> Int { calls.filter { $0 == member }.count }

    /// Expects `member` to be called: `times` times exactly, or at least once.
    func expect(
        _ member: Member, times: Int? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        expectations.append(
            Expectation(member: member, times: times, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Fails the running test, at each expectation, for each expected call that did not come.
    func verify() {
        for e in expectations {
            let count = callCount(e.member)
            if let times = e.times, count != times {
                Self.fail("expected \(e.member.rawValue) to be called \(times) time(s), it was called \(count)", at: e)
            } else if e.times == nil, count == 0 {
                Self.fail("expected \(e.member.rawValue) to be called, it was not", at: e)
            }
        }
    }

    private static func fail(_ message: String, at e: Expectation) {
        let text = "ConnectorProtocolMock: " + message
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: text),
                sourceLocation: SourceLocation(
                    fileID: e.fileID, filePath: "\(e.filePath)", line: Int(e.line), column: Int(e.column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(text, file: e.filePath, line: e.line)
        #else
        assertionFailure(text)
        #endif
    }

    private static func unset(_ member: Member, _ what: String) -> Never {
        fatalError("ConnectorProtocolMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
