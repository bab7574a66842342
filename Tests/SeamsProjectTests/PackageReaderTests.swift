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
}
