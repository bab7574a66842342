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

            Each --output belongs to the --reporter before it: `seams check --reporter text --reporter \
            sarif --output seams.sarif` writes text to standard output and SARIF to seams.sarif.

            EXAMPLES:
              seams check
              seams check App --write-baseline seams-baseline.json
              seams check --reporter sarif --output seams.sarif
              seams check --reporter codeclimate --output gl-code-quality-report.json
              seams check --reporter github --reporter junit --output junit.xml
              seams check --strict --allow-stale
            """
    )

    @Argument(help: "Folders or .swift files to check.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @Option(
        help: ArgumentHelp(
            "Report format; repeatable (default: text).",
            valueName: "format"))
    var reporter: [CheckFormat] = []

    @Option(name: .shortAndLong, help: "Write the report of the --reporter before it to this file; repeatable.")
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
        try Console.validateOutputPaths(output + [writeBaseline].compactMap { $0 })
        if baseline != nil && writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline do not go together: writing records every violation")
        }
    }

    /// Where each report goes: each --output belongs to the --reporter before it, as written.
    func destinations() throws -> [(reporter: CheckFormat, path: String?)] {
        try ReporterDestinations.pair(
            reporters: reporter, outputs: output, arguments: Array(CommandLine.arguments.dropFirst()))
    }

    func run() throws {
        let targets = try destinations()
        var request = CheckRequest(scan: source.request(paths: paths))
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
            let colors = target.reporter == .text && target.path == nil && Console.stdoutWantsColor
            return (outcome.report(as: target.reporter, colors: colors), target.path)
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

/// Pairs `--reporter` and `--output` options by their order on the command line.
enum ReporterDestinations {
    static func pair(
        reporters: [CheckFormat], outputs: [String], arguments: [String]
    ) throws -> [(reporter: CheckFormat, path: String?)] {
        if reporters.isEmpty {
            guard outputs.count <= 1 else {
                throw ValidationError("several --output files but no --reporter: name the format of each")
            }
            let inferred = outputs.first.flatMap(CheckFormat.format(forPath:)) ?? .text
            return [(inferred, outputs.first)]
        }
        // The options in the order written; ArgumentParser has already checked their values.
        var order: [(isReporter: Bool, value: String)] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--" { break }
            for (name, isReporter) in [("--reporter", true), ("--output", false), ("-o", false)] {
                if arg == name, i + 1 < arguments.count {
                    order.append((isReporter, arguments[i + 1]))
                    i += 1
                } else if arg.hasPrefix(name + "=") {
                    order.append((isReporter, String(arg.dropFirst(name.count + 1))))
                }
            }
            i += 1
        }
        var pairs: [(reporter: CheckFormat, path: String?)] = []
        for item in order {
            if item.isReporter {
                guard let r = CheckFormat(rawValue: item.value) else { continue }
                pairs.append((r, nil))
            } else {
                guard !pairs.isEmpty else {
                    throw ValidationError(
                        "--output \(item.value) comes before any --reporter: put it after the reporter it is for")
                }
                guard pairs[pairs.count - 1].path == nil else {
                    throw ValidationError(
                        "--reporter \(pairs[pairs.count - 1].reporter.rawValue) has two --output files")
                }
                pairs[pairs.count - 1].path = item.value
            }
        }
        guard pairs.count == reporters.count, pairs.compactMap(\.path).count == outputs.count else {
            throw ValidationError("cannot tell which --output belongs to which --reporter: write each right after it")
        }
        let toStdout = pairs.filter { $0.path == nil }
        if toStdout.count > 1 {
            throw ValidationError(
                "\(toStdout.map { $0.reporter.rawValue }.joined(separator: " and ")) would both write to standard output: "
                    + "give all but one an --output")
        }
        let paths = pairs.compactMap(\.path)
        if Set(paths).count != paths.count {
            throw ValidationError("two reporters would write to the same --output file")
        }
        return pairs
    }
}
