import SeamsGraph
import SeamsRules

/// Failures that stop a command; each message says what to do next. Exit code 2.
public enum SeamsError: Error, CustomStringConvertible {
    /// The arguments point at nothing that could be scanned.
    case nothingToScan(String, diagnostics: [Diagnostic])
    case config(ConfigError)
    case cannotWrite(path: String, reason: String)
    /// A `--focus` name that matches no node, or several.
    case unknownNode(String)
    case emptyGraph(String)
    case render(String)
    /// An input that cannot be read: a git revision, a saved scan.
    case input(String)

    public var description: String {
        (lines + [headline]).joined(separator: "\n")
    }

    /// Lines that stand before the error itself, each as it is: one per config problem,
    /// `file:line:col: error: …` as compilers write them, so editors can jump to each.
    public var lines: [String] {
        if case .config(let error) = self { return error.problems.map(\.description) }
        return []
    }

    /// The error in one line.
    public var headline: String {
        switch self {
        case .nothingToScan(let why, _): return "nothing to scan: \(why)"
        case .config: return "the config has errors; fix them and run again"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .unknownNode(let why): return why
        case .emptyGraph(let why): return "nothing to draw: \(why)"
        case .render(let why): return why
        case .input(let why): return why
        }
    }

    /// What was found on the way, to show before the error itself.
    public var diagnostics: [Diagnostic] {
        if case .nothingToScan(_, let d) = self { return d }
        return []
    }

    /// The error as a command prints it to stderr: what was found on the way, one line per
    /// config problem, then the headline.
    public var report: String {
        DiagnosticText.lines(diagnostics.sorted()) + lines.map { "\($0)\n" }.joined()
            + "seams: error: \(headline)\n"
    }
}
