import SeamsGraph
import SeamsProject
import SeamsRender
import SeamsReport
import Testing

@testable import SeamsKit

/// SeamsKit names the stages' choices for its front ends; each name must stand for exactly
/// the cases of the stage's own enum, or a front end would offer a choice no stage has.
@Suite struct VocabularyTests {
    @Test func eachChoiceMirrorsItsStageCaseForCase() {
        #expect(Direction.allCases.map(\.rawValue) == FocusDirection.allCases.map(\.rawValue))
        #expect(Level.allCases.map(\.rawValue) == Granularity.allCases.map(\.rawValue))
        #expect(Layout.allCases.map(\.rawValue) == LayoutEngine.allCases.map(\.rawValue))
        #expect(ManifestReading.allCases.map(\.rawValue) == ManifestMode.allCases.map(\.rawValue))
        #expect(CheckFormat.allCases.map(\.rawValue) == CheckReporter.allCases.map(\.rawValue))
        for kind in TypeKind.allCases { #expect(NodeKind(rawValue: kind.rawValue) != nil) }
    }

    @Test func checkFormatsFromFileNames() {
        #expect(CheckFormat.format(forPath: "out/seams.sarif") == .sarif)
        #expect(CheckFormat.format(forPath: "junit.XML") == .junit)
        #expect(CheckFormat.format(forPath: "report.md") == .markdown)
        #expect(CheckFormat.format(forPath: "check.json") == .json)
        #expect(CheckFormat.format(forPath: "check.log") == .text)
        #expect(CheckFormat.format(forPath: "check.svg") == nil)
    }
}
