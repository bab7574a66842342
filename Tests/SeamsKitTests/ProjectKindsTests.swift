import Foundation
import SeamsGraph
import SeamsKit
import SeamsTestSupport
import Testing

/// What the app builds, whatever describes it: packages, committed projects, XcodeGen specs and
/// Tuist manifests, each alone or side by side.
@Suite struct ProjectKindsTests {
    private static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B", dependencies: ["A"])])

        """

    /// A source linked into a second target's folder is compiled by both: its types are in each.
    @Test func aFileLinkedIntoTwoTargetsBelongsToEach() throws {
        let dir = try TempDir()
        try dir.write("Package.swift", Self.manifest)
        try dir.write("Sources/A/BitSet.swift", "struct BitSet { var words: [UInt] }\n")
        try dir.write("Sources/A/UsesA.swift", "struct UsesA { let set: BitSet }\n")
        try dir.write("Sources/B/UsesB.swift", "struct UsesB { let set: BitSet }\n")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/Sources/B/BitSet.swift", withDestinationPath: "../A/BitSet.swift")
        let g = try ScanPipeline.run(ScanRequest(paths: [dir.path])).graph
        let ids = Set(g.nodes.map(\.id))
        #expect(ids.isSuperset(of: ["A.BitSet", "B.BitSet"]), "\(ids.sorted())")
        #expect(g.edge(from: "B.UsesB", to: "B.BitSet") != nil)
        #expect(g.edge(from: "A.UsesA", to: "A.BitSet") != nil)
        #expect(g.scope?.scanned == 3 && g.scope?.found == 3)
    }

    static let projectFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SeamsProjectTests/Fixtures").path

    /// The module of each scanned file, and the scope, of a scan of `dir`.
    private func modules(_ dir: String, _ request: (inout ScanRequest) -> Void = { _ in }) throws -> (
        files: [String: Set<String>], graph: Graph
    ) {
        var r = ScanRequest(paths: [dir])
        request(&r)
        let g = try ScanPipeline.run(r).graph
        var files: [String: Set<String>] = [:]
        for n in g.nodes where !n.external {
            if let f = n.file, let m = n.module { files[f, default: []].insert(m) }
        }
        return (files, g)
    }

    /// An XcodeGen app with no committed project: its targets are the modules.
    @Test func anXcodeGenSpecGivesTheModules() throws {
        let (files, g) = try modules(Self.projectFixtures + "/XcodeGenApp")
        #expect(
            files == [
                "App/AppDelegate.swift": ["Notes"], "App/Screens/HomeView.swift": ["Notes"],
                "Generated/Model.generated.swift": ["Notes"], "Targets/Shared/Log.swift": ["Notes"],
                "Features/Editor/EditorView.swift": ["Editor"], "Features/Sync/SyncEngine.swift": ["Sync"],
                "Targets/Tests/NotesTests.swift": ["NotesTests"], "Targets/UITests/LaunchTests.swift": ["NotesUITests"],
                "Widgets/Common/Timeline.swift": ["Widgets_iOS", "Widgets_watchOS"],
                "Widgets/iOS/HomeWidget.swift": ["Widgets_iOS"],
                "Widgets/watchOS/Complication.swift": ["Widgets_watchOS"],
            ], "\(files)")
        let scope = try #require(g.scope)
        #expect(scope.scanned == 11 && scope.found == 17, "\(scope)")
        #expect(
            scope.sources.contains(
                ScanScope.Source(
                    kind: "xcodegen", path: "project.yml",
                    targets: ["Editor", "Notes", "NotesTests", "NotesUITests", "Sync", "Widgets_iOS", "Widgets_watchOS"])),
            "\(scope.sources)")
        // Test bundles are test code.
        #expect(g.nodes.filter { $0.module == "NotesTests" && !$0.external }.allSatisfy { $0.role == .test })
    }

    @Test func anUnknownTargetOfAnXcodeGenAppExitsNamingItsTargets() throws {
        #expect {
            try modules(Self.projectFixtures + "/XcodeGenApp") { $0.targets = ["Widget"] }
        } throws: { error in
            "\(error)".contains("no target named Widget") && "\(error)".contains("Widgets_iOS")
        }
        let (files, _) = try modules(Self.projectFixtures + "/XcodeGenApp") { $0.targets = ["Editor"] }
        #expect(Set(files.values.flatMap { $0 }) == ["Editor"])
    }

    /// A spec beside the project it generated: the committed project is what builds.
    @Test func aCommittedProjectBesideItsSpecIsReadInstead() throws {
        let dir = try TempDir()
        let app = dir.path + "/app"
        try FileManager.default.copyItem(atPath: Self.projectFixtures + "/TwoTargets", toPath: app)
        try dir.write("app/project.yml", "name: Podcasts\ntargets:\n  Other:\n    type: application\n    sources: [App]\n")
        var r = ScanRequest(paths: [app])
        r.workingDirectory = app
        let g = try ScanPipeline.run(r).graph
        #expect(!g.modules.contains { $0.name == "Other" })
        #expect(g.modules.contains { $0.name == "Podcasts" })
        #expect(
            g.diagnostics.contains {
                $0.file == "project.yml" && $0.message.contains("beside the committed Podcasts.xcodeproj")
            }, "\(g.diagnostics)")
    }

    /// A spec that cannot be read is said loudly: its files are not fully read, and check fails.
    @Test func anUnreadableSpecIsAnErrorCheckCannotPass() throws {
        let dir = try TempDir()
        try dir.write("project.yml", "name: Broken\ntargets: [not, a, mapping\n")
        try dir.write("App/A.swift", "struct A {}\n")
        var r = ScanRequest(paths: [dir.path])
        r.workingDirectory = dir.path
        let g = try ScanPipeline.run(r).graph
        #expect(g.diagnostics.contains { $0.file == "project.yml" && $0.unread && $0.severity == .error }, "\(g.diagnostics)")
        #expect(throws: (any Error).self) { try CheckPipeline.run(CheckRequest(scan: r)) }
    }

    /// A Tuist app (a root manifest, a module's manifest calling a helper): its targets are the
    /// modules, and Tuist's own code (manifests, helpers) is not the app's.
    @Test func tuistManifestsGiveTheModules() throws {
        let (files, g) = try modules(Self.projectFixtures + "/TuistApp")
        #expect(
            files == [
                "App/AppDelegate.swift": ["App"], "App/Project.swift": ["App"], "App/Screens/HomeScreen.swift": ["App"],
                "Kit/Sources/Deep/Model.swift": ["Kit"], "Kit/Sources/Kit.swift": ["Kit"],
                "Kit/Tests/KitTests.swift": ["KitTests"], "Modules/Home/Sources/HomeView.swift": ["Home"],
                "Modules/Home/Sources/Views/Row.swift": ["Home"], "Modules/Home/Tests/HomeTests.swift": ["HomeTests"],
                "Shared/Theme.swift": ["App", "Widget"], "Widget/WidgetMain.swift": ["Widget"],
            ], "\(files)")
        let scope = try #require(g.scope)
        // Found: the app's Swift files, not the manifests or Tuist/'s helpers (a `Project.swift`
        // that does not import ProjectDescription is app code, and found).
        #expect(scope.found == 14 && scope.scanned == 11, "\(scope)")
        #expect(scope.sources.filter { $0.kind == "tuist" }.map(\.path) == ["Modules/Home/Project.swift", "Project.swift"])
    }

    /// One tree with a tools package at its root, an XcodeGen app beside it and a Tuist module
    /// below: all three are read, each file in the targets that compile it.
    @Test func aRootPackageAnXcodeGenSpecAndATuistManifestTogether() throws {
        let dir = try TempDir()
        try dir.write(
            "Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\n"
                + "let package = Package(name: \"Tools\", targets: [.executableTarget(name: \"Lint\", path: \"Tools/Lint\")])\n")
        try dir.write("Tools/Lint/main.swift", "struct Lint {}\n")
        try dir.write(
            "project.yml",
            """
            name: Shop
            targets:
              Shop:
                type: application
                platform: iOS
                sources: [App]
                dependencies: [{ target: ShopTests }]
              ShopTests:
                type: bundle.unit-test
                platform: iOS
                sources: [AppTests]

