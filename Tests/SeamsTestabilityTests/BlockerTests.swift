import SeamsGraph
import SeamsScanner
import SeamsTestSupport
import Testing

@testable import SeamsTestability

/// Scans one marked file as module App and analyses it.
private func analyse(
    _ source: String, services: [ServicePattern] = []
) -> (TestabilityReport, Marked) {
    let marked = Marked(source)
    let graph = Scanner.graph(ofSources: [(path: "App.swift", text: marked.text)])
    return (TestabilityAnalysis(services: .standard(adding: services)).analyse(graph), marked)
}

/// The blockers of `type`, as `line:column kind target recipe member-kind`.
private func blockers(_ report: TestabilityReport, _ type: String) -> [Blocker] {
    report.type("App.\(type)")?.blockers ?? []
}

private func expectBlocker(
    _ report: TestabilityReport, _ marked: Marked, _ type: String, _ kind: BlockerKind, at n: Int,
    target: String? = nil, recipe: Recipe, member: String? = nil, memberKind: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let p = marked[n]
    let found = blockers(report, type).filter { $0.line == p.line && $0.column == p.column && $0.kind == kind }
    #expect(
        found.count == 1,
        "no \(kind.rawValue) blocker of \(type) at marker ‹\(n)› (\(p.line):\(p.column)); found: \(blockers(report, type).map { "\($0.location) \($0.kind.rawValue) \($0.target)" })",
        sourceLocation: sourceLocation)
    guard let b = found.first else { return }
    if let target { #expect(b.target == target, sourceLocation: sourceLocation) }
    #expect(b.recipe == recipe, sourceLocation: sourceLocation)
    if let member { #expect(b.member == member, sourceLocation: sourceLocation) }
    if let memberKind { #expect(b.memberKind == memberKind, sourceLocation: sourceLocation) }
}

@Suite struct BlockerTests {
    @Test func globalAccessToASingletonAStaticVarAndAGlobalVar() {
        let (r, m) = analyse(
            """
            final class Store { static let shared = Store(); func save() {} }
            enum Settings { static var serverURL = "https://example.com" }
            var currentUserID = 0
            final class Account { func signIn() { Settings.serverURL = "https://a.example"; currentUserID += 1 } }
            final class Screen {
                func save() {
                    Store.‹1›shared.save()
                    _ = Settings.‹2›serverURL
                    _ = ‹3›currentUserID
                }
            }
            """)
        expectBlocker(
            r, m, "Screen", .globalAccess, at: 1, target: "App.Store", recipe: .injectedRepository, member: "save()")
        expectBlocker(r, m, "Screen", .globalAccess, at: 2, target: "App.Settings", recipe: .injectThroughInit)
        expectBlocker(r, m, "Screen", .globalAccess, at: 3, recipe: .injectThroughInit)
        #expect(blockers(r, "Screen").count == 3)
    }

    @Test func anAccessorThatReachesGlobalStateThroughAChain() {
        let (r, m) = analyse(
            """
            import UIKit
            final class API { func signIn() {} }
            final class AppDelegate: UIResponder { let api = API() }
            extension UIApplication {
                static var appDelegate: AppDelegate { UIApplication.‹1›shared.delegate as! ‹2›AppDelegate }
            }
            final class SignIn {
                func tap() { UIApplication.‹3›appDelegate.api.signIn() }
            }
            """)
        expectBlocker(
            r, m, "SignIn", .globalAccess, at: 3, target: "App.AppDelegate", recipe: .injectThroughInit,
            member: "tap()",
            memberKind: "method")
        // The accessor, an extension of an SDK type, is no unit of the app's: judged (its callers
        // are blocked through it) but not advised on.
        #expect(!r.types.contains { $0.id.hasPrefix("App.UIApplication") })
        #expect(r.notAdvised?.extensions == 1)
        _ = m[1]
        _ = m[2]
    }

    @Test func aConstantOfAValueTypeIsNoGlobalAccess() {
        let (r, _) = analyse(
            """
            enum Limits { static let maxItems = 20; static let title = "Parts" }
            struct Theme { static let light = Theme(); var dark = false }
            final class Screen { func show() { _ = Limits.maxItems; _ = Limits.title; _ = Theme.light } }
            """)
        #expect(blockers(r, "Screen").isEmpty)
        #expect(r.type("App.Screen")?.isTestableInIsolation == true)
    }

    @Test func aSharedInstanceOfATypePassedInThroughInitIsNotReadInside() {
        let (r, _) = analyse(
            """
            final class Store { static let shared = Store(); func save() {} }
            final class Screen {
                let store: Store
                init(store: Store) { self.store = store }
                func save() { store.save() }
            }
            final class Root { func make() -> Screen { Screen(store: .shared) } }
            """)
        #expect(blockers(r, "Screen").isEmpty)
    }

    @Test func systemServicesFromTheTable() {
        let (r, m) = analyse(
            """
            import Foundation
            final class Sync {
                func run() {
                    URLSession.‹1›shared.dataTask(with: URL(string: "https://example.com")!).resume()
                    let now = ‹2›Date()
                    let id = Int.‹3›random(in: 0..<9)
                    DispatchQueue.‹4›main.asyncAfter(deadline: .now() + 1) {}
                    UserDefaults.‹5›standard.set(now, forKey: String(id))
                    _ = FileManager.‹6›default.temporaryDirectory
                }
            }
            """)
        for (n, target) in [
            (1, "URLSession.shared"), (2, "Date()"), (3, "Int.random"), (4, "DispatchQueue.main.asyncAfter"),
            (5, "UserDefaults.standard"), (6, "FileManager.default"),
        ] {
            expectBlocker(r, m, "Sync", .systemService, at: n, target: target, recipe: .wrapSystemService)
        }
        #expect(blockers(r, "Sync").count == 6)
    }

    @Test func dateAsATypeAnnotationIsNotACallAndDateFromAValueIsNoClock() {
        let (r, _) = analyse(
            """
            import Foundation
            struct Entry { let date: Date }
            final class Formatter {
                var last: Date?
                func format(_ d: Date) -> String { "\\(d)" }
                func epoch() -> Date { Date(timeIntervalSince1970: 0) }
                func main() { DispatchQueue.main.async {} }
            }
            """)
        #expect(blockers(r, "Formatter").isEmpty)
        #expect(blockers(r, "Entry").isEmpty)
    }

    @Test func servicesFromTheConfigExtendTheTable() throws {
        let pattern = try #require(ServicePattern("PositionManager", service: "location"))
        let (r, m) = analyse(
            """
            import Positioning
            final class CheckIn { let manager = ‹1›PositionManager() }
            """, services: [pattern])
        expectBlocker(
            r, m, "CheckIn", .systemService, at: 1, target: "PositionManager", recipe: .wrapSystemService,
            member: "manager", memberKind: "property")
    }

    @Test func constructionOfACollaboratorThatIsNotTestable() {
        let (r, m) = analyse(
            """
            import Foundation
            final class Connector { func connect() { URLSession.shared.dataTask(with: URL(fileURLWithPath: "/")).resume() } }
            final class Repository { func load() { _ = FileManager.default.temporaryDirectory } }
            final class Uploader {
                let repository = ‹1›Repository()
                func upload() {
                    let c = ‹2›Connector()
                    c.connect()
                }
            }
            """)
        expectBlocker(
            r, m, "Uploader", .construction, at: 1, target: "App.Repository", recipe: .injectedRepository,
            memberKind: "property")
        expectBlocker(
            r, m, "Uploader", .construction, at: 2, target: "App.Connector", recipe: .factoryClosure, member: "upload()"
        )
    }

    @Test func aValueTypeOrATestableClassBuiltInAMethodIsNoBlocker() {
        let (r, _) = analyse(
            """
            struct Row { let title: String }
            final class Alert { let title: String; init(title: String) { self.title = title } }
            final class Screen {
                func rows() -> [Row] { [Row(title: "a")] }
                func fail() { _ = Alert(title: "Could not sign in") }
            }
            """)
        #expect(blockers(r, "Screen").isEmpty)
    }

    @Test func aHelperMadeWithSelfThatReachesBackIsOneStateValue() {
        let (r, m) = analyse(
            """
            final class Events {
                unowned let screen: Screen
                init(screen: Screen) { self.screen = screen }
                func tap() { screen.count += 1 }
            }
            final class Screen {
                var count = 0
                lazy var events = ‹1›Events(screen: self)
            }
            """)
        expectBlocker(r, m, "Screen", .construction, at: 1, target: "App.Events", recipe: .stateValue)
    }

    @Test func aDefaultArgumentIsASeamNotABlocker() {
        let (r, _) = analyse(
            """
            import Foundation
            final class Client {
                let session: URLSession
                init(session: URLSession = .shared, clock: () -> Date = { Date() }) { self.session = session }
            }
            """)
        #expect(blockers(r, "Client").isEmpty)
    }

    @Test func aParameterWithAFallbackIsASeamButALocalWithOneIsNot() {
        let (r, m) = analyse(
            """
            import Foundation
            final class Reconnector { init() { _ = URLSession.shared } }
            final class Screen {
                let reconnector: Reconnector
                init(reconnector: Reconnector? = nil) { self.reconnector = reconnector ?? Reconnector() }
            }
            final class Loader {
                func load(session: URLSession? = nil) { _ = session ?? URLSession.shared }
                func reload() {
                    let cached: URLSession? = nil
                    _ = cached ?? URLSession.‹1›shared
                }
            }
            """)
        #expect(blockers(r, "Screen").isEmpty, "\(blockers(r, "Screen").map(\.location))")
        // Trap: a local's fallback is still made inside.
        #expect(blockers(r, "Loader").map(\.line) == [m[1].line], "\(blockers(r, "Loader").map(\.location))")
    }

    @Test func aDelegatingInitIsWiringAndWhatItHandsOnIsTheSeam() {
        let (r, m) = analyse(
            """
            import Foundation
            final class Store { static let shared = Store(); func load() {} }
            final class Client {
                let session: URLSession
                let store: Store
                init(session: URLSession, store: Store) { self.session = session; self.store = store }
                convenience init() {
                    self.init(session: .shared, store: Store.shared)
                    Store.shared.load()
                }
                func refresh() { ‹1›Store.shared.load() }
            }
            struct Point {
                var x: Int
                init(x: Int) { self.x = x }
                init() { self.init(x: Int(Date().timeIntervalSince1970)) }
            }
            """)
        // A test calls the designated init: nothing a delegating init does blocks it, neither what it
        // hands on nor what it does beside. The method's use still blocks.
        #expect(blockers(r, "Client").map(\.line) == [m[1].line])
        #expect(blockers(r, "Point").isEmpty)
    }

    @Test func downcastsOfAPresenterADelegateOrARegistryResult() {
        let (r, m) = analyse(
            """
            import UIKit
            final class SignInViewController: UIViewController { func retry() {} }
            final class AlertViewController: UIViewController {
                func tapped() {
                    let presenter = presentingViewController
                    if let signIn = presenter as? ‹1›SignInViewController { signIn.retry() }
                    (navigationController?.topViewController as! ‹2›SignInViewController).retry()
                }
            }
            """)
        expectBlocker(
            r, m, "AlertViewController", .downcast, at: 1, target: "App.SignInViewController",
            recipe: .commandObject, member: "tapped()")
        expectBlocker(r, m, "AlertViewController", .downcast, at: 2, recipe: .commandObject)
    }

    @Test func aDowncastOfDataOrToAProtocolIsNoBlocker() {
        let (r, _) = analyse(
            """
            protocol Retrying { func retry() }
            struct Payload { let id: Int }
            final class Alert {
                var presenter: AnyObject?
                func tapped(_ value: Any, _ items: [Any]) {
                    (presenter as? Retrying)?.retry()
                    _ = value as? Payload
                    _ = items.first as? Payload
                }
            }
            """)
        #expect(blockers(r, "Alert").isEmpty)
    }

    @Test func staticCallsThatDoWorkButNotFactories() {
        let (r, m) = analyse(
            """
            enum Analytics { static var events: [String] = []; static func track(_ e: String) { events.append(e) } }
            struct Money { let cents: Int; static func zero() -> Money { Money(cents: 0) } }
            enum Format { static func price(_ cents: Int) -> String { "\\(cents)" } }
            final class Checkout {
                func pay() {
                    Analytics.‹1›track("pay")
                    _ = Money.zero()
                    _ = Format.price(3)
                }
            }
            """)
        expectBlocker(r, m, "Checkout", .staticCall, at: 1, target: "App.Analytics", recipe: .injectThroughInit)
        #expect(blockers(r, "Checkout").count == 1)
        #expect(blockers(r, "Analytics").map(\.kind) == [.hiddenState])
    }

    @Test func hiddenStateIsTheTypesOwnStaticVar() {
        let (r, m) = analyse(
            """
            final class Cache {
                static var ‹1›entries: [String: Int] = [:]
                static let limit = 10
                func put(_ k: String) { Cache.entries[k] = 1 }
            }
            """)
        expectBlocker(
            r, m, "Cache", .hiddenState, at: 1, target: "App.Cache", recipe: .injectThroughInit, member: "entries")
        #expect(blockers(r, "Cache").count == 1)
    }

    @Test func sitesInClosuresSayWhichMemberTheyAreIn() {
        let (r, m) = analyse(
            """
            import Foundation
            final class Poller {
                func start() {
                    DispatchQueue.global().async { _ = ‹1›Date() }
                }
            }
            """)
        expectBlocker(
            r, m, "Poller", .systemService, at: 1, recipe: .wrapSystemService, member: "start()", memberKind: "closure")
    }

    @Test func costWeighsWhatTheTargetDragsInAndRanksTypes() {
        let (r, _) = analyse(
            """
            final class Database { func q() {} }
            final class API { let db = Database() }
            final class AppDelegate { static let shared = AppDelegate(); let api = API() }
            enum Flags { static var on = false; static func flip() { on.toggle() } }
            final class Heavy { func go() { _ = AppDelegate.shared } }
            final class Light { func go() { _ = Flags.on } }
            final class Free { func go() {} }
            """)
        // AppDelegate reaches API and Database: 3 × (1 + 2); Flags reaches nothing: 3 × 1.
        #expect(r.type("App.Heavy")?.cost == 9)
        #expect(r.type("App.Light")?.cost == 3)
        #expect(r.type("App.Free")?.cost == 0)
        let order = r.types.map(\.id)
        #expect(order.firstIndex(of: "App.Heavy")! < order.firstIndex(of: "App.Light")!)
        #expect(order.firstIndex(of: "App.Light")! < order.firstIndex(of: "App.Free")!)
    }

    @Test func theReportIsTheSameWhateverTheFileOrderAndThreads() {
        let files = (0..<12).map { i in
            (
                path: "F\(i).swift",
                text: """
                import Foundation
                final class S\(i) { static let shared = S\(i)(); static var hits = 0 }
                final class U\(i) {
                    let next = U\((i + 1) % 12)()
                    func go() { _ = S\((i + 5) % 12).shared; _ = Date(); S\(i).hits += 1 }
                }
                """
            )
        }
        let one = TestabilityAnalysis().analyse(Scanner.graph(ofSources: files, threads: 1))
        let many = TestabilityAnalysis().analyse(Scanner.graph(ofSources: files.reversed(), threads: 4))
        #expect(one == many)
        #expect(one.blockedCount == 24)
    }
}
