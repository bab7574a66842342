import ArgumentParser
import Foundation
import SeamsKit
import SeamsProject
import SeamsRender

/// Writes the synthetic legacy-app corpus into a folder, for the browser tests and for trying
/// seams on an app of a chosen size.
struct CorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "Write the synthetic legacy-app corpus (about --types types) into a new folder."
    )

    @Option(help: "About how many types to write (6 per file).")
    var types = 5000

    @Argument(help: "The folder to write; it must not exist yet.")
    var folder: String

    func validate() throws {
        if types < 6 { throw ValidationError("--types must be 6 or more") }
        if FileManager.default.fileExists(atPath: folder) { throw ValidationError("\(folder) exists already") }
    }

    func run() throws {
        try CorpusGenerator.write(types: types, to: folder)
        print("wrote about \(types) types into \(folder)")
    }
}

/// The explorer page of a generated app, or of a real one: how long seams takes to write it
/// against a cold scan of the same code, how big it is, how many nodes its largest view draws,
/// and, when Chromium and Selenium are there, how long headless Chromium takes until the page is
/// usable (its script has drawn the first view). Goals (issue #43): written within 10× the cold
/// scan, under 15 MB, no view over 300 nodes, usable within 2 s.
struct ExplorerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "Write the explorer page of a generated app (or --app) and time it in headless Chromium.",
        discussion: "Run it in release mode from the package folder: swift run -c release seams-bench explorer"
    )

    @Option(help: "About how many types the generated app has.")
    var types = 5000

    @Option(help: "A real app's folder to write the page of, instead of a generated app.")
    var app: String?

    @Option(help: "Keep the page here (default: removed at the end).")
    var page: String?

    @Option(help: "The script that times a page in Chromium.")
    var loader = "Tests/Browser/load_time.py"

    @Option(help: "Page loads to time; the median and the best are reported.")
    var loads = 5

    func run() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("seams-explorer-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let root: String
        if let app {
            root = URL(fileURLWithPath: app).standardizedFileURL.path
        } else {
            root = work.appendingPathComponent("App").path
            try CorpusGenerator.write(types: types, to: root)
        }
        // A cold scan (no cache), then the page (its own cold scan, the builder, every layout, the
        // packing), laid out as `seams graph` lays it out: in worker processes of seams.
        let scanStart = Date()
        _ = try ScanPipeline.run(ScanRequest(paths: [root]))
        let scanSeconds = Date().timeIntervalSince(scanStart)
        var request = MapRequest(scan: ScanRequest(paths: [root]))
        request.format = .html
        let seams = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("seams").path
        if FileManager.default.isExecutableFile(atPath: seams) {
            request.layout = .workers(executable: seams, count: ProcessInfo.processInfo.activeProcessorCount)
        } else {
            print("no seams beside seams-bench: the views are laid out in this process")
        }
        let start = Date()
        let outcome = try MapPipeline.run(request)
        let seconds = Date().timeIntervalSince(start)
        let path = page ?? work.appendingPathComponent("explorer.html").path
        try outcome.bytes.write(to: URL(fileURLWithPath: path))
        let types = outcome.graph.nodes.filter { !$0.external }.count
        let megabytes = Double(outcome.bytes.count) / 1_000_000
        let drawn = Self.drawnNodes(String(decoding: outcome.bytes, as: UTF8.self))
        let largest = drawn.max() ?? 0
        print(
            String(
                format:
                    "explorer page of %d types, %d edges: written in %.2f s (scan and every layout), %.1f× a cold scan (%.2f s), %.1f MB",
                types, outcome.graph.edges.count, seconds, seconds / scanSeconds, scanSeconds, megabytes))
        print("\(drawn.count) views; the largest draws \(largest) nodes")
        var usable: Double?
        if FileManager.default.fileExists(atPath: loader) {
            let result = try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", loader, path, "--loads", String(loads)],
                in: FileManager.default.currentDirectoryPath)
            let out = String(decoding: result.stdout, as: UTF8.self)
            if result.status == 0, let data = out.data(using: .utf8),
                let figures = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let median = figures["median_ms"] as? Double, let best = figures["best_ms"] as? Double
            {
                usable = median
                print(
                    String(
                        format: "usable in headless Chromium after %.0f ms (median of %d loads; best %.0f ms)", median,
                        loads, best))
            } else {
                print("could not time the page in Chromium: \(String(decoding: result.stderr, as: UTF8.self))")
            }
        } else {
            print("no \(loader) here: run from the package folder to time the page in Chromium")
        }
        print("goal: written within 10× a cold scan: \(seconds <= 10 * scanSeconds ? "met" : "not met")")
        print("goal: under 15 MB: \(megabytes < 15 ? "met" : "not met")")
        print("goal: no view over 300 nodes: \(largest <= 300 ? "met" : "not met")")
        if let usable { print("goal: usable within 2 s: \(usable < 2000 ? "met" : "not met")") }
    }

    /// How many nodes each view of a page draws: its drawing's node groups, unpacked.
    static func drawnNodes(_ html: String) -> [Int] {
        var counts: [Int] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<script type=\"image/svg+xml\" id=\"view-") {
            guard let close = rest.range(of: ">", range: open.upperBound..<rest.endIndex),
                let end = rest.range(of: "</script>", range: close.upperBound..<rest.endIndex)
            else { break }
            var svg = String(rest[close.upperBound..<end.lowerBound])
            if rest[open.upperBound..<close.lowerBound].contains("data-packing=\"gzip\""),
                let packed = Data(base64Encoded: svg), let text = Gzip.decompress(packed)
            {
                svg = String(decoding: text, as: UTF8.self)
            }
            counts.append(svg.components(separatedBy: "class=\"node\"").count - 1)
            rest = rest[end.upperBound...]
        }
        return counts
    }
}
