// The mock of JobStoring (3-InjectedRepositories/After/History/Dependencies.swift:4), written by `seams mock JobStoring`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.
import Foundation

@testable import HistoryAfter

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class JobStoringMock: JobStoring {
    /// The members of JobStoring, to expect and count calls of.
    enum Member: String, CaseIterable {
        case saveFor = "save(_:for:)"
        case recordsFor = "records(for:)"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: save(_:for:)

    private(set) var saveForCalls: [(records: [JobRecord], userID: Int)] = []
    var saveForHandler: ((_ records: [JobRecord], _ userID: Int) throws -> Void)?

    func save(_ records: [JobRecord], for userID: Int) throws {
        self.calls.append(.saveFor)
        saveForCalls.append((records: records, userID: userID))
        if let saveForHandler { try saveForHandler(records, userID) }
    }

    // MARK: records(for:)

    private(set) var recordsForCalls: [Int] = []
    var recordsForHandler: ((_ userID: Int) -> [JobRecord])?
    var recordsForReturnValue: [JobRecord]? = nil

    func records(for userID: Int) -> [JobRecord] {
        self.calls.append(.recordsFor)
        recordsForCalls.append(userID)
        if let recordsForHandler { return recordsForHandler(userID) }
        guard let recordsForReturnValue else {
            Self.unset(.recordsFor, "recordsForHandler or recordsForReturnValue")
        }
        return recordsForReturnValue
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
        let text = "JobStoringMock: " + message
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
        fatalError("JobStoringMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
