import Testing
import UIKit
import UIKitTesting

@testable import FieldDesk

/// The sign-in screen with a test double for the API (the injected service): no backend,
/// no AppDelegate.
@MainActor
struct SignInViewControllerTests {
    let service = FakeSignInService()
    let screen = SignInViewController()

    init() {
        screen.service = service
        screen.loadViewIfNeeded()
    }

    private func signIn(_ email: String, _ password: String) throws {
        try screen.view.find("email", as: UITextField.self).type(email)
        try screen.view.find("password", as: UITextField.self).type(password)
        try screen.view.find("sign-in", as: UIButton.self).tap()
    }

    @Test func validCredentialsGoToTheServiceOnce() throws {
        try signIn("ada@fielddesk.test", "wrench-42")
        #expect(service.calls == ["ada@fielddesk.test wrench-42"])
        #expect(!screen.signInButton.isEnabled)
        try screen.view.find("sign-in", as: UIButton.self).tap()
        #expect(service.calls.count == 1)

        service.answer(.success(User(id: 7, name: "Ada Brennan")))
        #expect(screen.signInButton.isEnabled)
        #expect(screen.presentedViewController == nil)
    }

    @Test(arguments: ["", "ada", "ada@", "@fielddesk.test", "ada@fielddesk", "ada @fielddesk.test"])
    func anInvalidEmailNeverReachesTheService(email: String) throws {
        try signIn(email, "wrench-42")
        #expect(service.calls.isEmpty)
        #expect(screen.messageLabel.text == "Enter your email address, like name@example.com.")
    }

    @Test func aShortPasswordNeverReachesTheService() throws {
        try signIn("ada@fielddesk.test", "1234567")
        #expect(service.calls.isEmpty)
        #expect(screen.messageLabel.text == "Your password has at least 8 characters.")
    }

    @Test func aFailureShowsTheMessageAndTryAgainSignsInAgain() throws {
        try signIn("ada@fielddesk.test", "wrench-42")
        service.answer(.failure(APIError(message: "The email or password is wrong.")))

        let alert = try #require(screen.presentedViewController as? AlertViewController)
        #expect(alert.messageLabel.text == "The email or password is wrong.")
        #expect(alert.button.currentTitle == "Try again")
        alert.button.tap()
        #expect(screen.presentedViewController == nil)
        #expect(service.calls == ["ada@fielddesk.test wrench-42", "ada@fielddesk.test wrench-42"])
    }
}
