import SeamsGraph
import SeamsReport
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
    /// Swift files `check` did not fully read, neither excluded nor allowed: it will not pass on them.
    case unread([Diagnostic])

    public var description: String {
        (lines + [headline]).joined(separator: "\n")
    }

    /// Lines that stand before the error itself, each as it is: one per config problem,
    /// `file:line:col: error: …` as compilers write them, so editors can jump to each.
    public var lines: [String] {
        if case .config(let error) = self { return error.problems.map(\.description) }
        if case .unread(let files) = self { return files.sorted().map { DiagnosticFormatter.line($0) } }
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
        case .unread(let files):
            let n = Set(files.map { $0.file ?? "" }).count
            return
                "\(n) path\(n == 1 ? "" : "s") above could not be fully read, and a check passes only on code it read: "
                + "fix them, exclude them (--exclude, 'exclude:' in seams.yml) or accept them unread "
                + "(--allow-skipped GLOB, 'allow-skipped:' in seams.yml)"
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
        DiagnosticText.lines(diagnostics.sorted(), noteUnread: false) + lines.map { "\($0)\n" }.joined()
            + "seams: error: \(headline)\n"
    }
}
