import Foundation
import Testing

/// Golden files in `Snapshots/<name>`, compared byte for byte. `RECORD_SNAPSHOTS=1` rewrites
/// them, and recording fails the test so that a new golden never passes unseen.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no snapshot \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
        Issue.record(
            """
            snapshot \(name) differs at line \(line + 1):
              expected: \(line < e.count ? String(e[line]) : "<end>")
              actual:   \(line < a.count ? String(a[line]) : "<end>")
            """, sourceLocation: sourceLocation)
    }
}
