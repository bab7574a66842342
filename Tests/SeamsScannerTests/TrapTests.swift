import SeamsGraph
import SeamsTestSupport
import Testing

/// Places where a name match would invent or miss an edge.
@Suite struct TrapTests {
    @Test func genericParameterShadowsTheType() {
        let f = [
            "A.swift": Marked(
                """
                class API {}
                struct Box<API> { var value: API }
                func wrap<API>(_ a: API) -> API { a }
                protocol Repository { associatedtype API; func fetch() -> API }
                """)
        ]
        let g = scan(f)
        expectNoEdge(g, "Box", "API")
        expectNoEdge(g, "Repository", "API")
        expectNoEdge(g, "A.swift", "API")
    }

    @Test func localVariableNamedLikeATypeIsNotTheType() {
        let f = [
            "A.swift": Marked(
                """
                class Logger { static func log() {} }
                class Screen {
                    func run() {
                        let Logger = Recorder()
                        Logger.record()
                    }
                }
                class Recorder { func record() {} }
                """)
        ]
        let g = scan(f)
        expectNoEdge(g, "Screen", "Logger")
        #expect(g.edge(from: "App.Screen", to: "App.Recorder")?.kinds == [.construct, .member])
    }

    @Test func commentsAndStringsAreNotReferences() {
        let f = [
            "A.swift": Marked(
                """
                class AppDelegate {}
                class API {
                    // AppDelegate owns us; see AppDelegate.shared
                    /// Calls back into `AppDelegate`.
                    /* AppDelegate() */
                    let name = "AppDelegate"
                    let other = \"\"\"
                        AppDelegate.shared
                        \"\"\"
                }
                """)
        ]
        expectNoEdge(scan(f), "API", "AppDelegate")
    }

