import ArgumentParser
import Foundation
import SeamsKit

extension UntangleRequest.Format: ExpressibleByArgument {}

struct UntangleCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "untangle",
        abstract: "Plan which dependencies to break first, how, and what each cut buys.",
        discussion: """
            For every tangle (strongly connected component of hard dependencies: soft ones, such as \
            notifications, are left out), a cut plan: edges whose removal leaves it acyclic, light in \
            total, ordered so that each next cut frees the most for the least work. Each cut lists its \
            sites and a recipe (inject through init, a notification instead of a call back, a command \
            object instead of a downcast, a factory closure, a protocol) with the lesson in Samples/.

            An edge weighs the sum of its sites' points (untangle.weights in seams.yml); untangle.keep \
            lists edges never to cut and untangle.cut edges already decided. A cycle of a type and its \
            own nested types is left out. Exit code 0 whether or not there are tangles.

            EXAMPLES:
              seams untangle
              seams untangle --scope module --map tangles.svg
              seams untangle --dsm
              seams untangle --format markdown --output plan.md
            """
    )

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(help: "Plan over types or over modules.")
    var scope: Level = .type

    @Option(help: "text, markdown or json (default: from --output, else text).")
    var format: UntangleRequest.Format?

    @Option(name: .shortAndLong, help: "Write here; the extension picks the format (.txt .md .json).")
    var output: String?

    @Option(parsing: .unconditional, help: "Cuts listed per tangle in text and Markdown (JSON lists all).")
    var top = 10

    @Flag(help: "Show the levelized dependency structure matrix instead of the list of cuts.")
    var dsm = false

    @Flag(
        help: "Plan tangles of test, preview and generated code too (left out by default: see seams scan's role).")
    var includeTests = false

    @Option(help: "Also draw the tangles with their cuts numbered (.svg .png .pdf .dot).")
    var map: String?

    func validate() throws {
        guard top > 0 else { throw ValidationError("--top must be a positive number of cuts, not \(top)") }
        guard scope != .file else { throw ValidationError("--scope is type or module") }
        try Console.validateOutput(format: format?.rawValue, output: output) {
            UntangleRequest.Format(rawValue: $0) != nil
        }
        if let map, MapRequest.format(forPath: map).map({ [.svg, .png, .pdf, .dot].contains($0) }) != true {
            throw ValidationError("--map \(map): the extension must be .svg, .png, .pdf or .dot")
        }
    }

    func run() throws {
        var request = UntangleRequest(scan: scanRequest)
        request.scope = scope
        request.format = format ?? output.flatMap(UntangleRequest.format(forPath:)) ?? .text
        request.top = top
        request.dsm = dsm
        request.mapPath = map
        request.includeTests = includeTests
        let outcome = try Console.orExit { try UntanglePipeline.run(request) }
        Console.report(outcome.diagnosticText)
        Console.scopeWarning(outcome.scopeWarning)
        for note in outcome.notes { Console.status("note: \(note)") }
        // The map and the plan all or none, as check's reports.
        var outputs: [(bytes: Data, path: String?)] = []
        if let map, let bytes = outcome.map { outputs.append((bytes, map)) }
        outputs.append((outcome.bytes, output))
        try Console.emit(outputs)
    }
}
