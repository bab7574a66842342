import Foundation
import SeamsProject
import Testing

/// The fixture `XcodeGenApp`: an app whose spec includes a file of targets from a subfolder
/// (itself including another), a file with `relativePaths: false`, a template used by two
/// framework targets (and using a template of its own), a unit-test and a UI-test target, and
/// a target for two platforms; with traps: an excluded folder, a `buildPhase: none` folder, a
/// folder reference, an `includes:` filter, a Swift file inside a `.docc` catalog, an optional
/// missing folder.
@Suite struct XcodeGenSpecTests {
    let root = fixtures + "/XcodeGenApp"

    func read() throws -> XcodeProject { try XcodeGenSpecReader.read(spec: root + "/project.yml") }

    func target(_ p: XcodeProject, _ name: String) -> XcodeProject.Target? { p.targets.first { $0.name == name } }

    func relative(_ files: [String]) -> [String] { files.map { PathTools.relative($0, to: root) } }

    @Test func everyTargetAndWhatItCompiles() throws {
        let p = try read()
        #expect(p.path == root + "/project.yml")
        #expect(
            p.targets.map(\.name) == [
                "Editor", "Notes", "NotesTests", "NotesUITests", "Sync", "Widgets_iOS", "Widgets_watchOS",
            ])
        // Each Swift file and the targets compiling it; files no target compiles are the traps.
        var owners: [String: [String]] = [:]
        for t in p.targets {
            for file in relative(t.swiftFiles) { owners[file, default: []].append(t.name) }
        }
        #expect(
            owners == [
                "App/AppDelegate.swift": ["Notes"],
                "App/Screens/HomeView.swift": ["Notes"],
                "Generated/Model.generated.swift": ["Notes"],
                "Targets/Shared/Log.swift": ["Notes"],
                "Features/Editor/EditorView.swift": ["Editor"],
                "Features/Sync/SyncEngine.swift": ["Sync"],
                "Targets/Tests/NotesTests.swift": ["NotesTests"],
                "Targets/UITests/LaunchTests.swift": ["NotesUITests"],
                "Widgets/Common/Timeline.swift": ["Widgets_iOS", "Widgets_watchOS"],
                "Widgets/iOS/HomeWidget.swift": ["Widgets_iOS"],
                "Widgets/watchOS/Complication.swift": ["Widgets_watchOS"],
            ])
        for t in p.targets { #expect(t.swiftFiles == t.swiftFiles.sorted()) }
    }

    @Test func dependenciesProductsAndPackages() throws {
        let p = try read()
        // An SDK is not a target; a package's `product` names what is linked.
        #expect(target(p, "Notes")!.dependencies == ["Editor", "Sync"])
        #expect(target(p, "Notes")!.packageProducts == ["RemoteKit"])
        // From the template's own template: the package's name is the product.
        #expect(target(p, "Editor")!.packageProducts == ["NotesKit"])
        #expect(target(p, "Sync")!.packageProducts == ["NotesKit"])
        #expect(target(p, "NotesTests")!.dependencies == ["Notes"])
        // `platforms: [iOS]` keeps the dependency from the watchOS target.
        #expect(target(p, "Widgets_iOS")!.dependencies == ["Editor"])
        #expect(target(p, "Widgets_watchOS")!.dependencies == [])
        #expect(relative(p.localPackages) == ["Packages/NotesKit"])
    }

    @Test func productTypesAndModuleNames() throws {
        let p = try read()
        let types = Dictionary(uniqueKeysWithValues: p.targets.map { ($0.name, $0.productType ?? "") })
        let prefix = "com.apple.product-type."
        #expect(
            types == [
                "Editor": prefix + "framework", "Notes": prefix + "application",
                "NotesTests": prefix + "bundle.unit-test", "NotesUITests": prefix + "bundle.ui-testing",
                "Sync": prefix + "framework", "Widgets_iOS": prefix + "app-extension",
                "Widgets_watchOS": prefix + "app-extension",
            ])
        #expect(p.targets.filter(\.isTest).map(\.name) == ["NotesTests", "NotesUITests"])
        // PRODUCT_NAME (a C99 identifier), PRODUCT_MODULE_NAME, the name; one module for
        // both platforms of a multi-platform target.
        let modules = Dictionary(uniqueKeysWithValues: p.targets.map { ($0.name, $0.moduleName) })
        #expect(
            modules == [
                "Editor": "Editor", "Notes": "Notes_App", "NotesTests": "NotesTests", "NotesUITests": "NotesUITests",
                "Sync": "SyncEngine", "Widgets_iOS": "Widgets", "Widgets_watchOS": "Widgets",
            ])
    }

    @Test func everySpecFileIsWitnessedAndFoldersAreListedThroughTheCaller() throws {
        let witness = FileWitness()
        var listed: [String] = []
        let p = try XcodeGenSpecReader.read(
            spec: root + "/project.yml",
            listFiles: { dir in
                listed.append(dir)
                return PathTools.swiftFilesBelow(dir)
            }, witness: witness)
        let read = Set(witness.paths.filter(\.read).map { PathTools.relative($0.path, to: root) })
        #expect(
            read.isSuperset(of: [
                "project.yml", "Targets/targets.yml", "Targets/UITests/uitests.yml", "Config/widgets.yml",
            ]))
        // Each folder once, though two targets share one; no listing for a file, a folder
        // reference, a `buildPhase: none` folder or a missing one.
        #expect(Set(listed).count == listed.count)
        #expect(
            Set(relative(listed)) == [
                "App", "Generated", "Features/Editor", "Features/Sync", "Targets/Tests", "Targets/UITests",
                "Widgets/Common", "Widgets/iOS", "Widgets/watchOS",
            ])
        #expect(!p.targets.isEmpty)
    }
}

