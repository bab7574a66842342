import Foundation
import SeamsProject
import Testing

/// A manifest that builds its target list in code: syntax sees no target.
@Suite struct PackageReaderTests {
    func makePackage() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-pkg-\(UUID().uuidString)").path
        for (path, text) in [
            (
                "Package.swift",
                """
                // swift-tools-version: 5.9
                import PackageDescription
                let names = ["Core", "Extras"]
                let package = Package(
                    name: "Computed",
                    targets: names.map { Target.target(name: $0) } + [Target.testTarget(name: "CoreTests", dependencies: ["Core"])]
                )
                """
            ),
            ("Sources/Core/Core.swift", "public struct Core {}"),
            ("Sources/Extras/Extras.swift", "public struct Extras {}"),
            ("Tests/CoreTests/CoreTests.swift", "struct CoreTests {}"),
        ] {
            let file = dir + "/" + path
            try FileManager.default.createDirectory(atPath: PathTools.parent(file), withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func listing(_ dir: String) -> [String] {
        (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func swiftPMIsAskedWhenSyntaxLeavesFilesOutAndNothingIsWrittenIntoTheTree() throws {
        let swift = try #require(PackageReader.swiftOnPath(), "this test needs a Swift toolchain on PATH")
        let dir = try makePackage()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = listing(dir)
        let files = PathTools.swiftFilesBelow(dir).filter { !$0.hasSuffix("Package.swift") }
        let package = PackageReader.read(dir: dir, files: files, mode: .auto, swift: swift, display: "Package.swift")
        #expect(package.method == .swift, "\(package.diagnostics)")
        #expect(package.targets.map(\.name).sorted() == ["Core", "CoreTests", "Extras"])
        #expect(package.target(compiling: dir + "/Tests/CoreTests/CoreTests.swift")?.name == "CoreTests")
        #expect(listing(dir) == before)
    }

    @Test func withoutAToolchainTheConventionsStandIn() throws {
        let dir = try makePackage()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = PathTools.swiftFilesBelow(dir).filter { !$0.hasSuffix("Package.swift") }
        let package = PackageReader.read(dir: dir, files: files, mode: .auto, swift: nil, display: "Package.swift")
        #expect(package.method == .conventions)
        #expect(package.targets.map(\.name).sorted() == ["Core", "CoreTests", "Extras"])
        #expect(package.target(compiling: dir + "/Tests/CoreTests/CoreTests.swift")?.kind == .test)
    }

    @Test func syntaxOnlyWhenAsked() throws {
        let dir = try makePackage()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = PathTools.swiftFilesBelow(dir).filter { !$0.hasSuffix("Package.swift") }
        let package = PackageReader.read(dir: dir, files: files, mode: .syntax, swift: "/bin/false", display: "P")
        #expect(package.method == .syntax)
        #expect(package.targets.map(\.name) == ["CoreTests"])  // the one spelled out as a call
    }

    /// A package with a manifest and a few files, in a temporary folder.
    func makePackage(manifest: String, files: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-pkg-\(UUID().uuidString)").path
        for (path, text) in [("Package.swift", manifest)] + files.map({ ($0, "struct S {}") }) {
            let file = dir + "/" + path
            try FileManager.default.createDirectory(atPath: PathTools.parent(file), withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let literalManifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(
            name: "Plain",
            targets: [
                .target(name: "Core", dependencies: []),
                .testTarget(name: "CoreTests", dependencies: ["Core"], path: "Tests/Unit"),
                .binaryTarget(name: "Vendor", path: "Vendor.xcframework"),
            ]
        )
        for target in package.targets { target.swiftSettings = [] }
        """

    /// `Tests/LinuxMain.swift` and a folder no target names are left out by SwiftPM too: a
    /// manifest that spells out every target is not run (a `swift` that fails would warn).
    @Test func aManifestThatSpellsOutEveryTargetIsNotRunForFilesItLeavesOut() throws {
        let dir = try makePackage(
            manifest: Self.literalManifest,
            files: [
                "Sources/Core/Core.swift", "Tests/Unit/CoreTests.swift", "Tests/LinuxMain.swift",
                "Tests/Old/OldTests.swift",
            ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = PathTools.swiftFilesBelow(dir).filter { !$0.hasSuffix("Package.swift") }
        let package = PackageReader.read(dir: dir, files: files, mode: .auto, swift: "/bin/false", display: "P")
        #expect(package.method == .syntax)
        #expect(package.diagnostics.isEmpty)
        #expect(package.target(compiling: dir + "/Tests/Unit/CoreTests.swift")?.name == "CoreTests")
        #expect(package.target(compiling: dir + "/Tests/LinuxMain.swift") == nil)
        #expect(package.target(compiling: dir + "/Tests/Old/OldTests.swift") == nil)
    }

    /// Targets added in code, a `targets:` that is a name, a path that is not a literal: the
    /// syntax may not say all, and SwiftPM is asked (here a `swift` that fails: a warning says so).
    @Test(arguments: [
        Self.literalManifest + "\npackage.targets += [\"Old\"].map { .target(name: $0, path: \"Tests/\" + $0) }",
        Self.literalManifest + "\npackage.targets.append(.target(name: old, path: \"Tests/Old\"))",
        Self.literalManifest.replacingOccurrences(of: "targets: [", with: "targets: all + [")
            .replacingOccurrences(of: "let package", with: "let all: [Target] = []\nlet package"),
        Self.literalManifest.replacingOccurrences(of: "path: \"Tests/Unit\"", with: "path: unitTests"),
        Self.literalManifest.replacingOccurrences(of: "name: \"Core\"", with: "name: \"Co\" + \"re\""),
    ])
    func aManifestWhoseTargetsMayBeComputedStillAsksSwiftPM(manifest: String) throws {
        let dir = try makePackage(manifest: manifest, files: ["Sources/Core/Core.swift", "Tests/Old/OldTests.swift"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = PathTools.swiftFilesBelow(dir).filter { !$0.hasSuffix("Package.swift") }
        let package = PackageReader.read(dir: dir, files: files, mode: .auto, swift: "/bin/false", display: "P")
        #expect(package.diagnostics.map(\.message).contains { $0.hasPrefix("SwiftPM could not describe") })
    }
}
