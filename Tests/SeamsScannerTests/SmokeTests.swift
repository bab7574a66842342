import SeamsGraph
import Testing

@Suite struct SmokeTests {
    @Test func legacyCycle() {
        let files = [
            "API.swift": Marked("""
            final class API {
                let server: String
                init() { server = ‹1›AppDelegate.configuration.server }
                func signOut() { UIApplication.‹2›appDelegate.‹3›didSignOut(reason: .‹4›userAction) }
            }
            """),
            "AppDelegate.swift": Marked("""
            import UIKit
            struct Configuration { var server = "" }
            enum Reason { case userAction, expired }
            class AppDelegate: ‹1›UIResponder {
                static var configuration = ‹2›Configuration()
                var api: ‹3›API = ‹4›API()
                func didSignOut(reason: ‹5›Reason) {}
            }
            extension UIApplication {
                static var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
            }
            """),
        ]
        let g = scan(files)
        print(describe(g))
        expectSite(g, "API", "AppDelegate", .static, at: 1, in: "API.swift", files)
        expectSite(g, "API", "UIApplication+AppDelegate", .member, at: 2, in: "API.swift", files)
        expectSite(g, "API", "AppDelegate", .member, at: 3, in: "API.swift", files)
        expectSite(g, "API", "Reason", .implicitMember, at: 4, in: "API.swift", files)
        expectSite(g, "AppDelegate", "UIResponder", .inherit, at: 1, in: "AppDelegate.swift", files)
        expectSite(g, "AppDelegate", "API", .type, at: 3, in: "AppDelegate.swift", files)
        expectSite(g, "AppDelegate", "API", .construct, at: 4, in: "AppDelegate.swift", files)
        expectSite(g, "AppDelegate", "Configuration", .construct, at: 2, in: "AppDelegate.swift", files)
    }
}
