import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import Testing

/// The scan plan (`ScanPlan`): each mode the scan can take with the last scan's snapshot, and the
/// reason it gives, on a copy of Stage 0 with a chain of small files beside it (so that a patch
/// has room: an eighth of the files). Every warm graph is the bytes of a scan without the cache.
extension CacheTests {
    /// Stage 0 with 24 files `Sources/FieldDesk/Chain/C{i}.swift`, each naming the next:
    /// `struct C{i} { func after{i}() -> C{i+1}? { nil } }` (a member name of its own, and no stored
    /// property, which would make every type of the chain change with the next).
    func chainWorkspace() throws -> (tree: String, cache: String) {
        let (tree, root) = try workspace()
        try FileManager.default.createDirectory(
            atPath: tree + "/Sources/FieldDesk/Chain", withIntermediateDirectories: true)
        for i in 0..<24 {
            try "struct C\(i) { func after\(i)() -> C\(i + 1)? { nil } }\n".write(
                toFile: tree + "/Sources/FieldDesk/Chain/C\(i).swift", atomically: true, encoding: .utf8)
        }
        Thread.sleep(forTimeInterval: 2.1)
        return (tree, root)
    }

    /// A scan with the cache at `root`: its plan, and whether its graph is a scan without the cache.
    func planned(_ tree: String, _ root: String) throws -> (plan: ScanPlan, same: Bool) {
        let warm = try graph(tree, cache: DiskCache(root: root))
        let cold = try graph(tree, cache: nil)
        return (warm.stats.plan, GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(cold.graph))
    }

    func append(_ text: String, to file: String, in tree: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: tree + "/" + file))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test func withoutACacheOrALastScanTheScanBuilds() throws {
        // The chain is scanned: a patch may resolve four files again.
        #expect(try graph(try chainWorkspace().tree, cache: nil).stats.filesScanned / 8 >= 4)
        let (tree, root) = try chainWorkspace()
        #expect(try graph(tree, cache: nil).stats.plan == ScanPlan(.build, .noCache))
        let first = try planned(tree, root)
        #expect(first.plan == ScanPlan(.build, .noLastScan))
        #expect(first.plan.description == "build: the cache holds no scan of these files")
        #expect(first.same)
        let second = try planned(tree, root)
        #expect(second.plan == ScanPlan(.reuse, .nothingChanged))
        #expect(second.same)
    }

    @Test func aPatchNamesEachFileAndWhy() throws {
        let (tree, root) = try chainWorkspace()
        _ = try planned(tree, root)
        // Only code: a comment changes the bytes, not what the file declares.
        try append("// a note\n", to: "Sources/FieldDesk/Chain/C3.swift", in: tree)
        let code = try planned(tree, root)
        #expect(
            code.plan
                == ScanPlan(
                    .patch, .changed(files: 1, removed: 0),
                    files: [.init(path: "Sources/FieldDesk/Chain/C3.swift", why: .code)]))
        #expect(code.same)
        // A declaration: C6 is renamed; C5, which names C6, is resolved again too.
        try "struct C6Renamed { func after6() -> C7? { nil } }\n".write(
            toFile: tree + "/Sources/FieldDesk/Chain/C6.swift", atomically: true, encoding: .utf8)
        let declared = try planned(tree, root)
        #expect(
            declared.plan
                == ScanPlan(
                    .patch, .changed(files: 2, removed: 0),
                    files: [
                        .init(path: "Sources/FieldDesk/Chain/C6.swift", why: .declarations),
                        .init(path: "Sources/FieldDesk/Chain/C5.swift", why: .reached),
                    ]))
        #expect(
            declared.plan.description
                == "patch: 2 file(s) resolved again\n  Sources/FieldDesk/Chain/C5.swift: reached"
                + "\n  Sources/FieldDesk/Chain/C6.swift: declarations")
        #expect(declared.same)
        // A file added, then one of the first removed (a file list no scan had before).
        try "struct Added { let c: C1 }\n".write(
            toFile: tree + "/Sources/FieldDesk/Chain/Added.swift", atomically: true, encoding: .utf8)
        let added = try planned(tree, root)
        #expect(
            added.plan
                == ScanPlan(
                    .patch, .changed(files: 1, removed: 0),
                    files: [.init(path: "Sources/FieldDesk/Chain/Added.swift", why: .added)]))
        #expect(added.same)
        try FileManager.default.removeItem(atPath: tree + "/Sources/FieldDesk/Chain/C10.swift")
        let removed = try planned(tree, root)
        #expect(
            removed.plan
                == ScanPlan(
                    .patch, .changed(files: 1, removed: 1),
                    files: [
                        .init(path: "Sources/FieldDesk/Chain/C10.swift", why: .removed),
                        .init(path: "Sources/FieldDesk/Chain/C9.swift", why: .reached),
                    ]))
        #expect(removed.same)
    }

    @Test func manyChangesOrAFileThatNoLongerReadsAreABuild() throws {
        let (tree, root) = try chainWorkspace()
        let first = try graph(tree, cache: DiskCache(root: root))
        let limit = first.stats.filesScanned / 8
        for i in 0...limit { try append("// \(i)\n", to: "Sources/FieldDesk/Chain/C\(i).swift", in: tree) }
        let many = try planned(tree, root)
        #expect(many.plan == ScanPlan(.build, .tooMany(limit: limit)))
        #expect(many.same)
        // Not UTF-8: the file cannot be read, which no patch can say.
        try Data([0x73, 0x74, 0xff, 0xfe, 0x0a]).write(
            to: URL(fileURLWithPath: tree + "/Sources/FieldDesk/Chain/C9.swift"))
        let unreadable = try planned(tree, root)
        #expect(unreadable.plan == ScanPlan(.build, .readabilityChanged(path: "Sources/FieldDesk/Chain/C9.swift")))
        #expect(unreadable.same)
    }

    @Test func filesSavedAgainWithTheSameFactsAreAReuse() throws {
        let (tree, root) = try chainWorkspace()
        _ = try planned(tree, root)
        // Saved again as they were: new times, the same bytes.
        for i in 0..<3 {
            let path = tree + "/Sources/FieldDesk/Chain/C\(i).swift"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try FileManager.default.removeItem(atPath: path)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let again = try planned(tree, root)
        #expect(again.plan == ScanPlan(.reuse, .sameFacts))
        #expect(again.same)
    }
}
