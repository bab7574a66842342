import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport

/// Standard streams and exit codes: results to stdout or --output, everything else to stderr.
enum Console {
    static func status(_ line: String) {
        FileHandle.standardError.write(Data("seams: \(line)\n".utf8))
    }

    static func report(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            FileHandle.standardError.write(Data((DiagnosticFormatter.line(d) + "\n").utf8))
        }
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
        try orExit {
            if let path {
                try AtomicFile.write(bytes, to: path)
            } else {
                FileHandle.standardOutput.write(bytes)
            }
        }
    }

    /// The checks every command with `--output` and `--format` makes before running.
    static func validateOutput(format: String?, output: String?, known: (String) -> Bool) throws {
        if format == nil, let output, OutputFile.formatName(forPath: output).map(known) != true {
            throw ValidationError("cannot tell the format to write to \(output) from its extension: use --format")
        }
        if output == nil, let format, OutputFile.isBinary(format) {
            throw ValidationError("\(format) is binary: write it to a file with --output")
        }
    }

    /// Runs `body`; a `SeamsError` is printed and becomes exit code 2 (could not run).
    static func orExit<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SeamsError {
            report(error.diagnostics.sorted())
            for line in error.lines { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            FileHandle.standardError.write(Data("seams: error: \(error.headline)\n".utf8))
            throw ExitCode(2)
        }
    }
}
