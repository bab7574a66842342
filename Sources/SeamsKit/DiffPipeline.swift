import Foundation
import SeamsProject
import SeamsGraph
import SeamsRender
import SeamsReport

/// What `seams diff` compares and what it writes.
public struct DiffRequest: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case svg, png, pdf, dot, markdown, json, html
    }

    public var before: String
    public var after: String
    /// Scan options for the folder and git sides (paths are ignored: each side is one tree).
    public var scan: ScanRequest
    public var format: Format = .svg
    public var sideBySide = false
    public var engine: Layout?
    /// Compare only the neighbourhood of these types (in either version), as `graph --focus`.
    public var focus: [String] = []
    public var depth = 1
    public var direction: Direction = .both
    /// Keep the standard library's and the SDK's value types when external types are shown.
    public var includeStandardTypes = false
    /// Leave out test, preview and generated code (`--hide-tests`, or `hide-tests:` in seams.yml).
    public var hideTests = false
    /// Told how many of an explorer page's views are laid out, of how many, as it goes.
    public var progress: LayoutProgress?
    /// Where an explorer page's views are laid out: here, or in worker processes.
    public var layout: ViewLayout = .inProcess

    public init(before: String, after: String, scan: ScanRequest) {
        self.before = before
        self.after = after
        self.scan = scan
    }

    public static func format(forPath path: String) -> Format? {
        OutputFile.formatName(forPath: path).flatMap(Format.init(rawValue:))
    }
}

public struct DiffOutcome: Sendable {
    public var diff: GraphDiff
    public var bytes: Data
    public var notes: [String]

    /// What changed, as text for stderr: edges added, removed and changed, cycles made and broken.
    public var summary: String { DiffReporter.text(diff) }
}

/// load both sides → compare → draw or report.
public enum DiffPipeline {
    public static func run(_ request: DiffRequest) throws -> DiffOutcome {
        let cwd = request.scan.workingDirectory ?? FileManager.default.currentDirectoryPath
        // Each side is scanned from its own folder; a --config the user named is theirs, from here.
        var request = request
        request.scan.configPath = request.scan.configPath.map { PathTools.absolute($0, base: cwd) }
        var old = try load(request.before, request, cwd: cwd)
        var new = try load(request.after, request, cwd: cwd)
        let caveats = try caveats(old, side: request.before) + caveats(new, side: request.after)
        if !request.focus.isEmpty {
            let union = GraphDiff.union(old, new).graph
            let ids = try request.focus.map { try MapPipeline.resolve($0, in: union) }
            let keep = Set(
                union.focused(on: ids, depth: request.depth, direction: request.direction.focus).nodes.map(\.id))
            old = old.restricted(to: keep)
            new = new.restricted(to: keep)
        }
        var diff = GraphDiff(before: old, after: new, beforeLabel: request.before, afterLabel: request.after)
        diff.caveats = caveats.isEmpty ? nil : caveats
        var notes: [String] = []
        let title = "\(request.before) → \(request.after)"
        switch request.format {
        case .markdown:
            return DiffOutcome(diff: diff, bytes: Data(DiffReporter.markdown(diff).utf8), notes: notes)
        case .json:
            return DiffOutcome(diff: diff, bytes: Data(DiffReporter.json(diff).utf8), notes: notes)
        case .html:
            let (union, nodeChanges, edgeChanges) = GraphDiff.union(old, new)
            // Red is "on a cycle" on every map: the cycles of AFTER, the ones that remain.
            var input = ExplorerInput(graph: union, cycles: new.cycles(), title: "seams diff: \(title)")
            input.changes = ExplorerInput.Changes(
                nodes: nodeChanges, edges: edgeChanges, before: old, beforeLabel: request.before,
                afterLabel: request.after)
            let (bytes, pageNotes) = try ExplorerPipeline.page(
                input, engine: request.engine?.engine, layout: request.layout, progress: request.progress)
            return DiffOutcome(diff: diff, bytes: bytes, notes: pageNotes)
        case .dot, .svg, .png, .pdf:
            let (union, nodeChanges, edgeChanges) = GraphDiff.union(old, new)
            let unionDOT = DiffEncoder.union(
                union, nodes: nodeChanges, edges: edgeChanges, cycles: new.cycles(), title: title)
            let (engine, why) = MapPipelineEngine.choice(
                request.engine?.engine, nodes: union.nodes.count, edges: union.edges.count, clusters: true)
            if let why { notes.append(why) }
            var dot = unionDOT
            if request.sideBySide {
                // Lay the union out once; both panels place every node where the union put it.
                let positions = try rendering { try GraphvizRenderer.positions(dot: unionDOT, engine: engine) }
                dot = DiffEncoder.sideBySide(
                    before: old, after: new, positions: positions, nodes: nodeChanges, edges: edgeChanges, title: title)
            }
            if request.format == .dot { return DiffOutcome(diff: diff, bytes: Data(dot.utf8), notes: notes) }
            let format = RenderFormat(rawValue: request.format.rawValue)!
            let bytes = try rendering {
                request.sideBySide
                    ? try GraphvizRenderer.renderPinned(dot: dot, format: format)
                    : try GraphvizRenderer.render(dot: dot, engine: engine, format: format)
            }
            return DiffOutcome(diff: diff, bytes: bytes, notes: notes)
        }
    }

