// The mock of Billing (Billing.swift:10), written by `seams mock Billing`.
// It records every call, answers with what the test sets, and verify() fails the test for
// each expected call that did not come. Write it again when the protocol changes.
import Foundation

@testable import App

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

final class BillingMock: Billing, @unchecked Sendable {
    /// The members of Billing, to expect and count calls of.
    enum Member: String, CaseIterable {
        case now = "now"
        case currency = "currency"
        case setCurrency = "currency (set)"
        case lastError = "lastError"
        case balance = "balance"
        case load = "load(_:)"
        case saveFor = "save(_:for:)"
        case find = "find(_:)"
        case decodeFrom = "decode(_:from:)"
        case each = "each(_:)"
        case later = "later(_:)"
        case totalOf = "total(of:)"
        case bump = "bump(_:)"
        case notify = "notify(_:)"
        case reset = "reset()"
        case find2 = "find(_:) (2)"
        case `default` = "default()"
        case logCalls = "log(calls:)"
        case undo = "undo()"
    }

    /// Every call, in order (a property's read and each write count as calls).
    private(set) var calls: [Member] = []
    private var expectations: [Expectation] = []

    init() {}
    required init(region: String) {}

    // MARK: now

    /// What reading now gives.
    var nowValue: Date? = nil

    var now: Date {
        get {
            self.calls.append(.now)
            guard let nowValue else { Self.unset(.now, "nowValue") }
            return nowValue
        }
    }

    // MARK: currency

    /// What reading currency gives (a write sets it too).
    var currencyValue: String? = nil
    private(set) var setCurrencyValues: [String] = []

    var currency: String {
        get {
            self.calls.append(.currency)
            guard let currencyValue else { Self.unset(.currency, "currencyValue") }
            return currencyValue
        }
        set {
            self.calls.append(.setCurrency)
            setCurrencyValues.append(newValue)
            currencyValue = newValue
        }
    }

    // MARK: lastError

    /// What reading lastError gives.
    var lastErrorValue: Error? = nil

    var lastError: Error? {
        get {
            self.calls.append(.lastError)
            return lastErrorValue
        }
    }

    // MARK: balance

    /// What reading balance gives.
    var balanceValue: Int? = nil

    var balance: Int {
        get async throws {
            self.calls.append(.balance)
            guard let balanceValue else { Self.unset(.balance, "balanceValue") }
            return balanceValue
        }
    }

    // MARK: load(_:)

    private(set) var loadCalls: [Int] = []
    var loadHandler: ((_ id: Int) async throws -> Invoice)?
    var loadReturnValue: Invoice? = nil

    func load(_ id: Int) async throws -> Invoice {
        self.calls.append(.load)
        loadCalls.append(id)
        if let loadHandler { return try await loadHandler(id) }
        guard let loadReturnValue else {
            Self.unset(.load, "loadHandler or loadReturnValue")
        }
        return loadReturnValue
    }

    // MARK: save(_:for:)

    private(set) var saveForCalls: [(invoice: Invoice, userID: Int)] = []
    var saveForHandler: ((_ invoice: Invoice, _ userID: Int) throws -> Void)?

    func save(_ invoice: Invoice, for userID: Int) throws {
        self.calls.append(.saveFor)
        saveForCalls.append((invoice: invoice, userID: userID))
        if let saveForHandler { try saveForHandler(invoice, userID) }
    }

    // MARK: find(_:)

    private(set) var findCalls: [Int] = []
    var findHandler: ((_ id: Int) -> Invoice?)?
    var findReturnValue: Invoice? = nil

    func find(_ id: Int) -> Invoice? {
        self.calls.append(.find)
        findCalls.append(id)
        if let findHandler { return findHandler(id) }
        return findReturnValue
    }

    // MARK: decode(_:from:)

