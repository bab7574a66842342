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

    static func emit(_ text: String, to path: String?) throws {
        if let path {
            try AtomicFile.write(text, to: path)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// Runs `body`; a `SeamsError` is printed and becomes exit code 2 (could not run).
    static func orExit<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SeamsError {
            report(error.diagnostics.sorted())
            FileHandle.standardError.write(Data("seams: error: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
