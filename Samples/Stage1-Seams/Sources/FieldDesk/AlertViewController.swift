import UIKit

/// A title, a message and one button, which dismisses the alert and runs its action.
final class AlertViewController: UIViewController {
    let titleLabel = UILabel()
    let messageLabel = UILabel()
    let button = UIButton()
    private let action: AlertAction

    init(title: String, message: String, action: AlertAction) {
        self.action = action
        super.init()
        titleLabel.text = title
        messageLabel.text = message
        button.setTitle(action.title, for: .normal)
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
        dismiss(animated: true)
        action.run()
    }
}
