import ArgumentParser
import Foundation
import SeamsKit

extension ScanFormat: ExpressibleByArgument {}

struct ScanCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan Swift sources into a type-level dependency graph (JSON or text).",
        discussion: """
            Reads Swift sources with SwiftSyntax, without building them, into every type, every \
            dependency between types, and each reference site with its kind (inherit, type, \
            construct, static, member, …). Modules come from Xcode projects and workspaces, \
            Package.swift files, or folders. The JSON (schema 2) is what `seams diff` and \
            SeamsTesting read as a saved scan.

            EXAMPLES:
              seams scan Sources --output scan.json
              seams scan --format text
              seams scan . --target App --uses --output scan.json
              seams scan App --format text --explain-cache
            """
    )

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(help: "Output format: json or text.")
    var format: ScanFormat = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (written whole or not at all).")
    var output: String?

    @Flag(
        help:
            "Also write the uses seams testability judges (static reads and calls, constructions, globals, downcasts, static state) under \"uses\"."
    )
    var uses = false

    @Flag(
        help:
            "Say on standard error what the scan did with the cache's last scan of these files (reused it, patched which files and why, or built anew) and why."
    )
    var explainCache = false

    func validate() throws {
        try Console.validateOutputPaths([output].compactMap { $0 })
    }

    func run() throws {
        let outcome = try Console.orExit { try ScanPipeline.run(scanRequest) }
        Console.report(outcome.diagnosticText)
        try Console.emit(outcome.bytes(format, uses: uses), to: output)
        Console.scopeWarning(outcome.scopeWarning)
        if let line = outcome.scopeLine { Console.status(line) }
        Console.status(outcome.summary)
        if explainCache { Console.status("cache plan: \(outcome.statistics.plan)") }
    }
}
