import Foundation
import SeamsProject
import SeamsGraph
import SeamsRules
import SeamsReport
import SeamsScanner

/// What to scan and how to report it.
public struct ScanRequest: Sendable {
    public var paths: [String]
    public var excludes: [String] = []
    /// An explicit config file; by default `seams.yml` at the scan root, if there is one.
    public var configPath: String?
    /// Whether a config is read at all (`seams init` describes the code afresh).
    public var readsConfig = true
    public var includeExternal = false
    public var granularity: Level = .type
    public var maxFileBytes = 10 << 20
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Xcode targets to scan; with none given, `targets:` of the config, else all.
    public var targets: [String] = []
    public var manifest: ManifestReading = .auto
    /// The folder relative paths start from; the current directory by default.
    public var workingDirectory: String?
    /// Where facts and sites of files seen before are kept; nil: no cache.
    public var cache: DiskCache?

    public init(paths: [String]) {
        self.paths = paths.isEmpty ? ["."] : paths
    }
}

public struct ScanOutcome: Sendable {
    public var graph: Graph
    public var statistics: ScanStatistics
    public var config: SeamsConfig
    /// Where the modules came from: `NetNewsWire.xcodeproj (8 targets) and 17 packages (…)`.
    public var origin: String
    /// The files given to the scanner, as the graph names them.
    public var scannedFiles: [String]
}

/// discover → scan → graph: the pipeline every command starts with.
public enum ScanPipeline {
    public static func run(_ request: ScanRequest) throws -> ScanOutcome {
        try runKeepingConfigProblems(request, failFast: true).0
    }

    /// The scan, even when the config has problems that do not stop it (a misspelt rule), so
    /// that `check` can report them together with those only the scanned code reveals.
    static func runKeepingConfigProblems(
        _ request: ScanRequest, failFast: Bool = false
    ) throws -> (ScanOutcome, [ConfigProblem]) {
        let cwd = request.workingDirectory ?? FileManager.default.currentDirectoryPath
        // One folder named: paths are relative to it. Several: to the current directory.
        var root = cwd
        var rootLabel = "."
        if request.paths.count == 1 {
            let abs = PathTools.absolute(request.paths[0], base: cwd)
            if PathTools.isDirectory(abs) == true {
                root = abs
                rootLabel = request.paths[0]
            }
        }
        let (config, problems) =
            request.readsConfig ? try loadConfig(request.configPath, root: root, cwd: cwd) : (SeamsConfig(), [])
        if failFast && !problems.isEmpty { throw SeamsError.config(ConfigError(problems: problems)) }
        do {
            // What the scan frees waits until its result is out (`Discard.holding`).
            let outcome = try Discard.holding {
                try scan(request, config: config, root: root, rootLabel: rootLabel, cwd: cwd)
            }
            return (outcome, problems)
        } catch is SeamsError where !problems.isEmpty {
            // Nothing to scan may well be the config's doing (an exclude too wide): that first.
            throw SeamsError.config(ConfigError(problems: problems))
        }
    }

