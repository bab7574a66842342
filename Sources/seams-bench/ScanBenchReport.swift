import Foundation
import SeamsGraph
import SeamsKit
import SeamsScanner

/// One measured step: the fastest of its repetitions, with that run's statistics, and the
/// peak resident memory over all of them.
struct Timing {
    var seconds = Double.infinity
    var peakBytes = 0
    var statistics: ScanStatistics?
}

/// Runs a step `repeats` times and keeps the fastest; `before` runs untimed ahead of each.
struct Measure {
    var repeats: Int

    func run(before: () throws -> Void = {}, _ body: () throws -> ScanOutcome?) rethrows -> Timing {
        var timing = Timing()
        Memory.resetPeak()
        for _ in 0..<max(1, repeats) {
            try before()
            // The last run's leftovers are freed first: a user's run has none to free.
            Scanner.waitForFreeing()
            let start = DispatchTime.now()
            let outcome = try body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            if elapsed < timing.seconds { (timing.seconds, timing.statistics) = (elapsed, outcome?.statistics) }
        }
        timing.peakBytes = Memory.peakBytes()
        return timing
    }
}

enum Memory {
    /// Resets the kernel's high-water mark of resident memory (Linux 4.0 and later). Freed
    /// memory stays with the process, so a reading covers what came before it as well.
    static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        handle.write(Data("5".utf8))
        try? handle.close()
    }

    /// Peak resident memory since the last reset, from /proc (Linux), else getrusage.
    static func peakBytes() -> Int {
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

/// The figures of `seams-bench scan`, as text or JSON.
struct BenchReport {
    var corpus: String
    var files: Int
    var lines: Int
    var threads: Int
    var graph: GraphSize
    var parse: Timing
    /// Bare parsing on one thread, whatever `threads` is.
    var parseOneThread: Timing
    var cold: Timing
    var warm: Timing
    var body: Timing
    var surface: Timing
    var touched: String
    var identical: Bool

    private func mb(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    private func phases(_ t: Timing) -> [(String, Double)] {
        guard let s = t.statistics else { return [] }
        return [
            ("discover", s.discoverSeconds), ("collect", s.collectSeconds), ("declare", s.declareSeconds),
            ("resolve", s.resolveSeconds), ("graph", s.graphSeconds), ("finish", s.finishSeconds),
        ]
    }

    private var scans: [(key: String, label: String, timing: Timing)] {
        [
            ("cold", "cold scan (empty cache)", cold),
            ("warm", "warm scan (no change)", warm),
            ("warmAfterBodyChange", "warm, one file changed", body),
            ("warmAfterDeclarationAdded", "warm, one declaration added", surface),
        ]
    }

    var text: String {
        var out = ""
        func line(_ s: String) { out += s + "\n" }
        line("corpus:        \(corpus)")
        line("files:         \(files)")
        line("lines:         \(lines)")
        line("threads:       \(threads)")
        line(
            "graph:         \(graph.nodes) nodes, \(graph.edges) edges, \(graph.sites) sites"
        )
        line(
            String(
                format: "bare parse:    %7.3f s   on 1 thread: the goal's measure, as the issue took it",
                parseOneThread.seconds))
        if threads != 1 {
            line(
                String(
                    format: "  on %d threads: %6.3f s   peak %4.0f MB   (like for like: the scan's threads)", threads,
                    parse.seconds, mb(parse.peakBytes)))
        }
        for (_, label, t) in scans {
            let s = t.statistics
            line(
                String(
                    format:
                        "%@ %7.3f s   peak %4.0f MB   %5.2f× bare parse   %5.1f%% of cold   (files %@; parsed %d%@, resolved %d; graph %@)",
                    (label + ":").padding(toLength: 30, withPad: " ", startingAt: 0), t.seconds, mb(t.peakBytes),
                    t.seconds / parseOneThread.seconds, 100 * t.seconds / cold.seconds,
                    s?.discoveryRemembered == true ? "remembered" : "found",
                    (s?.filesScanned ?? 0) - (s?.filesFromCache ?? 0),
                    (s?.filesCollectedAhead ?? 0) > 0 ? " (\(s!.filesCollectedAhead) as found)" : "",
                    s?.filesResolved ?? 0, s?.graphFrom.rawValue ?? "built"))
            line(
                "    " + phases(t).map { String(format: "%@ %.3f", $0.0, $0.1) }.joined(separator: ", ")
                    + String(format: ", rest %.3f", t.seconds - phases(t).reduce(0) { $0 + $1.1 }))
        }
        line("changed file:  \(touched) (saved by rename, as Xcode saves; put back afterwards)")
        line(
            "warm output identical to cold: \(identical ? "yes" : "NO") (after no change, a changed line, an added declaration)"
        )
        line(
            String(
                format: "goals:         cold ≤ 2× bare parse: %@ (%.2f×); the stretch, ≤ 1.5×: %@",
                coldRatio <= 2 ? "met" : "not met", coldRatio, coldRatio <= 1.5 ? "met" : "not met"))
        if threads != 1 {
            line(
                String(
                    format: "               (like for like, against parsing on %d threads: %.2f×)", threads,
                    cold.seconds / parse.seconds))
        }
        line(
            String(
                format: "               warm with one file changed ≤ 10%% of cold: %@ (%.1f%%)",
                body.seconds <= 0.1 * cold.seconds ? "met" : "not met", 100 * body.seconds / cold.seconds))
        line(
            String(
                format: "               peak memory < 1 GB: %@ (%.0f MB)", cold.peakBytes < 1 << 30 ? "met" : "not met",
                mb(cold.peakBytes)))
        return out
    }

    /// The cold scan against bare parsing on one thread: the ratio the issue that set the goal
    /// measured (a scan on every core, 4.8 s, against a one-thread parse, 0.95 s: 5.1).
    private var coldRatio: Double { cold.seconds / parseOneThread.seconds }

    var json: String {
        func timing(_ t: Timing) -> [String: Any] {
            var d: [String: Any] = [
                "seconds": t.seconds, "peakMemoryBytes": t.peakBytes, "ratioToBareParse": t.seconds / parse.seconds,
                "ratioToCold": t.seconds / cold.seconds,
                "ratioToBareParseOneThread": t.seconds / parseOneThread.seconds,
            ]
            if let s = t.statistics {
                d["phases"] = Dictionary(uniqueKeysWithValues: phases(t))
                d["filesParsed"] = s.filesScanned - s.filesFromCache
                d["filesResolved"] = s.filesResolved
                d["filesCollectedAsFound"] = s.filesCollectedAhead
                d["graph"] = s.graphFrom.rawValue
                d["discovery"] = s.discoveryRemembered ? "remembered" : "found"
            }
            return d
        }
        var top: [String: Any] = [
            "corpus": corpus, "files": files, "lines": lines, "threads": threads,
            "nodes": graph.nodes, "edges": graph.edges, "sites": graph.sites,
            "bareParse": ["seconds": parse.seconds, "peakMemoryBytes": parse.peakBytes],
            "bareParseOneThread": ["seconds": parseOneThread.seconds, "peakMemoryBytes": parseOneThread.peakBytes],
            "changedFile": touched, "warmIdenticalToCold": identical,
            "goals": [
                "coldWithin2xBareParse": coldRatio <= 2, "coldWithin1.5xBareParse": coldRatio <= 1.5,
                "warmAfterBodyChangeWithin10PercentOfCold": body.seconds <= 0.1 * cold.seconds,
                "coldPeakUnder1GB": cold.peakBytes < 1 << 30,
            ],
        ]
        for (key, _, t) in scans { top[key] = timing(t) }
        let data = (try? JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// How big the scanned graph is.
struct GraphSize {
    var nodes: Int
    var edges: Int
    var sites: Int
}
