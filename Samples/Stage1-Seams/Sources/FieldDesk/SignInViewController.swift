import UIKit

/// The first screen: email, password, sign in.
final class SignInViewController: UIViewController {
    /// Given by whoever shows the screen (the AppDelegate; a test double in unit tests).
    var service: SignInService!
    let emailField = UITextField()
    let passwordField = UITextField()
    let signInButton = UIButton()
    let messageLabel = UILabel()

    override func viewDidLoad() {
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
        Theme.style(signInButton)
        Theme.style(messageLabel)
        for view in [emailField, passwordField, signInButton, messageLabel] as [UIView] {
            view.backgroundColor = Theme.background
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
        Logger.shared.log("signing in \(email)")
        service.signIn(email: email, password: password) { [weak self] result in
            // Success needs nothing here: the API tells the app, which shows the jobs.
            self?.signInButton.isEnabled = true
            if case .failure(let error) = result { self?.showFailure(error.message) }
        }
    }

    private func showFailure(_ message: String) {
        let tryAgain = AlertAction(title: "Try again") { [weak self] in self?.signInTapped() }
        present(AlertViewController(title: "Could not sign in", message: message, action: tryAgain), animated: true)
    }
}
