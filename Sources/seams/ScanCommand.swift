import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport

enum ScanFormat: String, CaseIterable, ExpressibleByArgument {
    case json, text
}

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan Swift sources into a type-level dependency graph (JSON or text)."
    )

    @OptionGroup var scan: ScanOptions

    @Option(help: "Output format: json or text.")
    var format: ScanFormat = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (written whole or not at all).")
    var output: String?

    @Flag(
        help:
            "Also write the uses seams testability judges (static reads and calls, constructions, globals, downcasts, static state) under \"uses\"."
    )
    var uses = false

    func validate() throws {
        try Console.validateOutputPaths([output].compactMap { $0 })
    }

    func run() throws {
        let outcome = try Console.orExit { try ScanPipeline.run(scan.request) }
        Console.report(outcome.graph.diagnostics)
        let bytes: Data
        switch format {
        case .json: bytes = GraphJSONReporter.data(uses ? outcome.graph : outcome.graph.withoutUses())
        case .text: bytes = Data(GraphTextReporter.render(outcome.graph).utf8)
        }
        try Console.emit(bytes, to: output)
        let g = outcome.graph
        Console.status(
            "scanned \(outcome.statistics.filesScanned) files (\(outcome.statistics.lines) lines) in \(g.modules.count) modules: "
                + "\(g.nodes.count) nodes, \(g.edges.count) edges, \(g.diagnostics.count) diagnostics; modules from \(outcome.origin)"
        )
    }
}
