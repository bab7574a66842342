import SeamsGraph
import SeamsTestSupport
import Testing

/// One test per edge kind: markers stand right before each expected site.
@Suite struct EdgeKindTests {
    @Test func inherit() {
        let f = [
            "A.swift": Marked(
                """
                protocol Loggable {}
                protocol Remote: ‹1›Loggable {}
                class Base {}
                class Client: ‹2›Base, ‹3›Remote {}
                struct Value {}
                extension Value: ‹4›Loggable {}
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Remote", "Loggable", .inherit, at: 1, in: "A.swift")
        sites.expect("Client", "Base", .inherit, at: 2, in: "A.swift")
        sites.expect("Client", "Remote", .inherit, at: 3, in: "A.swift")
        sites.expect("Value", "Loggable", .inherit, at: 4, in: "A.swift")
        sites.check()
    }

    /// A type alias's target resolves where the alias is declared, but its sites are the
    /// user's: file, owner and member. Without the member they sat beside the member's own site
    /// at the same place, and the two came in whichever order a sort left them.
    @Test func anAliasTargetsSitesSitInTheMemberThatNamesTheAlias() {
        let f = [
            "A.swift": Marked(
                """
                final class Tab { enum Content { case none } }
                extension Tab { typealias TabContent = Tab.Content }
                final class Manager {
                    func update(content: Tab.‹1›TabContent) {}
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        // The alias's target, `Tab.Content`, at the alias's name: its qualifier too.
        sites.expect("Manager", "Tab.Content", .type, at: 1, in: "A.swift")
        sites.expect("Manager", "Tab", .type, at: 1, in: "A.swift")
        sites.check()
        let atTheAlias = g.edges.flatMap(\.sites).filter { $0.line == 4 && $0.column == 30 }
        #expect(atTheAlias.count == 2)
        #expect(atTheAlias.allSatisfy { $0.member == "update(content:)" })
    }

    /// Sites are ordered totally: at one place and of one kind, by member (none first).
    @Test func sitesAtOnePlaceAreOrderedByTheirMember() {
        let none = Site(file: "A.swift", line: 3, column: 5, kind: .type, member: nil)
        let load = Site(file: "A.swift", line: 3, column: 5, kind: .type, member: "load()")
        let save = Site(file: "A.swift", line: 3, column: 5, kind: .type, member: "save()")
        for order in [[none, load, save], [save, load, none], [load, save, none], [save, none, load]] {
            #expect(order.sorted() == [none, load, save])
        }
        #expect(!(load < load) && !(none < none))
    }

    @Test func typeAnnotationsEverywhere() {
        let f = [
            "A.swift": Marked(
                """
                struct User {}
                struct Job {}
                struct Token {}
                protocol Store {}
                enum Failure: Error {}
                struct Money {}
                class Screen {
                    var user: ‹1›User?
                    var jobs: [‹2›Job] = []
                    var byID: [String: ‹3›Token] = [:]
                    var handler: ((‹4›User) -> ‹5›Job)?
                    var store: any ‹6›Store
                    init(store: some ‹7›Store) { self.store = store }
                    func load(_ id: Int) -> Result<‹8›Job, ‹9›Failure> { fatalError() }
                    func total() -> ‹10›Money { let m: ‹11›Money = fatalError(); return m }
                    func pick<T>(_ t: T) where T: ‹12›Store {}
                    typealias Handler = (‹13›Token) -> Void
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "User", .type, at: 1, in: "A.swift")
        sites.expect("Screen", "Job", .type, at: 2, in: "A.swift")
        sites.expect("Screen", "Token", .type, at: 3, in: "A.swift")
        sites.expect("Screen", "User", .type, at: 4, in: "A.swift")
        sites.expect("Screen", "Job", .type, at: 5, in: "A.swift")
        sites.expect("Screen", "Store", .type, at: 6, in: "A.swift")
        sites.expect("Screen", "Store", .type, at: 7, in: "A.swift")
        sites.expect("Screen", "Job", .type, at: 8, in: "A.swift")
        sites.expect("Screen", "Failure", .type, at: 9, in: "A.swift")
        sites.expect("Screen", "Money", .type, at: 10, in: "A.swift")
        sites.expect("Screen", "Money", .type, at: 11, in: "A.swift")
        sites.expect("Screen", "Store", .type, at: 12, in: "A.swift")
        sites.expect("Screen", "Token", .type, at: 13, in: "A.swift")
        sites.check()
    }

    @Test func constructStaticCastMetatypeKeypath() {
        let f = [
            "A.swift": Marked(
                """
                class Logger { static let shared = Logger(); var level = 0 }
                class Theme { static func apply() {} }
                class Screen {}
                class SignInScreen: Screen {}
                class Router {
                    func go(_ s: Screen) {
                        let a = ‹1›Logger()
                        let b = ‹2›Logger.init()
                        ‹3›Theme.apply()
                        _ = s as? ‹4›SignInScreen
                        _ = s as! ‹5›SignInScreen
                        if s is ‹6›SignInScreen {}
                        let t = ‹7›Screen.self
                        let u: ‹8›Theme.Type = Theme.self
                        let k = \\‹9›Logger.level
                        _ = (a, b, t, u, k)
                    }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Router", "Logger", .construct, at: 1, in: "A.swift")
        sites.expect("Router", "Logger", .construct, at: 2, in: "A.swift")
        sites.expect("Router", "Theme", .static, at: 3, in: "A.swift")
        sites.expect("Router", "SignInScreen", .cast, at: 4, in: "A.swift")
        sites.expect("Router", "SignInScreen", .cast, at: 5, in: "A.swift")
        sites.expect("Router", "SignInScreen", .cast, at: 6, in: "A.swift")
        sites.expect("Router", "Screen", .metatype, at: 7, in: "A.swift")
        sites.expect("Router", "Theme", .metatype, at: 8, in: "A.swift")
        sites.expect("Router", "Logger", .keypath, at: 9, in: "A.swift")
        sites.check()
    }

    @Test func attributes() {
        let f = [
            "A.swift": Marked(
                """
                @propertyWrapper struct Injected<T> { var wrappedValue: T }
                @resultBuilder struct ViewBuilder { static func buildBlock() {} }
                @globalActor actor DataActor { static let shared = DataActor() }
                class API {}
                @‹1›DataActor final class Screen {
                    @‹2›Injected var api: API
                    @‹3›ViewBuilder var body: Void { }
                    init(api: API) { _api = Injected(wrappedValue: api) }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "DataActor", .attribute, at: 1, in: "A.swift")
        sites.expect("Screen", "Injected", .attribute, at: 2, in: "A.swift")
        sites.expect("Screen", "ViewBuilder", .attribute, at: 3, in: "A.swift")
        sites.check()
    }

    @Test func attributesOfFunctionTypesNameTypesOnlyWhenTheyAreTypes() {
        let f = [
            "A.swift": Marked(
                """
                @globalActor actor DataActor { static let shared = DataActor() }
                final class Loader {
                    func load(_ done: @escaping @Sendable () -> Void, _ ui: @‹1›DataActor () -> Void) {}
                    func later(_ value: @autoclosure () -> Int) {}
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Loader", "DataActor", .attribute, at: 1, in: "A.swift")
        for attribute in ["escaping", "Sendable", "autoclosure"] {
            expectNoEdge(g, "Loader", attribute)
        }
        sites.check()
    }

    @Test func memberThroughPropertiesReturnsAndLocals() {
        let f = [
            "A.swift": Marked(
                """
                class Session { func refresh() {} ; var token: Token { Token() } }
                class Token { func revoke() {} }
                class API {
                    let session = Session()
                    func currentSession() -> Session { session }
                }
                class Screen {
                    var api: API!
                    func run() {
                        api.‹1›currentSession().‹2›refresh()
                        let s = api.‹3›currentSession()
                        s.‹4›token.‹5›revoke()
                        self.api?.‹6›session.‹7›refresh()
                    }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "API", .member, at: 1, in: "A.swift")
        sites.expect("Screen", "Session", .member, at: 2, in: "A.swift")
        sites.expect("Screen", "API", .member, at: 3, in: "A.swift")
        sites.expect("Screen", "Session", .member, at: 4, in: "A.swift")
        sites.expect("Screen", "Token", .member, at: 5, in: "A.swift")
        sites.expect("Screen", "API", .member, at: 6, in: "A.swift")
        sites.expect("Screen", "Session", .member, at: 7, in: "A.swift")
        sites.check()
    }

    @Test func memberDeclaredInExtensionMergesIntoTheType() {
        let f = [
            "API.swift": Marked("class API {}"),
            "API+Jobs.swift": Marked("extension API { func jobs() -> [Job] { [] } }\nstruct Job { var title = \"\" }"),
            "Screen.swift": Marked(
                """
                class Screen {
                    let api = API()
                    func show() { for job in api.‹1›jobs() { print(job.‹2›title) } }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "API", .member, at: 1, in: "Screen.swift")
        sites.expect("Screen", "Job", .member, at: 2, in: "Screen.swift")
        #expect(g.node("App.API+Jobs") == nil, "an extension of a scanned type is merged into it")
        sites.check()
    }

    @Test func implicitMembers() {
        let f = [
            "A.swift": Marked(
                """
                enum Route { case signIn, jobs(Int) }
                enum Style { case plain, bold; static let standard = Style.plain }
                struct Options { var style: Style = .plain }
                class Router {
                    func go(to route: Route, style: Style = .‹1›plain) {}
                    func current() -> Route { .‹2›signIn }
                    func run(_ r: Route) {
                        go(to: .‹3›jobs(3), style: .‹4›standard)
                        let s: Style = .‹5›bold
                        if r == .‹6›signIn {}
                        switch r {
                        case .‹7›signIn: break
                        case .‹8›jobs(let n): print(n, s)
                        }
                        let o = Options(style: .‹9›init(rawValue: 0)!)
                        _ = o
                    }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Router", "Style", .implicitMember, at: 1, in: "A.swift")
        sites.expect("Router", "Route", .implicitMember, at: 2, in: "A.swift")
        sites.expect("Router", "Route", .implicitMember, at: 3, in: "A.swift")
        sites.expect("Router", "Style", .implicitMember, at: 4, in: "A.swift")
        sites.expect("Router", "Style", .implicitMember, at: 5, in: "A.swift")
        sites.expect("Router", "Route", .implicitMember, at: 6, in: "A.swift")
        sites.expect("Router", "Route", .implicitMember, at: 7, in: "A.swift")
        sites.expect("Router", "Route", .implicitMember, at: 8, in: "A.swift")
        sites.expect("Router", "Style", .implicitMember, at: 9, in: "A.swift")
        sites.check()
    }

    @Test func sitesAreMarkedInferredOnlyForInferredKinds() {
        let f = ["A.swift": Marked("class B { func f() {} }\nclass A { let b = ‹1›B(); func g() { b.‹2›f() } }")]
        let g = scan(f)
        let sites = g.edge(from: "App.A", to: "App.B")?.sites ?? []
        #expect(sites.map(\.inferred) == [false, true])
        #expect(g.edge(from: "App.A", to: "App.B")?.kinds == [.construct, .member])
        #expect(g.edge(from: "App.A", to: "App.B")?.count == 2)
    }

    @Test func softNotificationAndCallbackEdges() {
        let f = [
            "A.swift": Marked(
                """
                import Foundation
                extension Notification.Name { static let signedOut = Notification.Name("signedOut") }
                class API {
                    var onSignOut: (() -> Void)?
                    var name: String = ""
                    func signOut() { NotificationCenter.default.post(name: .signedOut, object: nil); onSignOut?() }
                }
                class Owner {
                    let api = API()
                    init() {
                        NotificationCenter.default.‹1›addObserver(forName: .signedOut, object: nil, queue: nil) { _ in }
                        api.‹2›onSignOut = { print("bye") }
                        api.‹3›name = "not a closure"
                    }
                }
                struct Badge {
                    func watch() { _ = NotificationCenter.default.‹4›publisher(for: Notification.Name.‹5›signedOut) }
                    func other() { _ = NotificationCenter.default.publisher(for: .unrelated) }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Owner", "API", .notification, at: 1, in: "A.swift")
        sites.expect("Owner", "API", .member, at: 2, in: "A.swift")
        sites.expect("API", "Owner", .callback, at: 2, in: "A.swift")
        sites.expect("Owner", "API", .member, at: 3, in: "A.swift")
        sites.expect("Badge", "API", .notification, at: 4, in: "A.swift")
        sites.expect("Badge", "Notification.Name+A", .member, at: 5, in: "A.swift")
        sites.check()
        #expect(g.edge(from: "App.API", to: "App.Owner")?.soft == true)
        #expect(g.edge(from: "App.Owner", to: "App.API")?.soft == false)
    }
}
