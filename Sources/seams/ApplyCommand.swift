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

            extract-protocol (Extract Interface): a protocol TOProtocol (--name) of the members of TO \
            that FROM uses, with their exact signatures, TO's conformance in an extension, and FROM's \
            stored properties and parameters of type TO given the protocol.

            factory-closure: each TO(...) in FROM's code calls a stored makeTO closure instead, handed \
            in as inject-through-init hands in a dependency, whose default is the original construction.

            --cut N (or T.N) takes the edge and the recipe of seams untangle's Nth cut (of tangle T); \
            --blocker FILE:LINE:COLUMN those of a seams testability blocker. A recipe seams does not \
            rewrite (a command object, a notification) gives its steps by hand, and exit code 2.

            The diff goes to standard output (apply it with patch -p1 in the scan's root, or git \
            apply); notes on what was left as it was, and why, go to standard error. --write changes \
            the files, only those the diff names, and only if none changed since the scan. What a \
            recipe cannot do safely is refused with the reason, and exit code 2.

            EXAMPLES:
              seams apply inject-through-init --edge SignInViewController Logger Sources
              seams apply extract-protocol --edge SignInViewController AppDelegate Sources
              seams apply factory-closure --edge JobsViewController JobRow Sources --write
              seams apply inject-through-init --edge Client Logger --name log --as value
              seams apply --cut 1 Sources
              seams apply --blocker Sources/App/Feed.swift:12:9 Sources
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The recipe (\(ApplyRecipe.allCases.map(\.rawValue).joined(separator: ", ")); with --cut or --blocker, "
                + "the one seams untangle or seams testability names, if left out), then folders or .swift files to scan.",
            valueName: "recipe> <paths"),
        completion: .directory)
    var words: [String] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "The dependency to break: FROM (the type that changes) and TO (what it depends on), by name or id; "
                + "folders or files to scan may follow.", valueName: "from> <to"))
    var edge: [String] = []

    @Option(help: ArgumentHelp("The cut of seams untangle's plan: N (of its first tangle) or T.N.", valueName: "n"))
    var cut: String?

    @Option(
        help: ArgumentHelp(
            "A blocker of seams testability, by where it is: FILE:LINE:COLUMN, as its JSON gives them.",
            valueName: "file:line:column"))
    var blocker: String?

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(help: "The name of the property and parameter (default: from what is read: logger for Logger.shared).")
    var name: String?

    @Option(name: .customLong("as"), help: "value or provider, for every dependency handed in (default: each its own).")
    var mode: HandOver?

    @Flag(help: "Change the files (default: print the diff).")
    var write = false

    /// The recipe, when the first word names one.
    var recipe: ApplyRecipe? { words.first.flatMap(ApplyRecipe.init(rawValue:)) }

    /// `--edge FROM TO PATH…`: what follows the two types is the paths, as are the words after the recipe.
    var paths: [String] {
        let all = Array(words.dropFirst(recipe == nil ? 0 : 1)) + edge.dropFirst(2)
        return all.isEmpty ? ["."] : all
    }

    var target: ApplyTarget? {
        if edge.count >= 2 { return .edge(from: edge[0], to: edge[1]) }
        if let cut {
            let parts = cut.split(separator: ".").map { Int($0) }
            if parts.count == 1, let n = parts[0], n > 0 { return .cut(tangle: 1, order: n) }
            if parts.count == 2, let t = parts[0], let n = parts[1], t > 0, n > 0 { return .cut(tangle: t, order: n) }
            return nil
        }
        if let blocker {
            let parts = blocker.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1])
            else { return nil }
            return .blocker(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
        }
        return nil
    }

    func validate() throws {
        let given = [!edge.isEmpty, cut != nil, blocker != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("give one of --edge FROM TO, --cut N and --blocker FILE:LINE:COLUMN")
        }
        if !edge.isEmpty, edge.count < 2 { throw ValidationError("--edge needs two types: FROM TO") }
        if cut != nil, target == nil { throw ValidationError("--cut takes N or T.N (numbers from 1), not \(cut!)") }
        if blocker != nil, target == nil {
            throw ValidationError("--blocker takes FILE:LINE:COLUMN, not \(blocker!)")
        }
        if !edge.isEmpty, recipe == nil {
            throw ValidationError(
                "--edge needs a recipe first: \(ApplyRecipe.allCases.map(\.rawValue).joined(separator: ", "))"
                    + (words.first.map { " (not \($0))" } ?? ""))
        }
        if let name,
            name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || name.first!.isNumber
        {
            throw ValidationError("--name must be a Swift identifier, not \(name)")
        }
    }

    func run() throws {
        let scan = scanRequest
        var request = ApplyRequest(scan: scan, recipe: recipe, target: target!)
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
