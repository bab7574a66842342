import ArgumentParser
import SeamsKit

@main
struct SeamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seams",
        abstract: "Maps the dependencies of a Swift codebase, to find where to cut it apart.",
        discussion: """
            Exit codes: 0 success, 1 violations, 2 could not run, 64 usage error.
            """,
        version: Seams.version,
        subcommands: [
            ScanCommand.self, GraphCommand.self, DiffCommand.self, CheckCommand.self, UntangleCommand.self,
            TestabilityCommand.self, WatchCommand.self, CacheCommand.self, InitCommand.self,
        ]
    )
}
