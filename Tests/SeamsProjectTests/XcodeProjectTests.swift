import Foundation
import SeamsProject
import Testing

/// The fixture `TwoTargets`: an app, a widget sharing a file and holding a synchronized folder
/// with an exception, a unit-test target, an App Store variant, and a local package.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

@Suite struct XcodeProjectTests {
    let root = fixtures + "/TwoTargets"

    func target(_ p: XcodeProject, _ name: String) -> XcodeProject.Target? { p.targets.first { $0.name == name } }

    func relative(_ files: [String]) -> [String] { files.map { PathTools.relative($0, to: root) } }

    @Test func targetsAndTheirFilesThroughTheGroupTree() throws {
        let p = try XcodeProjectReader.read(xcodeproj: root + "/Podcasts.xcodeproj")
        #expect(p.targets.map(\.name) == ["Podcasts", "Podcasts Widget", "PodcastsTests", "Podcasts AppStore"])
        // <group> paths nest; SOURCE_ROOT starts at the project's folder.
        #expect(
            relative(target(p, "Podcasts")!.swiftFiles)
                == [
                    "App/AppDelegate.swift", "App/Player+Now.swift", "App/Screens/NavigationManager.swift",
                    "Shared/Theme.swift",
                ])
        // A synchronized folder less its exception, plus the build phase's files.
        #expect(
            relative(target(p, "Podcasts Widget")!.swiftFiles) == [
                "Shared/Theme.swift", "Synced/SyncedThing.swift", "Widget/NavigationManager.swift",
                "Widget/WidgetMain.swift",
            ])
        // A group with `name` and `path` uses the path.
        #expect(relative(target(p, "PodcastsTests")!.swiftFiles) == ["AppTests/AppTests.swift"])
        #expect(target(p, "Podcasts Widget")!.moduleName == "Podcasts_Widget")
        #expect(target(p, "PodcastsTests")!.dependencies == ["Podcasts"])
        #expect(target(p, "Podcasts")!.packageProducts == ["LocalKit"])
        #expect(relative(p.localPackages) == ["LocalKit"])
    }

    @Test func aTestBundleIsKnownByItsProductTypeNotItsName() throws {
        let p = try XcodeProjectReader.read(xcodeproj: root + "/Podcasts.xcodeproj")
        #expect(target(p, "PodcastsTests")!.productType == "com.apple.product-type.bundle.unit-test")
        #expect(target(p, "PodcastsTests")!.isTest)
        #expect(!target(p, "Podcasts")!.isTest)
        // No product type written: not a test, whatever the name.
        #expect(target(p, "Podcasts Widget")!.productType == nil)
        #expect(!target(p, "Podcasts Widget")!.isTest)
        var ui = target(p, "Podcasts")!
        ui.productType = "com.apple.product-type.bundle.ui-testing"
        #expect(ui.isTest)
    }

    @Test func anExceptionAddsAFileToATargetWithoutTheFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/P.xcodeproj", withIntermediateDirectories: true)
        let text = try String(contentsOfFile: root + "/Podcasts.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "target = A0000000000000000000TA02;", with: "target = A0000000000000000000TA01;")
        try text.write(toFile: dir + "/P.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let files = ["Synced/SyncedThing.swift", "Synced/Sub/Excluded.swift"].map { dir + "/" + $0 }
        let p = try XcodeProjectReader.read(xcodeproj: dir + "/P.xcodeproj") { _ in files }
        #expect(target(p, "Podcasts")!.swiftFiles.contains(dir + "/Synced/Sub/Excluded.swift"))
        #expect(!target(p, "Podcasts")!.swiftFiles.contains(dir + "/Synced/SyncedThing.swift"))
        #expect(target(p, "Podcasts Widget")!.swiftFiles.contains(dir + "/Synced/Sub/Excluded.swift"))
    }

    /// Answers kept in memory, counting what was asked and stored.
    final class Answers: ManifestAnswers, @unchecked Sendable {
        var kept: [String: Data] = [:]
        var stored = 0
        func name(_ inputs: [(String, Data)]) -> String {
            inputs.map { "\($0.0)=\($0.1.base64EncodedString())" }.joined(separator: ";")
        }
        func answer(forInputs inputs: [(String, Data)]) -> Data? { kept[name(inputs)] }
        func store(_ answer: Data, forInputs inputs: [(String, Data)]) {
            kept[name(inputs)] = answer
            stored += 1
        }
    }

    @Test func aProjectReadBeforeIsTakenFromTheAnswersUntilItsBytesOrFoldersChange() throws {
        let answers = Answers()
        var listed = ["Synced/SyncedThing.swift"].map { root + "/" + $0 }
        var listings = 0
        func list(_ dir: String) -> [String] {
            listings += 1
            return listed
        }
        let first = try XcodeProjectReader.read(
            xcodeproj: root + "/Podcasts.xcodeproj", listFiles: list, answers: answers)
        #expect(answers.stored == 2)
        let again = try XcodeProjectReader.read(
            xcodeproj: root + "/Podcasts.xcodeproj", listFiles: list, answers: answers)
        #expect(again == first)
        #expect(answers.stored == 2)
        // The synchronized folder is listed again each time: a file added there is seen.
        #expect(listings == 2)
        listed.append(root + "/Synced/Added.swift")
        let grown = try XcodeProjectReader.read(
            xcodeproj: root + "/Podcasts.xcodeproj", listFiles: list, answers: answers)
        #expect(target(grown, "Podcasts Widget")!.swiftFiles.contains(root + "/Synced/Added.swift"))
        #expect(grown == (try XcodeProjectReader.read(xcodeproj: root + "/Podcasts.xcodeproj", listFiles: list)))
        #expect(answers.stored == 4)
    }

    /// Parsed ahead (while discovery walks), a project reads as its bytes do: once its file
    /// changed, the bytes read then are parsed, not the ones parsed ahead; a bad one is the
    /// same error.
    @Test func aProjectParsedAheadReadsAsItsBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let project = dir + "/P.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: root + "/Podcasts.xcodeproj/project.pbxproj", encoding: .utf8)
        try text.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let plain = try XcodeProjectReader.read(xcodeproj: project)
        let prefetch = ProjectPrefetch(answers: nil)
        prefetch.start(project)
        #expect(try XcodeProjectReader.read(xcodeproj: project, prefetch: prefetch) == plain)
        try text.replacingOccurrences(of: "Podcasts Widget", with: "Podcasts Gadget")
            .write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let changed = try XcodeProjectReader.read(xcodeproj: project, prefetch: prefetch)
        #expect(changed.targets.map(\.name).contains("Podcasts Gadget"))
        #expect(changed == (try XcodeProjectReader.read(xcodeproj: project)))
        try "{ this is not".write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let bad = ProjectPrefetch(answers: nil)
        bad.start(project)
        #expect(throws: XcodeProjectError.self) { try XcodeProjectReader.read(xcodeproj: project, prefetch: bad) }
    }

    @Test func notAProjectFileIsAClearError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Bad.xcodeproj", withIntermediateDirectories: true)
        try "{ this is not".write(toFile: dir + "/Bad.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        #expect(throws: XcodeProjectError.self) { try XcodeProjectReader.read(xcodeproj: dir + "/Bad.xcodeproj") }
    }
}