    /// What a side's scan did not read, a line each; a side that found Swift files and read none
    /// is an error: its diff would say that nothing changed in a tree it never saw.
    static func caveats(_ graph: Graph, side: String) throws -> [String] {
        var out: [String] = []
        if let scope = graph.scope {
            if scope.expected > 0 && scope.scanned == 0 {
                throw SeamsError.input(
                    "\(side): none of the \(scope.expected) Swift files found was scanned"
                        + (ScanOutcome.scopeWarning(scope).map { " (\($0))" } ?? "")
                        + "; there is nothing to compare")
            }
            if scope.share < 0.9 {
                out.append(
                    "\(side) scanned \(scope.scanned) of the \(scope.expected) Swift files found "
                        + "(\(Int((scope.share * 100).rounded(.down)))%): changes in the rest are not shown")
            }
        }
        let unread = Set(graph.diagnostics.filter(\.unread).map { $0.file ?? "" }).count
        if unread > 0 {
            out.append(
                "\(side): \(unread) path\(unread == 1 ? " was" : "s were") not fully read: changes there may be missing"
            )
        }
        return out
    }

    private static func rendering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RenderError {
            throw SeamsError.render(error.description)
        }
    }

    /// A side: `git:REV`, a saved scan (`.json`), or a folder.
    static func load(_ side: String, _ request: DiffRequest, cwd: String) throws -> Graph {
        if side.hasPrefix("git:") {
            return try GitRevision.withTree(String(side.dropFirst(4)), cwd: cwd) { folder in
                try scan(folder, request)
            }
        }
        let path = PathTools.absolute(side, base: cwd)
        switch PathTools.isDirectory(path) {
        case true?:
            return try scan(path, request)
        case false?:
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SeamsError.input("\(side) cannot be read")
            }
            do {
                return MapPipeline.shown(
                    try GraphJSONReporter.decode(data), request.includeStandardTypes, request.hideTests)
            } catch {
                throw SeamsError.input("\(side) is not a scan saved by `seams scan`: \(error)")
            }
        case nil:
            throw SeamsError.input("\(side) is neither a folder, a saved scan (.json) nor git:REVISION")
        }
    }

    private static func scan(_ folder: String, _ request: DiffRequest) throws -> Graph {
        var scan = request.scan
        scan.paths = ["."]
        scan.workingDirectory = folder
        let outcome = try ScanPipeline.run(scan)
        return MapPipeline.shown(outcome.graph, request.includeStandardTypes, request.hideTests, outcome.config)
    }
}

/// Reads a revision of the repository you stand in into a temporary folder with
/// `git archive`, never touching the working tree or the index.
enum GitRevision {
    static func withTree<T>(_ revision: String, cwd: String, _ body: (String) throws -> T) throws -> T {
        let top = try git(["rev-parse", "--show-toplevel"], cwd: cwd).trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = try git(["rev-parse", "--show-prefix"], cwd: cwd).trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            _ = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], cwd: cwd)
        } catch {
            throw SeamsError.input("git:\(revision) is not a revision of the repository at \(top)")
        }
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("seams-git-\(UUID().uuidString)")
        // The tree keeps the repository's folder name, so folder-named modules match the working tree's.
        let root = temp.appendingPathComponent(URL(fileURLWithPath: top).lastPathComponent)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let archive = temp.appendingPathComponent("tree.tar").path
        _ = try git(["archive", "--format=tar", "-o", archive, revision], cwd: top)
        _ = try run("/usr/bin/env", ["tar", "-xf", archive, "-C", root.path], cwd: top)
        let folder = prefix.isEmpty ? root.path : root.appendingPathComponent(prefix).path
        guard PathTools.isDirectory(folder) == true else {
            throw SeamsError.input("\(prefix) does not exist at git:\(revision)")
        }
        return try body(folder)
    }

    static func git(_ args: [String], cwd: String) throws -> String {
        try run("/usr/bin/env", ["git"] + args, cwd: cwd)
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String], cwd: String) throws -> String {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(URL(fileURLWithPath: tool), args, in: cwd)
        } catch {
            throw SeamsError.input("cannot run \(args.first ?? tool): \(error.localizedDescription)")
        }
        guard result.status == 0 else {
            let message = String(decoding: result.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw SeamsError.input("\(args.prefix(2).joined(separator: " ")) failed: \(message)")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }
}
