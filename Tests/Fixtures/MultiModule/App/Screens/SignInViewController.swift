import Networking
import UIKit

final class SignInViewController: UIViewController {
    func submit(email: String, password: String) {
        let credentials = Credentials(email: email, password: password)
        UIApplication.appDelegate.api.signIn(credentials)
        UIApplication.appDelegate.handle(.signedIn)
    }
}
