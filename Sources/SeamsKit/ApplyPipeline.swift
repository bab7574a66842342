import Foundation
import SeamsGraph
import SeamsRules
import SeamsWorkbench

/// The rewrites `seams apply` makes.
public enum ApplyRecipe: String, CaseIterable, Sendable {
    /// Parameterize Constructor: what a type reads from everywhere is handed to its initializers.
    case injectThroughInit = "inject-through-init"
}

/// How `inject-through-init` hands a dependency in: the value, taken when the type is made, or a
/// closure that reads it at each use.
public enum HandOver: String, CaseIterable, Sendable {
    case value, provider

    var mode: Injection.Mode {
        switch self {
        case .value: .value
        case .provider: .provider
        }
    }
}

/// What `seams apply` is asked: a recipe, on one edge of the graph.
public struct ApplyRequest: Sendable {
    public var scan: ScanRequest
    public var recipe: ApplyRecipe
    /// The edge: the type that changes, and the type it depends on (each by id, name or the end of its id).
    public var from: String
    public var to: String
    /// The name of the property and parameter (when one dependency is injected).
    public var name: String?
    /// Value or provider for every injection, instead of each one's own choice.
    public var mode: HandOver?
    /// Write the changed files (else only the diff is made).
    public var write = false

    public init(scan: ScanRequest, recipe: ApplyRecipe, from: String, to: String) {
        self.scan = scan
        self.recipe = recipe
        self.from = from
        self.to = to
    }
}

public struct ApplyOutcome: Sendable {
    /// A unified diff of every changed file, relative to the scan's root (`patch -p1`).
    public var diff: String
    /// The changed files, by the scan's names.
    public var changedFiles: [String]
    /// What the reader of the diff should know: reads left as they were, how the type is given
    /// its dependency.
    public var notes: [String]
    /// One line: what was done, to what.
    public var summary: String
    public var scopeWarning: String?
}

