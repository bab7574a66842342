import UIKit

/// A title, a message and one button, which dismisses the alert and runs its action.
public final class AlertViewController: UIViewController {
    public let titleLabel = UILabel()
    public let messageLabel = UILabel()
    public let button = UIButton()
    private let action: AlertAction
    private let theme: Theme

    public init(title: String, message: String, action: AlertAction, theme: Theme) {
        self.action = action
        self.theme = theme
        super.init()
        titleLabel.text = title
        messageLabel.text = message
        button.setTitle(action.title, for: .normal)
    }

    public override func viewDidLoad() {
        titleLabel.accessibilityIdentifier = "alert-title"
        messageLabel.accessibilityIdentifier = "alert-message"
        button.accessibilityIdentifier = "alert-button"
        button.addTarget(self, action: AlertViewController.buttonTapped, for: .touchUpInside)
        theme.style(titleLabel)
        theme.style(messageLabel)
        theme.style(button)
        view.backgroundColor = theme.background
        view.addSubview(titleLabel)
        view.addSubview(messageLabel)
        view.addSubview(button)
    }

    func buttonTapped() {
        dismiss(animated: true)
        action.run()
    }
}