    private static func scan(
        _ request: ScanRequest, config: SeamsConfig, root: String, rootLabel: String, cwd: String
    ) throws -> ScanOutcome {
        let discoverStart = DispatchTime.now()
        var discovery = Discovery(root: root, config: config, extraExcludes: request.excludes)
        discovery.targets = request.targets.isEmpty ? config.targets : request.targets
        discovery.manifest = request.manifest.mode
        let cache = usableCache(request, cwd: cwd)
        if let cache { DispatchQueue.global(qos: .userInitiated).async { cache.openPacks() } }
        discovery.manifestAnswers = cache
        // The last scan of this place is read while its files are found.
        let place = [root, rootLabel, cwd, request.paths.joined(separator: "\u{0}")].joined(separator: "\u{1}")
        let prefetched = cache.map { SnapshotPrefetch(place: place, cache: $0) }
        // Facts are collected on the core the walk leaves idle (not when one thread is asked for).
        let ahead = request.threads > 1 ? CollectAhead(maxFileBytes: request.maxFileBytes, cache: cache) : nil
        defer { ahead?.close() }
        discovery.ahead = ahead
        let (found, remembered) = try discover(
            &discovery, request, root: root, rootLabel: rootLabel, cwd: cwd, cache: cache)
        if found.files.isEmpty {
            let scope = found.scope
            let why =
                scope.found == 0
                ? "no Swift files found in \(request.paths.joined(separator: ", "))"
                : "none of the \(scope.found) Swift files found in \(request.paths.joined(separator: ", ")) is to be scanned"
                    + (ScanOutcome.scopeWarning(scope).map { " (\($0))" } ?? "")
            throw SeamsError.nothingToScan(why, diagnostics: found.diagnostics)
        }
        let input = ScanInput(
            root: rootLabel, files: found.files, units: found.units, maxFileBytes: request.maxFileBytes)
        let discoverSeconds = secondsSince(discoverStart)
        var (graph, stats) = Scanner.scan(
            input, threads: request.threads, cache: cache, place: place, prefetched: prefetched, ahead: ahead)
        // Last: the scan's snapshot is written meanwhile, on another thread.
        defer { cache?.finish() }
        stats.discoverSeconds = discoverSeconds
        stats.discoveryRemembered = remembered
        let finishStart = DispatchTime.now()
        if stats.filesScanned == 0 {
            throw SeamsError.nothingToScan(
                "none of the \(found.files.count) Swift files could be read",
                diagnostics: graph.diagnostics + found.diagnostics)
        }
        graph = graph.adding(diagnostics: found.diagnostics)
        let scope = withUnread(found.scope, given: found.files.map(\.path), diagnostics: graph.diagnostics)
        // Before the view: PreviewProvider is an external type.
        graph = roles(graph, files: found.files)
        // Handed over, so that the view drops externals in place.
        var viewed = view(consume graph, as: request, config: config)
        viewed.scope = scope
        stats.finishSeconds = secondsSince(finishStart)
        return ScanOutcome(
            graph: viewed, statistics: stats, config: config, origin: found.origin,
            scannedFiles: found.files.map(\.path).sortedUnique())
    }

    /// The files to scan and their units: as the cache remembers them when no path discovery
    /// asked about last time has changed (`DiscoveryMemo`; then true), else found anew (and
    /// remembered).
    private static func discover(
        _ discovery: inout Discovery, _ request: ScanRequest, root: String, rootLabel: String, cwd: String,
        cache: DiskCache?
    ) throws -> (InputMemo, Bool) {
        let memo = cache.map { DiscoveryMemo(cache: $0, root: root, rootLabel: rootLabel, cwd: cwd, request: request) }
        if let known = memo?.recall() { return (known, true) }
        let start = DiscoveryMemo.now()
        try discovery.run(paths: request.paths, cwd: cwd)
        // The config decides what is excluded and which module a file is in.
        let config = request.readsConfig ? [configFile(request.configPath, root: root, cwd: cwd)] : []
        memo?.store(discovery, extraPaths: config, start: start)
        let found = InputMemo(
            paths: [], states: [], files: discovery.files, units: discovery.units, diagnostics: discovery.diagnostics,
            origin: discovery.origin, scope: discovery.scope)
        return (found, false)
    }

    /// The scope with the files the scanner could not read at all moved from scanned to unread.
    private static func withUnread(_ scope: ScanScope, given: [String], diagnostics: [Diagnostic]) -> ScanScope {
        let unreadFiles = Set(diagnostics.filter(\.unread).compactMap(\.file)).intersection(given)
        guard !unreadFiles.isEmpty else { return scope }
        return ScanScope(
            found: scope.found, scanned: scope.scanned - unreadFiles.count, sources: scope.sources,
            leftOut: scope.leftOut + ScanScope.leftOut(Array(unreadFiles), reason: .unread))
    }

