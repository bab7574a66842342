import Positioning
import UIKit

/// Checks the technician in at a job site with their position. It makes and drives the
/// platform's position manager itself, so no test can say "the person allowed it" or
/// "here is the position": the only way to see it work is on a phone.
final class CheckInViewController: UIViewController, PositionManagerDelegate {
    let manager = PositionManager()
    let statusLabel = UILabel()
    let checkInButton = UIButton()

    override func viewDidLoad() {
        title = "Check in"
        statusLabel.accessibilityIdentifier = "status"
        checkInButton.accessibilityIdentifier = "check-in"
        checkInButton.setTitle("Check in here", for: .normal)
        checkInButton.addTarget(self, action: CheckInViewController.checkInTapped, for: .touchUpInside)
        view.addSubview(statusLabel)
        view.addSubview(checkInButton)
        manager.delegate = self
    }

    func checkInTapped() {
        switch manager.authorization {
        case .notDetermined:
            statusLabel.text = "Allow FieldDesk to use your position."
            manager.requestAuthorization()
        case .denied:
            statusLabel.text = "Turn on position access for FieldDesk in Settings."
        case .authorized:
            statusLabel.text = "Locating…"
            manager.requestPosition()
        }
    }

    func positionAuthorizationDidChange(_ authorization: PositionAuthorization) {
        guard authorization == .authorized else { return }
        statusLabel.text = "Locating…"
        manager.requestPosition()
    }

    func positionDidUpdate(_ position: Position) {
        statusLabel.text = String(format: "Checked in at %.4f, %.4f", position.latitude, position.longitude)
    }

    func positionDidFail(_ error: Error) {
        statusLabel.text = "Could not find your position."
    }
}
