import ArgumentParser
import Foundation
import SeamsKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter seams.yml that describes the code as it is today.",
        discussion: """
            Scans PATH and writes PATH/seams.yml: its modules as detected (from Xcode projects, \
            Package.swift or folders), a layers: list that holds today (from the module graph's \
            condensation, lowest modules last; modules in a cycle share a layer, with a comment), \
            rules against module and type cycles, and commented examples of the other kinds with the \
            code's own module names.

            With --baseline, also writes PATH/seams-baseline.json with every violation of today, and \
            names it in seams.yml, so that `seams check` passes at once and only new violations fail. \
            An existing file is never replaced without --force. This is the one command that writes \
            into the scanned folder.

            EXAMPLES:
              seams init
              seams init App --baseline
              seams init --baseline --force && seams check
            """
    )

    @Argument(help: "The folder to describe; seams.yml is written at its top.", completion: .directory)
    var path = "."

    @Flag(help: "Also write seams-baseline.json with today's violations, so that seams check passes now.")
    var baseline = false

    @Flag(help: "Replace seams.yml (and the baseline) if they exist.")
    var force = false

    @Option(help: "Skip files matching this glob (relative to PATH); repeatable.")
    var exclude: [String] = []

    @Option(
        name: .customLong("target"), help: "Describe only this Xcode target (and the packages in the tree); repeatable."
    )
    var targets: [String] = []

    @OptionGroup var cache: CacheFlags

    func run() throws {
        var scan = ScanRequest(paths: [path])
        scan.excludes = exclude
        scan.targets = targets
        scan.cache = cache.diskCache()
        var request = InitRequest(scan: scan)
        request.baseline = baseline
        request.force = force
        let outcome = try Console.orExit { try InitPipeline.run(request) }
        Console.scopeWarning(outcome.scopeWarning)
        Console.status(outcome.summary)
    }
}
