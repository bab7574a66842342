import UIKit

extension UIApplication {
    /// The one way in to everything.
    static var appDelegate: AppDelegate {
        UIApplication.shared.delegate as! AppDelegate
    }
}
