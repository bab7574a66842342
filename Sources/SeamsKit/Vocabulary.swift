import Foundation
import SeamsGraph
import SeamsProject
import SeamsRender
import SeamsReport

// The choices a front end makes, named by SeamsKit itself: the CLI and SeamsTesting import
// only SeamsKit. Each mirrors a stage's own enum case for case (a test holds them equal), and
// the pipelines translate.

/// Which way to follow edges from focused types.
public enum Direction: String, CaseIterable, Sendable {
    /// What the focused types depend on.
    case out
    /// What depends on them.
    case `in`
    case both

    var focus: FocusDirection { FocusDirection(rawValue: rawValue)! }
}

/// The level of a graph: types, files or modules.
public enum Level: String, CaseIterable, Sendable {
    case type, file, module

    var granularity: Granularity { Granularity(rawValue: rawValue)! }
}

/// A Graphviz layout engine.
public enum Layout: String, CaseIterable, Sendable {
    case dot, sfdp, neato, fdp

    var engine: LayoutEngine { LayoutEngine(rawValue: rawValue)! }
    init(_ engine: LayoutEngine) { self.init(rawValue: engine.rawValue)! }
}

/// How Package.swift is read: as syntax, asking SwiftPM when that leaves files out (auto);
/// as syntax only; or always through SwiftPM (swift).
public enum ManifestReading: String, CaseIterable, Sendable {
    case auto, syntax, swift

    var mode: ManifestMode { ManifestMode(rawValue: rawValue)! }
}

/// A format `seams check` reports in.
public enum CheckFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, junit, github, markdown, codeclimate

    var reporter: CheckReporter { CheckReporter(rawValue: rawValue)! }

    /// The format an output file's extension names. A `.json` file is seams's own JSON: a Code
    /// Climate report is asked for by name (`--reporter codeclimate`).
    public static func format(forPath path: String) -> CheckFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "sarif": return .sarif
        case "json": return .json
        case "xml": return .junit
        case "md", "markdown": return .markdown
        case "txt", "log": return .text
        default: return nil
        }
    }
}

/// The version of seams, as `seams --version` prints it.
public enum Seams {
    public static var version: String { SeamsVersion.current }
}
