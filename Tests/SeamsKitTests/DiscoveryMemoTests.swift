import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import Testing

/// Discovery's memo: the files and units found last time, taken as they are while no path
/// discovery asked about has changed. Each scan must give the bytes a scan without the cache
/// gives, whatever changed in between.
extension CacheTests {
    /// The scan through the pipeline, as JSON, and its statistics.
    func scanned(_ tree: String, root: String?, report: (@Sendable (String) -> Void)? = nil) throws -> (
        json: String, stats: ScanStatistics
    ) {
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = tree
        request.includeExternal = true
        if let root { request.cache = report.map { DiskCache(root: root, report: $0) } ?? DiskCache(root: root) }
        let outcome = try ScanPipeline.run(request)
        return (GraphJSONReporter.render(outcome.graph), outcome.statistics)
    }

    @Test func discoveryIsRememberedWhileNothingItAskedAboutChanged() throws {
        let (tree, root) = try settledWorkspace()
        let cold = try scanned(tree, root: root)
        #expect(!cold.stats.discoveryRemembered)
        #expect(snapshots(root).contains { $0.contains("/snapshots/discovery-") })
        let warm = try scanned(tree, root: root)
        #expect(warm.stats.discoveryRemembered)
        #expect(warm.json == cold.json)
        // A file's code changed in place: which files there are and where they build is not.
        let file = tree + "/Sources/FieldDesk/Theme.swift"
        try (try String(contentsOfFile: file, encoding: .utf8) + "\nstruct ThemeProbe {}\n")
            .write(toFile: file, atomically: false, encoding: .utf8)
        let edited = try scanned(tree, root: root)
        #expect(edited.stats.discoveryRemembered)
        #expect(edited.json.contains("FieldDesk.ThemeProbe"))
        #expect(edited.json == (try scanned(tree, root: nil)).json)
    }

    /// Xcode and many editors save a file by writing a new one and renaming it over the old: the
    /// folder's times move, its entries do not. The folder is listed again, and vouches.
    @Test func aFileSavedByRenameKeepsTheMemo() throws {
        let (tree, root) = try settledWorkspace()
        _ = try scanned(tree, root: root)
        let file = tree + "/Sources/FieldDesk/Theme.swift"
        let saved = try String(contentsOfFile: file, encoding: .utf8) + "\nstruct ThemeProbe {}\n"
        try saved.write(toFile: file + ".saving", atomically: false, encoding: .utf8)
        #expect(rename(file + ".saving", file) == 0)
        let warm = try scanned(tree, root: root)
        #expect(warm.stats.discoveryRemembered)
        #expect(warm.json.contains("FieldDesk.ThemeProbe"))
        #expect(warm.json == (try scanned(tree, root: nil)).json)
    }

    /// Each change is to a path discovery asked about: a folder listed, the manifest or the
    /// config read. The next scan finds the files anew, and finds what changed.
    @Test(arguments: [
        "file added", "file removed", "file renamed", "manifest", "config", "link", "file replaced by a link",
    ])
    func aChangeToWhatDiscoveryAskedAboutIsSeen(change: String) throws {
        let (tree, root) = try settledWorkspace()
        _ = try scanned(tree, root: root)
        let sources = tree + "/Sources/FieldDesk"
        let fm = FileManager.default
        var expected: String
        switch change {
        case "file added":
            try fm.createDirectory(atPath: sources + "/Reports", withIntermediateDirectories: false)
            try "struct Report { let theme: Theme }\n".write(
                toFile: sources + "/Reports/Report.swift", atomically: false, encoding: .utf8)
            expected = "FieldDesk.Report"
        case "file removed":
            try fm.removeItem(atPath: sources + "/Logger.swift")
            expected = "Logger.swift"
        case "file renamed":
            try fm.moveItem(atPath: sources + "/Logger.swift", toPath: sources + "/Log.swift")
            expected = "Sources/FieldDesk/Log.swift"
        case "manifest":
            let manifest = tree + "/Package.swift"
            try (try String(contentsOfFile: manifest, encoding: .utf8))
                .replacingOccurrences(
                    of: ".target(name: \"FieldDesk\",",
                    with: ".target(name: \"FieldDeskCore\", path: \"Sources/FieldDesk\","
                )
                .write(toFile: manifest, atomically: false, encoding: .utf8)
            expected = "FieldDeskCore.Theme"
        case "config":
            let config = tree + "/seams.yml"
            try (try String(contentsOfFile: config, encoding: .utf8))
                .replacingOccurrences(
                    of: "exclude: [\"Tests/**\"]", with: "exclude: [\"Tests/**\", \"**/Theme.swift\"]"
                )
                .write(toFile: config, atomically: false, encoding: .utf8)
            expected = "Theme.swift"
        case "file replaced by a link":
            // The same name, now a link to a file outside the scanned folder: not followed.
            let outside = tree + "/../Logger.swift"
            try fm.moveItem(atPath: sources + "/Logger.swift", toPath: outside)
            try fm.createSymbolicLink(atPath: sources + "/Logger.swift", withDestinationPath: outside)
            expected = "outside the scanned folder"
        default:
            // A folder outside the scanned one, reached through a link: not followed.
            let outside = tree + "/../outside"
            try fm.createDirectory(atPath: outside, withIntermediateDirectories: false)
            try fm.createSymbolicLink(atPath: sources + "/Linked", withDestinationPath: outside)
            expected = "outside the scanned folder"
        }
        let warm = try scanned(tree, root: root)
        #expect(!warm.stats.discoveryRemembered)
        let uncached = try scanned(tree, root: nil)
        #expect(warm.json == uncached.json)
        let present = warm.json.contains(expected)
        #expect(present == !["file removed", "config"].contains(change), "\(expected)")
    }

    /// A path changed in the two seconds before discovery began could change again unseen
    /// (coarse file times): such a discovery is not remembered.
    @Test func aDiscoveryOfPathsChangedJustNowIsNotRemembered() throws {
        let (tree, root) = try workspace()
        _ = try scanned(tree, root: root)
        #expect(!snapshots(root).contains { $0.contains("/snapshots/discovery-") })
        let warm = try scanned(tree, root: root)
        #expect(!warm.stats.discoveryRemembered)
    }

    @Test func aDamagedMemoIsIgnoredAndReplaced() throws {
        let (tree, root) = try settledWorkspace()
        let expected = try scanned(tree, root: root).json
        let memo = try #require(snapshots(root).first { $0.contains("/snapshots/discovery-") })
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: memo)))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: memo))
        let said = Said()
        let warm = try scanned(tree, root: root, report: { said.add($0) })
        #expect(!warm.stats.discoveryRemembered)
        #expect(warm.json == expected)
        #expect(said.all.contains { $0.contains("1 cache entry was unreadable") })
        let next = try scanned(tree, root: root)
        #expect(next.stats.discoveryRemembered)
        #expect(next.json == expected)
    }
}
