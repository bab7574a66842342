import Positioning
import UIKit

/// Where the app puts the check-in screen together with the platform's service.
enum CheckInScreen {
    static func make(manager: PositionManager = PositionManager()) -> UIViewController {
        CheckInViewController(positions: PositionService(source: manager))
    }
}
