import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsRules
import SeamsTestSupport
import SeamsUntangle
import Testing

@Suite struct UntangleTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples").path

    func scan(_ path: String, config: String? = nil) throws -> ScanOutcome {
        var request = ScanRequest(paths: [path])
        request.includeExternal = true
        request.configPath = config
        return try ScanPipeline.run(request)
    }

    /// Recomputes the components of each tangle's hard edges without its cuts.
    func expectAcyclic(_ plan: UntanglePlan, _ graph: Graph, scope: Granularity = .type) {
        let view = graph.hardOnly().removingExternal().regrouped(by: scope)
        for c in plan.components {
            let cut = Set((c.decided + c.cuts).map { EdgeKey(from: $0.from, to: $0.to) })
            let rest = view.restricted(to: Set(c.members))
            let left = Graph(
                root: rest.root, modules: rest.modules, nodes: rest.nodes,
                edges: rest.edges.filter { !cut.contains(EdgeKey($0)) }, diagnostics: [])
            #expect(left.cycles().components.isEmpty, "tangle of \(c.size) still cyclic")
            #expect(c.acyclic)
            #expect(c.cuts.last?.largestAfter == 0)
        }
    }

    @Test(arguments: ["Stage0-Legacy", "Stage1-Seams", "Stage2-Modules"])
    func everySamplePlanLeavesItsTanglesAcyclic(_ stage: String) throws {
        let outcome = try scan(Self.samples + "/" + stage)
        let plan = Untangler().plan(outcome.graph)
        expectAcyclic(plan, outcome.graph)
        if stage == "Stage2-Modules" { #expect(plan.isAcyclic) }
    }

    @Test func theLegacyPlanNamesTheLessonsTechniques() throws {
        let outcome = try scan(Self.samples + "/Stage0-Legacy")
        let plan = Untangler().plan(outcome.graph)
        let tangle = try #require(plan.components.first)
        #expect(tangle.size == 10)
        #expect(tangle.exact)
        let cuts = Dictionary(uniqueKeysWithValues: tangle.cuts.map { ("\($0.from) → \($0.to)", $0) })
        // The API is told its server and announces sign-out: the lesson's first two seams.
        let api = try #require(cuts["FieldDesk.API → FieldDesk.AppDelegate"])
        #expect(Set(api.recipes.map(\.recipe)) == [.injectThroughInit, .notifyOwner])
        // The alert runs a command instead of downcasting its presenter.
        #expect(
            cuts["FieldDesk.AlertViewController → FieldDesk.SignInViewController"]?.recipes.first?.recipe
                == .commandObject)
        // The composition root keeps making the API: that edge is not cut.
        #expect(cuts["FieldDesk.AppDelegate → FieldDesk.API"] == nil)
        // Freed types only grow, and the last cut frees all.
        let freed = tangle.cuts.map(\.freedAfter)
        #expect(freed == freed.sorted())
        #expect(freed.last == 10)
    }

    @Test func fixturesAndModuleScopeAreCutAcyclic() throws {
        for name in ["XcodeApp", "MultiModule"] {
            let outcome = try scan(fixture(name))
            for scope in [Granularity.type, .module] {
                var untangler = Untangler()
                untangler.scope = scope
                expectAcyclic(untangler.plan(outcome.graph), outcome.graph, scope: scope)
            }
        }
    }

    @Test func aGeneratedTwoThousandTypeTangle() throws {
        var rng = SeededRandom(7)
        let kinds: [SiteKind] = [.type, .member, .static, .construct, .cast]
        var nodes: [Node] = []
        var edges: [Edge] = []
        for i in 0..<2000 {
            nodes.append(
                Node(id: "App.T\(i)", name: "T\(i)", module: "App", kind: .class, file: "T\(i).swift", line: 1))
        }
        var seen = Set<[Int]>()
        while edges.count < 7000 {
            let a = Int.random(in: 0..<2000, using: &rng), b = Int.random(in: 0..<2000, using: &rng)
            guard a != b, seen.insert([a, b]).inserted else { continue }
            let sites = (0..<Int.random(in: 1...3, using: &rng)).map {
                Site(file: "T\(a).swift", line: $0 + 1, column: 1, kind: kinds.randomElement(using: &rng)!)
            }
            edges.append(Edge(from: "App.T\(a)", to: "App.T\(b)", sites: sites))
        }
        let graph = Graph(
            root: ".", modules: [ModuleInfo(name: "App", files: 2000)], nodes: nodes, edges: edges, diagnostics: [])
        var untangler = Untangler()
        untangler.limits.improvementWork = 2_000_000  // debug builds: the property, not the polish
        untangler.orderWork = 1_000_000
        let plan = untangler.plan(graph)
        #expect(plan.components.first?.size ?? 0 > 1000)
        expectAcyclic(plan, graph)
    }

    @Test func pinsSteerThePlanAndStalePinsAreNamed() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { var b: B? }")
        try dir.write("App/B.swift", "class B { var a: A? ; var c: C? }")
        try dir.write("App/C.swift", "class C { var b: B? }")
        try dir.write(
            "seams.yml",
            """
            untangle:
              keep: ["App.B -> App.A", { from: { type: App.C }, to: { type: App.B } }]
              cut: ["App.B -> App.C"]
            """)
        var outcome = try scan(dir.path)
        var untangler = Untangler()
        untangler.settings = outcome.config.untangle
        var plan = untangler.plan(outcome.graph)
        let tangle = try #require(plan.components.first)
        #expect(tangle.decided.map { "\($0.from)->\($0.to)" } == ["App.B->App.C"])
        #expect(tangle.cuts.map { "\($0.from)->\($0.to)" } == ["App.A->App.B"])
        #expect(tangle.keptButCut == 0)
        #expect(plan.notes.isEmpty)
        expectAcyclic(plan, outcome.graph)

        try dir.write("seams.yml", "untangle:\n  keep: [\"App.Nothing -> App.A\"]\n")
        outcome = try scan(dir.path)
        untangler.settings = outcome.config.untangle
        plan = untangler.plan(outcome.graph)
        #expect(
            plan.notes == [
                "untangle.keep entry at line 2 (type: App.Nothing -> type: App.A) matches no edge on a cycle; remove it"
            ])
    }

    @Test func badUntangleSettingsAreConfigProblems() throws {
        let (_, problems) = try SeamsConfig.parseKeepingProblems(
            """
            untangle:
              weights: { constrct: 3, type: 0 }
              keep: ["App.A"]
              cutt: []
            """, path: "seams.yml")
        let messages = problems.map(\.message)
        #expect(messages.contains { $0.hasPrefix("unknown edge kind 'constrct'") && $0.contains("construct") })
        #expect(messages.contains("the weight of type must be a whole number from 1 to 1000"))
        #expect(messages.contains("an edge in 'untangle.keep' is written 'From -> To', not 'App.A'"))
        #expect(messages.contains { $0.hasPrefix("unknown key 'cutt' in 'untangle'") })
    }

    @Test func weightsChangeThePlan() throws {
        let dir = try TempDir()
        // A uses B through one static read; B makes A. Cheap to inject, dear to stop making.
        try dir.write("App/A.swift", "class A { func run() { _ = B.shared } }")
        try dir.write("App/B.swift", "class B { static let shared = B(); func make() -> A { A() } }")
        var untangler = Untangler()
        let graph = try scan(dir.path).graph
        #expect(untangler.plan(graph).components.first?.cuts.map(\.from) == ["App.A"])
        untangler.settings.weights[.static] = 20
        #expect(untangler.plan(graph).components.first?.cuts.map(\.from) == ["App.B"])
    }

    @Test func aTypeAndItsNestedTypesAreLeftOut() throws {
        let dir = try TempDir()
        try dir.write(
            "App/MapView.swift",
            "struct MapView { var coordinator: Coordinator?; class Coordinator { var parent: MapView? } }")
        let plan = Untangler().plan(try scan(dir.path).graph)
        #expect(plan.components.isEmpty)
        #expect(plan.nesting.map(\.root) == ["App.MapView"])
        #expect(
            UntangleReporter.text(plan, top: 5).contains(
                "Left out, a type and its own nested types:\n  App.MapView (2 types)"))
    }

    /// Cut first of a tangle, as (from, to).
    func firstCut(_ sources: [String: String]) throws -> (String, String)? {
        let dir = try TempDir()
        for (path, text) in sources { try dir.write(path, text) }
        let plan = Untangler().plan(try scan(dir.path).graph)
        return plan.components.first?.cuts.first.map { ($0.from, $0.to) }
    }

    @Test func aConformanceIsHeldAndTheCallBackCut() throws {
        // The conformance weighs 8 and the protocol's nine mentions of Service 9: by weight alone
        // the conformance would go. Held, the protocol's mentions are cut.
        let mentions = (1...9).map { "func heard\($0)(_ s: Service)" }.joined(separator: " ; ")
        let cut = try firstCut([
            "App/Listener.swift": "protocol Listener { \(mentions) }",
            "App/Service.swift": "final class Service: Listener {}",
        ])
        #expect(cut.map { "\($0.0) → \($0.1)" } == "App.Listener → App.Service", "not the conformance")
    }

    @Test func aSubclassesEdgeToItsBaseIsHeldAndTheBasesEdgeBackCut() throws {
        // The subclass inherits and calls its base once; the base names the subclass nine times:
        // by weight alone the subclass's edge would go. Held, the base's mentions are cut.
        let mentions = (1...9).map { "func twin\($0)() -> Volume? { nil }" }.joined(separator: " ; ")
        let cut = try firstCut([
            "App/Base.swift": "class Base { \(mentions) ; func start() {} }",
            "App/Volume.swift": "final class Volume: Base { override func start() { super.start() } }",
        ])
        #expect(cut.map { "\($0.0) → \($0.1)" } == "App.Base → App.Volume", "not the subclass's edge to its base")
    }

    @Test func anEnumUsedAsAValueIsHeldAndWhatItReachesCut() throws {
        // Printer names the enum once, as a parameter's type; the enum calls Printer nine times:
        // by weight alone the type mention would go. Held, the enum's calls are cut.
        let calls = (1...9).map { _ in "Printer.name(self)" }.joined(separator: " + ")
        let cut = try firstCut([
            "App/Mode.swift": "enum Mode { case a, b ; func label() -> String { \(calls) } }",
            "App/Printer.swift": "final class Printer { static func name(_ m: Mode) -> String { \"\" } }",
        ])
        #expect(cut.map { "\($0.0) → \($0.1)" } == "App.Mode → App.Printer", "not the enum named as a value")
        // Trap: an enum used as a namespace of static functions is no value; its edge is cut.
        let namespace = try firstCut([
            "App/API.swift": "enum API { static func get() -> Int { 1 } }",
            "App/Cache.swift":
                "final class Cache { func put() { \((1...9).map { _ in "_ = API.get()" }.joined(separator: " ; ")) } ; static func size() -> Int { 0 } }",
            "App/API+Cache.swift": "extension API { static func fill() { _ = Cache.size() } }",
        ])
        #expect(namespace != nil)
    }

    @Test func theEnvironmentsOwnTypesWiringTheLiveServicesAreHeld() throws {
        // The environment's nested `Location` calls the live locator, which reads the environment
        // back; tests set the environment. Neither the read nor the wiring is a cut: the cycle is
        // left, said to be structure.
        let dir = try TempDir()
        try dir.write(
            "App/Environment.swift",
            """
            final class Environment {
                static var current = Environment()
                struct Location { var find: () -> Int = { Locator.find() } }
                var location = Location()
            }
            """)
        try dir.write(
            "App/Locator.swift",
            "final class Locator { static func find() -> Int { _ = Environment.current ; return 0 } }\n")
        try dir.write(
            "AppTests/LocatorTests.swift",
            "import XCTest\nfinal class LocatorTests: XCTestCase { func testFind() { Environment.current = Environment() } }"
        )
        var request = UntangleRequest(scan: ScanRequest(paths: [dir.path]))
        request.format = .json
        let plan = try UntanglePipeline.run(request).plan
        let c = try #require(plan.components.first { $0.members.contains("App.Locator") })
        #expect(c.cuts.isEmpty, "\(c.cuts.map { "\($0.from) → \($0.to)" })")
    }

    @Test func aDefaultArgumentIsTheSeamNotACut() throws {
        // By weight alone the default argument would go (the other way makes nine): held, the
        // nine are cut.
        let nine = (1...9).map { _ in "_ = Panel(engine: self)" }.joined(separator: " ; ")
        let seam = try firstCut([
            "App/Engining.swift": "protocol Engining {}",
            "App/Engine.swift": "final class Engine: Engining { func run() { \(nine) } }",
            "App/Panel.swift":
                "final class Panel { let engine: Engining ; init(engine: Engining = Engine()) { self.engine = engine } }",
        ])
        #expect(seam.map { "\($0.0) → \($0.1)" } == "App.Engine → App.Panel", "not the default argument")
    }

    @Test func twoTypesOfOneFileAreHeldWhenAnotherCutExists() throws {
        // Entity and its query are written together in one file; the API is elsewhere. The
        // cheapest cut by weight is inside the file (a type annotation); held, the plan cuts
        // the static read of the API instead.
        let cut = try firstCut([
            "App/Entity.swift": """
            struct Entity { var query: EntityQuery? }
            struct EntityQuery { func load() { _ = API.shared ; _ = API() } }
            """,
            "App/API.swift": "final class API { static let shared = API() ; func make() { _ = Entity() } }",
        ])
        let found = try #require(cut)
        #expect(found != ("App.Entity", "App.EntityQuery"), "held: one file")
    }

    /// An app whose `Environment` builds six services, each reading `Environment.current` back
    /// `readsEach` times.
    func environmentApp(readsEach: Int) throws -> TempDir {
        let dir = try TempDir()
        try dir.write(
            "App/Environment.swift",
            """
            final class Environment {
                static var current = Environment()
                let a = A() ; let b = B() ; let c = C() ; let d = D() ; let e = E() ; let f = F()
            }
            """)
        let reads = String(repeating: "_ = Environment.current ; ", count: readsEach)
        for name in ["A", "B", "C", "D", "E", "F"] {
            try dir.write("App/\(name).swift", "final class \(name) { func run() { \(reads)} }")
        }
        return dir
    }

    @Test func theCompositionRootBuildingWhatItOwnsIsHeld() throws {
        // Environment builds six services (the composition root); one of them reads the
        // environment back. The cut is the read back, not a construction. Each reads the
        // environment back five times (weight 10), more than its construction (4, twice for a
        // part that calls back: 8): by weight alone the constructions would go.
        let dir = try environmentApp(readsEach: 5)
        let plan = Untangler().plan(try scan(dir.path).graph)
        let cuts = try #require(plan.components.first).cuts
        #expect(cuts.allSatisfy { $0.to == "App.Environment" }, "\(cuts.map { "\($0.from) → \($0.to)" })")
        // A maker of fewer than six is no composition root: its constructions stay cuttable.
        #expect(HeldEdge.rootConstructions == 6)
    }

    @Test func readsOfAnEnvironmentTheTestsReplaceAreHeld() throws {
        // The same app, but its tests set `Environment.current`: reading it back is the seam
        // the app chose, so no read is proposed as a cut, and the cycles are left as held.
        let dir = try environmentApp(readsEach: 1)
        try dir.write(
            "AppTests/ATests.swift",
            "import XCTest\nfinal class ATests: XCTestCase { func testRun() { Environment.current = Environment() ; A().run() } }"
        )
        // Trap: a plain pair in a cycle of its own is still cut.
        try dir.write("App/Cart.swift", "final class Cart { var shop: Shop? }\n")
        try dir.write("App/Shop.swift", "final class Shop { var cart: Cart? }\n")
        // As `seams untangle` plans: production code only, though the tests are what make the seam.
        var request = UntangleRequest(scan: ScanRequest(paths: [dir.path]))
        request.format = .json
        let plan = try UntanglePipeline.run(request).plan
        let environment = try #require(plan.components.first { $0.members.contains("App.Environment") })
        #expect(environment.cuts.isEmpty, "\(environment.cuts.map { "\($0.from) → \($0.to)" })")
        #expect(environment.heldLeft?.contains { $0.reason == HeldEdge.environment.reason } == true)
        let plain = try #require(plan.components.first { $0.members.contains("App.Cart") })
        #expect(plain.cuts.count == 1)
    }

    @Test func coreDataRelationshipsAreTheModelNotAPlan() throws {
        let dir = try TempDir()
        try dir.write(
            "App/Order.swift",
            "import CoreData\nfinal class Order: NSManagedObject { @NSManaged var customer: Customer? }\n")
        try dir.write(
            "App/Customer.swift",
            "import CoreData\nfinal class Customer: NSManagedObject { @NSManaged var orders: Order? }\n")
        // Trap: two plain classes of two files in a cycle are still cut.
        try dir.write("App/Cart.swift", "final class Cart { var shop: Shop? }\n")
        try dir.write("App/Shop.swift", "final class Shop { var cart: Cart? }\n")
        var request = ScanRequest(paths: [dir.path])
        request.includeExternal = true
        let plan = Untangler().plan(try ScanPipeline.run(request).graph)
        let model = try #require(plan.components.first { $0.members.contains("App.Order") })
        #expect(model.cuts.isEmpty, "\(model.cuts.map { "\($0.from) → \($0.to)" })")
        #expect(model.heldLeft?.first?.reason == HeldEdge.modelRelationship.reason)
        let plain = try #require(plan.components.first { $0.members.contains("App.Cart") })
        #expect(plain.cuts.count == 1)
    }

    @Test func appIntentsTypesNamingEachOtherAreTheFrameworksShape() throws {
        let dir = try TempDir()
        // Each in a file of its own: not held as one file's types.
        try dir.write("App/ServerEntity.swift", "import AppIntents\nprotocol ServerEntity: AppEntity {}\n")
        try dir.write(
            "App/LightEntity.swift",
            "import AppIntents\nstruct LightEntity: ServerEntity { static var defaultQuery = LightQuery() ; var id: String }\n"
        )
        try dir.write(
            "App/LightQuery.swift",
            "import AppIntents\nstruct LightQuery: EntityQuery { func entities(for ids: [String]) async throws -> [LightEntity] { [] } }\n"
        )
        try dir.write(
            "App/ToggleLight.swift",
            """
            import AppIntents
            struct ToggleLight: AppIntent {
                @Parameter(title: "Light") var light: LightEntity
                func perform() async throws -> some IntentResult { .result() }
            }
            """)
        try dir.write("App/LightQuery+Cache.swift", "extension LightQuery { func cached() -> ToggleLight? { nil } }\n")
        // Trap: a plain pair in a cycle of its own is still cut.
        try dir.write("App/Cart.swift", "final class Cart { var shop: Shop? }\n")
        try dir.write("App/Shop.swift", "final class Shop { var cart: Cart? }\n")
        let plan = Untangler().plan(try scan(dir.path).graph)
        let intents = try #require(plan.components.first { $0.members.contains("App.LightQuery") })
        #expect(intents.cuts.isEmpty, "\(intents.cuts.map { "\($0.from) → \($0.to)" })")
        #expect(intents.heldLeft?.contains { $0.reason == HeldEdge.framework.reason } == true)
        let plain = try #require(plan.components.first { $0.members.contains("App.Cart") })
        #expect(plain.cuts.count == 1)
    }

    @Test func aDelegateProtocolNamingItsOwnerIsHeld() throws {
        let dir = try TempDir()
        try dir.write(
            "App/PickerDelegate.swift", "protocol PickerDelegate: AnyObject { func picker(_ p: Picker, chose: Int) }\n")
        try dir.write("App/Picker.swift", "final class Picker { weak var delegate: PickerDelegate? }\n")
        let plan = Untangler().plan(try scan(dir.path).graph)
        let c = try #require(plan.components.first)
        #expect(c.cuts.map { "\($0.from) → \($0.to)" } == ["App.Picker → App.PickerDelegate"] || c.cuts.isEmpty)
        #expect(!c.cuts.contains { $0.from == "App.PickerDelegate" }, "the delegate naming its sender is held")
    }

    @Test func heldKindsCarryTheirReasons() {
        for kind in HeldEdge.allCases { #expect(!kind.reason.isEmpty, "\(kind)") }
    }

    @Test func goldens() throws {
        var request = UntangleRequest(scan: ScanRequest(paths: [Self.samples + "/Stage0-Legacy"]))
        func text(_ r: UntangleRequest) throws -> String {
            // The root is where the scan started: make it the same on every machine.
            String(decoding: try UntanglePipeline.run(r).bytes, as: UTF8.self)
                .replacingOccurrences(of: Self.samples, with: "Samples")
        }
        assertSnapshot(try text(request), named: "untangle-stage0.txt")
        request.format = .markdown
        assertSnapshot(try text(request), named: "untangle-stage0.md")
        request.format = .json
        assertSnapshot(try text(request), named: "untangle-stage0.json")
        request.format = .text
        request.dsm = true
        assertSnapshot(try text(request), named: "untangle-stage0-dsm.txt")
        request.format = .markdown
        assertSnapshot(try text(request), named: "untangle-stage0-dsm.md")
    }

    @Test func theMatrixPutsOnlyCutEdgesAboveTheDiagonal() throws {
        let outcome = try scan(Self.samples + "/Stage0-Legacy")
        let plan = Untangler().plan(outcome.graph)
        let cuts = Set(plan.components.flatMap { $0.cuts.map { EdgeKey(from: $0.from, to: $0.to) } })
        let m = DependencyMatrix.levelized(outcome.graph.hardOnly().removingExternal(), cuts: cuts, title: "types")
        #expect(m.rows.count == outcome.graph.removingExternal().nodes.count)
        for cell in m.cells {
            #expect((cell.column > cell.row) == cell.cut, "\(m.rows[cell.row]) → \(m.rows[cell.column])")
        }
        #expect(m.blocks.count == 1 && m.blocks[0][1] - m.blocks[0][0] + 1 == 10)
    }
}
