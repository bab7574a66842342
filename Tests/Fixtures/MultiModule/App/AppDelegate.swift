import Networking
import UIKit

class AppDelegate: UIResponder {
    static let server = "http://127.0.0.1:8080"
    let api = API(server: AppDelegate.server)
    var log = Logger()

    func handle(_ event: AuthEvent) {
        switch event {
        case .signedIn: log.note("in")
        case .signedOut: log.note("out")
        }
    }
}

extension UIApplication {
    static var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
}
