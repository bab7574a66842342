import Foundation
import SeamsGraph
import SeamsKit
import SeamsProject
import SeamsReport
import SeamsScanner
import SeamsTestSupport
import Testing

/// Messages a cache reported, collected for assertions.
final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ s: String) {
        lock.lock()
        lines.append(s)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

@Suite struct CacheTests {
    /// A copy of a sample stage to change, and a cache folder beside it (not inside).
    func workspace(_ stage: String = "Stage0-Legacy") throws -> (tree: String, cache: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seams-cache-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let tree = base + "/tree"
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/" + stage).path
        try copySource(samples, to: tree)
        return (tree, base + "/cache")
    }

    func scan(_ tree: String, cache: DiskCache?) throws -> (json: String, stats: ScanStatistics) {
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = tree
        request.cache = cache
        let outcome = try ScanPipeline.run(request)
        return (GraphJSONReporter.render(outcome.graph), outcome.statistics)
    }

    /// The packs of the cache, as paths.
    func packs(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".pack") }.sorted().map { root + "/" + $0 }
    }

    /// Every entry of every pack, as `kind/key`.
    func entries(_ root: String) -> [String] {
        packs(root).flatMap { DiskCache.packEntries($0).keys }.sorted()
    }

    @Test func warmAndColdAreTheSameBytes() throws {
        let (tree, root) = try workspace()
        let uncached = try scan(tree, cache: nil)
        let cold = try scan(tree, cache: DiskCache(root: root))
        let warm = try scan(tree, cache: DiskCache(root: root))
        #expect(cold.json == uncached.json)
        #expect(warm.json == uncached.json)
        #expect(cold.stats.filesFromCache == 0)
        #expect(warm.stats.filesFromCache == warm.stats.filesScanned)
        #expect(warm.stats.filesResolved == 0)
        #expect(!entries(root).isEmpty)
    }

    @Test func aFileOfCommentsIsReadBackToo() throws {
        // Its line count is larger than its facts: a count that is not a length of bytes.
        let (tree, root) = try workspace()
        let comments = String(repeating: "// a comment line\n", count: 300)
        try ("import Foundation\n" + comments).write(
            toFile: tree + "/Sources/FieldDesk/Notes.swift", atomically: true, encoding: .utf8)
        _ = try scan(tree, cache: DiskCache(root: root))
        let warm = try scan(tree, cache: DiskCache(root: root))
        #expect(warm.stats.filesFromCache == warm.stats.filesScanned)
    }

    @Test func aChangedBodyIsResolvedAloneAndAChangedSurfaceWhereItReaches() throws {
        let (tree, root) = try workspace()
        _ = try scan(tree, cache: DiskCache(root: root))
        let before = try scan(tree, cache: nil).json
        // A body that now names the invoice screen: only this file is parsed and resolved again.
        let file = tree + "/Sources/FieldDesk/SignInViewController.swift"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let body = try #require(text.range(of: "func retry("))
        let brace = try #require(text[body.upperBound...].firstIndex(of: "{"))
        text.insert(contentsOf: "\n        _ = InvoiceViewController.self", at: text.index(after: brace))
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let warm = try scan(tree, cache: DiskCache(root: root))
        #expect(warm.json == (try scan(tree, cache: nil)).json)
        #expect(warm.stats.filesFromCache == warm.stats.filesScanned - 1)
        #expect(warm.stats.filesResolved == 1)
        #expect(warm.json != before)
        // A new type changes the surface; no other file names it, so none is resolved again.
        try (text + "\nstruct Newcomer {}\n").write(toFile: file, atomically: true, encoding: .utf8)
        let again = try scan(tree, cache: DiskCache(root: root))
        #expect(again.json == (try scan(tree, cache: nil)).json)
        #expect(again.stats.filesResolved == 1)
        // Named by another file (in a body): that one too, and two of these 13 files are more
        // than an eighth, so every file is resolved again (see `SurfaceChangeTests` for more).
        let other = tree + "/Sources/FieldDesk/AlertViewController.swift"
        let otherText = try String(contentsOfFile: other, encoding: .utf8)
        let at = try #require(otherText.range(of: "{"))
        try otherText.replacingCharacters(in: at, with: "{\n    func probe() { _ = Newcomer() }")
            .write(toFile: other, atomically: true, encoding: .utf8)
        _ = try scan(tree, cache: DiskCache(root: root))
        try (text + "\nstruct Newcomer { let id = 1 }\n").write(toFile: file, atomically: true, encoding: .utf8)
        let reached = try scan(tree, cache: DiskCache(root: root))
        #expect(reached.json == (try scan(tree, cache: nil)).json)
        #expect(reached.stats.filesResolved == reached.stats.filesScanned)
    }

    @Test func corruptAndTornEntriesAreIgnoredWithANoteAndWrittenAgain() throws {
        let (tree, root) = try workspace()
        let expected = try scan(tree, cache: DiskCache(root: root)).json
        let pack = try #require(packs(root).first)
        #expect(packs(root).count == 1)
        let places = DiskCache.packEntries(pack).sorted { $0.value.lowerBound < $1.value.lowerBound }
        #expect(places.count > 4)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
        // One entry with a byte flipped, one emptied, one overwritten by garbage, and the last
        // one cut short (the pack torn).
        let flipped = places[0].value, emptied = places[1].value, garbage = places[2].value
        bytes[flipped.upperBound - 3] ^= 0x40
        for i in emptied { bytes[i] = 0 }
        for (i, b) in Array("not an entry".utf8).enumerated() where garbage.lowerBound + i < garbage.upperBound {
            bytes[garbage.lowerBound + i] = b
        }
        bytes.removeLast(places.last!.value.count / 2 + 1)
        try Data(bytes).write(to: URL(fileURLWithPath: pack))
        // Without the last scan's snapshot, the next one reads every file's facts and sites
        // (with it, files whose facts are as they were give the last graph, and no site is read).
        for snapshot in snapshots(root) { try FileManager.default.removeItem(atPath: snapshot) }
        let said = Said()
        let warm = try scan(tree, cache: DiskCache(root: root, report: { said.add($0) }))
        #expect(warm.json == expected)
        #expect(said.all.contains { $0.contains("4 cache entries were unreadable") })
        // The damaged pack is replaced by a whole one (the same entries: the same name), and the
        // next run reads them all without a word.
        #expect(packs(root).count == 1)
        let quiet = Said()
        let next = try scan(tree, cache: DiskCache(root: root, report: { quiet.add($0) }))
        #expect(next.json == expected)
        #expect(quiet.all.isEmpty)
        #expect(next.stats.filesFromCache == next.stats.filesScanned)
        #expect(next.stats.filesResolved == 0)
    }

    @Test func aPackWhoseIndexIsDamagedIsIgnoredAndReplaced() throws {
        let (tree, root) = try workspace()
        let expected = try scan(tree, cache: DiskCache(root: root)).json
        let pack = try #require(packs(root).first)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
        bytes[20] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: pack))
        let said = Said()
        let warm = try scan(tree, cache: DiskCache(root: root, report: { said.add($0) }))
        #expect(warm.json == expected)
        #expect(warm.stats.filesFromCache == 0)
        #expect(said.all.contains { $0.contains("1 cache entry was unreadable") })
        #expect(packs(root).count == 1)
        let next = try scan(tree, cache: DiskCache(root: root))
        #expect(next.stats.filesFromCache == next.stats.filesScanned)
    }

    @Test func aRunWritesOnePackAndRunsThatReadSeveralJoinThem() throws {
        let (tree, root) = try workspace()
        let cold = try scan(tree, cache: DiskCache(root: root))
        #expect(packs(root).count == 1)
        // A warm run with nothing new writes nothing.
        _ = try scan(tree, cache: DiskCache(root: root))
        #expect(packs(root).count == 1)
        // Each changed body adds a small pack; the run that reads from four joins them into one.
        let files = try FileManager.default.contentsOfDirectory(atPath: tree + "/Sources/FieldDesk")
            .filter { $0.hasSuffix(".swift") }.sorted().prefix(4).map { tree + "/Sources/FieldDesk/" + $0 }
        for (n, file) in files.enumerated() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            try (text + "\n// changed\n").write(toFile: file, atomically: true, encoding: .utf8)
            let warm = try scan(tree, cache: DiskCache(root: root))
            #expect(warm.json == (try scan(tree, cache: nil)).json)
            #expect(warm.stats.filesFromCache == warm.stats.filesScanned - 1)
            #expect(packs(root).count == (n < 3 ? n + 2 : 1))
        }
        let last = try scan(tree, cache: DiskCache(root: root))
        #expect(last.stats.filesFromCache == last.stats.filesScanned)
        #expect(last.stats.filesResolved == 0)
        #expect(cold.stats.filesFromCache == 0)
    }

    /// A full build writes its pack as soon as its last entry is in (while the graph is built);
    /// what comes after goes into the pack the run's end writes.
    @Test func aPackWrittenEarlyHoldsWhatWasLearntAndTheEndWritesOnlyWhatCameAfter() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seams-flush-\(UUID().uuidString)")
            .path
        let cache = DiskCache(root: root, version: "v-test")
        cache.write(kind: "facts", key: "a", bytes: [1, 2, 3])
        cache.write(kind: "sites", key: "a", bytes: [4])
        cache.flush()
        #expect(packs(root).count == 1)
        cache.finish()
        #expect(packs(root).count == 1)
        let later = DiskCache(root: root, version: "v-test")
        #expect(later.read(kind: "facts", key: "a") == [1, 2, 3])
        #expect(later.read(kind: "sites", key: "a") == [4])
        later.write(kind: "facts", key: "b", bytes: [5])
        later.flush()
        later.write(kind: "sites", key: "b", bytes: [6])
        later.finish()
        #expect(packs(root).count == 3)
        let third = DiskCache(root: root, version: "v-test")
        #expect(third.read(kind: "facts", key: "b") == [5])
        #expect(third.read(kind: "sites", key: "b") == [6])
        #expect(third.read(kind: "sites", key: "a") == [4])
        third.write(kind: "facts", key: "c", bytes: [7])
        third.finish()
        #expect(packs(root).count == 4)
        // A run that read from four packs joins them when it ends: nothing is written early.
        let fourth = DiskCache(root: root, version: "v-test")
        for (kind, key) in [("facts", "a"), ("sites", "a"), ("facts", "b"), ("sites", "b"), ("facts", "c")] {
            #expect(fourth.read(kind: kind, key: key) != nil)
        }
        fourth.write(kind: "sites", key: "c", bytes: [8])
        fourth.flush()
        #expect(packs(root).count == 4)
        fourth.finish()
        #expect(packs(root).count == 1)
        let fifth = DiskCache(root: root, version: "v-test")
        #expect(fifth.read(kind: "sites", key: "c") == [8])
        #expect(fifth.read(kind: "facts", key: "a") == [1, 2, 3])
    }

    /// A pack is named by its index: the same entries give the same name and bytes in any
    /// cache, and an entry more gives another name. A pack of more than one write call's bytes
    /// reads back whole.
    @Test func aPackIsNamedByItsEntriesAndLargeOnesReadBackWhole() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seams-packname-\(UUID().uuidString)")
            .path
        let large = (0..<(FileDescriptor.chunkBytes * 5 / 2 + 7)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        func written(_ folder: String, extra: Bool) throws -> (name: String, bytes: Data) {
            let cache = DiskCache(root: base + "/" + folder, version: "v-test")
            cache.write(kind: "facts", key: "a", bytes: large)
            cache.write(kind: "sites", key: "a", bytes: [4])
            if extra { cache.write(kind: "facts", key: "b", bytes: [5]) }
            cache.finish()
            let pack = try #require(packs(base + "/" + folder).first)
            return (URL(fileURLWithPath: pack).lastPathComponent, try Data(contentsOf: URL(fileURLWithPath: pack)))
        }
        let first = try written("one", extra: false)
        let second = try written("two", extra: false)
        let more = try written("three", extra: true)
        #expect(first.name == second.name)
        #expect(first.bytes == second.bytes)
        #expect(more.name != first.name)
        let later = DiskCache(root: base + "/one", version: "v-test")
        #expect(later.read(kind: "facts", key: "a") == large)
        #expect(later.read(kind: "sites", key: "a") == [4])
    }

    @Test func anotherVersionsCacheIsNeverRead() throws {
        let (tree, root) = try workspace()
        let first = try scan(tree, cache: DiskCache(root: root, version: "v0.0.1-test"))
        let other = try scan(tree, cache: DiskCache(root: root, version: "v0.0.2-test"))
        #expect(other.stats.filesFromCache == 0)
        #expect(other.json == first.json)
        #expect(
            (try FileManager.default.contentsOfDirectory(atPath: root)).sorted() == ["v0.0.1-test", "v0.0.2-test"])
    }

    @Test func anUnwritableCacheGivesOneWarningAndTheScanGoesOn() throws {
        let (tree, root) = try workspace()
        // A file where the folder should be: nothing can be created under it, even by root.
        try Data("x".utf8).write(to: URL(fileURLWithPath: root))
        let said = Said()
        let result = try scan(tree, cache: DiskCache(root: root + "/seams", report: { said.add($0) }))
        #expect(result.json == (try scan(tree, cache: nil)).json)
        #expect(said.all.count == 1)
        #expect(said.all.first?.contains("cannot write the cache") == true)
    }

    @Test func aCacheInsideTheScannedTreeIsNotUsed() throws {
        let (tree, _) = try workspace()
        let said = Said()
        let result = try scan(tree, cache: DiskCache(root: tree + "/.cache", report: { said.add($0) }))
        #expect(result.json == (try scan(tree, cache: nil)).json)
        #expect(!FileManager.default.fileExists(atPath: tree + "/.cache"))
        #expect(said.all.count == 1 && said.all[0].contains("inside the scanned folder"))
    }

    /// Every file under `folder`, relative, sorted: what a scan left there.
    func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aCacheFolderThatIsALinkIntoTheTreeIsNotUsed() throws {
        let (tree, root) = try workspace()
        let before = files(under: tree)
        // A link beside the tree that leads into it: to a folder that exists, and to one that
        // does not yet (a scan would make it).
        try FileManager.default.createDirectory(atPath: tree + "/.cache-here", withIntermediateDirectories: true)
        let beside = PathTools.parent(root)
        for (link, target) in [("into-tree", tree + "/.cache-here"), ("into-tree-later", tree + "/.cache-later")] {
            try FileManager.default.createSymbolicLink(atPath: beside + "/" + link, withDestinationPath: target)
            let said = Said()
            let result = try scan(tree, cache: DiskCache(root: beside + "/" + link, report: { said.add($0) }))
            #expect(result.json == (try scan(tree, cache: nil)).json)
            #expect(said.all.count == 1 && said.all.first?.contains("inside the scanned folder") == true, "\(said.all)")
        }
        #expect(files(under: tree) == (before + [".cache-here"]).sorted())
    }

    @Test func aTreeScannedThroughALinkKeepsTheCacheOutOfTheRealTree() throws {
        let (tree, root) = try workspace()
        let before = files(under: tree)
        let link = PathTools.parent(root) + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: tree)
        let said = Said()
        // The tree by the link's path, the cache by the real one.
        var request = ScanRequest(paths: [link])
        request.cache = DiskCache(root: tree + "/.cache", report: { said.add($0) })
        _ = try ScanPipeline.run(request)
        // And the other way round: run in the link, the cache named by the real path.
        request = ScanRequest(paths: ["."])
        request.workingDirectory = link
        request.cache = DiskCache(root: tree + "/Sources/.cache", report: { said.add($0) })
        _ = try ScanPipeline.run(request)
        #expect(files(under: tree) == before)
        #expect(said.all.count == 2 && said.all.allSatisfy { $0.contains("inside the scanned folder") }, "\(said.all)")
    }

    @Test func overTheLimitTheLeastRecentlyUsedEntriesGo() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seams-lru-\(UUID().uuidString)").path
        let dir = base + "/v1/packs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // What is not named as seams names its entries is not the cache's to remove (a
        // --cache-dir that holds other things): older still, and larger.
        let foreign = [base + "/notes.txt", base + "/v1/notes.txt", dir + "/notes.txt", base + "/other/packs/a.pack"]
        for path in foreign {
            try FileManager.default.createDirectory(atPath: PathTools.parent(path), withIntermediateDirectories: true)
            try Data(repeating: 1, count: 5000).write(to: URL(fileURLWithPath: path))
            var times = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        // Ten entries of 1,000 bytes, used one second apart: entry 0 longest ago.
        for i in 0..<10 {
            let path = "\(dir)/entry\(i).pack"
            try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: path))
            var times = [timespec(tv_sec: 1_000_000 + i, tv_nsec: 0), timespec(tv_sec: 1_000_000 + i, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        #expect(DiskCache.trim(root: base, toBytes: 20_000) == 0)
        let removed = DiskCache.trim(root: base, toBytes: 8_000)
        // Down to 3/4 of the limit: the four oldest go.
        #expect(removed == 4_000)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ((4..<10).map { "entry\($0).pack" } + ["notes.txt"]).sorted())
        let cleaned = try DiskCache.clean(root: base)
        #expect(cleaned.files == 6)
        #expect(foreign.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["notes.txt"])
    }
}