            """)
        try dir.write("App/Cart.swift", "struct Cart { let item: Item }\n")
        try dir.write("AppTests/CartTests.swift", "final class CartTests { let cart: Cart? = nil }\n")
        try dir.write(
            "Modules/Catalog/Project.swift",
            """
            import ProjectDescription
            let project = Project(name: "Catalog", targets: [
                .target(name: "Catalog", destinations: .iOS, product: .framework, bundleId: "c", sources: ["Sources/**"]),
            ])

            """)
        try dir.write("Modules/Catalog/Sources/Item.swift", "public struct Item {}\n")
        try dir.write("Scripts/release.swift", "print(1)\n")
        let (files, g) = try modules(dir.path)
        #expect(
            files == [
                "Tools/Lint/main.swift": ["Lint"], "App/Cart.swift": ["Shop"], "AppTests/CartTests.swift": ["ShopTests"],
                "Modules/Catalog/Sources/Item.swift": ["Catalog"],
            ], "\(files)")
        let scope = try #require(g.scope)
        #expect(scope.found == 5 && scope.scanned == 4, "\(scope)")
        #expect(scope.leftOut == [ScanScope.LeftOut(folder: "Scripts", reason: .noTarget, files: 1)], "\(scope.leftOut)")
        #expect(Set(scope.sources.map(\.kind)) == ["package", "xcodegen", "tuist"])
        #expect(g.nodes.first { $0.id == "ShopTests.CartTests" }?.role == .test)
    }
}
