import Foundation
import UIKit

/// Launches the app, and since then everything else: the configuration, the API, the user
/// who is signed in, and which screen is shown. Every screen reaches it through
/// `UIApplication.appDelegate`.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    static var configuration: [String: String] = [
        "server": "https://api.fielddesk.example",
        "theme": "light",
        "logLevel": "info",
    ]

    var window: UIWindow?
    let api = API()
    var currentUser: User?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        MainStoryboard.registerScenes()
        window = UIWindow()
        window?.backgroundColor = Theme.background
        window?.makeKeyAndVisible()
        Logger.shared.log("FieldDesk started; server \(AppDelegate.configuration["server"] ?? "?")")
        showSignIn()
        return true
    }

    func showSignIn() {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let signIn = storyboard.instantiateViewController(withIdentifier: "SignIn") as! SignInViewController
        window?.rootViewController = signIn
    }

    func showJobs() {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let jobs = storyboard.instantiateViewController(withIdentifier: "Jobs") as! JobsViewController
        window?.rootViewController = jobs
    }

    /// The API calls this when the session has ended.
    func didSignOut() {
        Logger.shared.log("signed out \(currentUser?.name ?? "nobody")")
        currentUser = nil
        showSignIn()
    }
}