/// scan → the edge's reads of a shared instance, static property or global → the rewrite
/// (`InjectThroughInit`) → a diff, and with `write` the files, each only if it is still what
/// the scan read.
public enum ApplyPipeline {
    public static func run(_ request: ApplyRequest) throws -> ApplyOutcome {
        let started = Date()
        var scan = request.scan
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        let graph = outcome.graph
        let fromID = try NodeNames.id(request.from, in: graph, option: "--edge FROM")
        let toID = try NodeNames.id(request.to, in: graph, option: "--edge TO")
        guard let from = graph.node(fromID), !from.external else {
            throw SeamsError.input("\(fromID) is not a type of the scanned code: seams changes only code it read")
        }
        let files = SourceFiles(root: graph.root, started: started)

        let reads = graph.uses.filter { use in
            use.from == fromID && (use.kind == .staticRead || use.kind == .globalRead)
                && (use.to == toID || use.valueType == toID)
        }
        let written = Set(
            graph.uses.filter { $0.from == fromID && $0.kind == .staticWrite }.map {
                Position(file: $0.file, line: $0.line, column: $0.column)
            })
        var notes: [String] = []
        var groups: [String: [Use]] = [:]
        for use in reads {
            let position = Position(file: use.file, line: use.line, column: use.column)
            if written.contains(position) {
                notes.append("\(position.description): left as it is: \(use.path) is assigned there, not only read")
                continue
            }
            groups[(use.to ?? "") + " " + (use.targetMember ?? use.path), default: []].append(use)
        }
        if groups.isEmpty {
            throw SeamsError.input(
                "cannot apply \(request.recipe.rawValue) to \(fromID) → \(toID): "
                    + whyNothingToInject(from: fromID, to: toID, in: graph))
        }
        if request.name != nil, groups.count > 1 {
            throw SeamsError.input(
                "\(fromID) reads \(groups.count) things of \(toID) "
                    + "(\(groups.keys.sorted().map { String($0.split(separator: " ").last!) }.joined(separator: ", "))): "
                    + "--name names one")
        }
        var injections: [Injection] = []
        for key in groups.keys.sorted() {
            let uses = groups[key]!.sorted()
            let first = uses[0]
            guard let type = try valueType(of: first, in: graph, files: files) else {
                throw SeamsError.input(
                    "cannot apply \(request.recipe.rawValue) to \(fromID) → \(toID): seams cannot tell the type of "
                        + "\(first.path) (\(first.file):\(first.line)); declare its type where it is declared")
            }
            let mode =
                request.mode?.mode ?? (first.has(.stored) && !first.has(.mutable) ? .value : .provider)
            injections.append(
                Injection(
                    name: request.name ?? propertyName(first, type: type), type: type, mode: mode,
                    reads: uses.map { Position(file: $0.file, line: $0.line, column: $0.column) }))
        }

        // The files to give the rewrite: where the type is declared and extended, and where it reads.
        var paths = Set(injections.flatMap { $0.reads.map(\.file) })
        if let file = from.file { paths.insert(file) }
        let simple = String(from.name.split(separator: ".").last ?? Substring(from.name))
        for path in outcome.scannedFiles {
            let name = files.name(path)
            if paths.contains(name) { continue }
            if let text = try? files.text(name), text.contains("extension"), text.contains(simple) {
                paths.insert(name)
            }
        }
        var sources: [String: String] = [:]
        for path in paths { sources[path] = try files.text(path) }

        let target = InjectionTarget(
            name: from.name, inheritsInitializers: inheritsInitializers(from, in: graph, sources: sources))
        let rewrite: Rewrite
        do {
            rewrite = try InjectThroughInit.rewrite(target, injections: injections, sources: sources)
        } catch {
            throw SeamsError.input("cannot apply \(request.recipe.rawValue) to \(fromID) → \(toID): \(error.reason)")
        }
        let changed = rewrite.files.keys.sorted()
        let diff = changed.map { UnifiedDiff.text(old: sources[$0]!, new: rewrite.files[$0]!, path: $0) }.joined()
        if request.write {
            try files.write(changed.map { ($0, old: sources[$0]!, new: rewrite.files[$0]!) })
        }
        let injected = injections.map {
            "\($0.name): \($0.type) (\($0.mode.rawValue), \($0.reads.count) read\($0.reads.count == 1 ? "" : "s"))"
        }
        return ApplyOutcome(
            diff: diff, changedFiles: changed, notes: notes + rewrite.notes,
            summary: "\(request.recipe.rawValue) \(fromID) → \(toID): \(injected.joined(separator: "; ")); "
                + "\(changed.count) file\(changed.count == 1 ? "" : "s") \(request.write ? "changed" : "to change")",
            scopeWarning: outcome.scopeWarning)
    }

    /// What the type's code does with the other type, when none of it is a read to hand in.
    static func whyNothingToInject(from: String, to: String, in graph: Graph) -> String {
        let uses = graph.uses.filter { $0.from == from && ($0.to == to || $0.valueType == to) }
        var kinds: [String] = []
        for kind in Set(uses.map(\.kind)).sorted() {
            let example = uses.first { $0.kind == kind }!
            switch kind {
            case .staticCall:
                kinds.append(
                    "calls its static functions (\(example.path)): give \(to) an instance first, then inject it")
            case .construct:
                kinds.append("makes it (\(example.path)): a factory closure is the seam for that")
            case .downcast:
                kinds.append("downcasts to it (\(example.path)): pass what it needs instead (a command object)")
            case .staticState, .staticWrite:
                kinds.append("assigns its static state (\(example.path)): move the state behind an instance first")
            case .staticRead, .globalRead, .call:
                continue
            }
        }
        let edge = graph.edges.first { $0.from == from && $0.to == to }
        if kinds.isEmpty {
            guard let edge else { return "there is no edge \(from) → \(to)" }
            return "\(from) reads no shared instance, static property or global of \(to); it uses it as "
                + edge.kinds.map(\.rawValue).joined(separator: ", ") + " (already handed in, or a type it names)"
        }
        return "\(from) reads no shared instance, static property or global of \(to); it "
            + kinds.joined(separator: "; ")
    }

