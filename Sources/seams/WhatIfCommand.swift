import ArgumentParser
import Foundation
import SeamsKit

extension WhatIfRequest.Format: ExpressibleByArgument {}

struct WhatIfCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "what-if",
        abstract: "Preview a move or a cut: the module graph, its cycles, the rules and the access it would change.",
        discussion: """
            --move GLOB --to MODULE moves the types whose id, name or file the glob matches into \
            MODULE (new or existing); --cut FROM TO pretends an edge is gone. Both may repeat, and \
            apply in order. seams scans once, changes the graph, and prints what would change: the \
            dependencies between modules (added, removed, with how many type edges each), the cycles \
            among modules before and after, the violations of seams.yml's rules the change would add \
            or remove, and the declarations another module would then use that are seen less far than \
            package today (the type, its level, who uses it, and the members used). Nothing is \
            written; --output x.html draws the before and after as seams diff does.

            EXAMPLES:
              seams what-if Sources --move 'FieldDesk.SignIn*' --to SignIn
              seams what-if Sources --cut AlertViewController SignInViewController
              seams what-if Sources --move 'Sources/Auth/*' --to Auth --output what-if.html
            """
    )

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(
        help: ArgumentHelp(
            "Types to move, by id, name or file (a glob); repeatable, each with --to.", valueName: "glob"))
    var move: [String] = []

    @Option(help: ArgumentHelp("The module the --move before it goes to (new or existing).", valueName: "module"))
    var to: [String] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("An edge to pretend is gone: FROM TO; repeatable.", valueName: "from> <to"))
    var cut: [String] = []

    @Option(help: "Output format: text or json (an --output ending in .html draws the before and after).")
    var format: WhatIfRequest.Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.", completion: .file())
    var output: String?

    func validate() throws {
        if move.count != to.count { throw ValidationError("each --move needs a --to MODULE") }
        if cut.count % 2 != 0 { throw ValidationError("each --cut needs two types: FROM TO (give paths first)") }
        if move.isEmpty && cut.isEmpty { throw ValidationError("give --move GLOB --to MODULE or --cut FROM TO") }
        for module in to
        where module.isEmpty || !module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            || module.first!.isNumber
        {
            throw ValidationError("--to must be a module name, not \(module)")
        }
    }

    func run() throws {
        var request = WhatIfRequest(scan: scanRequest)
        request.moves = zip(move, to).map { WhatIfRequest.Move(glob: $0, module: $1) }
        request.cuts = stride(from: 0, to: cut.count, by: 2).map { (from: cut[$0], to: cut[$0 + 1]) }
        request.format = format
        request.page = output?.lowercased().hasSuffix(".html") ?? false
        request.layout = Console.viewLayout()
        let outcome = try Console.orExit { try WhatIfPipeline.run(request) }
        Console.scopeWarning(outcome.scopeWarning)
        try Console.emit(outcome.bytes, to: output)
        if let output { Console.status("wrote \(output)") }
    }
}
