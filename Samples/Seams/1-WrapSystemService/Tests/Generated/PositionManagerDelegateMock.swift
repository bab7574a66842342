// The mock of PositionManagerDelegate (Platform/Positioning/PositionManager.swift:26), written by `seams mock PositionManagerDelegate`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.
import Foundation

@testable import Positioning

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class PositionManagerDelegateMock: PositionManagerDelegate {
    /// The members of PositionManagerDelegate, to expect and count calls of.
    enum Member: String, CaseIterable {
        case positionAuthorizationDidChange = "positionAuthorizationDidChange(_:)"
        case positionDidUpdate = "positionDidUpdate(_:)"
        case positionDidFail = "positionDidFail(_:)"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: positionAuthorizationDidChange(_:)

    private(set) var positionAuthorizationDidChangeCalls: [PositionAuthorization] = []
    var positionAuthorizationDidChangeHandler: ((_ authorization: PositionAuthorization) -> Void)?

    func positionAuthorizationDidChange(_ authorization: PositionAuthorization) {
        self.calls.append(.positionAuthorizationDidChange)
        positionAuthorizationDidChangeCalls.append(authorization)
        if let positionAuthorizationDidChangeHandler { positionAuthorizationDidChangeHandler(authorization) }
    }

    // MARK: positionDidUpdate(_:)

    private(set) var positionDidUpdateCalls: [Position] = []
    var positionDidUpdateHandler: ((_ position: Position) -> Void)?

    func positionDidUpdate(_ position: Position) {
        self.calls.append(.positionDidUpdate)
        positionDidUpdateCalls.append(position)
        if let positionDidUpdateHandler { positionDidUpdateHandler(position) }
    }

    // MARK: positionDidFail(_:)

    private(set) var positionDidFailCalls: [Error] = []
    var positionDidFailHandler: ((_ error: Error) -> Void)?

    func positionDidFail(_ error: Error) {
        self.calls.append(.positionDidFail)
        positionDidFailCalls.append(error)
        if let positionDidFailHandler { positionDidFailHandler(error) }
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
        let text = "PositionManagerDelegateMock: " + message
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
        fatalError("PositionManagerDelegateMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
