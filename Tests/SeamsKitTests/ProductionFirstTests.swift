import Foundation
import SeamsGraph
import SeamsKit
import SeamsTestability
import SeamsUntangle
import Testing

/// `testability` and `untangle` advise on production code; `--include-tests` brings the rest back.
@Suite struct ProductionFirstTests {
    @Test func testabilityReportsProductionTypesUnlessAskedAndSaysWhatItLeftOut() throws {
        let dir = try RoleTests().package()
        var request = TestabilityRequest(scan: ScanRequest(paths: [dir.path]))
        request.scan.manifest = .syntax
        let production = try TestabilityPipeline.run(request)
        let ids = Set(production.report.types.map(\.id))
        #expect(ids.contains("App.Screen"))
        #expect(ids.contains("App.TestHelper"))
        #expect(ids.contains("App.Seeder"))
        #expect(!ids.contains("AppTests.ScreenTests"))
        #expect(!ids.contains("App.L10n"))
        #expect(!ids.contains("App.PreviewData"))
        #expect(!ids.contains("App.MacroPreviewData"))
        #expect(!ids.contains("App.ScreenView_Previews"))
        #expect(production.report.leftOut == LeftOut(test: 4, preview: 3, generated: 1))
        let text = String(decoding: production.bytes, as: UTF8.self)
        #expect(
            text.contains(
                "left out 4 test, 3 preview, 1 generated types; --include-tests to include them"))

        request.includeTests = true
        let all = try TestabilityPipeline.run(request)
        let allIDs = Set(all.report.types.map(\.id))
        #expect(allIDs.isSuperset(of: ids))
        // The test building its subject: a construction of a blocked type.
        #expect(all.report.type("AppTests.ScreenTests")?.blockers.contains { $0.kind == .construction } == true)
        #expect(allIDs.contains("App.L10n") && allIDs.contains("App.PreviewData"))
        #expect(all.report.leftOut == nil)
        #expect(!String(decoding: all.bytes, as: UTF8.self).contains("left out"))
    }

    @Test func oneTypeAskedForByNameIsShownWhateverItsRole() throws {
        let dir = try RoleTests().package()
        var request = TestabilityRequest(scan: ScanRequest(paths: [dir.path]))
        request.scan.manifest = .syntax
        request.typeName = "ScreenTests"
        let outcome = try TestabilityPipeline.run(request)
        #expect(String(decoding: outcome.bytes, as: UTF8.self).contains("AppTests.ScreenTests"))
    }

    @Test func untanglePlansProductionTanglesUnlessAsked() throws {
        let dir = try RoleTests().package()
        var request = UntangleRequest(scan: ScanRequest(paths: [dir.path]))
        request.scan.manifest = .syntax
        let production = try UntanglePipeline.run(request)
        #expect(production.plan.components.map(\.members) == [["App.Left", "App.Right"]])
        #expect(production.plan.leftOut == LeftOut(test: 4, preview: 3, generated: 1))
        #expect(
            String(decoding: production.bytes, as: UTF8.self).contains(
                "left out 4 test, 3 preview, 1 generated types; --include-tests to include them"))

        request.includeTests = true
        let all = try UntanglePipeline.run(request)
        #expect(
            all.plan.components.map(\.members).sorted { $0[0] < $1[0] } == [
                ["App.Left", "App.Right"], ["AppTests.Driver", "AppTests.PageObject"],
            ])
        #expect(all.plan.leftOut == nil)
    }
}
