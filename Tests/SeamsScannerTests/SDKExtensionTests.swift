import SeamsGraph
import SeamsTestSupport
import Testing

/// Members of the app's extensions of SDK types, reached through the SDK's singletons
/// (`FileManager.default`, `UIApplication.shared`) and through values the SDK makes
/// (`UIColor(named:)`, `Date()`): those values are of the extended type.
@Suite struct SDKExtensionTests {
    @Test func singletonsAndFactoriesOfSDKTypesReachTheAppsExtensions() {
        let f = [
            "FileManager+Paths.swift": Marked(
                """
                import Foundation
                extension FileManager {
                    var documentsURL: URL { urls(for: .documentDirectory, in: .userDomainMask)[0] }
                }
                """),
            "Extensions.swift": Marked(
                """
                import UIKit
                extension UIApplication { var appDelegate: AppDelegate? { delegate as? AppDelegate } }
                extension UserDefaults { var customFlag: Bool { bool(forKey: "flag") } }
                extension URLSession { func myHelper() {} }
                extension UIColor { var myExtensionMember: CGFloat { 0 } }
                extension Date { var startOfDay: Date { self } }
                final class AppDelegate: NSObject, UIApplicationDelegate {}
                """),
            "Screen.swift": Marked(
                """
                import UIKit
                final class Screen {
                    func load() {
                        _ = FileManager.default.‹1›documentsURL
                        _ = UIApplication.shared.‹2›appDelegate
                        _ = UserDefaults.standard.‹3›customFlag
                        URLSession.shared.‹4›myHelper()
                        _ = UIColor(named: "x")?.‹5›myExtensionMember
                        _ = Date().‹6›startOfDay
                        _ = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)
                    }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "FileManager+Paths", .member, at: 1, in: "Screen.swift")
        sites.expect("Screen", "UIApplication+Extensions", .member, at: 2, in: "Screen.swift")
        sites.expect("Screen", "UserDefaults+Extensions", .member, at: 3, in: "Screen.swift")
        sites.expect("Screen", "URLSession+Extensions", .member, at: 4, in: "Screen.swift")
        sites.expect("Screen", "UIColor+Extensions", .member, at: 5, in: "Screen.swift")
        sites.expect("Screen", "Date+Extensions", .member, at: 6, in: "Screen.swift")
        sites.check()
        // Trap: `urls(for:in:)` is the SDK's, not the app's extension's. Only the one site above.
        #expect(g.edge(from: "App.Screen", to: "App.FileManager+Paths")?.sites.count == 1)
    }

    /// Traps: a member the app's extension does not declare gains no edge, and one it declares
    /// is not reached through another SDK type's singleton.
    @Test func onlyMembersTheExtensionDeclares() {
        let f = [
            "FileManager+Paths.swift": Marked(
                """
                import Foundation
                extension FileManager { var documentsURL: URL { URL(fileURLWithPath: "/") } }
                """),
            "Screen.swift": Marked(
                """
                import UIKit
                final class Screen {
                    func load() {
                        _ = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
                        _ = FileManager.default.temporaryDirectory
                        _ = Bundle.main.documentsURL
                    }
                }
                """),
        ]
        let g = scan(f)
        expectNoEdge(g, "Screen", "FileManager+Paths")
    }
}
