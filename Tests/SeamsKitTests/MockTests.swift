import Foundation
import SeamsKit
import SeamsProject
import SeamsTestSupport
import Testing

/// `seams mock`: the mock of a scanned protocol, its text pinned by a golden, and every shape it
/// writes compiled by swiftc with code that drives it; what it refuses, refused with the reason.
@Suite struct MockTests {
    /// Every kind of requirement the mock writes, in one protocol with a scanned parent.
    static let shapes = """
        import Foundation

        protocol Clock {
            var now: Date { get }
        }

        struct Invoice { var id: Int }

        /// What the screen needs of the backend.
        protocol Billing: Clock, Sendable {
            init(region: String)
            var currency: String { get set }
            var lastError: Error? { get }
            var balance: Int { get async throws }
            func load(_ id: Int) async throws -> Invoice
            func save(_ invoice: Invoice, for userID: Int) throws
            func find(_ id: Int) -> Invoice?
            func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
            func each(_ visit: (Invoice) -> Void)
            func later(_ done: @escaping (Result<Int, Error>) -> Void)
            func total(of amounts: Int...) -> Int
            func bump(_ count: inout Int)
            func notify(_: String)
            mutating func reset()
            func find(_ id: String) -> Invoice?
            func `default`() -> Bool
            func log(calls: Int)
            @available(macOS 10.15, *)
            @discardableResult
            func undo() -> Bool
        }
        """

    /// Code that uses the mock of `Billing` as a test would.
    static let driver = """
        func drive() async throws {
            let mock = BillingMock()
            mock.nowValue = Date(timeIntervalSince1970: 0)
            mock.currency = "EUR"
            mock.loadHandler = { id in Invoice(id: id) }
            mock.findReturnValue = nil
            mock.decodeFromHandler = { _, _ in 42 }
            mock.balanceValue = 7
            mock.totalOfReturnValue = 3
            mock.bumpHandler = { $0 += 1 }
            mock.defaultReturnValue = true
            mock.expect(.load, times: 1)
            mock.expect(.saveFor)
            _ = try await mock.load(3)
            try mock.save(Invoice(id: 1), for: 9)
            var n = 1
            mock.bump(&n)
            mock.each { _ in }
            mock.later { _ in }
            mock.notify("x")
            mock.reset()
            let decoded: Int = try mock.decode(Int.self, from: Data())
            let sum = mock.total(of: 1, 2)
            let b = try await mock.balance
            let _: [(invoice: Invoice, userID: Int)] = mock.saveForCalls
            let _: [Int] = mock.loadCalls
            let _: [[Int]] = mock.totalOfCalls
            let _: [(Result<Int, Error>) -> Void] = mock.laterCalls
            let _: [String] = mock.setCurrencyValues
            let _ = (decoded, sum, b, mock.find(1), mock.find("a"), mock.default(), mock.lastError, mock.now)
            mock.verify()
            _ = mock.callCount(.setCurrency) + BillingMock.Member.allCases.count
            _ = BillingMock(region: "eu")
            mock.undo()
            mock.log(calls: 2)
        }
        """

    @Test func theMockOfEveryShapeIsWrittenAndCompiles() throws {
        let dir = try TempDir()
        try dir.write("App/Billing.swift", Self.shapes)
        var scan = ScanRequest(paths: [dir.path + "/App"])
        scan.cache = nil
        let outcome = try MockPipeline.run(MockRequest(scan: scan, protocolName: "Billing"))
        #expect(outcome.protocolID == "App.Billing")
        assertSnapshot(outcome.text, named: "mock/BillingMock.swift")
        // One module: the protocol, its mock (less its import of that module) and code driving it.
        let mock = outcome.text.replacingOccurrences(of: "@testable import App\n", with: "")
        try dir.write("check/main.swift", Self.shapes + "\n" + mock + "\n" + Self.driver + "\n")
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-swift-version", "6", "main.swift"],
            in: dir.path + "/check", timeout: 300)
        #expect(run.status == 0, "swiftc:\n\(String(decoding: run.stderr, as: UTF8.self))")
    }

    @Test func whatAMockCannotMeetIsRefusedWithTheReason() throws {
        let cases: [(String, String)] = [
            ("protocol P { associatedtype Item; func add(_ item: Item) }", "associated type (Item)"),
            ("protocol P { func same(_ other: Self) -> Bool }", "uses Self"),
            ("protocol P { static func make() -> Int }", "is static"),
            ("protocol P { subscript(i: Int) -> Int { get } }", "subscript"),
            ("protocol P: Codable { func f() }", "inherits Codable, whose members seams did not scan"),
            ("protocol P {\n#if DEBUG\nfunc f()\n#endif\n}", "inside #if"),
            ("protocol P { func verify() }", "named verify"),
            ("@available(*, unavailable, renamed: \"Q\")\nprotocol P {}", "is unavailable"),
        ]
        for (code, reason) in cases {
            let dir = try TempDir()
            try dir.write("App/P.swift", code)
            var scan = ScanRequest(paths: [dir.path + "/App"])
            scan.cache = nil
            do {
                _ = try MockPipeline.run(MockRequest(scan: scan, protocolName: "P"))
                Issue.record("\(code) was mocked")
            } catch {
                #expect("\(error)".contains("cannot mock App.P: "), "\(error)")
                #expect("\(error)".contains(reason), "\(code): \(error)")
            }
        }
    }

    @Test func aNestedProtocolIsMockedUnderItsOwnName() throws {
        let dir = try TempDir()
        try dir.write(
            "App/API.swift",
            "enum APIClient {\n    protocol Request: ObservableObject { var path: String { get } }\n}\n")
        var scan = ScanRequest(paths: [dir.path + "/App"])
        scan.cache = nil
        let text = try MockPipeline.run(MockRequest(scan: scan, protocolName: "Request")).text
        #expect(text.contains("final class RequestMock: APIClient.Request {"), "\(text)")
    }

    @Test func aNameThatIsNoProtocolIsSaidSo() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "final class Store {}\nprotocol Storing {}\n")
        var scan = ScanRequest(paths: [dir.path + "/App"])
        scan.cache = nil
        #expect(throws: SeamsError.self) { try MockPipeline.run(MockRequest(scan: scan, protocolName: "Store")) }
        do {
            _ = try MockPipeline.run(MockRequest(scan: scan, protocolName: "Store"))
        } catch {
            #expect("\(error)".contains("Store is a class, not a protocol"))
        }
        do {
            _ = try MockPipeline.run(MockRequest(scan: scan, protocolName: "Storin"))
        } catch {
            #expect("\(error)".contains("no scanned protocol Storin"))
        }
    }
}
