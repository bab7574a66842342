import ArgumentParser
import Foundation
import SeamsKit

extension CheckFormat: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the dependencies against the rules in seams.yml; fail on cycles and forbidden dependencies.",
        discussion: """
            Runs the rules of seams.yml (or, with none, a check for dependency cycles) over the \
            scanned types, and reports each violation at its sites. Exit codes: 0 no error-severity \
            violation left, 1 violations (or stale baseline entries), 2 could not run (bad config, \
            nothing to scan, a Swift file not fully read and not allowed with --allow-skipped), 64 \
            usage error.

            A baseline records the violations of today by meaning (rule, from, to; a cycle's members), \
            so that a legacy app can adopt seams at once: only new violations fail, and fixed ones must \
            leave the baseline.

            Each --reporter can name the file its report goes to: `seams check --reporter text \
            --reporter sarif:seams.sarif` writes text to standard output and SARIF to seams.sarif. \
            --output names the file of a single report.

            EXAMPLES:
              seams check
              seams check App --write-baseline seams-baseline.json
              seams check --reporter sarif --output seams.sarif
              seams check --reporter codeclimate --output gl-code-quality-report.json
              seams check --reporter github --reporter junit:junit.xml
              seams check --strict --allow-stale
            """
    )

    @Argument(help: "Folders or .swift files to check.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @Option(
        help: ArgumentHelp(
            "Report format, and the file its report goes to after a colon (sarif:seams.sarif; default: standard output); repeatable (default: text).",
            valueName: "format[:file]"))
    var reporter: [ReportDestination] = []

    @Option(
        name: .shortAndLong,
        help:
            "Write the report to this file (with no --reporter, its format comes from the name: .sarif, .xml, .json, .md)."
    )
    var output: [String] = []

    @Option(
        help: "Accept the violations recorded in this file; only new ones fail (default: 'baseline:' in seams.yml).")
    var baseline: String?

    @Option(help: "Record every current violation in this file and pass.")
    var writeBaseline: String?

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    @Flag(help: "Report baseline entries that no longer match anything without failing.")
    var allowStale = false

    @Option(
        help: ArgumentHelp(
            "Pass even though files matching this glob could not be fully read (too large, not UTF-8, syntax errors…); repeatable.",
            valueName: "glob"))
    var allowSkipped: [String] = []

    func validate() throws {
        _ = try destinations()
        try Console.validateOutputPaths(try destinations().compactMap(\.path) + [writeBaseline].compactMap { $0 })
        if baseline != nil && writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline do not go together: writing records every violation")
        }
    }

    /// Where each report goes.
    func destinations() throws -> [ReportDestination] {
        guard output.count <= 1 else {
            throw ValidationError(
                "--output is given \(output.count) times: name each report's file as --reporter FORMAT:FILE")
        }
        return try ReporterDestinations.resolve(reporters: reporter, output: output.first)
    }

    func run() throws {
        let targets = try destinations()
        var request = CheckRequest(scan: source.request(paths: paths, cache: cache))
        request.baselinePath = baseline
        request.writeBaseline = writeBaseline
        request.holdBaseline = true
        request.strict = strict
        request.allowStale = allowStale
        request.allowSkipped = allowSkipped
        let outcome = try Console.orExit { try CheckPipeline.run(request) }
        Console.report(outcome.diagnosticText)
        Console.scopeWarning(outcome.scopeWarning)
        for note in outcome.notes { Console.status("note: \(note)") }
        // Every report (and the baseline asked for) rendered first, then written all or none.
        let reports = targets.map { target -> (bytes: Data, path: String?) in
            let colors = target.format == .text && target.path == nil && Console.stdoutWantsColor
            return (outcome.report(as: target.format, colors: colors), target.path)
        }
        let baselineFile = outcome.baselineBytes.map { (bytes: $0, path: Optional(outcome.baselineWritten!)) }
        try Console.emit(reports + [baselineFile].compactMap { $0 })
        if let written = outcome.baselineWritten {
            Console.status("wrote \(outcome.violationCount) violation(s) to the baseline \(written)")
        }
        Console.status(outcome.summaryLine)
        if outcome.baselineWritten == nil && outcome.failed { throw ExitCode(1) }
    }
}

/// One `--reporter` value: a format, and the file its report goes to (`sarif:seams.sarif`), or
/// standard output when none is named.
struct ReportDestination: ExpressibleByArgument, Equatable {
    var format: CheckFormat
    var path: String?

    init(format: CheckFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }

    init?(argument: String) {
        let name = argument.prefix { $0 != ":" }
        guard let format = CheckFormat(rawValue: String(name)) else { return nil }
        self.format = format
        if name.count < argument.count {
            let path = String(argument.dropFirst(name.count + 1))
            guard !path.isEmpty else { return nil }
            self.path = path
        }
    }

    static var allValueStrings: [String] { CheckFormat.allValueStrings }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Where each report goes: each `--reporter` names its own file (`FORMAT:FILE`), and `--output`
/// is the file of the one report when a single format is asked for (or inferred from its name).
enum ReporterDestinations {
    static func resolve(reporters: [ReportDestination], output: String?) throws -> [ReportDestination] {
        var targets = reporters
        if let output {
            switch targets.count {
            case 0:
                targets = [ReportDestination(format: CheckFormat.format(forPath: output) ?? .text, path: output)]
            case 1 where targets[0].path == nil:
                targets[0].path = output
            case 1:
                throw ValidationError(
                    "--reporter \(targets[0].format.rawValue) already names its file \(targets[0].path!): drop --output"
                )
            default:
                throw ValidationError(
                    "--output is the file of a single report: with several --reporter, name each one's file as "
                        + "--reporter FORMAT:FILE (e.g. --reporter github --reporter sarif:seams.sarif)")
            }
        }
        if targets.isEmpty { targets = [ReportDestination(format: .text)] }
        let toStdout = targets.filter { $0.path == nil }
        if toStdout.count > 1 {
            throw ValidationError(
                "\(toStdout.map(\.format.rawValue).joined(separator: " and ")) would both write to standard output: "
                    + "name a file for all but one, as --reporter FORMAT:FILE")
        }
        let paths = targets.compactMap(\.path)
        if Set(paths).count != paths.count {
            throw ValidationError("two reporters would write to the same file")
        }
        return targets
    }
}
