import Foundation
import SeamsGraph
import SeamsReport
import SeamsTestSupport
import Testing

/// The scan says what it read out of what it found, and warns when that is little.
@Suite struct ScopeTests {
    /// A tools package at the root of a tree whose app code no project here builds.
    private func toolsOnlyTree() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(
            "Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"T\", targets: [.executableTarget(name: \"Tools\")])\n")
        try dir.write("Sources/Tools/main.swift", "struct Tool {}\n")
        for i in 0..<6 { try dir.write("Feature/F\(i).swift", "struct F\(i) {}\n") }
        for i in 0..<3 { try dir.write("Shared/S\(i).swift", "struct S\(i) {}\n") }
        try dir.write("Old/Gone.swift", "struct Gone {}\n")
        try dir.write("Vendor/Kit/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\")\n")
        try dir.write("Vendor/Kit/Sources/Kit/Kit.swift", "struct Kit {}\n")
        try dir.write("seams.yml", "exclude: [\"Old/**\"]\n")
        return dir
    }

    @Test func theJSONSaysWhatWasScannedAndWhatWasLeftOut() throws {
        let dir = try toolsOnlyTree()
        let r = try seams(["scan"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let scope = try #require(try GraphJSONReporter.decode(Data(r.stdout.utf8)).scope)
        #expect(scope.found == 12 && scope.scanned == 1)
        #expect(scope.sources == [ScanScope.Source(kind: "package", path: "Package.swift", targets: ["Tools"])])
        #expect(
            scope.leftOut == [
                ScanScope.LeftOut(folder: "Feature", reason: .noTarget, files: 6),
                ScanScope.LeftOut(folder: "Old", reason: .excluded, files: 1),
                ScanScope.LeftOut(folder: "Shared", reason: .noTarget, files: 3),
                ScanScope.LeftOut(folder: "Vendor", reason: .nestedPackage, files: 1),
            ])
        #expect(r.stdout.contains("\"leftOutByReason\" : {\n      \"excluded\" : 1,\n      \"nestedPackage\" : 1,"))
    }

    @Test func littleScannedIsAWarningNamingTheLargestFoldersLeftOut() throws {
        let dir = try toolsOnlyTree()
        let r = try seams(["scan", "--format", "text"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                """
                seams: warning: only 1 of the 11 Swift files found (excludes aside) were scanned (9%); the results describe that part only. Most left out:
                  Feature/: 6 files, no target compiles them
                """), "\(r.stderr)")
        #expect(r.stderr.contains("\n  Shared/: 3 files, no target compiles them"))
        #expect(r.stderr.contains("\n  Vendor/: 1 files, a package inside the scanned package"))
        #expect(!r.stderr.contains("\n  Old/"), "an exclude is the user's choice")
        #expect(
            r.stderr.contains(
                "seams: scope: 1 of 12 Swift files found scanned; left out: 1 excluded, 1 in nested packages, "
                    + "9 that no target compiles\n"), "\(r.stderr)")
    }

    @Test func ninetyPercentScannedHasNoWarning() throws {
        let dir = try TempDir()
        for i in 0..<9 { try dir.write("App/A\(i).swift", "struct A\(i) {}\n") }
        try dir.write("App/Generated.swift", "struct Generated {}\n")
        let r = try seams(["scan", "--exclude", "**/Generated.swift"], in: dir.path)
        #expect(r.status == 0)
        #expect(!r.stderr.contains("warning: only"), "\(r.stderr)")
        #expect(r.stderr.contains("seams: scope: 9 of 10 Swift files found scanned; left out: 1 excluded\n"), "\(r.stderr)")
        let scope = try #require(try GraphJSONReporter.decode(Data(r.stdout.utf8)).scope)
        #expect(scope.sources == [ScanScope.Source(kind: "folders", path: ".", targets: ["App"])])
    }

    @Test(arguments: [["check"], ["graph", "--format", "dot"], ["untangle"], ["testability"]])
    func everyCommandThatScansWarnsWhenLittleWasScanned(_ command: [String]) throws {
        let dir = try toolsOnlyTree()
        let r = try seams(command, in: dir.path)
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("seams: warning: only 1 of the 11 Swift files found (excludes aside) were scanned (9%)"),
            "\(command): \(r.stderr)")
    }

    @Test func diffNeverSaysNothingChangedOfATreeItReadLittleOf() throws {
        let dir = try toolsOnlyTree()
        let other = try toolsOnlyTree()
        let r = try seams(["diff", dir.path, other.path], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("No dependency changes.\n"), "\(r.stderr)")
        #expect(r.stderr.contains("No dependency changes in the files scanned, but not all was read:\n"), "\(r.stderr)")
        #expect(r.stderr.contains("  ! \(dir.path) scanned 1 of the 11 Swift files found (9%): changes in the rest are not shown\n"))
        let json = try seams(["diff", dir.path, other.path, "--format", "json"], in: dir.path)
        #expect(json.stdout.contains("\"caveats\" : ["), "\(json.stdout)")
    }

    @Test func diffOfASideThatScannedNothingItFoundCannotRun() throws {
        let dir = try TempDir()
        for i in 0..<3 { try dir.write("App/A\(i).swift", "struct A\(i) {}\n") }
        let empty = try TempDir()
        try empty.write(
            "Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"T\", targets: [])\n")
        for i in 0..<3 { try empty.write("App/A\(i).swift", "struct A\(i) {}\n") }
        let r = try seams(["diff", dir.path, empty.path], in: dir.path)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("none of the 3 Swift files found in . is to be scanned"), "\(r.stderr)")
        #expect(r.stderr.contains("App/: 3 files, no target compiles them"), "\(r.stderr)")
        #expect(!r.stderr.contains("No dependency changes"))
    }

    @Test func aDiffOfTwoWholeTreesHasNoCaveats() throws {
        let dir = try TempDir()
        for i in 0..<3 { try dir.write("App/A\(i).swift", "struct A\(i) {}\n") }
        let r = try seams(["diff", dir.path, dir.path, "--format", "json"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stderr == "No dependency changes.\n", "\(r.stderr)")
        #expect(!r.stdout.contains("caveats"))
    }
}
