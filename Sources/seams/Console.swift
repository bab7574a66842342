import ArgumentParser
import Foundation
import SeamsKit

/// Standard streams and exit codes: results to stdout or --output, everything else to stderr.
enum Console {
    static func status(_ line: String) {
        toStandardError("seams: \(line)\n")
    }

    /// The warning that the scan read little of what it found: every command that scans says it.
    static func scopeWarning(_ warning: String?) {
        if let warning { toStandardError("seams: warning: \(warning)\n") }
    }

    /// Diagnostics the scan found on the way, already a line each.
    static func report(_ diagnostics: String) {
        toStandardError(diagnostics)
    }

    /// Writes to standard error. When even that fails (closed, a full disk, `2>/dev/full`) there
    /// is no one left to tell: seams removes its temporary files and ends with exit code 2.
    static func toStandardError(_ text: String) {
        guard !text.isEmpty else { return }
        if !FileDescriptor.writeAll(STDERR_FILENO, Data(text.utf8)) {
            TemporaryFiles.removeAll()
            exit(2)
        }
    }

    /// Progress of a long step on standard error, once it has taken a second: on a terminal, a
    /// counter rewritten in place (at most ten times a second); otherwise a line at each tenth.
    static func progress(_ what: String) -> LayoutProgress {
        let line = ProgressLine(what: what, terminal: isatty(STDERR_FILENO) == 1) { toStandardError($0) }
        return { done, total in line.update(done: done, total: total) }
    }

    /// Colour on a terminal, unless NO_COLOR is set (https://no-color.org) or the terminal is dumb.
    static var stdoutWantsColor: Bool {
        let env = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1 && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb"
    }

    static func emit(_ text: String, to path: String?) throws {
        try emit(Data(text.utf8), to: path)
    }

    /// Writes a result whole to `path`, or to standard output; a failure is exit code 2.
    static func emit(_ bytes: Data, to path: String?) throws {
        try emit([(bytes, path)])
    }

    /// Writes several results: the files first, all or none (a file that cannot be written
    /// leaves every other as it was), then the one for standard output, so nothing is printed
    /// as if the run had succeeded when a file was not written. A failure is exit code 2.
    static func emit(_ outputs: [(bytes: Data, path: String?)]) throws {
        let files = outputs.compactMap { output in output.path.map { (data: output.bytes, path: $0) } }
        try orExit { if !files.isEmpty { try AtomicFile.writeAll(files) } }
        for output in outputs where output.path == nil { try toStandardOutput(output.bytes) }
    }

    /// Writes to standard output. A reader that went away (`seams scan | head -1`) ends the run
    /// with exit code 2 and no message: it has all it wanted, and there is no one to tell.
    static func toStandardOutput(_ bytes: Data) throws {
        guard !FileDescriptor.writeAll(STDOUT_FILENO, bytes) else { return }
        if errno == EPIPE {
            TemporaryFiles.removeAll()
            throw ExitCode(2)
        }
        let reason = String(cString: strerror(errno))
        try orExit { throw SeamsError.cannotWrite(path: "standard output", reason: reason) }
    }

    /// A closed pipe on standard output is an error to handle (`toStandardOutput`), not a signal
    /// that kills seams mid-write (exit status 141). Caught by a handler that does nothing rather
    /// than ignored: a write still fails with EPIPE, and the programs seams runs (SwiftPM,
    /// xcodebuild) start with the default again, as an ignored signal would stay ignored in them.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE) { _ in }
    }

    /// The checks every command with `--output` and `--format` makes before running.
    static func validateOutput(format: String?, output: String?, known: (String) -> Bool) throws {
        try validateOutputPaths([output].compactMap { $0 })
        if format == nil, let output, OutputFile.formatName(forPath: output).map(known) != true {
            throw ValidationError("cannot tell the format to write to \(output) from its extension: use --format")
        }
        if output == nil, let format, OutputFile.isBinary(format) {
            throw ValidationError("\(format) is binary: write it to a file with --output")
        }
    }

    /// Outputs may sit inside the scanned tree (a map beside the code is common); a Swift file
    /// there would be read back as source by the next scan, so none is ever written.
    static func validateOutputPaths(_ paths: [String]) throws {
        for path in paths where path.lowercased().hasSuffix(".swift") {
            throw ValidationError("\(path) would be scanned as Swift source by the next run: name the output otherwise")
        }
    }

    /// A command's results, held until the process ends, when the system takes all its memory
    /// back at once: freed object by object when the command returned, a scan's graph and its
    /// facts took up to a tenth of a second. Each command runs once per process (`watch` does
    /// not come here).
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []

    /// Runs `body`; a `SeamsError` is printed and becomes exit code 2 (could not run).
    /// What it gives is kept until the process ends (see `keptUntilExit`).
    static func orExit<T>(_ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            if !(value is Void) { keptUntilExit.append(value) }
            return value
        } catch let error as SeamsError {
            toStandardError(error.report)
            throw ExitCode(2)
        }
    }
}
