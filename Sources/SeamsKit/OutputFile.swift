import Foundation

/// Output formats by file extension, shared by the commands that write pictures and reports.
public enum OutputFile {
    /// The format name an extension stands for ("svg", "png", "pdf", "dot", "mermaid", "markdown", "json").
    public static func formatName(forPath path: String) -> String? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "svg": return "svg"
        case "png": return "png"
        case "pdf": return "pdf"
        case "dot", "gv": return "dot"
        case "mmd", "mermaid": return "mermaid"
        case "md", "markdown": return "markdown"
        case "json": return "json"
        case "html", "htm": return "html"
        case "txt", "text": return "text"
        default: return nil
        }
    }

    /// Binary formats are never written to a terminal.
    public static func isBinary(_ name: String) -> Bool { name == "png" || name == "pdf" }
}
