import Foundation
import SeamsProject
import Testing

/// Tuist apps at pinned commits, read when `SEAMS_TUIST_APPS` names the folder holding their
/// checkouts (`Infomaniak+ios-kDrive` at 32327c22b, `HedvigInsurance+ugglan` at 3c8a2062d): each
/// manifest's targets and file counts are printed, and the counts checked by hand are pinned.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SEAMS_TUIST_APPS"] != nil))
struct TuistRealAppTests {
    let apps = ProcessInfo.processInfo.environment["SEAMS_TUIST_APPS"] ?? ""

    func helpers(_ root: String) -> [String] {
        PathTools.swiftFilesBelow(root + "/Tuist/ProjectDescriptionHelpers")
    }

    /// Swift files of the tree that no target compiles, less Tuist's own sources.
    func uncompiled(_ root: String, under folder: String, _ projects: [XcodeProject]) throws -> [String] {
        let compiled = Set(projects.flatMap { $0.targets.flatMap(\.swiftFiles) })
        return try PathTools.swiftFilesBelow(root + folder).filter { file in
            guard !compiled.contains(file) else { return false }
            return !TuistManifestReader.isTuistSource(try String(contentsOfFile: file, encoding: .utf8))
        }
    }

    func report(_ p: XcodeProject, _ root: String) -> String {
        let lines = p.targets.map { "  \($0.name) [\($0.productType ?? "?")]: \($0.swiftFiles.count) files" }
        return PathTools.relative(p.path, to: root) + "\n" + lines.joined(separator: "\n")
    }

    @Test func kDrive() throws {
        let root = apps + "/Infomaniak+ios-kDrive"
        let p = try TuistManifestReader.read(manifest: root + "/Project.swift", helpers: helpers(root))
        let left = try uncompiled(root, under: "", [p])
        print(report(p, root))
        print("kDrive: \(left.count) Swift files no target compiles:")
        for file in left { print("  " + PathTools.relative(file, to: root)) }
        // Counted by hand from the manifest's globs (`find` over each folder, the helper's list for
        // the two extensions); two files the helper lists do not exist, and Tuist skips them too.
        #expect(
            p.targets.map { "\($0.name) \($0.swiftFiles.count)" } == [
                "kDrive 302", "kDriveTests 33", "kDriveAPITests 14", "kDriveUITests 1", "kDriveResources 0",
                "kDriveCore 214", "kDriveFileProvider 10", "kDriveShareExtension 160", "kDriveActionExtension 160",
            ])
        #expect(left.isEmpty)
    }

    @Test func ugglan() throws {
        let root = apps + "/HedvigInsurance+ugglan"
        var projects: [XcodeProject] = []
        for group in ["Projects", "Dependencies"] {
            for folder in try FileManager.default.contentsOfDirectory(atPath: root + "/" + group).sorted() {
                let manifest = root + "/" + group + "/" + folder + "/Project.swift"
                guard FileManager.default.fileExists(atPath: manifest) else { continue }
                let p = try TuistManifestReader.read(manifest: manifest, helpers: helpers(root))
                print(report(p, root))
                projects.append(p)
            }
        }
        let left = try uncompiled(root, under: "/Projects", projects)
        print("ugglan: \(projects.count) projects, \(projects.flatMap(\.targets).count) targets")
        print("ugglan: \(left.count) Swift files under Projects/ no target compiles:")
        for file in left { print("  " + PathTools.relative(file, to: root)) }
        #expect(projects.count == 32)
        #expect(projects.flatMap(\.targets).count == 76)
        // Projects/Authentication has no manifest (1 file); no project asks for `.testing`, so no
        // `Testing/` folder compiles (9); hCore, hCoreUI, hGraphQL and Market ask for neither
        // `.tests` nor `.example` (19 files in their Tests/ and Example/).
        #expect(left.count == 29)
    }
}
