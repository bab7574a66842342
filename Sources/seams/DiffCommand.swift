import ArgumentParser
import Foundation
import SeamsKit

extension DiffRequest.Format: ExpressibleByArgument {}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the dependencies of two versions: a before/after picture and a summary.",
        discussion: """
            BEFORE and AFTER are each a folder, a scan saved with `seams scan --output x.json`, or a \
            revision of the repository you stand in (git:main, git:HEAD~3), read with git archive into \
            a temporary folder; the working tree is never touched. With git revisions, the folder you \
            stand in is the one compared.

            Edges only in BEFORE are dashed green (removed), only in AFTER red (added), in both gray. \
            The summary goes to standard error; --format markdown writes it for a pull request.

            EXAMPLES:
              seams diff git:main . --output diff.svg
              seams diff git:HEAD~1 git:HEAD --side-by-side --output diff.png
              seams diff before.json after.json --format markdown --output diff.md
              seams diff git:main . --output diff.html
            """
    )

    @Argument(help: "The earlier version: a folder, a saved scan (.json) or git:REVISION.")
    var before: String

    @Argument(help: "The later version.")
    var after: String

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(
        name: .shortAndLong, help: "Write here; the extension picks the format (.svg .png .pdf .dot .md .json .html).")
    var output: String?

    @Option(help: "svg, png, pdf, dot, markdown, json or html (default: from --output, else svg).")
    var format: DiffRequest.Format?

    @Flag(help: "BEFORE and AFTER as two panels, every shared node at the same place in both.")
    var sideBySide = false

    @Flag(
        help:
            "With --include-external, also show the standard library's and the SDK's value types (Void, String, Date).")
    var includeStandardTypes = false

    @Flag(help: "Leave out test, preview and generated code (as hide-tests: true in seams.yml).")
    var hideTests = false

    @OptionGroup var focus: FocusFlags

    @Option(help: "Graphviz engine for the layout: dot, sfdp, neato or fdp (default: chosen by size).")
    var layout: Layout?

    func validate() throws {
        try Console.validateOutput(format: format?.rawValue, output: output) { DiffRequest.Format(rawValue: $0) != nil }
    }

    func run() throws {
        var request = DiffRequest(
            before: before, after: after, scan: level.request(source.request(paths: ["."], cache: cache)))
        request.format = format ?? output.flatMap(DiffRequest.format(forPath:)) ?? .svg
        request.sideBySide = sideBySide
        request.includeStandardTypes = includeStandardTypes
        request.hideTests = hideTests
        request.progress = Console.progress("laying out the page's views")
        request.layout = Console.viewLayout()
        request.engine = layout
        request.focus = focus.names
        request.depth = focus.depth
        request.direction = focus.direction
        let outcome = try Console.orExit { try DiffPipeline.run(request) }
        for note in outcome.notes { Console.status(note) }
        try Console.emit(outcome.bytes, to: output)
        Console.toStandardError(outcome.summary)
    }
}
