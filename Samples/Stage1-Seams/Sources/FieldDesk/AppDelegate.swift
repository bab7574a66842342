import Foundation
import UIKit

/// Launches the app and composes it: makes the API for the configured server, gives it to
/// the sign-in screen, and changes screens when the API says a session began or ended.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    static var configuration: [String: String] = [
        "server": "https://api.fielddesk.example",
        "theme": "light",
        "logLevel": "info",
    ]

    var window: UIWindow?
    // Seam: the API is told its server; it no longer reads the AppDelegate.
    lazy var api = API(server: URL(string: AppDelegate.configuration["server"]!)!)
    var currentUser: User?
    private var observers: [NSObjectProtocol] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        MainStoryboard.registerScenes()
        window = UIWindow()
        window?.backgroundColor = Theme.background
        window?.makeKeyAndVisible()
        Logger.shared.log("FieldDesk started; server \(AppDelegate.configuration["server"] ?? "?")")
        // Seam: sign-in and sign-out arrive as notifications instead of calls from the API.
        let center = NotificationCenter.default
        observers = [
            center.addObserver(forName: .technicianDidSignIn, object: nil, queue: nil) { [weak self] note in
                guard let user = note.userInfo?[API.userKey] as? User else { return }
                self?.didSignIn(user)
            },
            center.addObserver(forName: .technicianDidSignOut, object: nil, queue: nil) { [weak self] _ in
                self?.didSignOut()
            },
        ]
        showSignIn()
        return true
    }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    func showSignIn() {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let signIn = storyboard.instantiateViewController(withIdentifier: "SignIn") as! SignInViewController
        // Seam: the sign-in screen is given what it needs of the API.
        signIn.service = api
        window?.rootViewController = signIn
    }

    func showJobs() {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let jobs = storyboard.instantiateViewController(withIdentifier: "Jobs") as! JobsViewController
        window?.rootViewController = jobs
    }

    private func didSignIn(_ user: User) {
        Logger.shared.log("signed in as \(user.id)")
        currentUser = user
        showJobs()
    }

    private func didSignOut() {
        Logger.shared.log("signed out \(currentUser?.name ?? "nobody")")
        currentUser = nil
        showSignIn()
    }
}
