import Foundation
import SeamsGraph
import SeamsReport
import SeamsRules
import SeamsTestability

/// What `seams testability` reports and how.
public struct TestabilityRequest: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, markdown, json
    }

    public var scan: ScanRequest
    public var format: Format = .text
    /// Types listed in text and Markdown (JSON lists all).
    public var top = 20
    /// One type in detail: its id, name, or the end of its id.
    public var typeName: String?
    /// Report test, preview and generated types too; by default only production types are.
    public var includeTests = false

    public init(scan: ScanRequest) {
        self.scan = scan
    }

    public static func format(forPath path: String) -> Format? {
        OutputFile.formatName(forPath: path).flatMap(Format.init(rawValue:))
    }
}

public struct TestabilityOutcome: Sendable {
    public var report: TestabilityReport
    public var bytes: Data
    public var diagnostics: [Diagnostic]
    /// What the scan read of what it found (for the warning when it is little).
    public var scope: ScanScope? = nil
    public var scopeWarning: String? { ScanOutcome.scopeWarning(scope) }

    public var diagnosticText: String { DiagnosticText.lines(diagnostics) }
}

/// scan → uses judged against the service table (built-in and seams.yml's) → ranked types.
public enum TestabilityPipeline {
    public static func run(_ request: TestabilityRequest) throws -> TestabilityOutcome {
        var scan = request.scan
        scan.granularity = .type
        // SDK supertypes tell views (whose construction is composition) from collaborators, as
        // in `check`'s `testable` rule.
        scan.includeExternal = true
        let outcome = try ScanPipeline.run(scan)
        // One type asked for by name is shown whatever its role.
        let report = outcome.config.testabilityAnalysis.analyse(
            outcome.graph, includeTests: request.includeTests || request.typeName != nil)
        let text: String
        if let name = request.typeName {
            let id = try NodeNames.id(name, in: outcome.graph, option: "--type")
            guard let t = report.type(id) else {
                throw SeamsError.unknownNode(
                    "--type \(name): \(id) is a \(outcome.graph.node(id)?.kind.rawValue ?? "node"), not a type with code of its own"
                )
            }
            switch request.format {
            case .text: text = TestabilityReporter.detail(t)
            case .markdown: text = "```text\n" + TestabilityReporter.detail(t) + "```\n"
            case .json: text = TestabilityReporter.json(TestabilityReport(root: report.root, types: [t]))
            }
        } else {
            switch request.format {
            case .text: text = TestabilityReporter.text(report, top: request.top)
            case .markdown: text = TestabilityReporter.markdown(report, top: request.top)
            case .json: text = TestabilityReporter.json(report)
            }
        }
        return TestabilityOutcome(
            report: report, bytes: Data(text.utf8), diagnostics: outcome.graph.diagnostics, scope: outcome.graph.scope)
    }
}
