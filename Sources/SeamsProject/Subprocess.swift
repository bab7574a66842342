import Foundation

/// Runs a program and collects its output. Both pipes are drained while it runs, so a program
/// that writes much to either stream cannot block on a full pipe.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        /// The time limit ran out and the program was stopped.
        public var timedOut: Bool
    }

    /// With a `timeout`, the program is stopped (SIGTERM, then SIGKILL) when it runs out. Its own
    /// children are not: Foundation's `Process` reports the end only once they are gone too.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: String, timeout: TimeInterval? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = Drain(out), stderr = Drain(err)
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                timedOut = true
                process.terminate()
                // SIGTERM can be blocked (a child inherits its parent's signal mask): escalate.
                let grace = Date().addingTimeInterval(1)
                while process.isRunning && Date() < grace { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        // After a timeout, children of the program may still hold the pipes open: take what
        // arrived within a moment rather than wait for them too.
        let grace: DispatchTime = timedOut ? .now() + 1 : .distantFuture
        return Result(
            status: process.terminationStatus, stdout: stdout.wait(until: grace), stderr: stderr.wait(until: grace),
            timedOut: timedOut)
    }

    /// Reads a pipe to its end on another thread.
    private final class Drain: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async {
                let all = handle.readDataToEndOfFile()
                self.lock.lock()
                self.data = all
                self.lock.unlock()
                self.done.signal()
            }
        }

        /// The pipe's whole content, or nothing if it has not ended by `deadline`.
        func wait(until deadline: DispatchTime) -> Data {
            guard done.wait(timeout: deadline) == .success else { return Data() }
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }
}