    /// The graph with its test, generated and preview nodes marked: test files as the project
    /// layer placed them, generated ones by their content (read again: a header is a few bytes).
    static func roles(_ graph: Graph, files: [SourceFile]) -> Graph {
        let testFiles = Set(files.filter(\.test).map { $0.module + "\u{0}" + $0.path })
        let others = files.filter { !$0.test }
        let generated = ConcurrentMap.run(others.count) { GeneratedCode.marker(ofFile: others[$0].location) != nil }
        let generatedFiles = Set(zip(others, generated).filter(\.1).map(\.0.path))
        return graph.markingRoles(testFiles: testFiles, generatedFiles: generatedFiles)
    }

    /// The scanned graph as the request shows it: external types dropped unless it or the config
    /// keeps them, nodes grouped at its granularity.
    static func view(_ graph: consuming Graph, as request: ScanRequest, config: SeamsConfig) -> Graph {
        var kept = graph
        if !(request.includeExternal || config.includeExternal) { kept.removeExternal() }
        return kept.regrouped(by: request.granularity.granularity)
    }

    /// The request's cache, unless it lies inside a scanned folder: seams never writes into
    /// the scanned tree unless asked. Compared where each leads, links followed: a cache folder
    /// that is a link into the tree, or a tree named by a link, is still inside it.
    private static func usableCache(_ request: ScanRequest, cwd: String) -> DiskCache? {
        guard let cache = request.cache else { return nil }
        if cache.diskless { return cache }
        let folder = PathTools.absolute(cache.root, base: cwd)
        for path in request.paths {
            if PathTools.isWithin(folder, PathTools.absolute(path, base: cwd)) {
                cache.report(
                    "warning: the cache folder \(cache.root) is inside the scanned folder \(path); scanning without "
                        + "the cache (choose another with --cache-dir)")
                return nil
            }
        }
        return cache
    }

    /// The config file a scan reads: the one named (relative to `cwd`), else `seams.yml` at the
    /// scan root.
    static func configFile(_ explicit: String?, root: String, cwd: String) -> String {
        explicit.map { PathTools.absolute($0, base: cwd) } ?? root + "/" + SeamsConfig.fileName
    }

    static func loadConfig(_ explicit: String?, root: String, cwd: String) throws -> (SeamsConfig, [ConfigProblem]) {
        let path = configFile(explicit, root: root, cwd: cwd)
        if let explicit {
            if let isDir = PathTools.isDirectory(path) {
                guard !isDir else {
                    throw SeamsError.config(
                        ConfigError(problems: [
                            ConfigProblem(
                                file: explicit, line: 1, column: 1,
                                message:
                                    "is a folder; name the config file itself (\(explicit)/\(SeamsConfig.fileName)?)")
                        ]))
                }
            } else {
                throw SeamsError.config(
                    ConfigError(problems: [
                        ConfigProblem(file: explicit, line: 1, column: 1, message: "config file not found")
                    ]))
            }
        } else {
            guard PathTools.isDirectory(path) == false else { return (SeamsConfig(), []) }
        }
        let display = PathTools.display(path, base: cwd)
        do {
            var (config, problems) = try SeamsConfig.loadKeepingProblems(path: path)
            config.path = display
            for i in problems.indices { problems[i].file = display }
            return (config, problems)
        } catch let error as ConfigError {
            var e = error
            for i in e.problems.indices { e.problems[i].file = PathTools.display(path, base: cwd) }
            throw SeamsError.config(e)
        }
    }
}

