import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    static var configuration = Configuration()
    lazy var api = API()

    func showSignIn() {
        let screen = SignInViewController()
        screen.api = api
    }
}

struct Configuration { var server = "http://127.0.0.1" }