/// Specs written to a temporary folder, for the merge rules and the errors.
@Suite struct XcodeGenSpecRulesTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-xg-\(UUID().uuidString)").path

    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(
                atPath: PathTools.parent(full), withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    func read(_ files: [String: String]) throws -> XcodeProject {
        try write(files)
        return try XcodeGenSpecReader.read(spec: dir + "/project.yml")
    }

    func error(_ files: [String: String]) -> XcodeGenSpecError? {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            _ = try read(files)
            return nil
        } catch {
            return error as? XcodeGenSpecError
        }
    }

    func files(_ p: XcodeProject, _ name: String) -> [String] {
        p.targets.first { $0.name == name }?.swiftFiles.map { PathTools.relative($0, to: dir) } ?? ["(no target)"]
    }

    @Test func replaceMarksMapsMergeAndListsAppend() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = try read([
            "A/a.swift": "", "B/b.swift": "", "C/c.swift": "",
            "base.yml": """
            targets:
              One: {type: tool, sources: [A], settings: {PRODUCT_NAME: Base}}
              Two: {type: tool, sources: [A]}
            """,
            "project.yml": """
            include: base.yml
            targets:
              One:
                sources:REPLACE: [B]
              Two:
                sources: [C]
                settings: {PRODUCT_NAME: Two Top}
            """,
        ])
        #expect(files(p, "One") == ["B/b.swift"])
        #expect(p.targets.first { $0.name == "One" }?.moduleName == "Base")
        #expect(files(p, "Two") == ["A/a.swift", "C/c.swift"])
        #expect(p.targets.first { $0.name == "Two" }?.moduleName == "Two_Top")
    }

    @Test func templateAttributesNamesAndPlatformSuffixes() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = try read([
            "Kit/Core/k.swift": "", "Mac/m.swift": "", "Phone/p.swift": "", "Dev.swift": "",
            "project.yml": """
            targetTemplates:
              Module:
                type: framework
                sources: ["${area}/${target_name}"]
            targets:
              Core:
                templates: [Module]
                templateAttributes: {area: Kit}
              App:
                type: application
                platform: [iOS, macOS]
                platformPrefix: "${platform}-"
                platformSuffix: ""
                sources: [Dev.swift]
              Shell:
                name: Renamed
                type: tool
                sources: [Phone, {path: Mac, buildPhase: {copyFiles: {destination: resources}}}]
            """,
        ])
        #expect(p.targets.map(\.name) == ["Core", "Renamed", "iOS-App", "macOS-App"])
        #expect(files(p, "Core") == ["Kit/Core/k.swift"])
        #expect(files(p, "iOS-App") == ["Dev.swift"])
        #expect(p.targets.first { $0.name == "macOS-App" }?.moduleName == "App")
        #expect(files(p, "Renamed") == ["Phone/p.swift"])
    }

    @Test func anchorsMergeKeysAndSynchronizedFolders() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = try read([
            "Synced/a.swift": "", "Synced/Skip/b.swift": "", "Synced/Kit.bundle/c.swift": "",
            "project.yml": """
            options: {defaultSourceDirectoryType: syncedFolder}
            common: &common
              type: tool
              settings: {PRODUCT_NAME: "1.10"}
            targets:
              Tool:
                <<: *common
                sources: [{path: Synced, excludes: [Skip]}]
              Other:
                <<: *common
                type: framework
                sources: [{path: Synced, type: folder}]
            """,
        ])
        #expect(files(p, "Tool") == ["Synced/a.swift"])
        #expect(files(p, "Other") == [])
        // Scalars stay text: the name is `1.10`, not the number 1.1.
        #expect(p.targets.first { $0.name == "Tool" }?.moduleName == "_1_10")
        #expect(p.targets.first { $0.name == "Other" }?.productType == "com.apple.product-type.framework")
    }

    @Test func badSpecsSayWhatIsWrong() throws {
        let spec = dir + "/project.yml"
        guard case .notYAML(spec, _)? = error(["project.yml": "targets: [unclosed"]) else {
            Issue.record("unparseable YAML is not reported as such")
            return
        }
        #expect(error(["project.yml": "include: [gone.yml]"]) == .missingInclude(dir + "/gone.yml", from: spec))
        #expect(
            error(["project.yml": "include: [a.yml]", "a.yml": "include: [project.yml]"])
                == .includeCycle([spec, dir + "/a.yml", spec]))
        #expect(error(["project.yml": "targets: [A, B]"]) == .wrongType(spec, "targets", "a mapping of names"))
        #expect(
            error(["project.yml": "targets: {A: {type: tool, sources: [{excludes: [x]}]}}"])
                == .wrongType(spec, "targets.A.sources[0]", "a path or a map with `path`"))
        #expect(
            error(["project.yml": "targets: {A: {type: gadget}}"])
                == .wrongType(spec, "targets.A.type", "an XcodeGen product type (application, framework, …)"))
        #expect(error(["project.yml": "- a list"]) == .wrongType(spec, "the top level", "a mapping"))
        #expect(error([:]) == .unreadable(spec))
        #expect(XcodeGenSpecError.missingInclude("/p/b.yml", from: "/p/a.yml").description.contains("include:"))
    }

    @Test func aFileIncludedTwiceIsMergedOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = try read([
            "S/s.swift": "", "T/t.swift": "",
            "common.yml": "targets: {Lib: {type: library.static, sources: [S]}}",
            "a.yml": "include: [common.yml]\ntargets: {Lib: {sources:REPLACE: [T]}}",
            "project.yml": "include: [a.yml, common.yml]",
        ])
        // Merged a second time, common.yml would add S back on top of a.yml's replacement.
        #expect(files(p, "Lib") == ["T/t.swift"])
        #expect(p.targets.first?.productType == "com.apple.product-type.library.static")
    }
}