func secondsSince(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// What `seams scan` writes.
public enum ScanFormat: String, CaseIterable, Sendable {
    case json, text
}

extension ScanOutcome {
    /// The scan as JSON (schema 2; `uses` only when asked) or as text.
    public func bytes(_ format: ScanFormat, uses: Bool = false) -> Data {
        switch format {
        case .json: return GraphJSONReporter.data(uses ? graph : graph.withoutUses())
        case .text: return Data(GraphTextReporter.render(graph).utf8)
        }
    }

    /// What was scanned, in one line.
    public var summary: String {
        let unread = Set(graph.diagnostics.filter(\.unread).map { $0.file ?? "" }).count
        return
            "scanned \(statistics.filesScanned) files (\(statistics.lines) lines) in \(graph.modules.count) modules: "
            + "\(graph.nodes.count) nodes, \(graph.edges.count) edges, \(graph.diagnostics.count) diagnostics"
            + (unread > 0 ? " (\(unread) path\(unread == 1 ? "" : "s") not fully read)" : "")
            + "; modules from \(origin)"
    }

    /// What was scanned of what was found, in one line: `scope: 25 of 1359 Swift files found scanned; …`.
    public var scopeLine: String? {
        guard let scope = graph.scope else { return nil }
        let reasons = scope.leftOutByReason.filter { $0.value > 0 }.sorted { $0.key < $1.key }
            .map { "\($0.value) \(Self.phrase($0.key))" }
        return "scope: \(scope.scanned) of \(scope.found) Swift files found scanned"
            + (reasons.isEmpty ? "" : "; left out: \(reasons.joined(separator: ", "))")
    }

    /// A warning when less than 90% of the Swift files found (excludes aside) were scanned, naming the three
    /// folders with most files left out and what would scan them; nil otherwise.
    public var scopeWarning: String? { Self.scopeWarning(graph.scope) }

    /// The warning of `scopeWarning`, for any command's scan.
    public static func scopeWarning(_ scope: ScanScope?) -> String? {
        guard let scope, scope.share < 0.9 else { return nil }
        var byFolder: [String: [(ScanScope.Reason, Int)]] = [:]
        for l in scope.leftOut where l.reason != .excluded {
            byFolder[l.folder, default: []].append((l.reason, l.files))
        }
        let top = byFolder.map { (folder: $0.key, files: $0.value.reduce(0) { $0 + $1.1 }, parts: $0.value) }
            .sorted { ($0.files, $1.folder) > ($1.files, $0.folder) }.prefix(3)
        let percent = Int((scope.share * 100).rounded(.down))
        var out =
            "only \(scope.scanned) of the \(scope.expected) Swift files found (excludes aside) were scanned "
            + "(\(percent)%); the results "
            + "describe that part only. Most left out:"
        for t in top {
            let main = t.parts.max { ($0.1, $1.0) < ($1.1, $0.0) }!.0
            out += "\n  \(t.folder == "." ? "(root)" : t.folder + "/"): \(t.files) files, \(main.remedy)"
        }
        return out
    }

    private static func phrase(_ reason: ScanScope.Reason) -> String {
        switch reason {
        case .excluded: return "excluded"
        case .nestedPackage: return "in nested packages"
        case .noTarget: return "that no target compiles"
        case .notChosen: return "of targets not chosen"
        case .unread: return "unread"
        }
    }

    /// What the scan found on the way (unreadable files, …), a line each, for stderr.
    public var diagnosticText: String { DiagnosticText.lines(graph.diagnostics) }
}

/// Diagnostics as compilers write them, `file:line:col: warning: …`, a line each.
public enum DiagnosticText {
    /// With `noteUnread`, a last line says when some Swift code was not fully read.
    public static func lines(_ diagnostics: [Diagnostic], noteUnread: Bool = true) -> String {
        diagnostics.map { DiagnosticFormatter.line($0) + "\n" }.joined()
            + ((noteUnread ? unreadNote(diagnostics) : nil).map { "seams: note: \($0)\n" } ?? "")
    }

    /// A line to end the diagnostics with when some Swift code was not fully read, or nil.
    public static func unreadNote(_ diagnostics: [Diagnostic]) -> String? {
        let paths = Set(diagnostics.filter(\.unread).map { $0.file ?? "" })
        guard !paths.isEmpty else { return nil }
        return "\(paths.count) path\(paths.count == 1 ? "" : "s") not fully read (above): what they hold is missing "
            + "from the results, and `seams check` fails on them unless excluded or allowed (--allow-skipped)"
    }
}
