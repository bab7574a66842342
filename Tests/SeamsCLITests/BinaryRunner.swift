import Foundation
import SeamsKit
import SeamsProject
import SeamsTestSupport
import Testing

/// The result of running the built `seams` binary.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `seams` executable built beside the tests, in `cwd`, with a time limit so that
/// a hang fails the test instead of stalling the suite.
func seams(_ args: [String], in cwd: String, timeout: TimeInterval = 120) throws -> Run {
    let r = try Subprocess.run(seamsBinary(), args, in: cwd, timeout: timeout)
    if r.timedOut { Issue.record("seams \(args.joined(separator: " ")) did not finish within \(Int(timeout)) s") }
    return Run(
        status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
        stderr: String(decoding: r.stderr, as: UTF8.self))
}

func seamsBinary() -> URL {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while dir.path != "/" {
        let candidate = dir.appendingPathComponent("seams")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir.deleteLastPathComponent()
    }
    fatalError("the seams binary was not found beside \(CommandLine.arguments[0]); run `swift build` first")
}
