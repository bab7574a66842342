import UIKit

/// A title, a message and one button. When the sign-in screen presented it, the button
/// tries the sign-in again.
final class AlertViewController: UIViewController {
    let titleLabel = UILabel()
    let messageLabel = UILabel()
    let button = UIButton()

    init(title: String, message: String, buttonTitle: String) {
        super.init()
        titleLabel.text = title
        messageLabel.text = message
        button.setTitle(buttonTitle, for: .normal)
    }

    override func viewDidLoad() {
        titleLabel.accessibilityIdentifier = "alert-title"
        messageLabel.accessibilityIdentifier = "alert-message"
        button.accessibilityIdentifier = "alert-button"
        button.addTarget(self, action: AlertViewController.buttonTapped, for: .touchUpInside)
        Theme.style(titleLabel)
        Theme.style(messageLabel)
        Theme.style(button)
        view.backgroundColor = Theme.background
        view.addSubview(titleLabel)
        view.addSubview(messageLabel)
        view.addSubview(button)
    }

    func buttonTapped() {
        let presenter = presentingViewController
        dismiss(animated: true)
        if let signIn = presenter as? SignInViewController {
            signIn.retry()
        }
    }
}
