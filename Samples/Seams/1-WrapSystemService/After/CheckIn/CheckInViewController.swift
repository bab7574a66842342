import Foundation
import UIKit

/// Checks the technician in at a job site with their position, asked of whatever provides
/// positions: the platform through `PositionService` in the app, a test double in tests.
final class CheckInViewController: UIViewController {
    let statusLabel = UILabel()
    let checkInButton = UIButton()
    private let positions: PositionProviding

    init(positions: PositionProviding) {
        self.positions = positions
        super.init()
    }

    override func viewDidLoad() {
        title = "Check in"
        statusLabel.accessibilityIdentifier = "status"
        checkInButton.accessibilityIdentifier = "check-in"
        checkInButton.setTitle("Check in here", for: .normal)
        checkInButton.addTarget(self, action: CheckInViewController.checkInTapped, for: .touchUpInside)
        view.addSubview(statusLabel)
        view.addSubview(checkInButton)
    }

    func checkInTapped() {
        // Before's words while the platform's prompt is up, kept: the characterization tests pin them.
        statusLabel.text = positions.asksPermissionFirst ? "Allow FieldDesk to use your position." : "Locating…"
        positions.currentPosition { [weak self] result in
            switch result {
            case .success(let position):
                self?.statusLabel.text = String(
                    format: "Checked in at %.4f, %.4f", position.latitude, position.longitude)
            case .failure(.notAuthorized):
                self?.statusLabel.text = "Turn on position access for FieldDesk in Settings."
            case .failure(.unavailable):
                self?.statusLabel.text = "Could not find your position."
            }
        }
    }
}
