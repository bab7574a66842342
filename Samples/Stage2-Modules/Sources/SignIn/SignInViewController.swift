import UIHelpers
import UIKit

/// Email, password, sign in: the screen any of the company's apps can show. What happens
/// after a successful sign-in is the app's business (it hears it from its own API).
public final class SignInViewController: UIViewController {
    public let emailField = UITextField()
    public let passwordField = UITextField()
    public let signInButton = UIButton()
    public let messageLabel = UILabel()
    private let service: SignInService
    private let theme: Theme
    private let log: SignInLogging

    public init(service: SignInService, theme: Theme, log: SignInLogging) {
        self.service = service
        self.theme = theme
        self.log = log
        super.init()
    }

    public override func viewDidLoad() {
        title = "Sign in"
        emailField.accessibilityIdentifier = "email"
        emailField.placeholder = "Email"
        passwordField.accessibilityIdentifier = "password"
        passwordField.placeholder = "Password"
        passwordField.isSecureTextEntry = true
        signInButton.accessibilityIdentifier = "sign-in"
        signInButton.setTitle("Sign in", for: .normal)
        signInButton.addTarget(self, action: SignInViewController.signInTapped, for: .touchUpInside)
        messageLabel.accessibilityIdentifier = "sign-in-message"
        theme.style(signInButton)
        theme.style(messageLabel)
        for view in [emailField, passwordField, signInButton, messageLabel] as [UIView] {
            view.backgroundColor = theme.background
            self.view.addSubview(view)
        }
    }

    func signInTapped() {
        let email = emailField.text ?? ""
        let password = passwordField.text ?? ""
        guard email.isValidEmail else {
            messageLabel.text = "Enter your email address, like name@example.com."
            return
        }
        guard password.isValidPassword else {
            messageLabel.text = "Your password has at least 8 characters."
            return
        }
        messageLabel.text = nil
        signInButton.isEnabled = false
        log.log("signing in \(email)")
        service.signIn(email: email, password: password) { [weak self] result in
            self?.signInButton.isEnabled = true
            if case .refused(let message) = result { self?.showFailure(message) }
        }
    }

    private func showFailure(_ message: String) {
        let tryAgain = AlertAction(title: "Try again") { [weak self] in self?.signInTapped() }
        let alert = AlertViewController(title: "Could not sign in", message: message, action: tryAgain, theme: theme)
        present(alert, animated: true)
    }
}
