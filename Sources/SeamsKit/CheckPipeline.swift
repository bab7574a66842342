import Foundation
import SeamsProject
import SeamsGraph
import SeamsReport
import SeamsRules

/// What `seams check` runs, and with what baseline.
public struct CheckRequest: Sendable {
    public var scan: ScanRequest
    /// A baseline to apply, relative to the working directory; else the config's `baseline:`.
    public var baselinePath: String?
    /// Record the current violations here instead of applying a baseline.
    public var writeBaseline: String?
    /// Leave the baseline's bytes in the outcome (`baselineBytes`) for the caller to write
    /// together with its reports, all or none, rather than writing it here.
    public var holdBaseline = false
    public var strict = false
    public var allowStale = false
    /// Globs of files the check may pass without having fully read (`--allow-skipped`), with
    /// `allow-skipped:` of the config.
    public var allowSkipped: [String] = []

    public init(scan: ScanRequest) {
        self.scan = scan
    }
}

public struct CheckOutcome: Sendable {
    public var result: CheckResult
    /// What the scan found on the way (unreadable files, …), for stderr.
    public var diagnostics: [Diagnostic]
    /// Remarks for stderr: default rules used, patterns that match nothing.
    public var notes: [String]
    public var baselineWritten: String?
    /// The baseline to write at `baselineWritten`, when the request held it (`holdBaseline`).
    public var baselineBytes: Data?
    /// The scan the check ran on (types, externals included), for `seams watch --map`.
    var scanned: ScanOutcome?

    /// The warning when the scan read little of what it found.
    public var scopeWarning: String? { ScanOutcome.scopeWarning(scanned?.graph.scope) }

    /// Unread files reach this far only when allowed: `notes` says so.
    public var diagnosticText: String { DiagnosticText.lines(diagnostics, noteUnread: false) }

    /// The report in one format; reporters never decide the exit code.
    public func report(as format: CheckFormat, colors: Bool = false) -> Data {
        Data(format.reporter.render(result, colors: colors).utf8)
    }

    /// `3 violations (1 new) of 5 rules …`: the line a check ends with.
    public var summaryLine: String { result.summaryLine }

    /// Whether the check fails: an error (or with strict, a warning) not in the baseline, or a
    /// stale baseline entry.
    public var failed: Bool { result.failed }

    /// How many violations were found, baselined ones included.
    public var violationCount: Int { result.violations.count }
}

/// scan → rules → baseline: the check every reporter reports on.
public enum CheckPipeline {
    /// The rule run when a config has none: cycles are what every tangled codebase has first.
    public static let defaultRules: [RuleSpec] = [RuleSpec(id: "no-cycles", kind: NoCyclesRule.description.kind)]

    public static func run(_ request: CheckRequest) throws -> CheckOutcome {
        var scan = request.scan
        // Rules may name UIKit or Foundation types; rules that count only the app's own types drop them.
        scan.includeExternal = true
        scan.granularity = .type
        let (outcome, configProblems) = try ScanPipeline.runKeepingConfigProblems(scan)
        var config = outcome.config
        // Every problem at once: the config's own, module names the scan does not know, the baseline.
        var problems = configProblems + RuleEngine.problems(config, against: outcome.graph)
        var notes: [String] = []
        if config.effectiveRules.isEmpty && problems.isEmpty {
            config.rules = defaultRules
            notes.append(
                "no rules in \(config.path ?? "a seams.yml"): checking for dependency cycles (no-cycles); "
                    + "add 'rules:' to say more")
        }
        let cwd = request.scan.workingDirectory ?? FileManager.default.currentDirectoryPath
        var options = RuleEngine.Options()
        options.strict = request.strict
        options.allowStale = request.allowStale
        if request.writeBaseline == nil, let (path, display, location) = baselineFile(request, config: config, cwd: cwd)
        {
            if let location, let configPath = config.path, !FileManager.default.fileExists(atPath: path) {
                problems.append(
                    ConfigProblem(
                        file: configPath, at: location,
                        "baseline file \(display) does not exist; write it with --write-baseline \(display)"))
            } else {
                do {
                    options.baseline = try Baseline.load(path: path, display: display)
                    options.baselinePath = display
                } catch let error as ConfigError {
                    problems += error.problems
                }
            }
        }
        if !problems.isEmpty { throw SeamsError.config(ConfigError(problems: problems)) }
        let unread = unreadFiles(
            outcome.graph.diagnostics, allowed: config.allowSkipped + request.allowSkipped.map(Glob.init))
        if !unread.isEmpty { throw SeamsError.unread(unread) }
        let allowed = Set(outcome.graph.diagnostics.filter(\.unread).map { $0.file ?? "" }).count
        if allowed > 0 {
            notes.append(
                "\(allowed) path\(allowed == 1 ? "" : "s") not fully read, allowed by --allow-skipped or 'allow-skipped:': "
                    + "the check did not see what they hold")
        }
        var result: CheckResult
        do {
            result = try RuleEngine.check(outcome.graph, config: config, options: options)
        } catch let error as ConfigError {
            throw SeamsError.config(error)
        }
        // Reports name files relative to the folder seams runs in (SARIF's %SRCROOT%, GitHub's
        // checkout) whatever form PATH had: `/abs/repo/Sources` in /abs/repo reads `Sources`.
        if result.root.hasPrefix("/") { result.root = PathTools.display(result.root, base: cwd) }
        notes += result.notes
        var written: String?
        var held: Data?
        if let target = request.writeBaseline {
            let bytes = Baseline(violations: result.violations).encoded()
            if request.holdBaseline {
                held = bytes
            } else {
                try AtomicFile.write(bytes, to: PathTools.absolute(target, base: cwd))
            }
            written = target
        }
        return CheckOutcome(
            result: result, diagnostics: outcome.graph.diagnostics, notes: notes, baselineWritten: written,
            baselineBytes: held, scanned: outcome)
    }

    /// What the scan did not fully read and nothing allows: a check must not pass on it.
    static func unreadFiles(_ diagnostics: [Diagnostic], allowed: [Glob]) -> [Diagnostic] {
        diagnostics.filter { d in d.unread && !allowed.contains { $0.matches(d.file ?? "") } }.sorted()
    }

    /// The baseline to read: --baseline from the working directory, or `baseline:` beside the config.
    static func baselineFile(
        _ request: CheckRequest, config: SeamsConfig, cwd: String
    ) -> (path: String, display: String, location: ConfigLocation?)? {
        if let given = request.baselinePath {
            return (PathTools.absolute(given, base: cwd), given, nil)
        }
        guard let written = config.baseline, let configPath = config.path else { return nil }
        let configDir = URL(fileURLWithPath: PathTools.absolute(configPath, base: cwd)).deletingLastPathComponent().path
        let path = PathTools.absolute(written, base: configDir)
        return (path, PathTools.display(path, base: cwd), config.baselineLocation)
    }
}