    /// The type of what a read gives, as the type's own file spells it: the scan's inference, else the declaration.
    static func valueType(of use: Use, in graph: Graph, files: SourceFiles) throws -> String? {
        if let type = use.valueType { return graph.node(type).map(\.name) ?? type }
        guard let owner = use.to.flatMap(graph.node), let file = owner.file,
            let member = use.targetMember ?? use.path.split(separator: ".").last.map(String.init)
        else { return nil }
        let declared = DeclaredType.of(
            member, in: use.kind == .globalRead ? nil : owner.name, sources: [file: try files.text(file)])
        return declared
    }

    /// `shared`, `default`, `current`: the type's name (`logger`); else the member's own name.
    static func propertyName(_ use: Use, type: String) -> String {
        let member = use.targetMember ?? String(use.path.split(separator: ".").last ?? "")
        let instanceNames: Set<String> = [
            "shared", "default", "current", "standard", "main", "instance", "sharedInstance",
        ]
        guard instanceNames.contains(member) || member.isEmpty else { return member }
        let simple = type.split(separator: ".").last.map(String.init) ?? type
        let letters = simple.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        // `URLSession` → `urlSession`, `Logger` → `logger`.
        let upper = letters.prefix { $0.isUppercase }
        let lowered =
            upper.count > 1 && upper.count < letters.count
            ? upper.dropLast().lowercased() + letters.dropFirst(upper.count - 1)
            : letters.prefix(1).lowercased() + letters.dropFirst()
        return lowered.isEmpty ? "dependency" : String(lowered)
    }

    /// A class whose first inherited type is a class (scanned, or not a protocol seams knows)
    /// inherits its initializers, which one of its own would hide.
    static func inheritsInitializers(_ node: Node, in graph: Graph, sources: [String: String]) -> Bool {
        guard node.kind == .class else { return false }
        let inherited = graph.edges.filter { $0.from == node.id && $0.sites.contains { $0.kind == .inherit } }
        if inherited.contains(where: { graph.node($0.to)?.kind == .class }) { return true }
        // A superclass the scan does not hold (UIViewController, NSObject) leaves no edge: the
        // declaration says whether the class names anything but protocols.
        let protocols = Set(graph.nodes.filter { $0.kind == .protocol }.map(\.name))
        return InheritanceClause.namesSuperclass(node.name, sources: sources, knownProtocols: protocols)
    }
}

/// The scanned files by the scan's names: read once each, written only when unchanged.
final class SourceFiles: @unchecked Sendable {
    let root: String
    let started: Date
    private var texts: [String: String] = [:]

    init(root: String, started: Date) {
        self.root = root
        self.started = started
    }

    func absolute(_ name: String) -> String { name.hasPrefix("/") ? name : root + "/" + name }

    func name(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    func text(_ name: String) throws -> String {
        if let text = texts[name] { return text }
        guard let data = FileManager.default.contents(atPath: absolute(name)) else {
            throw SeamsError.input("cannot read \(absolute(name))")
        }
        let text = String(decoding: data, as: UTF8.self)
        texts[name] = text
        return text
    }

    /// Each file only if it is still what the scan read: modified after the scan began, or
    /// different from the text rewritten, and nothing is written.
    func write(_ changes: [(name: String, old: String, new: String)]) throws {
        for change in changes {
            let path = absolute(change.name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let modified = attributes?[.modificationDate] as? Date
            let now = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            if now != change.old || (modified.map { $0 > started } ?? true) {
                throw SeamsError.input(
                    "\(change.name) changed since the scan; nothing was written: run seams apply again")
            }
        }
        try AtomicFile.writeAll(changes.map { (Data($0.new.utf8), absolute($0.name)) })
    }
}
