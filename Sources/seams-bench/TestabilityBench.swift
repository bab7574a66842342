import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport

/// `seams testability` against `seams scan` of the same tree, uncached: the bound is
/// "at most 1.5× a scan". Figures to read, not a test.
struct TestabilityBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testability",
        abstract: "Time seams testability against seams scan (to JSON) of the same folder, without a cache.",
        discussion: "Run it in release mode: swift run -c release seams-bench testability PATH"
    )

    @Argument(help: "Folders to scan and judge.")
    var paths: [String]

    func run() throws {
        let request = ScanRequest(paths: paths)
        // What `seams scan` does: scan, then write the JSON.
        let scanStart = Date()
        let outcome = try ScanPipeline.run(request)
        let json = GraphJSONReporter.data(outcome.graph.withoutUses())
        let scanSeconds = Date().timeIntervalSince(scanStart)

        // What `seams testability` does: scan, judge, write the ranked text.
        let start = Date()
        let again = try ScanPipeline.run(request)
        let scanned = Date().timeIntervalSince(start)
        let judgeStart = Date()
        let report = again.config.testabilityAnalysis.analyse(again.graph)
        let text = TestabilityReporter.text(report, top: 20)
        let judged = Date().timeIntervalSince(judgeStart)
        let total = Date().timeIntervalSince(start)
        let blockers = report.types.reduce(0) { $0 + $1.blockers.count }
        print(
            String(
                format:
                    "scan to JSON %.2f s (%d bytes); testability %.2f s (scan %.2f s + judge %.2f s) = %.2f× scan: "
                    + "%d types, %d blocked, %d blockers from %d uses (%d bytes of text)",
                scanSeconds, json.count, total, scanned, judged, total / max(scanSeconds, 0.001), report.types.count,
                report.blockedCount, blockers, again.graph.uses.count, text.utf8.count))
    }
}
