import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import SeamsTestSupport
import Testing

/// Facts collected while discovery walks (`CollectAhead`) stand in for the scan's own reading.
@Suite struct CollectAheadTests {
    static func sample() throws -> (dir: String, names: [String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-ahead-\(UUID().uuidString)").path
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy").path
        try copySource(samples, to: dir)
        let names = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift") }.sorted()
        return (dir, names)
    }

    static func input(_ dir: String, _ names: [String]) -> ScanInput {
        ScanInput(
            root: ".",
            files: names.map { SourceFile(path: $0, location: dir + "/" + $0, module: "App", unit: 0) },
            units: [CompilationUnit(importName: "App")])
    }

    /// Waits (a while at most) until `count` files are collected.
    static func waitFor(_ ahead: CollectAhead, _ count: Int) -> Bool {
        for _ in 0..<3000 {
            if ahead.finishedFiles >= count { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(arguments: [false, true])
    func filesCollectedAsFoundGiveTheGraphOfAScanWithout(cached: Bool) throws {
        let (dir, names) = try Self.sample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(names.count > 5)
        let cacheRoot = dir + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cacheRoot) }
        let cache = cached ? DiskCache(root: cacheRoot) : nil
        let reference = GraphJSONReporter.render(Scanner.scan(Self.input(dir, names), threads: 1).0)

        let ahead = CollectAhead(maxFileBytes: 10 << 20, cache: cache)
        // All but the last are offered; the first under a path the scan does not give it (its
        // facts would name that path), so the scan must read it itself.
        ahead.offer(path: "Elsewhere/" + names[0], location: dir + "/" + names[0])
        for name in names.dropFirst().dropLast() { ahead.offer(path: name, location: dir + "/" + name) }
        #expect(Self.waitFor(ahead, names.count - 1))
        let (graph, stats) = Scanner.scan(Self.input(dir, names), threads: 2, cache: cache, ahead: ahead)
        #expect(GraphJSONReporter.render(graph) == reference)
        #expect(stats.filesCollectedAhead == names.count - 2)
        #expect(!GraphJSONReporter.render(graph).contains("Elsewhere/"))
        cache?.finish()
    }

    @Test func aClosedCollectorBeginsNothingAndTheScanReadsEveryFile() throws {
        let (dir, names) = try Self.sample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reference = GraphJSONReporter.render(Scanner.scan(Self.input(dir, names), threads: 1).0)
        let ahead = CollectAhead(maxFileBytes: 10 << 20, cache: nil)
        ahead.close()
        for name in names { ahead.offer(path: name, location: dir + "/" + name) }
        let (graph, stats) = Scanner.scan(Self.input(dir, names), threads: 2, ahead: ahead)
        #expect(GraphJSONReporter.render(graph) == reference)
        #expect(stats.filesCollectedAhead == 0)
        #expect(ahead.finishedFiles == 0)
    }

    /// Through the pipeline, as a user runs it: a cold scan collects some files as they are
    /// found, and its output is the one-thread scan's (which collects none ahead).
    @Test func aScanOnTwoThreadsCollectsAsItFindsAndSaysTheSame() throws {
        let (dir, _) = try Self.sample()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func run(_ threads: Int) throws -> (String, ScanStatistics) {
            var request = ScanRequest(paths: ["."])
            request.workingDirectory = dir
            request.threads = threads
            let outcome = try ScanPipeline.run(request)
            return (GraphJSONReporter.render(outcome.graph), outcome.statistics)
        }
        let (one, oneStats) = try run(1)
        let (two, _) = try run(2)
        #expect(two == one)
        #expect(oneStats.filesCollectedAhead == 0)
    }
}
