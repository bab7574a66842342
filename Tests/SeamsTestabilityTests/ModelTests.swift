import SeamsGraph
import SeamsScanner
import SeamsTestSupport
import Testing

@testable import SeamsTestability

/// The model of what makes a test hard: what is accepted (logging, theming, localized strings,
/// identifiers, view composition, values made without blockers) and what still blocks.
@Suite struct ModelTests {
    private func report(_ source: String, benign: BenignTable = .standard()) -> TestabilityReport {
        let graph = Scanner.graph(ofSources: [(path: "App.swift", text: source)])
        return TestabilityAnalysis(benign: benign).analyse(graph)
    }

    private func kinds(_ r: TestabilityReport, _ type: String) -> [String] {
        (r.type("App.\(type)")?.blockers ?? []).map { "\($0.kind.rawValue) \($0.path)" }
    }

    private static let benignCode = """
        final class Logger { static let shared = Logger(); func log(_ s: String) {} }
        enum Theme { static var accent = "blue"; static func style(_ s: String) {} }
        enum L10n { static var title: String { UserDefaults.standard.string(forKey: "t") ?? "" } }
        final class Analytics { static let shared = Analytics(); func track(_ e: String) {} }
        final class Screen {
            func show() {
                Logger.shared.log("shown")
                Theme.style("button")
                _ = Theme.accent
                _ = L10n.title
                Analytics.shared.track("shown")
            }
        }
        """

    @Test func loggingThemingAndLocalizedStringsAreAcceptedAnalyticsIsNot() {
        let r = report(Self.benignCode)
        #expect(kinds(r, "Screen") == ["global-access Analytics.shared.track"], "\(kinds(r, "Screen"))")
        // The theme's own static var is not hidden state a test sees: theming is benign.
        #expect(kinds(r, "Theme").isEmpty)
    }

    @Test func aConfigCanMakeAnalyticsBenignOrLoggingABlocker() {
        let strict = report(Self.benignCode, benign: .standard(categories: ["theming", "localization"]))
        #expect(kinds(strict, "Screen").contains("global-access Logger.shared.log"))
        let lenient = report(Self.benignCode, benign: .standard(categories: BenignTable.knownCategories))
        #expect(kinds(lenient, "Screen").isEmpty, "\(kinds(lenient, "Screen"))")
        let named = report(
            Self.benignCode,
            benign: .standard(adding: [BenignTable.Entry(pattern: "Analytic*", category: "analytics")]))
        #expect(kinds(named, "Screen").isEmpty)
    }

    @Test func aFreshUUIDIsAnIdentityNotRandomnessToControl() {
        let r = report(
            """
            struct Item: Identifiable { let id = UUID(); var name: String }
            final class Maker { func make() -> Item { Item(name: "a") } }
            final class Tagger { func tag() -> UUID { UUID() } }
            """)
        #expect(kinds(r, "Item").isEmpty)
        #expect(kinds(r, "Maker").isEmpty)
        // A fresh UUID, even in a method of a class, is an identity a test compares, not a value it predicts.
        #expect(kinds(r, "Tagger").isEmpty)
    }

    @Test func constructingAValueCarriesOnlyTheBlockersMetWhileItIsMade() {
        let r = report(
            """
            struct Entry { var date: Date; func age() -> Double { Date().timeIntervalSince(date) } }
            struct Stamp { var date = Date() }
            final class Feed {
                func entry() -> Entry { Entry(date: .distantPast) }
                func stamp() -> Stamp { Stamp() }
            }
            """)
        #expect(kinds(r, "Entry") == ["system-service Date()"])
        // Trap: a value that reads the clock while it is made blocks whoever makes it.
        #expect(kinds(r, "Feed") == ["construction Stamp()"], "\(kinds(r, "Feed"))")
    }

    @Test func aChildViewIsCompositionACollaboratorIsNot() {
        let r = report(
            """
            import SwiftUI
            import UIKit
            final class API { static let shared = API() }
            struct Row: View { let api = API.shared; var body: some View { Text("row") } }
            struct Screen: View { var body: some View { Row() } }
            final class Badge: UIView { let api = API.shared }
            final class Controller: UIViewController { let badge = Badge(); let loader = Loader() }
            final class Loader { let api = API.shared }
            """)
        // SwiftUI views are composition: judged, not advised on (their models are the unit).
        #expect(r.type("App.Screen") == nil && r.type("App.Row") == nil)
        #expect(r.notAdvised?.views == 2)
        // Trap: the controller's own collaborator is still a blocker; the subview is not.
        #expect(kinds(r, "Controller") == ["construction Loader()"], "\(kinds(r, "Controller"))")
        // Trap: a UIKit view reading a singleton is still advised on.
        #expect(kinds(r, "Badge") == ["global-access API.shared"])
    }