    private(set) var decodeFromCalls: [(type: Any, data: Data)] = []
    var decodeFromHandler: ((_ type: Any, _ data: Data) throws -> Any)?
    var decodeFromReturnValue: Any? = nil

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        self.calls.append(.decodeFrom)
        decodeFromCalls.append((type: type, data: data))
        if let decodeFromHandler { return (try decodeFromHandler(type, data)) as! T }
        guard let decodeFromReturnValue else {
            Self.unset(.decodeFrom, "decodeFromHandler or decodeFromReturnValue")
        }
        return decodeFromReturnValue as! T
    }

    // MARK: each(_:)

    var eachHandler: ((_ visit: (Invoice) -> Void) -> Void)?

    func each(_ visit: (Invoice) -> Void) {
        self.calls.append(.each)
        if let eachHandler { eachHandler(visit) }
    }

    // MARK: later(_:)

    private(set) var laterCalls: [((Result<Int, Error>) -> Void)] = []
    var laterHandler: ((_ done: @escaping (Result<Int, Error>) -> Void) -> Void)?

    func later(_ done: @escaping (Result<Int, Error>) -> Void) {
        self.calls.append(.later)
        laterCalls.append(done)
        if let laterHandler { laterHandler(done) }
    }

    // MARK: total(of:)

    private(set) var totalOfCalls: [[Int]] = []
    var totalOfHandler: ((_ amounts: [Int]) -> Int)?
    var totalOfReturnValue: Int? = nil

    func total(of amounts: Int...) -> Int {
        self.calls.append(.totalOf)
        totalOfCalls.append(amounts)
        if let totalOfHandler { return totalOfHandler(amounts) }
        guard let totalOfReturnValue else {
            Self.unset(.totalOf, "totalOfHandler or totalOfReturnValue")
        }
        return totalOfReturnValue
    }

    // MARK: bump(_:)

    private(set) var bumpCalls: [Int] = []
    var bumpHandler: ((_ count: inout Int) -> Void)?

    func bump(_ count: inout Int) {
        self.calls.append(.bump)
        bumpCalls.append(count)
        if let bumpHandler { bumpHandler(&count) }
    }

    // MARK: notify(_:)

    private(set) var notifyCalls: [String] = []
    var notifyHandler: ((_ arg0: String) -> Void)?

    func notify(_ arg0: String) {
        self.calls.append(.notify)
        notifyCalls.append(arg0)
        if let notifyHandler { notifyHandler(arg0) }
    }

    // MARK: reset()

    var resetHandler: (() -> Void)?

    func reset() {
        self.calls.append(.reset)
        if let resetHandler { resetHandler() }
    }

    // MARK: find(_:)

    private(set) var find2Calls: [String] = []
    var find2Handler: ((_ id: String) -> Invoice?)?
    var find2ReturnValue: Invoice? = nil

    func find(_ id: String) -> Invoice? {
        self.calls.append(.find2)
        find2Calls.append(id)
        if let find2Handler { return find2Handler(id) }
        return find2ReturnValue
    }

    // MARK: default()

    var defaultHandler: (() -> Bool)?
    var defaultReturnValue: Bool? = nil

    func `default`() -> Bool {
        self.calls.append(.`default`)
        if let defaultHandler { return defaultHandler() }
        guard let defaultReturnValue else {
            Self.unset(.`default`, "defaultHandler or defaultReturnValue")
        }
        return defaultReturnValue
    }

    // MARK: log(calls:)

    private(set) var logCallsCalls: [Int] = []
    var logCallsHandler: ((_ calls: Int) -> Void)?

    func log(calls: Int) {
        self.calls.append(.logCalls)
        logCallsCalls.append(calls)
        if let logCallsHandler { logCallsHandler(calls) }
    }

    // MARK: undo()

    var undoHandler: (() -> Bool)?
    var undoReturnValue: Bool? = nil

    @available(macOS 10.15, *) @discardableResult func undo() -> Bool {
        self.calls.append(.undo)
        if let undoHandler { return undoHandler() }
        guard let undoReturnValue else {
            Self.unset(.undo, "undoHandler or undoReturnValue")
        }
        return undoReturnValue
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
        let text = "BillingMock: " + message
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
        fatalError("BillingMock: \(member.rawValue) was called, but \(what) is not set")
    }
}
