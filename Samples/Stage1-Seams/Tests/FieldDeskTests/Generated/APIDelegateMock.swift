// The mock of APIDelegate (Sources/FieldDesk/APIDelegate.swift:3), written by `seams mock APIDelegate`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.

@testable import FieldDesk

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class APIDelegateMock: APIDelegate {
    /// The members of APIDelegate, to expect and count calls of.
    enum Member: String, CaseIterable {
        case apiDidLoadJobs = "apiDidLoadJobs(_:)"
        case apiDidFailToLoadJobsMessage = "apiDidFailToLoadJobs(message:)"
        case apiDidFileInvoice = "apiDidFileInvoice(_:)"
        case apiDidFailToFileInvoiceMessage = "apiDidFailToFileInvoice(message:)"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: apiDidLoadJobs(_:)

    private(set) var apiDidLoadJobsCalls: [[Job]] = []
    var apiDidLoadJobsHandler: ((_ jobs: [Job]) -> Void)?

    func apiDidLoadJobs(_ jobs: [Job]) {
        self.calls.append(.apiDidLoadJobs)
        apiDidLoadJobsCalls.append(jobs)
        if let apiDidLoadJobsHandler { apiDidLoadJobsHandler(jobs) }
    }

    // MARK: apiDidFailToLoadJobs(message:)

    private(set) var apiDidFailToLoadJobsMessageCalls: [String] = []
    var apiDidFailToLoadJobsMessageHandler: ((_ message: String) -> Void)?

    func apiDidFailToLoadJobs(message: String) {
        self.calls.append(.apiDidFailToLoadJobsMessage)
        apiDidFailToLoadJobsMessageCalls.append(message)
        if let apiDidFailToLoadJobsMessageHandler { apiDidFailToLoadJobsMessageHandler(message) }
    }

    // MARK: apiDidFileInvoice(_:)

    private(set) var apiDidFileInvoiceCalls: [Invoice] = []
    var apiDidFileInvoiceHandler: ((_ invoice: Invoice) -> Void)?

    func apiDidFileInvoice(_ invoice: Invoice) {
        self.calls.append(.apiDidFileInvoice)
        apiDidFileInvoiceCalls.append(invoice)
        if let apiDidFileInvoiceHandler { apiDidFileInvoiceHandler(invoice) }
    }

    // MARK: apiDidFailToFileInvoice(message:)

    private(set) var apiDidFailToFileInvoiceMessageCalls: [String] = []
    var apiDidFailToFileInvoiceMessageHandler: ((_ message: String) -> Void)?

    func apiDidFailToFileInvoice(message: String) {
        self.calls.append(.apiDidFailToFileInvoiceMessage)
        apiDidFailToFileInvoiceMessageCalls.append(message)
        if let apiDidFailToFileInvoiceMessageHandler { apiDidFailToFileInvoiceMessageHandler(message) }
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
        let text = "APIDelegateMock: " + message
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
        fatalError("APIDelegateMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
