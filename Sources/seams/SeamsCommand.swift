import ArgumentParser
import SeamsKit

@main
struct SeamsCommand: ParsableCommand {
    /// The heap tuned first (`HeapTuning`) and broken pipes made errors, then the command as the
    /// argument parser runs it.
    static func main() {
        HeapTuning.applyForOneRun()
        Console.ignoreBrokenPipes()
        main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "seams",
        abstract: "Maps the dependencies of a Swift codebase, to find where to cut it apart.",
        discussion: """
            Start with `seams init --baseline` (a seams.yml that holds today), then `seams check` \
            in CI, `seams graph --output map.html` to explore, `seams untangle` for where to cut, and \
            `seams testability` for what blocks unit tests.

            Exit codes: 0 success, 1 violations, 2 could not run, 64 usage error.

            Shell completions: `seams --generate-completion-script bash` (or zsh, fish). The man page: \
            `scripts/install` installs it, or `swift package plugin generate-manual`.
            """,
        version: Seams.version,
        subcommands: [
            ScanCommand.self, GraphCommand.self, DiffCommand.self, CheckCommand.self, UntangleCommand.self,
            TestabilityCommand.self, MockCommand.self, ApplyCommand.self, WhatIfCommand.self, WatchCommand.self, CacheCommand.self, InitCommand.self,
            LayoutViewsCommand.self,
        ]
    )
}
