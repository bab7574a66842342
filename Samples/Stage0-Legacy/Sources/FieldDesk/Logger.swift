import Foundation

/// Keeps the app's log lines; prints them too when the configuration asks for "debug".
final class Logger {
    static let shared = Logger()

    private(set) var lines: [String] = []

    func log(_ message: String) {
        let level = AppDelegate.configuration["logLevel"] ?? "info"
        lines.append(message)
        if level == "debug" { print("FieldDesk: \(message)") }
    }
}
