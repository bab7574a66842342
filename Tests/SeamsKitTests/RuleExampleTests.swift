import Foundation
import SeamsKit
import SeamsReport
import SeamsRules
import SeamsTestSupport
import Testing

/// Every example a rule kind documents is run here: its sources are written to a folder (the
/// first path component is the module), its config beside them, and the check must give
/// exactly the violations the example names.
struct RuleExampleTests {
    static let examples: [String] = RuleCatalog.kinds.flatMap { kind in
        kind.description.examples.indices.map { "\(kind.description.kind)#\($0)" }
    }

    @Test(arguments: examples)
    func example(_ name: String) throws {
        let parts = name.split(separator: "#")
        let kind = try #require(RuleCatalog.kind(named: String(parts[0])))
        let example = kind.description.examples[Int(parts[1])!]
        let dir = try TempDir()
        for (path, text) in example.sources { try dir.write(path, text) }
        try dir.write("seams.yml", example.config)
        var request = CheckRequest(scan: ScanRequest(paths: [dir.path]))
        request.scan.workingDirectory = dir.path
        let result = try CheckPipeline.run(request).result
        let found = result.violations.map(\.summary).sorted()
        #expect(
            found == example.expected.sorted(),
            "\(kind.description.kind): \(example.name)\n\(CheckReporter.text.render(result))")
    }

    @Test func everyKindHasATriggeringExample() {
        for kind in RuleCatalog.kinds {
            #expect(kind.description.examples.contains { !$0.expected.isEmpty }, "\(kind.description.kind)")
            #expect(!kind.description.rationale.isEmpty)
        }
    }
}
