import Foundation
import SeamsGraph
import SeamsProject
import SeamsReport
import SeamsRules

/// A scanned codebase to check rules written in code against (`ArchitectureRule`): the front
/// door of SeamsKit for test libraries and scripts. Scan once, check many rules.
public final class ScannedCode: @unchecked Sendable {
    /// The absolute folder the scan's file names are relative to.
    public let root: String
    /// The modules of the scanned code, sorted.
    public let modules: [String]
    let graph: Graph
    /// The graph as rules read it, shared by every check: the views a rule asks for and the
    /// testability report (judged with the scan's config, its `services:` included) are made once.
    private let context: RuleContext
    /// RuleContext fills its caches as rules ask: one check at a time.
    private let checking = NSLock()
    /// The module of each declaring file, for the names test frameworks give files.
    private let moduleOfFile: [String: String]

    /// `config` is the scanned code's seams.yml: its rules are never run here.
    init(graph: Graph, root: String, config: SeamsConfig = SeamsConfig()) {
        self.graph = graph
        self.root = root
        self.modules = graph.modules.map(\.name).sorted()
        var config = config
        config.rules = []
        self.context = RuleContext(graph: graph, config: config)
        var moduleOfFile: [String: String] = [:]
        for node in graph.nodes {
            if let file = node.file, let module = node.module, moduleOfFile[file] == nil { moduleOfFile[file] = module }
        }
        self.moduleOfFile = moduleOfFile
    }

    /// Scans folders or files, as `seams check` would: external types included, the type level,
    /// `seams.yml` at the root read for its modules, excludes and targets (its rules are not run).
    public static func scan(_ request: ScanRequest) throws -> ScannedCode {
        var request = request
        request.includeExternal = true
        request.granularity = .type
        let cwd = request.workingDirectory ?? FileManager.default.currentDirectoryPath
        let outcome = try ScanPipeline.run(request)
        return ScannedCode(
            graph: outcome.graph, root: PathTools.absolute(outcome.graph.root, base: cwd), config: outcome.config)
    }

