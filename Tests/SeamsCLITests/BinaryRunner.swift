import Foundation
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
    let process = Process()
    process.executableURL = seamsBinary()
    process.arguments = args
    process.currentDirectoryURL = URL(fileURLWithPath: cwd)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Drain both pipes while the process runs, so a large output cannot block it.
    let outData = Drained(out), errData = Drained(err)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
        process.terminate()
        Issue.record("seams \(args.joined(separator: " ")) did not finish within \(Int(timeout)) s")
    }
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData.wait(), as: UTF8.self),
        stderr: String(decoding: errData.wait(), as: UTF8.self))
}

/// Reads a pipe to its end on another thread.
final class Drained: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
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
