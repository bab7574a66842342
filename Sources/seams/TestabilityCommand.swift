import ArgumentParser
import Foundation
import SeamsKit

extension TestabilityRequest.Format: ExpressibleByArgument {}

struct TestabilityCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "testability",
        abstract: "For each type, what stops it from being unit-tested, where, and which seam opens it.",
        discussion: """
            A blocker is found at a site in a member of the type: global access (a singleton, a static or \
            global variable, or an accessor that reaches one, such as UIApplication.appDelegate), a system \
            service (URLSession.shared, Date(), FileManager.default, CLLocationManager… from a table shipped \
            with seams; add your own under testability: services: in seams.yml), construction of a collaborator \
            that is not testable itself, a downcast of a presenter, delegate, parent or registry result to a \
            concrete app type, a static call that does work, or static mutable state of its own.

            Each blocker costs its weight times what its target drags in (the scanned types it reaches), and \
            types are ranked by the sum. Only production types are reported: types of test targets, \
            previews and generated files are left out and counted (--include-tests brings them back). Each blocker names its seam (inject through init, wrap the system \
            service, factory closure, injected repository, a command instead of a downcast, one state value) \
            and the lesson in Samples/ that shows it. A type with no blocker is testable in isolation.

            Exit code 0 whatever is found; to gate CI, use a rule of kind testable in seams check.

            EXAMPLES:
              seams testability Sources --top 10
              seams testability --type SignInViewController
              seams testability --format json --output testability.json
            """
    )

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(name: .customLong("type"), help: "Show one type in detail: its name, id, or the end of its id.")
    var typeName: String?

    @Option(help: "text, markdown or json (default: from --output, else text).")
    var format: TestabilityRequest.Format?

    @Option(name: .shortAndLong, help: "Write here; the extension picks the format (.txt .md .json).")
    var output: String?

    @Option(parsing: .unconditional, help: "Types listed in text and Markdown (JSON lists all).")
    var top = 20

    @Flag(help: "Report test, preview and generated types too (left out by default: see seams scan's role).")
    var includeTests = false

    func validate() throws {
        guard top > 0 else { throw ValidationError("--top must be a positive number of types, not \(top)") }
        try Console.validateOutput(format: format?.rawValue, output: output) {
            TestabilityRequest.Format(rawValue: $0) != nil
        }
    }

    func run() throws {
        var request = TestabilityRequest(scan: scanRequest)
        request.format = format ?? output.flatMap(TestabilityRequest.format(forPath:)) ?? .text
        request.top = top
        request.typeName = typeName
        request.includeTests = includeTests
        let outcome = try Console.orExit { try TestabilityPipeline.run(request) }
        Console.report(outcome.diagnosticText)
        Console.scopeWarning(outcome.scopeWarning)
        try Console.emit(outcome.bytes, to: output)
    }
}
