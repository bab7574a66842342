import Foundation
import SeamsGraph
import SeamsKit
import Testing

/// The Xcode fixture of SeamsProjectTests scanned end to end: modules are targets.
@Suite struct XcodeScanTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SeamsProjectTests/Fixtures/TwoTargets").path

    @Test func sameNamedTypesOfTwoTargetsAreTwoNodes() throws {
        let g = try ScanPipeline.run(ScanRequest(paths: [root])).graph
        let ids = Set(g.nodes.map(\.id))
        for id in [
            "Podcasts.Theme", "Podcasts Widget.Theme", "Podcasts.NavigationManager",
            "Podcasts Widget.NavigationManager",
            "LocalKit.Player", "PodcastsTests.AppTests", "Podcasts Widget.SyncedThing",
        ] {
            #expect(ids.contains(id), "no \(id) in \(ids.sorted())")
        }
        #expect(!ids.contains("Podcasts Widget.ExcludedFromWidget"))
        // Each name resolves in its own target first.
        #expect(g.edge(from: "Podcasts.AppDelegate", to: "Podcasts.NavigationManager") != nil)
        #expect(g.edge(from: "Podcasts Widget.WidgetMain", to: "Podcasts Widget.NavigationManager") != nil)
        #expect(g.edge(from: "Podcasts Widget.NavigationManager", to: "Podcasts Widget.Theme") != nil)
        #expect(g.edge(from: "Podcasts.AppDelegate", to: "LocalKit.Player") != nil)
        #expect(g.edge(from: "PodcastsTests.AppTests", to: "Podcasts.AppDelegate") != nil)
        #expect(!g.edges.contains { $0.from.hasPrefix("Podcasts Widget.") && $0.to.hasPrefix("Podcasts.") })
    }

    @Test func anAppExtensionOfAPackageTypeIsAppCodeForTheModuleMapAndTheRules() throws {
        let modules = try ScanPipeline.run(
            {
                var r = ScanRequest(paths: [root])
                r.granularity = .module
                return r
            }()
        ).graph
        #expect(modules.edge(from: "Podcasts", to: "LocalKit")?.kinds == [.construct, .extends])
        #expect(!modules.edges.contains { $0.from == "LocalKit" })
        // The fixture's seams.yml forbids the package any dependency on an app target.
        let result = try CheckPipeline.run(CheckRequest(scan: ScanRequest(paths: [root]))).result
        #expect(result.rules.map(\.id) == ["packages-know-no-app"])
        #expect(result.rules.allSatisfy { !$0.broken } && result.violations.isEmpty)
    }

    @Test func anUnknownTargetIsAnErrorNamingTheTargets() {
        var request = ScanRequest(paths: [root])
        request.targets = ["Widget"]
        #expect {
            try ScanPipeline.run(request)
        } throws: { error in
            "\(error)".contains("no Xcode target named Widget; the targets are: Podcasts, Podcasts AppStore")
        }
    }
}
