import Foundation
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// A Tuist manifest (`Project.swift`) read as Swift syntax into the targets of the project Tuist
/// would generate, like `Package.swift`: the manifest is never run and no Tuist binary is needed.
///
/// The manifest's code and the helper functions it calls are followed by a small partial
/// evaluator (`TuistEvaluator`); a target whose name or sources it cannot tell makes the read
/// fail with `TuistManifestError.unsupported`, naming what could not be read and why.
public enum TuistManifestReader {
    /// `manifest`: the absolute path of a `Project.swift`. `helpers`: the Swift files of the
    /// `Tuist/ProjectDescriptionHelpers` folder of its Tuist root (absolute), whose functions the
    /// manifest may call. `listFiles`: the Swift files below a folder (absolute). Every file read
    /// goes through `witness`. The result's `path` is the manifest's path.
    public static func read(
        manifest: String, helpers: [String] = [],
        listFiles: (String) -> [String] = { PathTools.swiftFilesBelow($0) }, witness: FileWitness? = nil
    ) throws -> XcodeProject {
        guard let data = PathTools.contents(of: manifest, witness: witness) else {
            throw TuistManifestError.unreadable(manifest)
        }
        var declarations = TuistDeclarations()
        for helper in helpers.sorted() {
            guard let bytes = PathTools.contents(of: helper, witness: witness) else {
                throw TuistManifestError.unreadable(helper)
            }
            declarations.add(try parse(bytes, path: helper, manifest: manifest), includeTopLevelValues: true)
        }
        let file = try parse(data, path: manifest, manifest: manifest)
        declarations.add(file, includeTopLevelValues: false)

        let evaluator = TuistEvaluator(declarations: declarations)
        let top = TuistEvaluator.Scope(parent: evaluator.globals)
        _ = evaluator.run(file.statements, in: top)
        guard let project = top.values["project"] else {
            throw TuistManifestError.unsupported(
                manifest: manifest, what: "the project", why: "it has no top-level `let project = …`")
        }
        return try withoutActuallyEscaping(listFiles) { listFiles in
            var mapping = TuistProjectMapping(
                manifest: manifest, folder: PathTools.parent(manifest),
                root: root(of: manifest, helpers: helpers, witness: witness),
                matcher: TuistFileMatcher(listFiles: listFiles))
            return try mapping.project(from: project)
        }
    }

    /// Whether a Swift source is Tuist's rather than the app's: it imports `ProjectDescription`
    /// (manifests, helpers, templates), so only Tuist compiles it.
    public static func isTuistSource(_ source: String) -> Bool {
        let finder = ImportFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: source))
        return finder.found
    }

    /// Finds an `import ProjectDescription` (or its helpers' module), wherever it is written,
    /// `#if TUIST` included (Tuist's `Package.swift` imports it so).
    private final class ImportFinder: SyntaxVisitor {
        var found = false

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            if let module = node.path.first?.name.text,
                module == "ProjectDescription" || module == "ProjectDescriptionHelpers"
            {
                found = true
            }
            return .skipChildren
        }

        // Imports sit at the top level or in `#if`: no need to walk into bodies.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    /// A source with its operators folded by Swift's precedences (`a == b && c ? x : y`).
    private static func parse(_ data: Data, path: String, manifest: String) throws -> SourceFileSyntax {
        let depth = bracketDepth(data)
        guard depth <= maximumBrackets else {
            throw TuistManifestError.unsupported(
                manifest: manifest, what: PathTools.baseName(path),
                why: "square brackets nested \(depth) deep, which the Swift parser takes too long over")
        }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        return OperatorTable.standardOperators.foldAll(tree) { _ in }.as(SourceFileSyntax.self) ?? tree
    }

    /// Square brackets nested deeper than this are refused before parsing: SwiftParser backtracks
    /// in time doubling with each level (the scanner's `NestingGuard` cuts them for the same
    /// reason). Manifests nest a few: a list of lists, an Info.plist dictionary.
    static let maximumBrackets = 16

    /// The deepest nesting of `[` outside comments and string literals, by a rough lexing that
    /// is enough for a count: `//` to the line end, `/* */`, and `"…"` with its escapes.
    static func bracketDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0
        var i = data.startIndex
        let end = data.endIndex
        func at(_ j: Data.Index) -> UInt8? { j < end ? data[j] : nil }
        while i < end {
            let c = data[i]
            if c == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") {
                while i < end && data[i] != UInt8(ascii: "\n") { i += 1 }
            } else if c == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                i += 2
                while i < end && !(data[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/")) { i += 1 }
                i += 1
            } else if c == UInt8(ascii: "\"") {
                i += 1
                while i < end && data[i] != UInt8(ascii: "\"") {
                    if data[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
            } else if c == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if c == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
            i += 1
        }
        return deepest
    }

    /// The Tuist root, where `.relativeToRoot(…)` starts: the folder holding the helpers'
    /// `Tuist/ProjectDescriptionHelpers`, else the nearest folder up from the manifest with a
    /// `Tuist` folder, a `Tuist.swift` or a `.git`, else the manifest's folder.
    static func root(of manifest: String, helpers: [String], witness: FileWitness?) -> String {
        let marker = "/Tuist/ProjectDescriptionHelpers/"
        if let helper = helpers.first, let range = helper.range(of: marker) {
            return String(helper[..<range.lowerBound])
        }
        var dir = PathTools.parent(manifest)
        while true {
            if PathTools.isDirectory(dir + "/Tuist", witness: witness) == true
                || PathTools.exists(dir + "/Tuist.swift", witness: witness)
                || PathTools.exists(dir + "/.git", witness: witness)
            {
                return dir
            }
            let up = PathTools.parent(dir)
            if up == dir || dir == "/" { return PathTools.parent(manifest) }
            dir = up
        }
    }
}

/// Why a Tuist manifest could not be read.
public enum TuistManifestError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    /// What of the manifest could not be read (`the sources of target App`), and why.
    case unsupported(manifest: String, what: String, why: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot be read"
        case .unsupported(let manifest, let what, let why):
            return "\(manifest): seams cannot read \(what) without running the manifest (\(why)). "
                + "Write it with literals, or through a helper function of Tuist/ProjectDescriptionHelpers "
                + "called with literal arguments; or generate the project and commit the .xcodeproj."
        }
    }
}