@Suite struct WorkspaceReaderTests {
    @Test func referencesResolveThroughNestedGroups() {
        let root = fixtures + "/TwoTargets"
        #expect(
            WorkspaceReader.references(of: root + "/Podcasts.xcworkspace") == [
                fixtures + "/OutsideKit", root + "/LocalKit", root + "/Podcasts.xcodeproj",
            ])
    }

    @Test func aMissingWorkspaceFileReferencesNothing() {
        #expect(WorkspaceReader.references(of: fixtures + "/TwoTargets/Nowhere.xcworkspace").isEmpty)
    }
}

@Suite struct ProjectLayoutTests {
    let root = fixtures + "/TwoTargets"

    func input(targets: [String] = []) -> LayoutInput {
        let files = PathTools.swiftFilesBelow(root).filter { !$0.hasSuffix("/Package.swift") }
        var input = LayoutInput(
            files: files.map { .init(absolute: $0, pathRoot: root, package: $0.contains("/LocalKit/") ? 0 : nil) },
            packages: [root + "/LocalKit"], xcodeProjects: [root + "/Podcasts.xcodeproj"], root: root)
        input.targets = targets
        input.workspaces = [root + "/Podcasts.xcworkspace"]
        return input
    }

    func modulesOf(_ layout: ProjectLayout, _ input: LayoutInput) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (file, unit) in layout.assignments {
            out[PathTools.relative(input.files[file].absolute, to: root), default: []].append(layout.units[unit].name)
        }
        return out.mapValues { $0.sorted() }
    }

    @Test func filesGoToTheTargetsThatCompileThem() throws {
        let i = input()
        let layout = try ProjectLayout.plan(i)
        let modules = modulesOf(layout, i)
        #expect(modules["Shared/Theme.swift"] == ["Podcasts", "Podcasts Widget"])
        #expect(modules["App/Screens/NavigationManager.swift"] == ["Podcasts"])
        #expect(modules["Widget/NavigationManager.swift"] == ["Podcasts Widget"])
        #expect(modules["LocalKit/Sources/LocalKit/Player.swift"] == ["LocalKit"])
        #expect(modules["Synced/Sub/Excluded.swift"] == nil)
        #expect(modules["scripts/generate.swift"] == nil)
        let notes = layout.diagnostics.map(\.message)
        #expect(notes.contains("target Podcasts AppStore compiles only files of Podcasts: folded into it"))
        #expect(notes.contains("2 Swift file(s) that no target compiles were not scanned (Synced: 1, scripts: 1)"))
        #expect(
            layout.diagnostics.contains {
                $0.file == "../OutsideKit"
                    && $0.message
                        == "local package of Podcasts.xcworkspace lies outside the scanned folders; name it as a path to scan it"
            })
        #expect(!layout.diagnostics.contains { $0.file == "LocalKit" })
        #expect(layout.origin.hasPrefix("Podcasts.xcodeproj (3 targets) and 1 package"))
        // The app sees the package product it links; the tests see the app they depend on.
        let unit = { (name: String) in layout.units.firstIndex { $0.name == name }! }
        #expect(layout.units[unit("Podcasts")].sees == [unit("LocalKit")])
        #expect(layout.units[unit("PodcastsTests")].sees == [unit("Podcasts")])
        #expect(layout.units[unit("Podcasts Widget")].importName == "Podcasts_Widget")
        // Only the unit-test bundle is test code; a package's regular target is not.
        #expect(layout.units.filter(\.isTest).map(\.name) == ["PodcastsTests"])
    }

    @Test func chosenTargetsOnly() throws {
        let i = input(targets: ["Podcasts Widget", "Podcasts AppStore"])
        let layout = try ProjectLayout.plan(i)
        #expect(Set(layout.units.map(\.name)) == ["Podcasts", "Podcasts Widget", "LocalKit"])
        #expect(throws: LayoutError.self) { try ProjectLayout.plan(input(targets: ["Podcast"])) }
    }
}
