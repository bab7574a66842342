import Foundation
import SeamsGraph
import SeamsRules

/// GitHub Actions workflow commands: each violation an annotation on the line that makes it.
/// GitHub shows only the first annotations of a step, so it is one per violation, at its first
/// site, with the others named in the message.
public enum GitHubReporter {
    public static func render(_ result: CheckResult) -> String {
        var out = ""
        for v in result.open {
            var message = CheckWording.message(v)
            let others = v.sites.dropFirst().map { CheckWording.site(result, $0) }
            if !others.isEmpty { message += "\nAlso at: " + others.joined(separator: ", ") }
            out += command(
                v.severity == .error ? "error" : "warning", file: result.portablePath(v.location), line: v.location.line,
                column: v.location.column, title: "seams \(v.rule)", message: message)
        }
        for s in result.stale {
            out += command(
                result.staleSeverity == .error ? "error" : "warning", file: result.portablePath(s.location),
                line: s.location.line, column: s.location.column, title: "seams \(CheckWording.staleRule)",
                message: CheckWording.stale(s))
        }
        for s in result.improved {
            out += command(
                "notice", file: result.portablePath(s.location), line: s.location.line, column: s.location.column,
                title: "seams baseline", message: CheckWording.improved(s))
        }
        return out
    }

    static func command(_ name: String, file: String, line: Int, column: Int, title: String, message: String) -> String
    {
        "::\(name) file=\(property(file)),line=\(line),col=\(column),title=\(property(title))::\(data(message))\n"
    }

    /// Escaping as the Actions toolkit does for a command's message.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// And for a property value, where ':' and ',' are separators.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
