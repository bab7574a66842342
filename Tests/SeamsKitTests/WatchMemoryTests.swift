import Foundation
import SeamsKit
import SeamsTestSupport
import Testing

/// `seams watch` holds one version of each file however long it runs: the cache it keeps in
/// memory drops what the last check did not use (earlier versions of the files, their sites
/// under a surface since changed).
struct WatchMemoryTests {
    static let files = 24

    /// File `i`: a type that holds the next one and calls it, so that declarations matter.
    static func source(_ i: Int, extra: String = "") -> String {
        let next = (i + 1) % files
        return "final class T\(i) {\n    var next: T\(next)?\n    func run() { next?.run() }\n}\n" + extra
    }

    @Test func twoHundredEditsKeepTheCacheInMemoryAsSmallAsTheFirstCheck() throws {
        var sources: [String: String] = [:]
        for i in 0..<Self.files { sources["App/T\(i).swift"] = Self.source(i) }
        let tree = try BaselinedTree(sources)
        var request = CheckRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = tree.dir.path
        let cache = DiskCache(inMemoryReporting: { _ in })
        let watcher = Watcher(request: request, cache: cache)
        let first = watcher.check()
        #expect(first.problem == nil && first.first, "\(first.text)")
        let held = cache.inMemory
        #expect(held.entries >= Self.files, "every file's facts are held")

        var held200: [(entries: Int, bytes: Int)] = []
        for step in 1...200 {
            let i = (step * 7) % Self.files
            // A new type each time (its name never seen before), a comment, or the file as it was.
            let extra: String
            switch step % 3 {
            case 0: extra = "struct Added\(step) { let owner: T\(i) }\n"
            case 1: extra = "// edit \(step)\n"
            default: extra = ""
            }
            try tree.write(["App/T\(i).swift": Self.source(i, extra: extra)])
            let report = watcher.check()
            #expect(report.problem == nil, "step \(step): \(report.text)")
            held200.append(cache.inMemory)
        }
        // Every check writes new entries for the file it changed (its facts, its sites); without
        // forgetting, 200 checks held over 1,700 entries and 15 times the bytes. What a check holds
        // beside one version of each file (the snapshot's changes since its base, the types the
        // edits added) stays within half as much again.
        let most = (entries: held200.map(\.entries).max()!, bytes: held200.map(\.bytes).max()!)
        #expect(
            most.entries <= held.entries + 4, "\(held.entries) entries after the first check, \(most.entries) at most")
        #expect(most.bytes <= held.bytes * 3 / 2, "\(held.bytes) bytes after the first check, \(most.bytes) at most")

        // A check after the config alone changed reuses the last graph without reading the
        // files: their entries stay for the next edit. (First a check of the same files more
        // than two seconds after they were written: a file written less than two seconds
        // before a scan began may change again unseen, and is read each time.)
        Thread.sleep(forTimeInterval: 2.1)
        _ = watcher.check()
        try tree.write(["seams.yml": tree.config + "\n# edited\n"])
        let configOnly = watcher.check()
        #expect(configOnly.problem == nil, "\(configOnly.text)")
        #expect(cache.inMemory.entries >= Self.files)
    }
}
