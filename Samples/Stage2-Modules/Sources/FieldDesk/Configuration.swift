import Foundation

/// Where the server is and how the app looks and logs; read once by the AppDelegate.
struct Configuration {
    var server = URL(string: "https://api.fielddesk.example")!
    var theme = "light"
    var logLevel = "info"
}
