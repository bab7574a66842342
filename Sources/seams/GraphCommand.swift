import ArgumentParser
import Foundation
import SeamsKit

/// What `seams graph` writes: a map, or with --hubs a list as text or JSON.
enum GraphFormat: String, CaseIterable, ExpressibleByArgument {
    case svg, png, pdf, dot, mermaid, html, text, json

    var map: MapRequest.Format? { MapRequest.Format(rawValue: rawValue) }
}

extension MapRequest.Collapse: ExpressibleByArgument {}
extension Layout: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}

struct GraphCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a dependency map: SVG, PNG or PDF through Graphviz, or DOT or Mermaid text.",
        discussion: """
            Nodes are coloured by module and shaped by kind; modules are clusters; edges on a \
            dependency cycle are red. Hover a node or edge in the SVG to see its reference sites. An \
            .html output is the explorer: one self-contained page to search, focus and drill into, \
            from the module map down to every reference site.

            EXAMPLES:
              seams graph --output map.svg
              seams graph --output map.html
              seams graph --collapse module --edge-labels --output modules.png
              seams graph --focus AppDelegate --star --output app-delegate.svg
              seams graph --only-cycles --cuts --output tangles.svg
              seams graph --hubs --top 5
            """
    )

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(
        name: .shortAndLong,
        help: "Write the map here; the extension picks the format (.svg .png .pdf .dot .mmd .html).")
    var output: String?

    @Option(help: "svg, png, pdf, dot, mermaid or html; with --hubs, text or json (default: from --output, else svg).")
    var format: GraphFormat?

    @OptionGroup var drawing: MapFlags

    @OptionGroup var focus: FocusFlags

    @Flag(help: "Print the top types by fan-in and by fan-out instead of drawing (text, or --format json).")
    var hubs = false

    @Option(help: "How many types --hubs lists in each list.")
    var top = 10

    func validate() throws {
        try drawing.validate(with: focus)
        if hubs {
            if let format, format != .text && format != .json {
                throw ValidationError("--hubs prints text or json, not \(format.rawValue)")
            }
            if top < 1 { throw ValidationError("--top must be 1 or more, not \(top)") }
            try Console.validateOutputPaths([output].compactMap { $0 })
            return
        }
        if let format, format.map == nil {
            throw ValidationError("\(format.rawValue) is for --hubs; a map is svg, png, pdf, dot, mermaid or html")
        }
        try Console.validateOutput(format: format?.rawValue, output: output) { MapRequest.Format(rawValue: $0) != nil }
    }

    func run() throws {
        var request = MapRequest(scan: scanRequest)
        request.format = format?.map ?? output.flatMap(MapRequest.format(forPath:)) ?? .svg
        drawing.apply(to: &request, focus: focus)
        if hubs {
            let json = format == .json || (format == nil && output.map { $0.lowercased().hasSuffix(".json") } == true)
            let bytes = try Console.orExit { try MapPipeline.hubs(request, top: top, json: json) }
            try Console.emit(bytes, to: output)
            return
        }
        let outcome = try Console.orExit { try MapPipeline.run(request) }
        Console.scopeWarning(outcome.scopeWarning)
        for note in outcome.notes { Console.status(note) }
        try Console.emit(outcome.bytes, to: output)
        Console.status(outcome.summary + (output.map { " to \($0)" } ?? ""))
    }
}

/// How a map is drawn: `seams graph`'s options, which `seams watch --map` takes too, beside
/// `FocusFlags` (a group of its own, not nested: see `ScansSources`).
struct MapFlags: ParsableArguments {
    @Flag(help: "Print reference counts on edges.")
    var edgeLabels = false

    @Flag(help: "With --focus, only the edges that touch the focused types: the readable view of a hub.")
    var star = false

    @Flag(help: "Only members of dependency cycles and the edges between them.")
    var onlyCycles = false

    @Flag(help: "Plan the cuts of every tangle (as seams untangle) and draw them numbered, in blue.")
    var cuts = false

    @Flag(
        help:
            "Fill types by testability cost (as seams testability): green testable in isolation, then yellow, orange, red."
    )
    var testability = false

    @Option(help: "Aggregate types into modules or folders, with edge counts.")
    var collapse: MapRequest.Collapse?

    @Option(help: "Leave this module out; repeatable.")
    var excludeModule: [String] = []

    @Option(help: "Graphviz engine: dot, sfdp, neato or fdp (default: chosen by size).")
    var layout: Layout?

    @Flag(
        help:
            "With --include-external, also show the standard library's and the SDK's value types (Void, String, Date).")
    var includeStandardTypes = false

    @Flag(help: "Leave out test, preview and generated code (as hide-tests: true in seams.yml).")
    var hideTests = false

    func validate() throws {
        if testability, collapse != nil {
            throw ValidationError("--testability colours types; it cannot be used with --collapse")
        }
    }

    /// The options that need the focus beside them.
    func validate(with focus: FocusFlags) throws {
        if star && focus.names.isEmpty {
            throw ValidationError("--star draws the edges of the --focus types: name them")
        }
    }

    /// Whether any map option was given.
    func isGiven(with focus: FocusFlags) -> Bool {
        edgeLabels || focus.focus != nil || focus.depth != 1 || focus.direction != .both || star || onlyCycles || cuts
            || testability || collapse != nil || !excludeModule.isEmpty || layout != nil || includeStandardTypes
            || hideTests
    }

    func apply(to request: inout MapRequest, focus: FocusFlags) {
        request.engine = layout
        request.focus = focus.names
        request.depth = focus.depth
        request.direction = focus.direction
        request.star = star
        request.onlyCycles = onlyCycles
        request.collapse = collapse
        request.excludeModules = excludeModule
        request.edgeLabels = edgeLabels
        request.planCuts = cuts
        request.testability = testability
        request.includeStandardTypes = includeStandardTypes
        request.hideTests = hideTests
        request.progress = Console.progress("laying out the page's views")
        request.layout = Console.viewLayout()
    }
}
