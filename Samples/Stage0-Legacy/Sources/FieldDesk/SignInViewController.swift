import UIKit

/// The first screen: email, password, sign in.
final class SignInViewController: UIViewController, APIDelegate {
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

    override func viewWillAppear(_ animated: Bool) {
        UIApplication.appDelegate.api.delegate = self
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
        UIApplication.appDelegate.api.signIn(email: email, password: password)
    }

    /// The alert's "Try again" calls this.
    func retry() {
        signInTapped()
    }

    func apiDidSignIn(_ user: User) {
        signInButton.isEnabled = true
        UIApplication.appDelegate.currentUser = user
        UIApplication.appDelegate.showJobs()
    }

    func apiDidFailToSignIn(message: String) {
        signInButton.isEnabled = true
        let alert = AlertViewController(title: "Could not sign in", message: message, buttonTitle: "Try again")
        present(alert, animated: true)
    }

    func apiDidSignOut() {}
    func apiDidLoadJobs(_ jobs: [Job]) {}
    func apiDidFailToLoadJobs(message: String) {}
    func apiDidFileInvoice(_ invoice: Invoice) {}
    func apiDidFailToFileInvoice(message: String) {}
}
