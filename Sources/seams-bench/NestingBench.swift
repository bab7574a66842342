import ArgumentParser
import Foundation
import SeamsScanner

/// How deep real code nests what the nesting guard limits, so that its limits can be shown to
/// sit far above anything written by hand. Figures, not a test.
struct NestingBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nesting",
        abstract: "Measure bracket and interpolation nesting of real code against the guard's limits."
    )

    @Argument(help: "Folders of Swift code.")
    var paths: [String]

    func run() throws {
        let guardPass = NestingGuard()
        let files = try swiftFiles(paths)
        var deepest: [(kind: String, depth: Int, file: String)] = []
        var brackets: [Int: Int] = [:]
        var interpolations: [Int: Int] = [:]
        var all: [Int: Int] = [:]
        var bytes = 0
        var cuts = 0
        let clock = Date()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            bytes += data.count
            let report = guardPass.apply([UInt8](data)).report
            brackets[report.maxBrackets, default: 0] += 1
            interpolations[report.maxInterpolations, default: 0] += 1
            all[report.maxAll, default: 0] += 1
            cuts += report.cuts.count
            deepest.append(("[", report.maxBrackets, file))
            deepest.append(("\\(", report.maxInterpolations, file))
        }
        let seconds = Date().timeIntervalSince(clock)
        func histogram(_ h: [Int: Int]) -> String {
            h.keys.sorted().map { "\($0): \(h[$0]!)" }.joined(separator: ", ")
        }
        print("\(files.count) files, \(bytes) bytes, guard pass \(String(format: "%.3f", seconds)) s")
        print("square brackets (deepest per file -> files): \(histogram(brackets)); limit \(guardPass.maxBrackets)")
        print(
            "interpolations (deepest per file -> files): \(histogram(interpolations)); limit \(guardPass.maxInterpolations)"
        )
        print("all brackets (deepest per file -> files): \(histogram(all))")
        print("regions the guard would cut: \(cuts)")
        for kind in ["[", "\\("] {
            if let top = deepest.filter({ $0.kind == kind }).max(by: { ($0.depth, $1.file) < ($1.depth, $0.file) }) {
                print("deepest \(kind): \(top.depth) in \(top.file)")
            }
        }
    }
}