    /// A scan saved by `seams scan --output scan.json`. Its file names are taken relative to the
    /// scan's root as recorded, from the folder the JSON file is in.
    public static func load(savedScan path: String) throws -> ScannedCode {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SeamsError.input("\(path) cannot be read")
        }
        let graph: Graph
        do {
            graph = try GraphJSONReporter.decode(data)
        } catch {
            throw SeamsError.input("\(path) is not a scan saved by `seams scan`: \(error)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return ScannedCode(graph: graph, root: PathTools.absolute(graph.root, base: folder))
    }

    /// The ids of the scanned types a selection picks (extensions and file scopes aside when not asked).
    public func typeIDs(_ selection: TypeSelection) throws -> [String] {
        let matcher = try matcher(for: selection)
        return graph.nodes.filter { !$0.external && $0.kind != .fileScope && matcher.matches($0) }.map(\.id).sorted()
    }

    /// Checks one rule. With a baseline (the format of `seams check --baseline`; a relative path
    /// is taken from the current folder), the violations it records are accepted and its
    /// entries of this rule that match nothing fail as stale. With `record`, the rule's
    /// violations are written into the baseline instead (other rules' entries are kept).
    public func check(_ rule: ArchitectureRule, baseline: String? = nil, record: Bool = false) throws -> RuleVerdict {
        let failures = problems(of: rule)
        if !failures.isEmpty { return RuleVerdict(rule: rule.id, failures: failures, baselined: 0) }
        var spec = try self.spec(for: rule)
        spec.because = rule.because
        checking.lock()
        defer { checking.unlock() }
        var violations = RuleCatalog.rule(for: spec)?.violations(in: context) ?? []
        violations.sort { ($0.location, $0.summary) < ($1.location, $1.summary) }
        // A selection that matches nothing is a mistake; the modules onlyDependOn forbids are
        // worked out here, and may rightly be none.
        var asWritten = spec
        if case .onlyDependOn = rule.body { asWritten.to = nil }
        let unmatched = RuleEngine.unmatched(asWritten, context: context).map { note in
            RuleFinding(message: "\(note): the rule checks nothing [\(rule.id)]")
        }
        var verdict = RuleVerdict(rule: rule.id, failures: unmatched, baselined: 0)
        if let baseline {
            let path = PathTools.absolute(baseline, base: FileManager.default.currentDirectoryPath)
            if record {
                try Self.record(violations, of: rule.id, into: path)
                verdict.recorded = path
                return verdict
            }
            let loaded = try Self.loadBaseline(path).restricted(to: [rule.id])
            let marked = RuleEngine.apply(loaded, to: violations, specs: [spec], context: context, file: path)
            violations = marked.violations
            verdict.baselined = violations.filter(\.baselined).count
            verdict.failures += marked.stale.map { s in
                RuleFinding(
                    message: "\(CheckWording.stale(s)) [\(rule.id)]", path: path, file: nil,
                    line: max(s.location.line, 1), column: max(s.location.column, 1), module: nil)
            }
        }
        verdict.failures += violations.filter { !$0.baselined }.map(finding)
        return verdict
    }

    private func finding(_ v: Violation) -> RuleFinding {
        let message = "\(CheckWording.message(v)) [\(v.rule)]"
        guard v.location.inSources, !v.location.file.isEmpty else {
            return RuleFinding(message: message)
        }
        let module =
            moduleOfFile[v.location.file] ?? v.from.flatMap { context.node($0)?.module }
        return RuleFinding(
            message: message, path: PathTools.absolute(v.location.file, base: root), file: v.location.file,
            line: max(v.location.line, 1), column: max(v.location.column, 1), module: module)
    }

    // MARK: From rules in code to rule specs

    /// Modules a rule names that the scan does not have: the rule would check nothing.
    private func problems(of rule: ArchitectureRule) -> [RuleFinding] {
        var named: [String] = []
        switch rule.body {
        case .forbidden(let from, let to), .only(let from, let to):
            named = (from.modules ?? []) + (to.modules ?? [])
        case .onlyDependOn(let selection, let modules): named = (selection.modules ?? []) + modules
        case .noCycles(let selection, _), .maxDependencies(let selection, _), .testable(let selection):
            named = selection.modules ?? []
        case .layers(let layers): named = layers.flatMap { $0 }
        case .independent(let modules): named = modules
        }
        let known = Set(modules)
        var seen = Set<String>()
        return named.filter { !known.contains($0) && seen.insert($0).inserted }.map { name in
            RuleFinding(
                message: "module '\(name)' matches nothing in the scanned code"
                    + Suggestion.hint(for: name, in: modules, listing: "modules") + " [\(rule.id)]")
        }
    }

    private func spec(for rule: ArchitectureRule) throws -> RuleSpec {
        func make(_ kind: String) -> RuleSpec { RuleSpec(id: rule.id, kind: kind) }
        switch rule.body {
        case .forbidden(let from, let to):
            var spec = make(ForbiddenRule.description.kind)
            spec.from = try matcher(for: from)
            spec.to = try matcher(for: to)
            return spec
        case .only(let from, let to):
            var spec = make(OnlyRule.description.kind)
            spec.from = try matcher(for: from)
            spec.to = try matcher(for: to)
            return spec
        case .onlyDependOn(let selection, let allowed):
            var spec = make(ForbiddenRule.description.kind)
            let from = try matcher(for: selection)
            spec.from = from
            let own = Set(graph.nodes.filter { !$0.external && from.matches($0) }.compactMap(\.module))
            let others = modules.filter { !own.contains($0) && !allowed.contains($0) }
            // With every module allowed, a pattern nothing matches: there is nothing to forbid.
            spec.to = others.isEmpty ? Matcher(type: TypePattern.nothing) : Matcher(modules: others)
            return spec
        case .noCycles(let selection, let scope):
            var spec = make(NoCyclesRule.description.kind)
            spec.scope = scope.granularity
            if selection != .all { spec.from = try matcher(for: selection) }
            return spec
        case .layers(let layers):
            var spec = make(LayersRule.description.kind)
            spec.layers = layers
            return spec
        case .independent(let modules):
            var spec = make(IndependentRule.description.kind)
            spec.modules = modules
            return spec
        case .maxDependencies(let selection, let limit):
            var spec = make(MaxDependenciesRule.description.kind)
            spec.from = try matcher(for: selection)
            spec.limit = limit
            return spec
        case .testable(let selection):
            var spec = make(TestableRule.description.kind)
            spec.from = try matcher(for: selection)
            return spec
        }
    }

    /// The seams.yml matcher of a selection. Conformance is read off the scanned graph here, as
    /// the ids of the types that conform, since a matcher looks at one node at a time.
    func matcher(for selection: TypeSelection) throws -> Matcher {
        var matcher = Matcher(
            type: try selection.namePattern.map(pattern), modules: selection.modules,
            paths: selection.folders?.map(Glob.init), kinds: selection.kinds?.map(\.node))
        if let supertypes = selection.conformingTo {
            let ids = conforming(to: supertypes).filter { context.node($0).map(matcher.matches) ?? false }.sorted()
            matcher.type =
                ids.isEmpty ? TypePattern.nothing : try TypePattern(ids.map(Self.escaped).joined(separator: "|"))
        }
        return matcher
    }

    private func pattern(_ text: String) throws -> TypePattern {
        do {
            return try TypePattern(text)
        } catch {
            throw SeamsError.input("'\(text)' is not a regular expression: \(error)")
        }
    }

    /// The scanned types that inherit from or conform to one of `names`, through supertypes and
    /// through extensions that add the conformance.
    private func conforming(to names: [String]) -> Set<String> {
        graph.subtypes(of: Set(names))
    }

    private static func escaped(_ id: String) -> String {
        var out = ""
        for c in id {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    // MARK: Baselines

    private static func loadBaseline(_ path: String) throws -> Baseline {
        do {
            return try Baseline.load(path: path, display: path)
        } catch let error as ConfigError {
            throw SeamsError.config(error)
        }
    }

    /// Tests run side by side and may record into one baseline: one read-change-write at a time.
    private static let recording = NSLock()

    private static func record(_ violations: [Violation], of rule: String, into path: String) throws {
        recording.lock()
        defer { recording.unlock() }
        var entries: [BaselineEntry] = []
        if FileManager.default.fileExists(atPath: path) {
            entries = try loadBaseline(path).entries.filter { $0.rule != rule }
        }
        entries += violations.map(\.key)
        try AtomicFile.write(Baseline(entries: entries).encoded(), to: path)
    }
}
