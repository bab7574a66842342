import Foundation
import SeamsGraph
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
}
