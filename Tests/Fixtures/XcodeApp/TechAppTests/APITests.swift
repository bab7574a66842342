import XCTest
@testable import TechApp

final class APITests: XCTestCase {
    func testServer() { XCTAssertEqual(API().server, "http://127.0.0.1") }
}
