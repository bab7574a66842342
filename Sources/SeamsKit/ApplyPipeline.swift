import Foundation
import SeamsGraph
import SeamsRules
import SeamsTestability
import SeamsUntangle
import SeamsWorkbench

/// The rewrites `seams apply` makes.
public enum ApplyRecipe: String, CaseIterable, Sendable {
    /// Parameterize Constructor: what a type reads from everywhere is handed to its initializers.
    case injectThroughInit = "inject-through-init"
    /// Extract Interface: a protocol of what one type uses of another, which it is then given.
    case extractProtocol = "extract-protocol"
    /// What a type makes, made by a closure it is given (whose default makes it as before).
    case factoryClosure = "factory-closure"
}

extension ApplyRecipe {
    /// The rewrite for a recipe of the catalog, when seams makes one.
    init?(_ recipe: Recipe) {
        switch recipe {
        case .injectThroughInit: self = .injectThroughInit
        case .extractProtocol: self = .extractProtocol
        case .factoryClosure: self = .factoryClosure
        case .commandObject, .notifyOwner, .wrapSystemService, .injectedRepository, .stateValue: return nil
        }
    }
}

/// The steps of a recipe seams does not rewrite, by hand.
enum ManualSteps {
    static func text(_ recipe: Recipe, from: String, to: String) -> String {
        let steps: [String]
        switch recipe {
        case .commandObject:
            steps = [
                "name what \(from) does with the \(to) it casts to: a closure or a small protocol (AlertAction(title:run:))",
                "have whoever makes \(from) pass it in (through init, or a property it sets)",
                "call it where the downcast was, and remove the downcast",
            ]
        case .notifyOwner:
            steps = [
                "name the event \(from) tells \(to) about: a Notification.Name, a delegate protocol or a closure property",
                "post it (or call the delegate or the closure) where \(from) calls \(to) now",
                "have \(to) observe it (or become the delegate, or set the closure) where it makes \(from)",
            ]
        case .wrapSystemService:
            steps = [
                "write a protocol of the calls \(from) makes on \(to)",
                "make \(to) conform in an extension, or write a thin wrapper that does",
                "give \(from) the protocol through init with the system instance as default",
            ]
        case .injectedRepository:
            steps = [
                "write a protocol of the calls \(from) makes on \(to); for a scanned \(to), "
                    + "seams apply extract-protocol writes it",
                "give \(from) the protocol through init, the shared store as default "
                    + "(seams apply inject-through-init, for a scanned \(to))",
            ]
        case .stateValue:
            steps = [
                "gather what \(from) and \(to) both read and write into one State struct",
                "make each change a function from State to State, without side effects",
                "render from the State in one render(_:)",
            ]
        case .injectThroughInit, .extractProtocol, .factoryClosure:
            steps = ["seams apply \(recipe.rawValue) --edge \(from) \(to) makes it"]
        }
        return "the steps, by hand (\(recipe.title)): "
            + steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
            + " (see \(recipe.lesson))"
    }
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

/// Which dependency `seams apply` breaks.
public enum ApplyTarget: Sendable, Equatable {
    /// FROM and TO, each by id, name or the end of its id.
    case edge(from: String, to: String)
    /// The cut numbered `order` of tangle number `tangle` in `seams untangle`'s plan (both from 1).
    case cut(tangle: Int, order: Int)
    /// A blocker of `seams testability`, by where it is (its JSON's file, line and column).
    case blocker(file: String, line: Int, column: Int)
}

/// What `seams apply` is asked: a recipe, on one dependency.
public struct ApplyRequest: Sendable {
    public var scan: ScanRequest
    /// The rewrite; nil for a cut's or a blocker's own recipe.
    public var recipe: ApplyRecipe?
    public var target: ApplyTarget
    /// The name of the property and parameter (when one dependency is injected), or of the protocol.
    public var name: String?
    /// Value or provider for every injection, instead of each one's own choice.
    public var mode: HandOver?
    /// Write the changed files (else only the diff is made).
    public var write = false

    public init(scan: ScanRequest, recipe: ApplyRecipe?, target: ApplyTarget) {
        self.scan = scan
        self.recipe = recipe
        self.target = target
    }

