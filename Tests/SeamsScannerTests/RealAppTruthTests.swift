import SeamsGraph
import SeamsScanner
import SeamsTestSupport
import Testing

/// What real apps taught: file-level `#if`, extensions in the module that compiles them, and
/// members of SDK base types found from their subclasses.
@Suite struct FileLevelIfTests {
    @Test func typesInEveryClauseAreDeclarations() {
        let f = [
            "A.swift": Marked(
                """
                import Foundation
                #if !os(WASI)
                final class A { var b: ‹1›B? }
                final class B {}
                #elseif DEBUG
                struct D { let a: ‹2›A }
                #else
                #if canImport(UIKit)
                enum E { case one(‹3›D) }
                #endif
                #endif
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        for name in ["A", "B", "D", "E"] { #expect(g.node("App.\(name)") != nil, "no node \(name)\n\(describe(g))") }
        sites.expect("A", "B", .type, at: 1, in: "A.swift")
        sites.expect("D", "A", .type, at: 2, in: "A.swift")
        sites.expect("E", "D", .type, at: 3, in: "A.swift")
        sites.check()
    }

    @Test func extensionsAndFileScopeCodeInsideIf() {
        let f = [
            "A.swift": Marked(
                """
                final class B {}
                final class C { func go() {} }
                #if DEBUG
                extension B { func g() -> ‹1›C? { nil } }
                let debugC = ‹2›C()
                #endif
                class User { func run(_ b: B) { b.g()?.‹3›go() } }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("B", "C", .type, at: 1, in: "A.swift")
        sites.expect("A.swift", "C", .construct, at: 2, in: "A.swift")
        sites.expect("User", "C", .member, at: 3, in: "A.swift")
        sites.check()
    }

    @Test func importsInsideIfMakeModulesVisible() {
        let g = Scanner.graph(ofModules: [
            "Core": [(path: "Core/Store.swift", text: "public final class Store {}")],
            "App": [
                (
                    path: "App/Screen.swift",
                    text: "#if canImport(Core)\nimport Core\n#endif\nclass Screen { let s: Store }"
                )
            ],
        ])
        #expect(g.edge(from: "App.Screen", to: "Core.Store") != nil, "\(describe(g))")
    }
}

@Suite struct ExtensionModuleTests {
    @Test func anExtensionInAnotherModuleIsThatModulesNode() {
        let g = Scanner.graph(ofModules: [
            "Models": [(path: "Models/Status.swift", text: "public struct Status { public init() {} }")],
            "App": [
                (path: "App/Theme.swift", text: "final class Theme { static let accent = 1 }"),
                (
                    path: "App/Status+Row.swift",
                    text: """
                    import Models
                    extension Status {
                        var tint: Int { Theme.accent }
                        func badge() -> Int { 1 }
                    }
                    """
                ),
                (
                    path: "App/Screen.swift",
                    text: "import Models\nclass Screen { func show(_ s: Status) { _ = s.badge() } }"
                ),
            ],
        ])
        let ext = g.node("App.Status+Row")
        #expect(ext?.kind == .extension && ext?.module == "App", "\(describe(g))")
        #expect(g.edge(from: "App.Status+Row", to: "Models.Status")?.kinds == [.extends])
        #expect(g.edge(from: "App.Status+Row", to: "App.Theme") != nil)
        // The extension's member resolves to the extension node, not to the package's type.
        #expect(g.edge(from: "App.Screen", to: "App.Status+Row")?.kinds == [.member])
        // No edge leaves the package for the app.
        #expect(!g.edges.contains { $0.from.hasPrefix("Models.") && $0.to.hasPrefix("App.") }, "\(describe(g))")
    }

    @Test func anExtensionInTheSameModuleMergesIntoTheType() {
        let g = Scanner.graph(ofModules: [
            "App": [
                (path: "App/Status.swift", text: "struct Status {}"),
                (path: "App/Status+Row.swift", text: "extension Status { var theme: Theme? { nil } }\nclass Theme {}"),
            ]
        ])
        #expect(g.node("App.Status+Row") == nil)
        #expect(g.edge(from: "App.Status", to: "App.Theme") != nil, "\(describe(g))")
    }

    @Test func anExtensionOfAnSDKTypeExtendsIt() {
        let f = ["UIView+Shadow.swift": Marked("import UIKit\nextension ‹1›UIView { func shadow() {} }")]
        let g = Scanner.graph(ofSources: f.map { (path: $0.key, text: $0.value.text) })
        let p = f["UIView+Shadow.swift"]![1]
        #expect(
            g.edge(from: "App.UIView+Shadow", to: "UIView")?.sites
                == [Site(file: "UIView+Shadow.swift", line: p.line, column: p.column, kind: .extends)])
    }
}

@Suite struct SDKClassTreeTests {
    @Test func membersOfNSObjectAndUIViewControllerExtensionsResolveFromSubclasses() {
        let f = [
            "A.swift": Marked(
                """
                import UIKit
                class AppDelegate: UIResponder { var api = 0 }
                extension NSObject { func appDelegate() -> AppDelegate { fatalError() } }
                extension UIViewController { func showError() {} }
                class Feed: UITableViewController {
                    func load() { _ = ‹1›appDelegate().‹2›api; ‹3›showError() }
                }
                class Cell: UICollectionViewCell { func tap() { _ = ‹4›appDelegate() } }
                class Sheet: UIAlertController { func go() { self.‹5›showError() } }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Feed", "NSObject+A", .member, at: 1, in: "A.swift")
        sites.expect("Feed", "AppDelegate", .member, at: 2, in: "A.swift")
        sites.expect("Feed", "UIViewController+A", .member, at: 3, in: "A.swift")
        sites.expect("Cell", "NSObject+A", .member, at: 4, in: "A.swift")
        sites.expect("Sheet", "UIViewController+A", .member, at: 5, in: "A.swift")
        sites.check()
    }

    @Test func swiftUIModifiersOnSDKViewsStayViews() {
        let f = [
            "A.swift": Marked(
                """
                import SwiftUI
                extension View { func font(size: Int) -> some View { self } }
                struct Row: View {
                    var body: some View {
                        VStack {
                            Text("a").‹1›font(size: 12)
                            Image("b").padding().bold().‹2›font(size: 14)
                            Color(white: 1).frame(width: 3).‹3›font(size: 1)
                        }
                        .‹4›font(size: 2)
                    }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        for n in 1...4 { sites.expect("Row", "View+A", .member, at: n, in: "A.swift") }
        sites.check()
    }

    @Test func anUnknownSDKTypeGetsNoGuess() {
        let f = [
            "A.swift": Marked(
                """
                extension NSObject { func appDelegate() {} }
                class Widget: SomeVendorView { func go() { appDelegate() } }
                """)
        ]
        expectNoEdge(scan(f), "Widget", "NSObject+A")
    }
}

@Suite struct FilePrivateTypeTests {
    @Test func eachFilesPrivateTypeIsItsOwnNode() {
        let f = [
            "Date.swift": Marked(
                """
                private enum CodingKeys { case raw }
                struct ServerDate { let key: ‹1›CodingKeys }
                """),
            "User.swift": Marked(
                """
                fileprivate enum CodingKeys { case name }
                extension CodingKeys { var user: User? { nil } }
                struct User { let key: ‹1›CodingKeys }
                """),
            "Only.swift": Marked("private struct Helper {}\nstruct Uses { let h: ‹1›Helper }"),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        #expect(g.node("App.Date.swift.CodingKeys")?.file == "Date.swift", "\(describe(g))")
        #expect(g.node("App.User.swift.CodingKeys")?.file == "User.swift")
        #expect(g.node("App.CodingKeys") == nil)
        // A private type whose name no other file uses keeps its plain name.
        #expect(g.node("App.Helper")?.file == "Only.swift")
        sites.expect("ServerDate", "Date.swift.CodingKeys", .type, at: 1, in: "Date.swift")
        sites.expect("User", "User.swift.CodingKeys", .type, at: 1, in: "User.swift")
        sites.expect("Uses", "Helper", .type, at: 1, in: "Only.swift")
        // The extension in the same file extends that file's own type.
        #expect(g.edge(from: "App.User.swift.CodingKeys", to: "App.User") != nil, "\(describe(g))")
        sites.check()
    }

    @Test func anotherFileCannotSeeAPrivateType() {
        let f = [
            "A.swift": Marked("private final class Cache {}"),
            "B.swift": Marked("final class Screen { let c: Cache? = nil }"),
        ]
        let g = scan(f)
        expectNoEdge(g, "Screen", "Cache")
    }
}

/// The graph joins files' sites and uses in path order without sorting them again: a file that
/// two units compile gives two runs for one path, which must still come out canonical.
@Suite struct JoinedOrderTests {
    static let shared = """
        final class Clock {
            func now() -> Date { Date() }
            func later() -> Date { Date(timeIntervalSinceNow: 1) }
        }
        final class Ticker { let clock = Clock(); func tick() { _ = URLSession.shared } }
        """

    @Test func aFileBuiltByTwoUnitsGivesCanonicalUsesAndSites() {
        let g = Scanner.graph(
            ofModules: [
                "A": [
                    (path: "Shared/Clock.swift", text: Self.shared),
                    (path: "A/Z.swift", text: "struct Z { let c = Clock() }"),
                ],
                "B": [
                    (path: "Shared/Clock.swift", text: Self.shared),
                    (path: "B/Y.swift", text: "struct Y { let d = Date() }"),
                ],
            ], importable: false)
        #expect(g.uses == Use.canonical(g.uses))
        let fromShared = g.uses.filter { $0.file == "Shared/Clock.swift" }
        #expect(Set(fromShared.map(\.from)) == ["A.Clock", "A.Ticker", "B.Clock", "B.Ticker"], "\(fromShared)")
        // Each unit's uses are there once: the runs were joined, not de-duplicated across units.
        #expect(
            fromShared.filter { $0.from.hasPrefix("A.") }.count == fromShared.filter { $0.from.hasPrefix("B.") }.count)
        #expect(g.edges == g.edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
        for edge in g.edges { #expect(edge.sites == Array(Set(edge.sites)).sorted()) }
        #expect(g.edge(from: "A.Ticker", to: "A.Clock") != nil && g.edge(from: "B.Ticker", to: "B.Clock") != nil)
    }
}

@Suite struct EdgeKindSetTests {
    /// The builder keeps a list in order as it is, and still sorts or de-duplicates one that is not.
    @Test func anEdgesSitesComeOutSortedAndEachOnceWhateverOrderTheyCameIn() {
        let s = (1...3).map { Site(file: "F.swift", line: $0, column: 1, kind: .type) }
        for list in [s, [s[0], s[0], s[1], s[2], s[2]], [s[2], s[0], s[1], s[0]]] {
            var b = GraphBuilder()
            b.addSites(from: "A", to: "B", sortedUnique: list)
            #expect(b.build(root: ".", modules: []).edges.map(\.sites) == [s], "\(list)")
        }
        var joined = GraphBuilder()
        joined.addSites(from: "A", to: "B", sortedUnique: [s[1], s[2]])
        joined.addSite(from: "A", to: "B", s[0])
        joined.addSite(from: "A", to: "B", s[1])
        #expect(joined.build(root: ".", modules: []).edges.map(\.sites) == [s])
    }

    /// An edge's kinds are the kinds of its sites, each once and in order, whichever they are.
    @Test func everyKindOfSiteIsCountedOnceInOrder() {
        let all = SiteKind.allCases
        let sites = all.enumerated().map { Site(file: "F.swift", line: $0.offset + 1, column: 1, kind: $0.element) }
        let edge = Edge(from: "A", to: "B", sites: sites + sites)
        #expect(edge.kinds == all.sorted())
        #expect(edge.count == all.count)
        for (i, kind) in all.enumerated() {
            let some = Edge(from: "A", to: "B", sites: [sites[i], sites[(i + 3) % all.count]])
            #expect(some.kinds == [kind, all[(i + 3) % all.count]].sorted())
            #expect(some.soft == (kind.isSoft && all[(i + 3) % all.count].isSoft))
        }
    }
}
