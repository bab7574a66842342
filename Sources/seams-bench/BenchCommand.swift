import ArgumentParser
import Foundation

import SeamsGraph
import SeamsKit
import SeamsProject
import SeamsReport
import SeamsScanner
import SwiftParser

/// Measures `seams scan` against bare `Parser.parse` over the same files, in one run.
/// A benchmark, not a test: it prints figures and judges nothing.
@main
struct BenchRoot: ParsableCommand {
    /// The heap tuned as the `seams` command tunes it (`HeapTuning`), so that both run alike.
    static func main() {
        HeapTuning.applyForOneRun()
        main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "seams-bench",
        abstract: "Benchmarks of seams: figures to read, not tests.",
        subcommands: [
            BenchCommand.self, RenderBench.self, TruthBench.self, UntangleBench.self, NestingBench.self,
            TestabilityBench.self, ExplorerBench.self, CorpusCommand.self, CheckBench.self, AdviceBench.self,
            ApplyBench.self,
        ],
        defaultSubcommand: BenchCommand.self
    )
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Time bare parsing, a cold scan, warm scans and warm scans after a change, in one run.",
        discussion: """
            Run it in release mode: swift run -c release seams-bench PATH
            or on a synthetic legacy-app corpus: swift run -c release seams-bench --generate 500000

            The warm runs after a change append a line to one scanned file (a comment, then a
            declaration) and put the file back as it was, bytes and time, when they are done.
            The cache lives in a temporary folder, removed at the end, unless --cache-dir is given.
            """
    )

    @Argument(help: "Folders to scan (ignored with --generate).")
    var paths: [String] = []

    @Option(help: "Generate a synthetic corpus of about this many lines in a temporary folder and scan it.")
    var generate: Int?

    @Option(help: "Worker threads for every measurement.")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Repetitions; the fastest of each is reported.")
    var repeats = 3

    @Option(help: "The file to change for the warm runs after a change (default: the middle scanned file).")
    var touch: String?

    @Option(help: "Cache folder to use (default: a temporary one).")
    var cacheDir: String?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func run() throws {
        var targets = paths
        var generated: String?
        if let lines = generate {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seams-bench-\(getpid())").path
            try CorpusGenerator.write(lines: lines, to: dir)
            targets = [dir]
            generated = dir
        }
        defer { if let generated { try? FileManager.default.removeItem(atPath: generated) } }
        guard !targets.isEmpty else { throw ValidationError("name a folder to scan, or --generate LINES") }
        let cacheRoot =
            cacheDir
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("seams-bench-cache-\(getpid())").path
        defer { if cacheDir == nil { try? FileManager.default.removeItem(atPath: cacheRoot) } }

        var request = ScanRequest(paths: targets)
        request.threads = threads
        request.maxFileBytes = 64 << 20
        let measure = Measure(repeats: repeats)

        // The files the scan reads, for bare parsing; the first scan also warms the disk cache.
        // Only its figures are kept: its graph is let go before anything is timed.
        let (files, statistics, size) = try {
            let probe = try ScanPipeline.run(request)
            let graph = probe.graph
            let size = GraphSize(
                nodes: graph.nodes.count, edges: graph.edges.count, sites: graph.edges.reduce(0) { $0 + $1.count })
            return (try scannedLocations(probe, targets), probe.statistics, size)
        }()

        func bareParse(threads: Int) throws -> Timing {
            try measure.run {
                let counts = ParallelMap.run(count: files.count, threads: threads) { i -> Int in
                    guard let data = FileManager.default.contents(atPath: files[i]) else { return 0 }
                    return Parser.parse(source: String(decoding: data, as: UTF8.self)).statements.count
                }
                _ = counts.reduce(0, +)
                return nil
            }
        }
        // The goal's measure is the issue's: bare parsing on one thread (its 0.95 s for a 600k-line
        // app is what one thread takes on the machine it names, and its ratio of 5.1 was a scan
        // on every core against it). On the scan's threads too: the ratio like for like.
        let parse = try bareParse(threads: threads)
        let parseOneThread = threads == 1 ? parse : try bareParse(threads: 1)
        func cached() -> ScanRequest {
            var r = request
            r.cache = DiskCache(root: cacheRoot, report: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
            return r
        }
        // Each run's graph is kept for the comparison after; the last run's is let go before
        // the next one is timed (a user's run has no graph of an earlier run to free).
        var coldGraph: Graph?
        let cold = try measure.run(before: {
            coldGraph = nil
            _ = try? DiskCache.clean(root: cacheRoot)
        }) {
            let outcome = try ScanPipeline.run(cached())
            coldGraph = outcome.graph
            return outcome
        }
        var warmGraph: Graph?
        let warm = try measure.run(before: { warmGraph = nil }) {
            let outcome = try ScanPipeline.run(cached())
            warmGraph = outcome.graph
            return outcome
        }
        // The bytes users get: the JSON of each, compared outside the timings.
        let identical = coldGraph.map(GraphJSONReporter.data) == warmGraph.map(GraphJSONReporter.data)
        (coldGraph, warmGraph) = (nil, nil)
        let touched = touch ?? files[files.count / 2]
        let original = try Data(contentsOf: URL(fileURLWithPath: touched))
        var times = try FileManager.default.attributesOfItem(atPath: touched)
        defer {
            try? original.write(to: URL(fileURLWithPath: touched))
            // The mode too: the saves made a new file.
            let kept = times.filter { $0.key == .modificationDate || $0.key == .posixPermissions }
            if !kept.isEmpty { try? FileManager.default.setAttributes(kept, ofItemAtPath: touched) }
        }
        var n = 0
        // Saved as Xcode saves: a new file written beside it and renamed over it, which moves
        // the folder's times too.
        func append(_ line: String) throws {
            n += 1
            try (original + Data("\n\(line)\(n)\n".utf8)).write(to: URL(fileURLWithPath: touched), options: .atomic)
        }
        // After each change, the warm graph must be the one a scan without the cache gives.
        var changedGraph: Graph?
        func sameAsUncached() throws -> Bool {
            let fresh = try ScanPipeline.run(request).graph
            defer { changedGraph = nil }
            return changedGraph.map(GraphJSONReporter.data) == GraphJSONReporter.data(fresh)
        }
        // Warm runs, each after `line` is appended to the file.
        func afterAppending(_ line: String) throws -> Timing {
            try measure.run(before: {
                changedGraph = nil
                try append(line)
            }) {
                let outcome = try ScanPipeline.run(cached())
                changedGraph = outcome.graph
                return outcome
            }
        }
        let body = try afterAppending("// seams-bench: a changed line ")
        let bodyIdentical = try sameAsUncached()
        let surface = try afterAppending("struct SeamsBenchProbe")
        let surfaceIdentical = try sameAsUncached()
        // Put back with a new time (a later scan sees the change), and its mode.
        times = times.filter { $0.key == .posixPermissions }
        try original.write(to: URL(fileURLWithPath: touched))

        let report = BenchReport(
            corpus: generated != nil ? "synthetic (--generate \(generate!))" : targets.joined(separator: " "),
            files: statistics.filesScanned, lines: statistics.lines, threads: threads,
            graph: size, parse: parse, parseOneThread: parseOneThread, cold: cold, warm: warm, body: body,
            surface: surface,
            touched: touched, identical: identical && bodyIdentical && surfaceIdentical)
        print(json ? report.json : report.text, terminator: "")
    }

    /// Where the scanned files are: under the one folder scanned, else every Swift file found.
    private func scannedLocations(_ outcome: ScanOutcome, _ targets: [String]) throws -> [String] {
        if targets.count == 1 {
            let root = PathTools.absolute(targets[0], base: FileManager.default.currentDirectoryPath)
            let located = outcome.scannedFiles.map { root + "/" + $0 }
            if located.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return located }
        }
        return try swiftFiles(targets)
    }
}

/// The Swift files under `roots` (manifests, `.build` and `.git` left out), sorted.
func swiftFiles(_ roots: [String]) throws -> [String] {
    var out: [String] = []
    for root in roots {
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let rel = enumerator?.nextObject() as? String {
            if rel.split(separator: "/").contains(where: { $0 == ".build" || $0 == ".git" }) { continue }
            if rel.hasSuffix(".swift") && !rel.hasSuffix("Package.swift") { out.append(root + "/" + rel) }
        }
    }
    return out.sorted()
}
