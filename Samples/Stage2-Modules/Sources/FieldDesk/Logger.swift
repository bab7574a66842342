import Foundation
import SignIn

/// Keeps the app's log lines; prints them too at level "debug". The sign-in module logs
/// through it without knowing it (`SignInLogging`).
final class Logger: SignInLogging {
    private let level: String
    private(set) var lines: [String] = []

    init(level: String) {
        self.level = level
    }

    func log(_ message: String) {
        lines.append(message)
        if level == "debug" { print("FieldDesk: \(message)") }
    }
}