    @Test func interpolationInsideAStringIsAReference() {
        let f = [
            "A.swift": Marked(
                "class Config { static let host = \"\" }\nclass API { let url = \"https://\\(‹1›Config.host)/v1\" }")
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("API", "Config", .static, at: 1, in: "A.swift")
        sites.check()
    }

    @Test func nestedTypesWithTheSameSimpleName() {
        let f = [
            "A.swift": Marked(
                """
                class JobList { struct Row {}; var rows: [‹1›Row] = [] }
                class InvoiceList { struct Row {}; var rows: [‹2›Row] = [] }
                class Report { let row = ‹3›JobList.‹4›Row() }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("JobList", "JobList.Row", .type, at: 1, in: "A.swift")
        sites.expect("InvoiceList", "InvoiceList.Row", .type, at: 2, in: "A.swift")
        expectNoEdge(g, "JobList", "InvoiceList.Row")
        expectNoEdge(g, "InvoiceList", "JobList.Row")
        sites.expect("Report", "JobList", .static, at: 3, in: "A.swift")
        sites.expect("Report", "JobList.Row", .construct, at: 4, in: "A.swift")
        expectNoEdge(g, "Report", "InvoiceList.Row")
        #expect(g.node("App.JobList.Row")?.name == "JobList.Row")
        sites.check()
    }

    @Test func typeDeclaredInExtensionIsNested() {
        let f = [
            "A.swift": Marked(
                """
                class Outer {}
                extension Outer { struct Inner { let x = 1 } }
                class User { let i = ‹1›Outer.‹2›Inner() }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        #expect(g.node("App.Outer.Inner")?.kind == .struct)
        sites.expect("User", "Outer.Inner", .construct, at: 2, in: "A.swift")
        sites.expect("User", "Outer", .static, at: 1, in: "A.swift")
        sites.check()
    }

    @Test func nestedTypeCodeBelongsToTheNestedType() {
        let f = ["A.swift": Marked("class API {}\nclass Outer { struct Inner { let api = API() } }")]
        let g = scan(f)
        expectNoEdge(g, "Outer", "API")
        #expect(g.edge(from: "App.Outer.Inner", to: "App.API") != nil)
    }

    @Test func extensionOfAnExternalTypeUsedAcrossFiles() {
        let f = [
            "UIViewController+Alert.swift": Marked(
                """
                import UIKit
                extension UIViewController {
                    func showAlert(_ message: String) { let a = Alert(message: message); present(a) }
                }
                """),
            "Alert.swift": Marked(
                "import UIKit\nfinal class Alert: UIViewController { init(message: String) { super.init() } }"),
            "SignIn.swift": Marked(
                """
                import UIKit
                final class SignInViewController: UIViewController {
                    func failed() { ‹1›showAlert("Wrong password") }
                    func other(vc: UIViewController) { vc.‹2›showAlert("x") }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        #expect(g.node("App.UIViewController+Alert")?.kind == .extension)
        sites.expect("SignInViewController", "UIViewController+Alert", .member, at: 1, in: "SignIn.swift")
        sites.expect("SignInViewController", "UIViewController+Alert", .member, at: 2, in: "SignIn.swift")
        #expect(g.edge(from: "App.UIViewController+Alert", to: "App.Alert")?.kinds == [.construct])
        sites.check()
    }

    @Test func extensionNodeNamesFollowTheFile() {
        let f = [
            "AppDelegate.swift": Marked(
                "class AppDelegate {}\nextension UIApplication { var app: AppDelegate { AppDelegate() } }"),
            "Helpers.swift": Marked("extension String { var isValidEmail: Bool { contains(\"@\") } }"),
            "Screen.swift": Marked(
                "class Screen { func f(_ s: String) { _ = s.‹1›isValidEmail; _ = \"a\".‹2›isValidEmail } }"),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        #expect(g.node("App.UIApplication+AppDelegate")?.kind == .extension)
        sites.expect("Screen", "String+Helpers", .member, at: 1, in: "Screen.swift")
        sites.expect("Screen", "String+Helpers", .member, at: 2, in: "Screen.swift")
        sites.check()
    }

    @Test func typeDeclaredInsideAFunctionShadowsTheOuterOne() {
        let f = [
            "A.swift": Marked(
                """
                class API { func call() {} }
                class Screen {
                    func run() {
                        struct API { func call() {} }
                        let a = API()
                        a.call()
                    }
                }
                """)
        ]
        expectNoEdge(scan(f), "Screen", "API")
    }

    @Test func typealiasCountsAsWhatItNames() {
        let f = [
            "A.swift": Marked(
                """
                struct Job {}
                typealias Completion = (Job) -> Void
                class JobStore { typealias Callback = ([Job]) -> Void }
                class Screen {
                    var done: ‹1›Completion?
                    var loaded: ‹2›JobStore.‹3›Callback?
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        // The alias's target is attributed at its mention, `Void` too; a nested alias also
        // names the type that declares it.
        sites.expect("Screen", "Job", .type, at: 1, in: "A.swift")
        sites.expect("Screen", "Void", .type, at: 1, in: "A.swift")
        sites.expect("Screen", "JobStore", .type, at: 2, in: "A.swift")
        sites.expect("Screen", "Job", .type, at: 3, in: "A.swift")
        sites.expect("Screen", "JobStore", .type, at: 3, in: "A.swift")
        sites.expect("Screen", "Void", .type, at: 3, in: "A.swift")
        #expect(g.nodes.allSatisfy { $0.name != "Completion" && $0.name != "JobStore.Callback" })
        sites.check()
    }

    @Test func fileScopeNodesOnlyWithEdges() {
        let f = [
            "main.swift": Marked("let app = ‹1›App()\napp.‹2›start()"),
            "App.swift": Marked("class App { func start() { ‹3›log(\"hi\") } }"),
            "Log.swift": Marked("func log(_ s: String) { print(s) }"),
            "Unused.swift": Marked("func nothing() {}"),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        #expect(g.node("App.main.swift")?.kind == .fileScope)
        sites.expect("main.swift", "App", .construct, at: 1, in: "main.swift")
        sites.expect("main.swift", "App", .member, at: 2, in: "main.swift")
        sites.expect("App", "Log.swift", .member, at: 3, in: "App.swift")
        #expect(g.removingExternal().node("App.Unused.swift") == nil)
        sites.check()
    }

    @Test func closuresLocalFunctionsAndSuperBelongToTheEnclosingType() {
        let f = [
            "A.swift": Marked(
                """
                class Base { func viewDidLoad() {} }
                class Theme { static func apply() {} }
                class Mid: Base { func helper() {} }
                class Screen: Mid {
                    override func viewDidLoad() {
                        super.‹1›viewDidLoad()
                        func local() { ‹2›Theme.apply() }
                        let work = { [weak self] in self?.‹3›helper() }
                        _ = work
                    }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Screen", "Base", .member, at: 1, in: "A.swift")
        sites.expect("Screen", "Theme", .static, at: 2, in: "A.swift")
        sites.expect("Screen", "Mid", .member, at: 3, in: "A.swift")
        sites.check()
    }

    @Test func unknownTypesGiveNoGuess() {
        let f = [
            "A.swift": Marked(
                """
                class Thing { func go() {} }
                class Other { func go() {} }
                class Screen { func run(x: Any, y: Unknown) { (x as AnyObject).go(); y.go(); mystery().go() } }
                """)
        ]
        let g = scan(f)
        expectNoEdge(g, "Screen", "Thing")
        expectNoEdge(g, "Screen", "Other")
    }

    @Test func brokenCodeStillYieldsItsDeclarations() {
        let f = ["A.swift": Marked("class API {\n  func f( {\n}\nclass Screen { let a = ‹1›API() }\n")]
        let g = scan(f)
        #expect(g.node("App.API") != nil)
        #expect(g.diagnostics.contains { $0.message.contains("syntax errors") })
    }
}
