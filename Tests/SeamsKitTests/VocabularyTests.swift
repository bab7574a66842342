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

    /// A use's kinds and traits are ordered by rank, which must be the order of their raw values:
    /// the JSON lists traits in it, and uses sort by kind.
    @Test func useKindsAndTraitsSortAsTheirNames() {
        #expect(Use.Kind.allCases.sorted().map(\.rawValue) == Use.Kind.allCases.map(\.rawValue).sorted())
        #expect(Use.Trait.allCases.sorted().map(\.rawValue) == Use.Trait.allCases.map(\.rawValue).sorted())
        for a in Use.Trait.allCases {
            for b in Use.Trait.allCases { #expect((a < b) == (a.rawValue < b.rawValue)) }
        }
    }

    /// Site kinds compare by rank too: sites sort by kind, and so do the kinds listed on an edge.
    @Test func siteKindsSortAsTheirNames() {
        for a in SiteKind.allCases {
            for b in SiteKind.allCases { #expect((a < b) == (a.rawValue < b.rawValue)) }
        }
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

/// The command-line tools tune glibc's heap as they start (`HeapTuning`).
@Suite struct HeapTuningTests {
    @Test func theHeapIsTunedWhereGlibcIs() {
        #if os(Linux)
            #expect(HeapTuning.applyForOneRun())
        #else
            #expect(!HeapTuning.applyForOneRun())
        #endif
    }
}
