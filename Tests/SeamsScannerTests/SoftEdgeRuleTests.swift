import SeamsGraph
import SeamsScanner
import SeamsTestSupport
import Testing

/// Soft edges only where the app couples itself: a notification pairs on a name the app
/// declares, or on an SDK name the app's own code both posts and observes; and test and preview
/// code never gain soft edges (to production code or among themselves).
@Suite struct SoftEdgeRuleTests {
    /// `App` is production code, `AppTests` a test target's.
    private func scan(app: [String: String], tests: [String: String] = [:]) -> Graph {
        var modules = ["App": app.map { (path: $0.key, text: $0.value) }]
        if !tests.isEmpty { modules["AppTests"] = tests.map { (path: $0.key, text: $0.value) } }
        return Scanner.graph(ofModules: modules, testModules: ["AppTests"])
    }

    private func soft(_ g: Graph) -> [String] {
        g.edges.filter { $0.kinds.contains(.notification) || $0.kinds.contains(.callback) }
            .map { "\($0.from) -> \($0.to)" }
    }

    /// The dashed edge seen on a real app: a coordinator to a unit test, both naming an SDK
    /// notification (the test posts it to drive the coordinator).
    @Test func anSDKNotificationTheAppOnlyObservesPairsWithNoTest() {
        let g = scan(
            app: [
                "Coordinator.swift": """
                import UIKit
                final class Coordinator {
                    init() {
                        NotificationCenter.default.addObserver(
                            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { _ in }
                    }
                }
                """
            ],
            tests: [
                "CoordinatorTests.swift": """
                import UIKit
                final class CoordinatorTests {
                    func testActivation() {
                        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: nil)
                    }
                }
                """
            ])
        #expect(soft(g) == [])
    }

    /// Trap: an SDK name that app code posts and a test observes pairs with nothing either.
    @Test func anSDKNotificationPostedByTheAppAndObservedByATestPairsWithNothing() {
        let g = scan(
            app: [
                "Player.swift": """
                import AVFoundation
                final class Player {
                    func end() { NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: nil) }
                }
                """
            ],
            tests: [
                "PlayerTests.swift": """
                import AVFoundation
                final class PlayerTests {
                    func testEnd() {
                        _ = NotificationCenter.default.publisher(for: .AVPlayerItemDidPlayToEndTime)
                    }
                }
                """
            ])
        #expect(soft(g) == [])
    }

    /// An SDK name the app's own code both posts and observes couples those two types.
    @Test func anSDKNotificationTheAppPostsAndObservesIsKept() {
        let g = scan(app: [
            "A.swift": """
            import UIKit
            final class Keyboard {
                func hide() { NotificationCenter.default.post(name: UIResponder.keyboardWillHideNotification, object: nil) }
            }
            final class Form {
                func watch() { _ = NotificationCenter.default.publisher(for: UIResponder.keyboardWillHideNotification) }
            }
            final class Other {
                func watch() { _ = NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification) }
            }
            """
        ])
        #expect(soft(g) == ["App.Form -> App.Keyboard"])
    }

    /// Trap: an app-defined name posted in one app type and observed in another keeps its soft
    /// edge; the test that observes it too gains none, and neither does a preview.
    @Test func anAppDefinedNameKeepsItsEdgeBetweenAppTypesOnly() {
        let g = scan(
            app: [
                "Names.swift": """
                import Foundation
                extension Notification.Name { static let didSignOut = Notification.Name("didSignOut") }
                """,
                "Session.swift": """
                import Foundation
                final class Session {
                    func signOut() { NotificationCenter.default.post(name: .didSignOut, object: nil) }
                }
                """,
                "Home.swift": """
                import SwiftUI
                final class Home {
                    init() { NotificationCenter.default.addObserver(forName: .didSignOut, object: nil, queue: nil) { _ in } }
                }
                struct Home_Previews: PreviewProvider {
                    static var previews: some View {
                        let _ = NotificationCenter.default.publisher(for: .didSignOut)
                        Text("")
                    }
                }
                #Preview {
                    let _ = NotificationCenter.default.post(name: .didSignOut, object: nil)
                    Text("")
                }
                """,
            ],
            tests: [
                "SessionTests.swift": """
                import Foundation
                final class SessionTests {
                    func testSignOut() {
                        _ = NotificationCenter.default.publisher(for: .didSignOut)
                        NotificationCenter.default.post(name: .didSignOut, object: nil)
                    }
                }
                """
            ])
        #expect(soft(g) == ["App.Home -> App.Session"])
    }

    /// A test that assigns a production type's closure is no callback the app runs; one
    /// production type assigning another's is.
    @Test func callbacksFromTestsAreNotSoftEdges() {
        let g = scan(
            app: [
                "A.swift": """
                final class API {
                    var onSignOut: (() -> Void)?
                }
                final class Owner {
                    let api = API()
                    init() { api.onSignOut = {} }
                }
                """
            ],
            tests: [
                "APITests.swift": """
                import App
                final class APITests {
                    func testSignOut() {
                        let api = API()
                        api.onSignOut = {}
                    }
                }
                """
            ])
        #expect(soft(g) == ["App.API -> App.Owner"])
    }
}
