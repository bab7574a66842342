import ArgumentParser
import Foundation
import SeamsTestSupport
import Testing

@testable import seams

/// The help a Swift user reads: paragraphs that wrap at any width, and examples that work.
/// One test at a time: in a full run, one command's help once came back without its examples
/// while the other test of this suite built help too (it passed alone, four times in a row).
@Suite(.serialized) struct HelpTests {
    /// The commands a user sees (not the workers `seams --help` does not list).
    static let commands: [any ParsableCommand.Type] = SeamsCommand.configuration.subcommands.filter {
        $0.configuration.shouldDisplay
    }

    /// Every command's help, as printed 80 columns wide.
    static func help(_ command: any ParsableCommand.Type) -> String {
        SeamsCommand.helpMessage(for: command, columns: 80)
    }

    /// A copy of the sample's Stage 2 code, made once, for the examples that are run.
    nonisolated(unsafe) static var stage: TempDir?
    func stage2() throws -> TempDir {
        if let stage = Self.stage { return stage }
        let dir = try TempDir()
        let sample = SampleCheckTests.samples + "/Stage2-Modules"
        try FileManager.default.copyItem(atPath: sample + "/Sources", toPath: dir.path + "/App")
        try FileManager.default.copyItem(atPath: sample + "/seams.yml", toPath: dir.path + "/seams.yml")
        Self.stage = dir
        return dir
    }

    @Test func paragraphsWrapWithoutOrphans() {
        for command in Self.commands + [SeamsCommand.self] {
            let lines = Self.help(command).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() where i + 1 < lines.count {
                // A hard line break inside a paragraph leaves a short line before a long one.
                let next = lines[i + 1]
                let orphan =
                    !line.isEmpty && line.count < 12 && !line.hasPrefix(" ") && !line.hasSuffix(":")
                    && !next.isEmpty && !line.hasPrefix("USAGE")
                #expect(!orphan, "\(command._commandName): '\(line)' then '\(next)'")
                // ArgumentParser's own usage line is left as it writes it.
                #expect(
                    line.count <= 80 || line.hasPrefix("  ") || line.hasPrefix("USAGE:"),
                    "\(command._commandName): \(line)")
            }
        }
    }

    @Test func everyCommandShowsExamplesThatParse() throws {
        for command in Self.commands {
            let help = Self.help(command)
            let name = command._commandName
            let examples = help.components(separatedBy: "\n").drop { $0 != "EXAMPLES:" }.dropFirst()
                .prefix { $0.hasPrefix("  seams ") }.map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!examples.isEmpty, "\(name) has no EXAMPLES in:\n\(help)")
            for example in examples {
                for step in example.components(separatedBy: " && ") {
                    let words = step.split(separator: " ").map(String.init)
                    #expect(words.first == "seams", "\(example)")
                    if words.dropFirst().first == "check" {
                        // check's reporters and files are checked together when it runs: run it
                        // (on the sample's Stage 2), where 64 is a usage error.
                        let run = try seams(Array(words.dropFirst()), in: try stage2().path)
                        #expect(run.status != 64, "\(step): \(run.stderr)")
                    } else {
                        #expect(throws: Never.self, "\(step)") {
                            _ = try SeamsCommand.parseAsRoot(Array(words.dropFirst()))
                        }
                    }
                }
                #expect(example.hasPrefix("seams \(name)") || example.contains("&& seams"), "\(name): \(example)")
            }
        }
    }
}