    public init(scan: ScanRequest, recipe: ApplyRecipe, from: String, to: String) {
        self.init(scan: scan, recipe: recipe, target: .edge(from: from, to: to))
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

/// scan → the edge → the recipe's rewrite (`InjectThroughInit`, `ExtractProtocol`) → a diff,
/// and with `write` the files, each only if it is still what the scan read.
public enum ApplyPipeline {
    /// What a recipe sees: the scan, the edge's two types, the files.
    struct Frame {
        var request: ApplyRequest
        var outcome: ScanOutcome
        var graph: Graph { outcome.graph }
        var from: Node
        var to: Node
        var files: SourceFiles

        /// The files to give a rewrite: `paths`, and those that may extend one of `types`.
        func sources(_ paths: Set<String>, extending types: [Node]) throws -> [String: String] {
            var paths = paths
            for node in types { if let file = node.file { paths.insert(file) } }
            let names = types.map { String($0.name.split(separator: ".").last ?? Substring($0.name)) }
            for path in outcome.scannedFiles {
                let name = files.name(path)
                if paths.contains(name) { continue }
                if let text = try? files.text(name), text.contains("extension"), names.contains(where: text.contains) {
                    paths.insert(name)
                }
            }
            var sources: [String: String] = [:]
            for path in paths { sources[path] = try files.text(path) }
            return sources
        }

        func refused(_ why: String) -> SeamsError {
            SeamsError.input("cannot apply \(request.recipe!.rawValue) to \(from.id) → \(to.id): \(why)")
        }
    }

    public static func run(_ request: ApplyRequest) throws -> ApplyOutcome {
        let started = Date()
        var scan = request.scan
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        let graph = outcome.graph
        let (fromName, toName, recipe, why) = try resolve(request)
        var request = request
        request.recipe = recipe
        let fromID = try NodeNames.id(fromName, in: graph, option: "--edge FROM")
        let toID: String
        do {
            toID = try NodeNames.id(toName, in: graph, option: "--edge TO")
        } catch {
            if case .edge = request.target { throw error }
            guard let catalog = Recipe(rawValue: recipe.rawValue) else { throw error }
            throw SeamsError.input(
                "\(toName) is not a type of the scanned code, so seams cannot rewrite around it; "
                    + ManualSteps.text(catalog, from: fromName, to: toName))
        }
        guard let from = graph.node(fromID), !from.external else {
            throw SeamsError.input("\(fromID) is not a type of the scanned code: seams changes only code it read")
        }
        guard let to = graph.node(toID) else { throw SeamsError.unknownNode("no node \(toID)") }
        let frame = Frame(
            request: request, outcome: outcome, from: from, to: to,
            files: SourceFiles(root: graph.root, started: started))
        let made: (rewrite: Rewrite, sources: [String: String], what: String)
        switch recipe {
        case .injectThroughInit: made = try injectThroughInit(frame)
        case .extractProtocol: made = try extractProtocol(frame)
        case .factoryClosure: made = try factoryClosure(frame)
        }
        let rewrite = made.rewrite
        let changed = rewrite.files.keys.sorted()
        let diff = changed.map { UnifiedDiff.text(old: made.sources[$0]!, new: rewrite.files[$0]!, path: $0) }
            .joined()
        if request.write {
            try frame.files.write(changed.map { ($0, old: made.sources[$0]!, new: rewrite.files[$0]!) })
        }
        return ApplyOutcome(
            diff: diff, changedFiles: changed, notes: rewrite.notes,
            summary: "\(recipe.rawValue) \(fromID) → \(toID)\(why): \(made.what); "
                + "\(changed.count) file\(changed.count == 1 ? "" : "s") \(request.write ? "changed" : "to change")",
            scopeWarning: outcome.scopeWarning)
    }

    /// The edge and the recipe a request names: its own, a cut's, or a blocker's (with why, for
    /// the summary); a recipe seams cannot apply gives its steps by hand.
    static func resolve(_ request: ApplyRequest) throws -> (String, String, ApplyRecipe, String) {
        let from: String
        let to: String
        let suggested: Recipe
        let why: String
        switch request.target {
        case .edge(let f, let t):
            guard let recipe = request.recipe else { throw SeamsError.input("--edge needs a recipe") }
            return (f, t, recipe, "")
        case .cut(let tangle, let order):
            let plan = try UntanglePipeline.run(UntangleRequest(scan: request.scan)).plan
            guard plan.components.indices.contains(tangle - 1) else {
                throw SeamsError.input(
                    "there is no tangle \(tangle): seams untangle finds \(plan.components.count) in this code")
            }
            let component = plan.components[tangle - 1]
            guard let cut = component.cuts.first(where: { $0.order == order }) else {
                throw SeamsError.input("tangle \(tangle) has \(component.cuts.count) cuts; there is no cut \(order)")
            }
            (from, to, suggested) = (cut.from, cut.to, cut.recipe)
            why = " (cut \(tangle == 1 ? "" : "\(tangle).")\(order) of seams untangle)"
        case .blocker(let file, let line, let column):
            let report = try TestabilityPipeline.run(TestabilityRequest(scan: request.scan)).report
            let found = report.types.flatMap { type in type.blockers.map { (type, $0) } }.first {
                $0.1.file == file && $0.1.line == line && $0.1.column == column
            }
            guard let (type, blocker) = found else {
                throw SeamsError.input(
                    "no blocker of seams testability at \(file):\(line):\(column) (its JSON gives each blocker's file, line and column)"
                )
            }
            (from, to, suggested) = (type.id, blocker.target, blocker.recipe)
            why = " (blocker \(file):\(line):\(column) of seams testability)"
        }
        if let recipe = request.recipe { return (from, to, recipe, why) }
        guard let recipe = ApplyRecipe(suggested) else {
            throw SeamsError.input(
                "\(from) → \(to)\(why): its recipe, \(suggested.rawValue), is not one seams apply makes; "
                    + ManualSteps.text(suggested, from: from, to: to))
        }
        return (from, to, recipe, why)
    }

    /// Parameterize Constructor: the edge's reads of a shared instance, static property,
    /// global or accessor, grouped by what is read.
    static func injectThroughInit(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        let graph = frame.graph
        let (fromID, toID) = (frame.from.id, frame.to.id)
        let request = frame.request
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
        if groups.isEmpty { throw frame.refused(whyNothingToInject(from: fromID, to: toID, in: graph)) }
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
            guard let type = try valueType(of: first, in: graph, files: frame.files) else {
                throw frame.refused(
                    "seams cannot tell the type of \(first.path) (\(first.file):\(first.line)); "
                        + "declare its type where it is declared")
            }
            let mode =
                request.mode?.mode ?? (first.has(.stored) && !first.has(.mutable) ? .value : .provider)
            injections.append(
                Injection(
                    name: request.name ?? propertyName(first, type: type), type: type, mode: mode,
                    reads: uses.map { Position(file: $0.file, line: $0.line, column: $0.column) }))
        }
        // Where the type is declared and extended, and where it reads.
        let sources = try frame.sources(Set(injections.flatMap { $0.reads.map(\.file) }), extending: [frame.from])
        let target = InjectionTarget(
            name: frame.from.name,
            inheritsInitializers: inheritsInitializers(frame.from, in: graph, sources: sources))
        do {
            var rewrite = try InjectThroughInit.rewrite(target, injections: injections, sources: sources)
            rewrite.notes = notes + rewrite.notes
            let what = injections.map {
                "\($0.name): \($0.type) (\($0.mode.rawValue), \($0.reads.count) read\($0.reads.count == 1 ? "" : "s"))"
            }
            return (rewrite, sources, what.joined(separator: "; "))
        } catch {
            throw frame.refused(error.reason)
        }
    }

    /// The factory closure: the edge's construction sites, made through a closure FROM is given.
    static func factoryClosure(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        let edge = frame.graph.edges.first { $0.from == frame.from.id && $0.to == frame.to.id }
        let sites = (edge?.sites ?? []).filter { $0.kind == .construct }.map {
            Position(file: $0.file, line: $0.line, column: $0.column)
        }
        guard !sites.isEmpty else {
            throw frame.refused(
                "\(frame.from.id) does not make \(frame.to.id)"
                    + (edge.map { " (it uses it as " + $0.kinds.map(\.rawValue).joined(separator: ", ") + ")" } ?? ""))
        }
        if frame.to.external {
            throw frame.refused("\(frame.to.id) is not scanned code: seams cannot read its initializers")
        }
        let sources = try frame.sources(Set(sites.map(\.file)), extending: [frame.from, frame.to])
        do {
            let injection = try FactoryClosure.injection(
                of: frame.to.name, sites: sites, name: frame.request.name, sources: sources)
            let target = InjectionTarget(
                name: frame.from.name,
                inheritsInitializers: inheritsInitializers(frame.from, in: frame.graph, sources: sources))
            let rewrite = try InjectThroughInit.rewrite(target, injections: [injection], sources: sources)
            return (
                rewrite, sources,
                "\(injection.name): \(injection.type) (\(sites.count) construction\(sites.count == 1 ? "" : "s"))"
            )
        } catch {
            throw frame.refused(error.reason)
        }
    }

    /// Extract Interface: the edge's member sites give the protocol's members; its type sites
    /// in FROM's stored properties and parameters take the protocol.
    static func extractProtocol(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        guard let edge = frame.graph.edges.first(where: { $0.from == frame.from.id && $0.to == frame.to.id }) else {
            throw frame.refused("there is no edge \(frame.from.id) → \(frame.to.id)")
        }
        if frame.to.external {
            throw frame.refused("\(frame.to.id) is not scanned code: seams writes protocols of what it read")
        }
        func positions(_ kinds: Set<SiteKind>) -> [Position] {
            edge.sites.filter { kinds.contains($0.kind) }.map {
                Position(file: $0.file, line: $0.line, column: $0.column)
            }
        }
        if edge.sites.contains(where: { $0.kind == .inherit }) {
            throw frame.refused(
                "\(frame.from.name) inherits \(frame.to.name): a protocol cannot stand for a superclass")
        }
        let sites = ExtractProtocol.Sites(
            members: positions([.member]), types: positions([.type]), concrete: positions([.construct, .static, .cast]))
        let name = frame.request.name ?? (String(frame.to.name.split(separator: ".").last!) + "Protocol")
        let sources = try frame.sources(
            Set(edge.sites.map(\.file)), extending: [frame.from, frame.to])
        do {
            let rewrite = try ExtractProtocol.rewrite(
                from: frame.from.name, to: frame.to.name, protocolName: name, sites: sites, sources: sources)
            return (rewrite, sources, "protocol \(name)")
        } catch {
            throw frame.refused(error.reason)
        }
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
