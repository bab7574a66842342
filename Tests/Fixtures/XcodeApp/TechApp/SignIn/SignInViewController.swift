import UIKit

final class SignInViewController: UIViewController {
    var api: API?
    func validate(_ email: String) -> Bool { email.isValidEmail }
}
