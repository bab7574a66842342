import ArgumentParser
import Foundation
import SeamsKit

extension ApplyRecipe: ExpressibleByArgument {}
extension HandOver: ExpressibleByArgument {}

struct ApplyCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Rewrite the code to break one dependency, as a diff (or in place with --write).",
        discussion: """
            inject-through-init (Parameterize Constructor): FROM reads TO from everywhere (a shared \
            instance, a static property, a global, an accessor like UIApplication.appDelegate). FROM \
            gets a stored property for it, every designated initializer takes it as a parameter whose \
            default is the old read (so every caller compiles unchanged), and the reads use the \
            property. A constant (static let) is handed in as a value; what can change after FROM is \
            made (a static var, a computed accessor) as a closure that reads it at each use, as the \
            code did (--as value or --as provider to choose). A class that inherits its initializers \
            (a view controller) gets a property with that default instead, which a test sets; a \
            struct with no initializer gets a var its memberwise initializer takes.

            The diff goes to standard output (apply it with patch -p1 in the scan's root, or git \
            apply); notes on reads left as they were, and why, go to standard error. --write changes \
            the files, only those the diff names, and only if none changed since the scan.

            EXAMPLES:
              seams apply inject-through-init --edge SignInViewController Logger Sources
              seams apply inject-through-init --edge API AppDelegate Sources --write
              seams apply inject-through-init --edge Client Logger --name log --as value
            """
    )

    @Argument(help: "The recipe: \(ApplyRecipe.allCases.map(\.rawValue).joined(separator: ", ")).")
    var recipe: ApplyRecipe

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "The dependency to break: FROM (the type that changes) and TO (what it depends on), by name or id; "
                + "folders or files to scan may follow.", valueName: "from> <to"))
    var edge: [String] = []

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = []

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(help: "The name of the property and parameter (default: from what is read: logger for Logger.shared).")
    var name: String?

    @Option(name: .customLong("as"), help: "value or provider, for every dependency handed in (default: each its own).")
    var mode: HandOver?

    @Flag(help: "Change the files (default: print the diff).")
    var write = false

    /// `--edge FROM TO PATH…`: what follows the two types is the paths.
    var scanPaths: [String] {
        let all = paths + edge.dropFirst(2)
        return all.isEmpty ? ["."] : all
    }

    func validate() throws {
        guard edge.count >= 2 else { throw ValidationError("--edge needs two types: FROM TO") }
        if let name,
            name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || name.first!.isNumber
        {
            throw ValidationError("--name must be a Swift identifier, not \(name)")
        }
    }

    func run() throws {
        var scan = source.request(paths: scanPaths, cache: cache)
        scan = level.request(scan)
        var request = ApplyRequest(scan: scan, recipe: recipe, from: edge[0], to: edge[1])
        request.name = name
        request.mode = mode
        request.write = write
        let outcome = try Console.orExit { try ApplyPipeline.run(request) }
        Console.scopeWarning(outcome.scopeWarning)
        for note in outcome.notes { Console.status("note: \(note)") }
        if !write { try Console.emit(outcome.diff, to: nil) }
        Console.status(outcome.summary)
    }
}
