// The mock of JobHistoryLoading (3-InjectedRepositories/After/History/Dependencies.swift:15), written by `seams mock JobHistoryLoading`.
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

final class JobHistoryLoadingMock: JobHistoryLoading {
    /// The members of JobHistoryLoading, to expect and count calls of.
    enum Member: String, CaseIterable {
        case refreshUserID = "refresh(userID:)"
        case cachedUserID = "cached(userID:)"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: refresh(userID:)

    private(set) var refreshUserIDCalls: [Int] = []
    var refreshUserIDHandler: ((_ userID: Int) async throws -> [JobRecord])?
    var refreshUserIDReturnValue: [JobRecord]? = nil

    func refresh(userID: Int) async throws -> [JobRecord] {
        self.calls.append(.refreshUserID)
        refreshUserIDCalls.append(userID)
        if let refreshUserIDHandler { return try await refreshUserIDHandler(userID) }
        guard let refreshUserIDReturnValue else {
            Self.unset(.refreshUserID, "refreshUserIDHandler or refreshUserIDReturnValue")
        }
        return refreshUserIDReturnValue
    }

    // MARK: cached(userID:)

    private(set) var cachedUserIDCalls: [Int] = []
    var cachedUserIDHandler: ((_ userID: Int) -> [JobRecord])?
    var cachedUserIDReturnValue: [JobRecord]? = nil

    func cached(userID: Int) -> [JobRecord] {
        self.calls.append(.cachedUserID)
        cachedUserIDCalls.append(userID)
        if let cachedUserIDHandler { return cachedUserIDHandler(userID) }
        guard let cachedUserIDReturnValue else {
            Self.unset(.cachedUserID, "cachedUserIDHandler or cachedUserIDReturnValue")
        }
        return cachedUserIDReturnValue
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
        let text = "JobHistoryLoadingMock: " + message
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
        fatalError("JobHistoryLoadingMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
