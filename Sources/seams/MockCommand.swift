import ArgumentParser
import Foundation
import SeamsKit

struct MockCommand: ParsableCommand, ScansSources {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Write a self-verifying mock of a scanned protocol, for a test target.",
        discussion: """
            The mock is a final class named after the protocol (JobStoringMock), with the protocol's \
            members and the scanned protocols it inherits. It records every call and its arguments \
            (saveForCalls, and calls in order), answers with a handler closure (saveForHandler) or a \
            return value (recordsForReturnValue) that the test sets, and stops with the member's name \
            when a non-optional answer was not set. expect(.member, times:) then verify() fails the \
            running test, in Swift Testing or XCTest, for each expected call that did not come.

            It imports the protocol's module with @testable import, so it belongs in a test target. \
            A protocol with an associated type, Self, static members, subscripts, members under #if, \
            @objc, or a parent seams did not scan is refused, with the reason.

            EXAMPLES:
              seams mock JobStoring Sources
              seams mock NetworkFetching Sources --output NetworkFetchingMock.swift
            """
    )

    @Argument(help: "The protocol: its name, id, or the end of its id.")
    var protocolName: String

    @Argument(help: "Folders or .swift files to scan.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @OptionGroup var level: ScanFlags

    @Option(help: "The mock's class name (default: the protocol's name and Mock).")
    var name: String?

    @Option(name: .shortAndLong, help: "Write the mock here (default: standard output).", completion: .file())
    var output: String?

    func validate() throws {
        if let name,
            name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || name.first!.isNumber
        {
            throw ValidationError("--name must be a Swift type name, not \(name)")
        }
        // A mock is Swift source: unlike a report's, its --output is meant to end in .swift.
    }

    func run() throws {
        var request = MockRequest(scan: scanRequest, protocolName: protocolName)
        request.mockName = name
        let outcome = try Console.orExit { try MockPipeline.run(request) }
        Console.scopeWarning(outcome.scopeWarning)
        try Console.emit(Data(outcome.text.utf8), to: output)
        if let output { Console.status("wrote the mock of \(outcome.protocolID) to \(output)") }
    }
}
