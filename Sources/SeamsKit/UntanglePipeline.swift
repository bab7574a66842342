import Foundation
import SeamsGraph
import SeamsReport
import SeamsRules
import SeamsTestability
import SeamsUntangle

/// What `seams untangle` plans and writes.
public struct UntangleRequest: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, markdown, json
    }

    public var scan: ScanRequest
    public var scope: Level = .type
    public var format: Format = .text
    /// Cuts per tangle in text and Markdown.
    public var top = 10
    /// The levelized dependency structure matrix instead of the plan's list.
    public var dsm = false
    /// Also draw the plan: this path's extension picks the format (.svg .png .pdf .dot).
    public var mapPath: String?
    /// Plan test, preview and generated code too; by default only production code is.
    public var includeTests = false

    public init(scan: ScanRequest) {
        self.scan = scan
    }

    public static func format(forPath path: String) -> Format? {
        OutputFile.formatName(forPath: path).flatMap(Format.init(rawValue:))
    }
}

public struct UntangleOutcome: Sendable {
    public var plan: UntanglePlan
    public var bytes: Data
    public var map: Data?
    public var notes: [String]
    public var diagnostics: [Diagnostic]
    /// What the scan read of what it found (for the warning when it is little).
    public var scope: ScanScope? = nil
    public var scopeWarning: String? { ScanOutcome.scopeWarning(scope) }

    public var diagnosticText: String { DiagnosticText.lines(diagnostics) }
}

/// scan → components → cut plans → words, a matrix or a map.
public enum UntanglePipeline {
    public static func run(_ request: UntangleRequest) throws -> UntangleOutcome {
        var scan = request.scan
        // External types tell recipes when an app type wraps a system service.
        scan.includeExternal = true
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        // Edges that touch test, preview or generated code (or sit in a #Preview) are no tangle
        // of the app's: left out unless asked for, and counted.
        let graph = request.includeTests ? outcome.graph : outcome.graph.productionOnly()
        var untangler = Untangler()
        untangler.scope = request.scope.granularity
        untangler.settings = outcome.config.untangle
        untangler.benign = outcome.config.testabilityAnalysis.benign
        untangler.environment = TestabilityAnalysis.environment(outcome.graph)
        var plan = untangler.plan(graph)
        if !request.includeTests {
            // Types: a file's top-level code is left out with its file, but not counted.
            let leftOut = LeftOut(outcome.graph.nodes.filter { !$0.external && $0.kind != .fileScope })
            plan.leftOut = leftOut.isEmpty ? nil : leftOut
        }
        let text: String
        if request.dsm {
            let matrices = matrices(graph, plan: plan, settings: outcome.config.untangle)
            switch request.format {
            case .text: text = DSMReporter.text(matrices, headline: UntangleReporter.headline(plan))
            case .markdown: text = DSMReporter.markdown(matrices, headline: UntangleReporter.headline(plan))
            case .json: text = DSMReporter.json(matrices)
            }
        } else {
            switch request.format {
            case .text: text = UntangleReporter.text(plan, top: request.top)
            case .markdown: text = UntangleReporter.markdown(plan, top: request.top)
            case .json: text = UntangleReporter.json(plan)
            }
        }
        var map: Data?
        var notes = plan.notes
        if let mapPath = request.mapPath, plan.isAcyclic {
            notes.append("no tangles, so no map: \(mapPath) was not written")
        } else if let mapPath = request.mapPath {
            var mapRequest = MapRequest(scan: request.scan)
            mapRequest.format = MapRequest.format(forPath: mapPath) ?? .svg
            mapRequest.onlyCycles = true
            mapRequest.cuts = plan
            if request.scope == .module { mapRequest.collapse = .module }
            map = try MapPipeline.draw(graph.removingExternal(), mapRequest).bytes
        }
        return UntangleOutcome(
            plan: plan, bytes: Data(text.utf8), map: map, notes: notes,
            diagnostics: outcome.graph.diagnostics, scope: outcome.graph.scope)
    }

    /// Rows a matrix may have before the modules come first.
    public static let matrixRows = 60

    /// The matrices `--dsm` shows: the whole graph when it is small; else the modules, then
    /// each tangle small enough to read.
    static func matrices(_ graph: Graph, plan: UntanglePlan, settings: UntangleSettings) -> [DependencyMatrix] {
        let hard = graph.hardOnly().removingExternal()
        func cuts(_ p: UntanglePlan) -> Set<EdgeKey> {
            Set(p.components.flatMap { ($0.decided + $0.cuts).map { EdgeKey(from: $0.from, to: $0.to) } })
        }
        if plan.scope == .module {
            return [DependencyMatrix.levelized(hard.regrouped(by: .module), cuts: cuts(plan), title: "modules")]
        }
        if hard.nodes.count <= matrixRows {
            return [DependencyMatrix.levelized(hard, cuts: cuts(plan), title: "types")]
        }
        var byModule = Untangler()
        byModule.scope = .module
        byModule.settings = settings
        var out = [
            DependencyMatrix.levelized(hard.regrouped(by: .module), cuts: cuts(byModule.plan(graph)), title: "modules")
        ]
        for (i, c) in plan.components.enumerated() where c.size <= matrixRows {
            out.append(
                DependencyMatrix.levelized(
                    hard.restricted(to: Set(c.members)), cuts: cuts(plan), title: "tangle \(i + 1): \(c.size) types"))
        }
        return out
    }
}
