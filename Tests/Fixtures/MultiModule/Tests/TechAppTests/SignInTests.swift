@testable import TechApp
import XCTest

final class SignInTests: XCTestCase {
    func testSubmit() {
        let screen = SignInViewController()
        screen.submit(email: "a@b.c", password: "pw")
    }
}
