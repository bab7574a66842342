// The mock of UIApplicationDelegate (Sources/UIKit/UIApplication.swift:2), written by `seams mock UIApplicationDelegate`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.

@testable import UIKit

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class UIApplicationDelegateMock: UIApplicationDelegate {
    /// The members of UIApplicationDelegate, to expect and count calls of.
    enum Member: String, CaseIterable {
        case window = "window"
        case setWindow = "window (set)"
        case applicationDidFinishLaunchingWithOptions = "application(_:didFinishLaunchingWithOptions:)"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}

    // MARK: window

    /// What reading window gives (a write sets it too).
    var windowValue: UIWindow? = nil
    private(set) var setWindowValues: [UIWindow?] = []

    var window: UIWindow? {
        get {
            self.calls.append(.window)
            return windowValue
        }
        set {
            self.calls.append(.setWindow)
            setWindowValues.append(newValue)
            windowValue = newValue
        }
    }

    // MARK: application(_:didFinishLaunchingWithOptions:)

    private(set) var applicationDidFinishLaunchingWithOptionsCalls: [(application: UIApplication, launchOptions: [UIApplication.LaunchOptionsKey: Any]?)] = []
    var applicationDidFinishLaunchingWithOptionsHandler: ((_ application: UIApplication, _ launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool)?
    var applicationDidFinishLaunchingWithOptionsReturnValue: Bool? = nil

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        self.calls.append(.applicationDidFinishLaunchingWithOptions)
        applicationDidFinishLaunchingWithOptionsCalls.append((application: application, launchOptions: launchOptions))
        if let applicationDidFinishLaunchingWithOptionsHandler { return applicationDidFinishLaunchingWithOptionsHandler(application, launchOptions) }
        guard let applicationDidFinishLaunchingWithOptionsReturnValue else {
            Self.unset(.applicationDidFinishLaunchingWithOptions, "applicationDidFinishLaunchingWithOptionsHandler or applicationDidFinishLaunchingWithOptionsReturnValue")
        }
        return applicationDidFinishLaunchingWithOptionsReturnValue
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
        let text = "UIApplicationDelegateMock: " + message
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
        fatalError("UIApplicationDelegateMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
