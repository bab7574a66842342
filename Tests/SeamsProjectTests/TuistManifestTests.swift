import Foundation
import SeamsProject
import Testing

/// The fixture `TuistApp`: a root `Project.swift` with an app (a glob less an exclusion, plus a
/// shared folder), a static framework, its unit tests and an extension made by a helper function;
/// and `Modules/Home/Project.swift`, a whole project made by `Project.module(…)`. Traps: the
/// excluded `App/Generated/Stale.swift`, `Scripts/Tool.swift` outside every glob,
/// `Modules/Home/Example` whose target the call leaves out, and `App/Project.swift`, app code.
@Suite struct TuistManifestTests {
    let root = fixtures + "/TuistApp"
    var helpers: [String] {
        ["Target+Extension.swift", "Project+Module.swift"].map { root + "/Tuist/ProjectDescriptionHelpers/" + $0 }
    }

    func relative(_ files: [String]) -> [String] { files.map { PathTools.relative($0, to: root) } }

    func target(_ p: XcodeProject, _ name: String) throws -> XcodeProject.Target {
        try #require(p.targets.first { $0.name == name }, "no target \(name) in \(p.targets.map(\.name))")
    }

    @Test func literalTargetsAndAHelperTarget() throws {
        let p = try TuistManifestReader.read(manifest: root + "/Project.swift", helpers: helpers)
        #expect(p.path == root + "/Project.swift")
        #expect(p.targets.map(\.name) == ["App", "Kit", "KitTests", "Widget"])
        // The app's glob less `App/Generated/**`, with the shared theme; the app's own
        // `Project.swift` is app code and compiles with it.
        #expect(
            relative(try target(p, "App").swiftFiles) == [
                "App/AppDelegate.swift", "App/Project.swift", "App/Screens/HomeScreen.swift", "Shared/Theme.swift",
            ])
        #expect(relative(try target(p, "Kit").swiftFiles) == ["Kit/Sources/Deep/Model.swift", "Kit/Sources/Kit.swift"])
        #expect(relative(try target(p, "KitTests").swiftFiles) == ["Kit/Tests/KitTests.swift"])
        // Made by `.extensionTarget(name:)`: `"\(name)/**"` and the default `shared:` argument.
        #expect(relative(try target(p, "Widget").swiftFiles) == ["Shared/Theme.swift", "Widget/WidgetMain.swift"])
    }

    @Test func noTargetCompilesTheTraps() throws {
        let p = try TuistManifestReader.read(manifest: root + "/Project.swift", helpers: helpers)
        let home = try TuistManifestReader.read(manifest: root + "/Modules/Home/Project.swift", helpers: helpers)
        let compiled = Set((p.targets + home.targets).flatMap(\.swiftFiles))
        let all = PathTools.swiftFilesBelow(root).filter { !$0.contains("/Tuist/") && !$0.hasSuffix("/Package.swift") }
        let manifests = [root + "/Project.swift", root + "/Modules/Home/Project.swift"]
        #expect(
            relative(all.filter { !compiled.contains($0) && !manifests.contains($0) }.sorted()) == [
                "App/Generated/Stale.swift", "Modules/Home/Example/ExampleApp.swift", "Scripts/Tool.swift",
            ])
    }

    @Test func dependenciesProductsAndTestsByProductType() throws {
        let p = try TuistManifestReader.read(manifest: root + "/Project.swift", helpers: helpers)
        let app = try target(p, "App")
        // `.project(target:path:)` names the other project's target; `.sdk` is no target.
        #expect(app.dependencies == ["Home", "Kit", "Widget"])
        #expect(app.packageProducts == ["Nuke"])
        #expect(try target(p, "Kit").packageProducts == ["LocalKit"])
        #expect(app.productType == "com.apple.product-type.application")
        #expect(try target(p, "Kit").productType == "com.apple.product-type.framework.static")
        #expect(try target(p, "Widget").productType == "com.apple.product-type.app-extension")
        #expect(try target(p, "KitTests").isTest)
        #expect(!app.isTest)
        #expect(relative(p.localPackages) == ["Packages/LocalKit"])
    }

    @Test func aWholeProjectFromAHelperCall() throws {
        let p = try TuistManifestReader.read(manifest: root + "/Modules/Home/Project.swift", helpers: helpers)
        // `targets: Set([.framework, .tests])`: the example target's `if` does not hold.
        #expect(p.targets.map(\.name) == ["Home", "HomeTests"])
        let home = try target(p, "Home")
        // A buildable folder: every Swift file below it.
        #expect(
            relative(home.swiftFiles) == [
                "Modules/Home/Sources/HomeView.swift", "Modules/Home/Sources/Views/Row.swift",
            ])
        #expect(home.dependencies == ["Core"])
        #expect(home.productType == "com.apple.product-type.framework")
        let tests = try target(p, "HomeTests")
        #expect(relative(tests.swiftFiles) == ["Modules/Home/Tests/HomeTests.swift"])
        #expect(tests.dependencies == ["Home"])
        #expect(tests.isTest)
    }

    @Test func theHelpersDefaultsApplyWhenTheCallLeavesThemOut() throws {
        let dir = try TemporaryTree([
            "Modules/Home/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.module(name: "Home")
            """
        ])
        defer { dir.remove() }
        try FileManager.default.createDirectory(
            atPath: dir.path + "/Modules/Home/Example", withIntermediateDirectories: true)
        try "struct ExampleApp {}".write(
            toFile: dir.path + "/Modules/Home/Example/ExampleApp.swift", atomically: true, encoding: .utf8)
        let p = try TuistManifestReader.read(manifest: dir.path + "/Modules/Home/Project.swift", helpers: helpers)
        #expect(p.targets.map(\.name) == ["Home", "HomeTests", "HomeExample"])
        #expect(try target(p, "HomeExample").swiftFiles == [dir.path + "/Modules/Home/Example/ExampleApp.swift"])
    }

    @Test func everyFileIsReadThroughTheWitnessAndFoldersThroughListFiles() throws {
        let witness = FileWitness()
        var listed: [String] = []
        _ = try TuistManifestReader.read(
            manifest: root + "/Project.swift", helpers: helpers,
            listFiles: { dir in
                listed.append(dir)
                return PathTools.swiftFilesBelow(dir)
            }, witness: witness)
        let read = Set(witness.paths.filter(\.read).map(\.path))
        #expect(read.contains(root + "/Project.swift"))
        #expect(helpers.allSatisfy(read.contains))
        // Each folder a glob starts in, listed once.
        #expect(listed.count == Set(listed).count)
        #expect(listed.contains(root + "/App"))
    }

    // MARK: isTuistSource

    @Test func tuistSourcesAreThoseThatImportProjectDescription() throws {
        let manifest = try String(contentsOfFile: root + "/Project.swift", encoding: .utf8)
        let helper = try String(contentsOfFile: helpers[0], encoding: .utf8)
        let appCode = try String(contentsOfFile: root + "/App/Project.swift", encoding: .utf8)
        #expect(TuistManifestReader.isTuistSource(manifest))
        #expect(TuistManifestReader.isTuistSource(helper))
        #expect(!TuistManifestReader.isTuistSource(appCode))
        // Tuist's own `Package.swift` imports it under `#if TUIST`.
        #expect(
            TuistManifestReader.isTuistSource(
                "import PackageDescription\n#if TUIST\nimport ProjectDescription\nlet s = PackageSettings()\n#endif\n"))
        #expect(TuistManifestReader.isTuistSource("import ProjectDescriptionHelpers\n"))
        // Words, not imports: a comment, a string, a module of a similar name.
        #expect(
            !TuistManifestReader.isTuistSource("// import ProjectDescription\nlet s = \"import ProjectDescription\"\n"))
        #expect(!TuistManifestReader.isTuistSource("import ProjectDescriptionKit\n"))
    }
}

/// Manifest forms read from small trees written for each test.
@Suite struct TuistManifestFormTests {
    func read(_ manifest: String, files: [String], helpers: [String: String] = [:]) throws -> (XcodeProject, String) {
        var tree = ["Project.swift": "import ProjectDescription\n" + manifest]
        for file in files { tree[file] = "struct S {}" }
        for (name, source) in helpers { tree["Tuist/ProjectDescriptionHelpers/" + name] = source }
        let dir = try TemporaryTree(tree)
        defer { dir.remove() }
        let project = try TuistManifestReader.read(
            manifest: dir.path + "/Project.swift",
            helpers: helpers.keys.sorted().map { dir.path + "/Tuist/ProjectDescriptionHelpers/" + $0 })
        return (project, dir.path)
    }

    func files(_ p: XcodeProject, _ root: String, _ target: String) -> [String]? {
        p.targets.first { $0.name == target }?.swiftFiles.map { PathTools.relative($0, to: root) }
    }

    @Test func globsAsTuistReadsThem() throws {
        let (p, root) = try read(
            """
            let project = Project(name: "P", targets: [
                .target(name: "Deep", destinations: .iOS, product: .framework, bundleId: "d",
                        sources: ["Sources/**/*.swift"]),
                .target(name: "Top", destinations: .iOS, product: .framework, bundleId: "t", sources: "Sources/*.swift"),
                .target(name: "Braces", destinations: .iOS, product: .framework, bundleId: "b",
                        sources: "Sources/{A,Sub/C}.swift"),
                .target(name: "Up", destinations: .iOS, product: .framework, bundleId: "u", sources: "../Outside/**"),
            ])
            """, files: ["Sources/A.swift", "Sources/B.swift", "Sources/Sub/C.swift", "Sources/Sub/More/D.swift"])
        // `**/` takes no folder too.
        #expect(
            files(p, root, "Deep") == [
                "Sources/A.swift", "Sources/B.swift", "Sources/Sub/C.swift", "Sources/Sub/More/D.swift",
            ])
        // A pattern without `**` stays in its folder, even without a slash before the star.
        #expect(files(p, root, "Top") == ["Sources/A.swift", "Sources/B.swift"])
        #expect(files(p, root, "Braces") == ["Sources/A.swift", "Sources/Sub/C.swift"])
        #expect(files(p, root, "Up") == [])
    }

    @Test func olderFormsAndPathKinds() throws {
        let (p, root) = try read(
            """
            let project = Project(
                name: "P",
                targets: [
                    Target(name: "Old", platform: .iOS, product: .framework, bundleId: "o",
                           sources: SourceFilesList(globs: ["Old/**"], excluding: ["Old/Skip.swift"])),
                    Target.target(name: "Paths", destinations: .iOS, product: .commandLineTool, bundleId: "p",
                                  productName: "paths-tool",
                                  sources: .paths([.relativeToManifest("Tool/main.swift"), .relativeToRoot("Tool/Extra.swift")])),
                    .target(name: "Folders", destinations: .iOS, product: .framework, bundleId: "f",
                            buildableFolders: [.folder("Lib", exceptions: .exceptions([.exception(excluded: ["Gen/Out.swift"])]))]),
                ]
            )
            """,
            files: [
                "Old/A.swift", "Old/Skip.swift", "Tool/main.swift", "Tool/Extra.swift", "Tool/Other.swift",
                "Lib/L.swift", "Lib/Gen/Out.swift",
            ])
        #expect(files(p, root, "Old") == ["Old/A.swift"])
        #expect(files(p, root, "Paths") == ["Tool/Extra.swift", "Tool/main.swift"])
        #expect(p.targets.first { $0.name == "Paths" }?.moduleName == "paths_tool")
        #expect(files(p, root, "Folders") == ["Lib/L.swift"])
    }

    @Test func listsBuiltStepByStepAndFreeHelperFunctions() throws {
        let (p, root) = try read(
            """
            import ProjectDescriptionHelpers
            let modules = ["Auth", "Feed"]
            let shared: [TargetDependency] = {
                var list: [TargetDependency] = [.external(name: "Nuke")]
                list.append(.external(name: "Lottie"))
                return list
            }()
            let project = Project(
                name: "P",
                targets: modules.map { module(named: $0, dependencies: shared) } + [makeTests(for: "Auth", uiTests: false)]
            )
            """,
            files: ["Auth/A.swift", "Feed/F.swift", "AuthTests/T.swift"],
            helpers: [
                "Modules.swift": """
                import ProjectDescription
                public func module(named name: String, dependencies: [TargetDependency] = []) -> Target {
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "m.\\(name)",
                            sources: "\\(name)/**", dependencies: dependencies)
                }
                public func makeTests(for name: String, uiTests: Bool) -> Target {
                    let product: Product = uiTests ? .uiTests : .unitTests
                    guard !name.isEmpty else { fatalError() }
                    return .target(name: name + "Tests", destinations: .iOS, product: product, bundleId: "t",
                                   sources: ["\\(name)Tests/**"], dependencies: [.target(name: name)])
                }
                """
            ])
        #expect(p.targets.map(\.name) == ["Auth", "Feed", "AuthTests"])
        #expect(files(p, root, "Feed") == ["Feed/F.swift"])
        #expect(files(p, root, "AuthTests") == ["AuthTests/T.swift"])
        #expect(p.targets.first { $0.name == "Auth" }?.packageProducts == ["Lottie", "Nuke"])
        #expect(p.targets.first { $0.name == "AuthTests" }?.productType == "com.apple.product-type.bundle.unit-test")
    }

    /// A condition seams cannot evaluate runs both branches: the target only one of them makes is
    /// read rather than lost.
    @Test func anUnknownConditionKeepsWhatEitherBranchAdds() throws {
        let (p, _) = try read(
            """
            import Foundation
            var targets: [Target] = [.target(name: "A", destinations: .iOS, product: .app, bundleId: "a", sources: "A/**")]
            if ProcessInfo.processInfo.environment["CI"] != nil {
                targets.append(.target(name: "B", destinations: .iOS, product: .app, bundleId: "b", sources: "B/**"))
            }
            let project = Project(name: "P", targets: targets)
            """, files: ["A/A.swift", "B/B.swift"])
        #expect(p.targets.map(\.name) == ["A", "B"])
    }

    // MARK: What cannot be read is said

    @Test(arguments: [
        (
            "let project = Project(name: \"P\", targets: Module.allCases.map(\\.target))",
            "the targets of the project"
        ),
        (
            "let project = Project(name: \"P\", targets: [.target(name: Environment.name, destinations: .iOS, product: .app, bundleId: \"a\")])",
            "the name of target 1"
        ),
        (
            "let project = Project(name: \"P\", targets: [.target(name: \"A\", destinations: .iOS, product: .app, bundleId: \"a\", sources: Sources.all)])",
            "the sources of target A"
        ),
        (
            "let project = Project.framework(name: \"Home\")",
            "the project"
        ),
        (
            "let project = Project(name: \"P\", targets: [.featureTarget(name: \"A\")])",
            "target 1 of the project"
        ),
        (
            "let workspace = Workspace(name: \"W\", projects: [])",
            "the project"
        ),
    ])
    func aManifestItCannotReadIsAnErrorSayingWhat(manifest: String, what: String) throws {
        let error = #expect(throws: TuistManifestError.self) { try read(manifest, files: []) }
        guard case .unsupported(let path, let said, let why)? = error else {
            Issue.record("expected .unsupported, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("/Project.swift"))
        #expect(said == what)
        #expect(!why.isEmpty)
        #expect(error!.description.contains("seams cannot read \(what)"))
    }

    @Test func aMissingManifestIsUnreadable() {
        #expect(throws: TuistManifestError.unreadable("/nonexistent/Project.swift")) {
            try TuistManifestReader.read(manifest: "/nonexistent/Project.swift")
        }
    }

    /// Deep nesting and endless recursion end in an error or a value, never a crash or a hang.
    @Test func deeplyNestedExpressionsEndWithoutCrashing() throws {
        let brackets = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        #expect(throws: TuistManifestError.self) {
            try read("let project = Project(name: \"P\", targets: \(brackets))", files: [])
        }
        let parentheses = String(repeating: "(", count: 2000) + "[]" + String(repeating: ")", count: 2000)
        #expect(throws: TuistManifestError.self) {
            try read("let project = Project(name: \"P\", targets: \(parentheses))", files: [])
        }
        // Brackets in comments and strings are not nesting.
        let (p, _) = try read(
            "// [[[[[[[[[[[[[[[[[[[[\nlet project = Project(name: \"[[[[[[[[[[[[[[[[[[[[\", targets: [])", files: [])
        #expect(p.targets.isEmpty)
    }

    @Test func helpersCallingThemselvesEndWithoutHanging() throws {
        let recursive = """
            import ProjectDescriptionHelpers
            let project = Project.loop(name: "P")
            """
        let helper = """
            import ProjectDescription
            extension Project { public static func loop(name: String) -> Project { Project.loop(name: name) } }
            """
        #expect(throws: TuistManifestError.self) { try read(recursive, files: [], helpers: ["Loop.swift": helper]) }
    }
}

/// Files written under a fresh temporary folder, by relative path.
struct TemporaryTree {
    let path: String

    init(_ files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("seams-tuist-\(UUID().uuidString)").path
        for (name, text) in files {
            let file = path + "/" + name
            try FileManager.default.createDirectory(
                atPath: PathTools.parent(file), withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