    @Test func aControllerPresentingAnotherIsCompositionItsServiceIsNot() {
        let r = report(
            """
            import UIKit
            final class API { static let shared = API() }
            final class DetailViewController: UIViewController { let api = API.shared }
            final class ListViewController: UIViewController {
                func open() { let d = DetailViewController(); _ = d; _ = Fetcher() }
            }
            final class Fetcher { let api = API.shared }
            """)
        #expect(kinds(r, "ListViewController") == ["construction Fetcher()"], "\(kinds(r, "ListViewController"))")
    }

    @Test func debugToolsAndStandInsInProductionAreNotAdvisedOn() {
        let r = report(
            """
            final class API { static let shared = API() }
            final class DebugMenuController { let api = API.shared }
            final class APIMock { let api = API.shared }
            final class Screen { let api = API.shared }
            """)
        #expect(r.type("App.DebugMenuController") == nil && r.type("App.APIMock") == nil)
        #expect(r.notAdvised?.debug == 2)
        #expect(kinds(r, "Screen") == ["global-access API.shared"])
    }

    @Test func stateTheAppsTestsReplaceIsASeam() {
        var graph = Scanner.graph(
            ofSources: [
                (
                    path: "App.swift",
                    text: """
                    final class Env { var now: () -> Int = { 0 } }
                    enum World { static var current = Env() }
                    final class Clock { static var shared = Env(); static func reset() { shared = Env() } }
                    final class Store { static let shared = Store(); var name = "" }
                    final class Screen {
                        func f() { _ = World.current.now(); _ = Clock.shared.now(); _ = Store.shared.name }
                    }
                    """
                ),
                (
                    path: "AppTests.swift",
                    text:
                        "final class ScreenTests { func setUp() { World.current = Env(); Store.shared.name = \"t\" } }"
                ),
            ])
        for i in graph.nodes.indices where graph.nodes[i].name == "ScreenTests" { graph.nodes[i].role = .test }
        let r = TestabilityAnalysis().analyse(graph)
        // Traps: the static var no test sets is still shared state; so is a `static let` singleton
        // the tests change through (they cannot replace it).
        #expect(
            kinds(r, "Screen") == ["global-access Clock.shared.now", "global-access Store.shared.name"],
            "\(kinds(r, "Screen"))")
    }

    @Test func anAdapterBehindTheAppsProtocolOrInItsEnvironmentIsNotAdvisedOn() {
        var graph = Scanner.graph(
            ofSources: [
                (
                    path: "App.swift",
                    text: """
                    import AVFoundation
                    import UIKit
                    protocol AudioPlaying { func play() }
                    final class AudioPlayer: AudioPlaying {
                        func play() { try? AVAudioSession.sharedInstance().setActive(true) }
                    }
                    final class Assistant {
                        let audio: AudioPlaying
                        init(audio: AudioPlaying) { self.audio = audio }
                    }
                    final class Recorder { func record() { try? AVAudioSession.sharedInstance().setActive(true) } }
                    final class Speaker { func speak() { AudioPlayer().play() } }
                    final class DeviceWrapper { var level: () -> Float = { UIDevice.current.batteryLevel } }
                    struct AppEnvironment { var device = DeviceWrapper(); func now() -> Date { Date() } }
                    var Current = AppEnvironment()
                    final class Meter { func read() -> Float { Current.device.level() } }
                    protocol Beeping { func beep() }
                    final class Beeper { func beep() { try? AVAudioSession.sharedInstance().setActive(true) } }
                    extension Beeper: Beeping {}
                    final class Alarm { let beeper: Beeping; init(beeper: Beeping) { self.beeper = beeper } }
                    protocol Unused { func go() }
                    final class Lonely: Unused { func go() { try? AVAudioSession.sharedInstance().setActive(false) } }
                    """
                ),
                (
                    path: "AppTests.swift",
                    text: "final class MeterTests { func setUp() { Current.device = DeviceWrapper() } }"
                ),
            ])
        for i in graph.nodes.indices where graph.nodes[i].name == "MeterTests" { graph.nodes[i].role = .test }
        let r = TestabilityAnalysis().analyse(graph)
        // Behind a protocol others depend on, or held by the environment tests replace: the adapter.
        // The conformance may be declared in an extension.
        #expect(r.type("App.AudioPlayer") == nil && r.type("App.DeviceWrapper") == nil && r.type("App.Beeper") == nil)
        #expect(r.notAdvised?.adapters == 3)
        // Trap: the same platform call in a type that is no one's adapter still blocks it, and
        // so does a protocol nobody else uses.
        #expect(kinds(r, "Recorder") == ["system-service AVAudioSession.sharedInstance()"], "\(kinds(r, "Recorder"))")
        #expect(kinds(r, "Lonely") == ["system-service AVAudioSession.sharedInstance()"], "\(kinds(r, "Lonely"))")
        // Trap: making the adapter inside still blocks the maker; reading the environment does not.
        #expect(kinds(r, "Speaker").contains { $0.hasPrefix("construction") }, "\(kinds(r, "Speaker"))")
        #expect(kinds(r, "Meter").isEmpty, "\(kinds(r, "Meter"))")
        // Trap: the environment is no adapter of itself: its own platform calls are still listed.
        #expect(kinds(r, "AppEnvironment").contains("system-service Date()"), "\(kinds(r, "AppEnvironment"))")
    }

    @Test func theEnvironmentTheTestsSetIsOneDeclarationWhateverTheTargetsThatCompileIt() {
        func node(_ module: String, _ name: String, _ kind: NodeKind, role: NodeRole? = nil) -> Node {
            var n = Node(
                id: "\(module).\(name)", name: name, module: module, kind: kind,
                file: name.hasSuffix("Tests") ? "Tests/T.swift" : "Shared/Env.swift", line: 3)
            n.role = role
            return n
        }
        let nodes = [
            node("iOS", "AppEnvironment", .struct), node("watchOS", "AppEnvironment", .struct),
            node("iOS", "Env.swift", .fileScope), node("Tests", "EnvTests", .class, role: .test),
            node("watchOS", "Other", .struct),
        ]
        let read = Use(
            from: "Tests.EnvTests", to: "iOS.Env.swift", kind: .globalRead, path: "Current", targetMember: "Current",
            valueType: "iOS.AppEnvironment", traits: [.computed, .reference], file: "Tests/T.swift", line: 9, column: 5,
            member: "setUp()")
        let graph = Graph(
            root: "/r", modules: [], nodes: nodes, edges: [], diagnostics: [], uses: [read])
        // The watchOS copy of the same declaration is the same environment; another type is not.
        #expect(
            TestabilityAnalysis.environment(graph) == ["iOS.AppEnvironment", "watchOS.AppEnvironment", "iOS.Env.swift"])
    }

    @Test func aPureHelperOfATypeWithASingletonBlocksNothing() {
        let r = report(
            """
            import Foundation
            enum Paths {
                static var cache: URL { FileManager.default.temporaryDirectory }
                static var name: String { "cache" }
                static func join(_ a: String, _ b: String) -> String { a + "/" + b }
                static func wipe() { try? FileManager.default.removeItem(at: cache) }
            }
            final class Store {
                func key() -> String { Paths.join(Paths.name, "k") }
                func reset() { Paths.wipe() }
                func folder() -> URL { Paths.cache }
            }
            """)
        // Trap: the members that meet the file system still block their callers.
        #expect(
            Set(kinds(r, "Store")) == ["static-call Paths.wipe()", "global-access Paths.cache"], "\(kinds(r, "Store"))")
    }

    @Test func removingAnObserverIsNoUse() {
        let r = report(
            """
            import Foundation
            final class Watcher {
                func stop() { NotificationCenter.default.removeObserver(self) }
                func start() { NotificationCenter.default.addObserver(self, selector: #selector(f), name: .init("x"), object: nil) }
                @objc func f() {}
            }
            """)
        #expect(kinds(r, "Watcher").count == 1, "\(kinds(r, "Watcher"))")
    }

    @Test func postingANotificationIsAnOutputATestObserves() {
        let r = report(
            """
            import Foundation
            final class Announcer { func announce() { NotificationCenter.default.post(name: .init("x"), object: nil) } }
            final class Listener {
                func start() { NotificationCenter.default.addObserver(self, selector: #selector(f), name: .init("x"), object: nil) }
                @objc func f() {}
            }
            """)
        #expect(kinds(r, "Announcer").isEmpty, "\(kinds(r, "Announcer"))")
        // Trap: observing the default center is still an input the test does not control.
        #expect(
            kinds(r, "Listener") == ["system-service NotificationCenter.default.addObserver"], "\(kinds(r, "Listener"))"
        )
    }

    @Test func whatTheSystemMakesIsNotAdvisedOnWhatItCallsIs() {
        let r = report(
            """
            import Foundation
            import WidgetKit
            import AppIntents
            struct Entry: TimelineEntry { var date = Date() }
            struct Provider: TimelineProvider {
                func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
            }
            struct Refresh: AppIntent { func perform() async throws -> some IntentResult { Loader().load(); return .result() } }
            final class Loader { func load() { URLSession.shared.dataTask(with: URL(string: "x")!).resume() } }
            """)
        #expect(r.type("App.Entry") == nil && r.type("App.Provider") == nil && r.type("App.Refresh") == nil)
        #expect(r.notAdvised?.systemMade == 3, "\(String(describing: r.notAdvised))")
        // Trap: the type the intent calls is where the logic is, and it is advised on.
        #expect(kinds(r, "Loader") == ["system-service URLSession.shared.dataTask"], "\(kinds(r, "Loader"))")
    }

    @Test func anObjectiveCStyleSingletonAccessorIsGlobalAccess() {
        let r = report(
            """
            final class Store { class func sharedInstance() -> Store { Store() }; func save() {} }
            final class Point { static func origin() -> Point { Point() } }
            final class Saver {
                func go() {
                    Store.sharedInstance().save()
                    _ = Point.origin()
                }
            }
            """)
        // Trap: a factory of a new value (`origin()`) is no singleton.
        #expect(kinds(r, "Saver") == ["global-access Store.sharedInstance()"], "\(kinds(r, "Saver"))")
    }

    @Test func theCompositionRootWiresTheAppAndIsNotAdvisedOn() {
        let r = report(
            """
            final class API { static let shared = API(); func get() {} }
            final class A { func f() { API.shared.get() } }
            final class B { let a = A() }
            final class C { let a = A() }
            final class D { let a = A() }
            final class E { let a = A() }
            final class F { let a = A() }
            final class Root {
                let a = A(); let b = B(); let c = C(); let d = D(); let e = E(); let f = F()
                func start() { API.shared.get() }
            }
            final class Screen { let b = B() }
            """)
        // The root wires the app: what it makes and the singletons it reads are its job.
        #expect(r.type("App.Root") == nil && r.notAdvised?.roots == 1, "\(kinds(r, "Root"))")
        // Trap: a type that makes one blocked collaborator is no root.
        #expect(kinds(r, "Screen") == ["construction B()"])
    }

    @Test func frameworkStaticsAreDeclarationsAndEnvironmentLoggersAreBenign() {
        let r = report(
            """
            struct OpenIntent {
                static var title = "Open"; static var openAppWhenRun = true; static var counter = 0
                static func bump() { counter += 1 }
            }
            final class Environment { static let current = Environment(); let log = Log() }
            final class Log { func info(_ s: String) {} }
            enum CoreStrings { static var greeting: String { UserDefaults.standard.string(forKey: "g") ?? "" } }
            final class Worker {
                func run() {
                    Environment.current.log.info("x")
                    _ = CoreStrings.greeting
                }
            }
            """)
        // Trap: a static var no framework asks for is still hidden state.
        #expect(kinds(r, "OpenIntent") == ["hidden-state OpenIntent.counter"], "\(kinds(r, "OpenIntent"))")
        #expect(kinds(r, "Worker").isEmpty, "\(kinds(r, "Worker"))")
    }

    @Test func aStaticVarNothingWritesIsAConstantOneSomeoneWritesIsState() {
        let r = report(
            """
            import Foundation
            enum Links { static var home = URL(string: "https://example.com")!; static var names = ["a"] }
            enum Counter { static var n = 0 }
            enum Cache { static var items: [String] = [] }
            final class Box { var v = 0 }
            enum Holder { static var box = Box() }
            enum Own { static var x = 0; static func set() { x = 1 } }
            final class Anim { func f() { struct Debounce { static var item: Int? }; Debounce.item = 3 } }
            final class Reader { func f() -> URL { _ = Links.names; return Links.home } }
            final class Bump { func go() { Counter.n += 1 } }
            final class Filler { func fill() { Cache.items.append("x") } }
            final class Poker { func poke() { Holder.box.v = 1 } }
            """)
        // Declared `var`, written nowhere: read as the constants they are.
        #expect(kinds(r, "Links").isEmpty, "\(kinds(r, "Links"))")
        #expect(kinds(r, "Reader").isEmpty, "\(kinds(r, "Reader"))")
        // Traps: assigned, compound-assigned, changed by a mutating method, changed through,
        // assigned by the type itself: each is state a test shares.
        #expect(kinds(r, "Counter") == ["hidden-state Counter.n"], "\(kinds(r, "Counter"))")
        #expect(kinds(r, "Cache") == ["hidden-state Cache.items"], "\(kinds(r, "Cache"))")
        #expect(kinds(r, "Holder") == ["hidden-state Holder.box"], "\(kinds(r, "Holder"))")
        #expect(kinds(r, "Own") == ["hidden-state Own.x"], "\(kinds(r, "Own"))")
        // A local type's static var: no name reaches it from elsewhere, so it is taken as written.
        #expect(kinds(r, "Anim") == ["hidden-state Anim.item"], "\(kinds(r, "Anim"))")
        #expect(kinds(r, "Bump") == ["global-access Counter.n"], "\(kinds(r, "Bump"))")
    }

    @Test func aStaticFormatterNothingChangesIsAValueOneChangedIsShared() {
        let r = report(
            """
            import Foundation
            enum Formats { static let day = DateFormatter(); static let digits = try! NSRegularExpression(pattern: "[0-9]") }
            enum Tuned { static let day = DateFormatter() }
            final class Row { func text(_ d: Date) -> String { _ = Formats.digits; return Formats.day.string(from: d) } }
            final class Settings { func apply() { Tuned.day.dateFormat = "yyyy" } }
            final class Cell { func text(_ d: Date) -> String { Tuned.day.string(from: d) } }
            """)
        #expect(kinds(r, "Row").isEmpty, "\(kinds(r, "Row"))")
        // Trap: a formatter some code reconfigures is one object every user shares.
        #expect(kinds(r, "Cell") == ["global-access Tuned.day.string"], "\(kinds(r, "Cell"))")
    }

    @Test func anInjectedPropertysFallbackIsASeamAPrivateCachesIsNot() {
        let r = report(
            """
            import Foundation
            final class Synth { func say() { URLSession.shared.dataTask(with: URL(string: "x")!).resume() } }
            final class Assistant {
                private var synth: Synth?
                init(synth: Synth? = nil) { self.synth = synth }
                func speak() { (synth ?? Synth()).say() }
                func again() { (self.synth ?? Synth()).say() }
            }
            final class Narrator {
                private var synth: Synth?
                init() {}
                func speak() { (synth ?? Synth()).say() }
            }
            """)
        #expect(kinds(r, "Assistant").isEmpty, "\(kinds(r, "Assistant"))")
        // Trap: a property no initializer takes is made inside.
        #expect(kinds(r, "Narrator") == ["construction Synth()"], "\(kinds(r, "Narrator"))")
    }

    @Test func whatAFrameworkFactoryMakesIsTheFrameworksShape() {
        let r = report(
            """
            import Foundation
            final class Coordinator { func sync() { URLSession.shared.dataTask(with: URL(string: "x")!).resume() } }
            struct MapHost {
                func makeCoordinator() -> Coordinator { Coordinator() }
            }
            final class Screen { func coordinator() -> Coordinator { Coordinator() } }
            """)
        #expect(kinds(r, "MapHost").isEmpty, "\(kinds(r, "MapHost"))")
        // Trap: the same construction in a method of the app's own is still made inside.
        #expect(kinds(r, "Screen") == ["construction Coordinator()"], "\(kinds(r, "Screen"))")
    }
}
