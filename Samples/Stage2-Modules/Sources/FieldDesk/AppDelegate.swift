import Foundation
import SignIn
import UIHelpers
import UIKit

/// The composition root: reads the configuration, makes the API, the logger and the theme,
/// gives each screen what it needs, and changes screens when a session begins or ends.
/// No other type knows it.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Set before launch (tests point it at their own server).
    var configuration = Configuration()
    var window: UIWindow?
    private(set) lazy var api = API(server: configuration.server)
    private(set) lazy var logger = Logger(level: configuration.logLevel)
    private(set) lazy var theme = Theme(named: configuration.theme)
    private(set) var currentUser: User?
    private var observers: [NSObjectProtocol] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        window = UIWindow()
        window?.backgroundColor = theme.background
        window?.makeKeyAndVisible()
        logger.log("FieldDesk started; server \(configuration.server.absoluteString)")
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
        window?.rootViewController = SignInViewController(service: api, theme: theme, log: logger)
    }

    func showJobs(for user: User) {
        window?.rootViewController = JobsViewController(user: user, api: api, theme: theme)
    }

    private func didSignIn(_ user: User) {
        logger.log("signed in as \(user.id)")
        currentUser = user
        showJobs(for: user)
    }

    private func didSignOut() {
        logger.log("signed out \(currentUser?.name ?? "nobody")")
        currentUser = nil
        showSignIn()
    }
}
