import FieldServiceBackend
import Foundation
import UIKit
import UIKitTesting

@testable import FieldDesk

/// The app launched against a backend of its own on loopback, driven through its screens.
@MainActor
final class LaunchedApp {
    let backend: FieldServiceBackend
    let delegate: AppDelegate

    /// Starts a backend, points the app at it and launches the app; stops the backend after.
    static func run(_ body: (LaunchedApp) async throws -> Void) async throws {
        try await FieldServiceBackend.withRunning { backend, url in
            // Stage 2: the configuration belongs to the AppDelegate instance, set before launch.
            let delegate = AppDelegate()
            delegate.configuration.server = url
            UIApplication.shared.launch(delegate)
            try await body(LaunchedApp(backend: backend, delegate: delegate))
        }
    }

    private init(backend: FieldServiceBackend, delegate: AppDelegate) {
        self.backend = backend
        self.delegate = delegate
    }

    /// The controller on screen: the window's root, or what it presents.
    var screen: UIViewController {
        root.topmost
    }

    /// The window's root controller, under whatever it presents (an alert, say).
    var root: UIViewController {
        delegate.window!.rootViewController!
    }

    func find<View: UIView>(_ identifier: String, as type: View.Type = View.self) throws -> View {
        try screen.view.find(identifier, as: type)
    }

    func signIn(email: String, password: String) throws {
        try find("email", as: UITextField.self).type(email)
        try find("password", as: UITextField.self).type(password)
        try find("sign-in", as: UIButton.self).tap()
    }

    /// Waits until the screen on top has this title.
    func waitForScreen(_ title: String) async throws {
        try await waitUntil("the screen '\(title)' shows (now: '\(screen.title ?? "")')") { screen.title == title }
    }
}
