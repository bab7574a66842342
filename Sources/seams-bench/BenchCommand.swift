import ArgumentParser
import Foundation

import SeamsKit
import SeamsScanner
import SwiftParser

/// Measures `seams scan` against bare `Parser.parse` over the same files, in one run.
/// A benchmark, not a test: it prints figures and judges nothing.
@main
struct BenchRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seams-bench",
        abstract: "Benchmarks of seams: figures to read, not tests.",
        subcommands: [BenchCommand.self, RenderBench.self, TruthBench.self, UntangleBench.self, NestingBench.self],
        defaultSubcommand: BenchCommand.self
    )
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Time a full scan against bare SwiftParser parsing of the same files.",
        discussion: """
            Run it in release mode: swift run -c release seams-bench PATH
            or on a synthetic legacy-app corpus: swift run -c release seams-bench --generate 500000
            """
    )

    @Argument(help: "Folders to scan (ignored with --generate).")
    var paths: [String] = []

    @Option(help: "Generate a synthetic corpus of about this many lines in a temporary folder and scan it.")
    var generate: Int?

    @Option(help: "Worker threads for both measurements.")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Repetitions; the fastest of each is reported.")
    var repeats = 3

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

        var request = ScanRequest(paths: targets)
        request.threads = threads
        request.maxFileBytes = 64 << 20

        // Bare parsing first, in a fresh process, so that its peak memory reading is its own.
        let files = try swiftFiles(targets)
        resetPeakMemory()
        var parseSeconds = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now()
            let counts = ParallelMap.run(count: files.count, threads: threads) { i -> Int in
                guard let data = FileManager.default.contents(atPath: files[i]) else { return 0 }
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                return tree.statements.count
            }
            _ = counts.reduce(0, +)
            parseSeconds = min(parseSeconds, seconds(since: start))
        }
        let parsePeak = peakMemoryBytes()

        // The scan second: its peak is the larger, so the reading is its own.
        resetPeakMemory()
        var scanSeconds = Double.infinity
        var outcome: ScanOutcome?
        for _ in 0..<repeats {
            let start = DispatchTime.now()
            let run = try ScanPipeline.run(request)
            let elapsed = seconds(since: start)
            if elapsed < scanSeconds { (scanSeconds, outcome) = (elapsed, run) }
        }
        let scanPeak = peakMemoryBytes()
        guard let outcome else { return }

        let lines = Double(outcome.statistics.lines)
        let scanRate = lines / scanSeconds
        let parseRate = lines / parseSeconds
        let graph = outcome.graph
        print(
            "corpus:        \(generated != nil ? "synthetic (--generate \(generate!))" : targets.joined(separator: " "))"
        )
        print("files:         \(outcome.statistics.filesScanned)")
        print("lines:         \(outcome.statistics.lines)")
        print("threads:       \(threads)")
        print(
            "graph:         \(graph.nodes.count) nodes, \(graph.edges.count) edges, \(graph.edges.reduce(0) { $0 + $1.count }) sites"
        )
        print(
            String(
                format: "full scan:     %.3f s  %9.0f lines/s  peak memory %.0f MB", scanSeconds, scanRate, mb(scanPeak)
            ))
        let st = outcome.statistics
        print(
            String(
                format: "  of which:    collect %.3f s (parallel), resolve %.3f s, graph %.3f s, rest %.3f s",
                st.collectSeconds, st.resolveSeconds, st.graphSeconds,
                scanSeconds - st.collectSeconds - st.resolveSeconds - st.graphSeconds))
        print(
            String(
                format: "bare parse:    %.3f s  %9.0f lines/s  peak memory %.0f MB", parseSeconds, parseRate,
                mb(parsePeak)))
        print(
            String(format: "ratio:         %.2f of bare-parse throughput (goal: at least 0.50)", scanRate / parseRate))
        print(String(format: "at 500k lines: %.2f s projected (goal: under 2 s)", 500_000 / scanRate))
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    private func mb(_ bytes: Int?) -> Double { Double(bytes ?? 0) / 1_048_576 }

    /// Resets the kernel's high-water mark of resident memory (Linux 4.0 and later). Freed
    /// memory stays with the process, so a reading covers what came before too: bare parsing
    /// runs first, in a fresh process, and the scan after it.
    private func resetPeakMemory() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        handle.write(Data("5".utf8))
        try? handle.close()
    }

    /// Peak resident memory since the last reset, from /proc (Linux), else getrusage.
    private func peakMemoryBytes() -> Int? {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        {
            return kb * 1024
        }
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_maxrss) * 1024
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
