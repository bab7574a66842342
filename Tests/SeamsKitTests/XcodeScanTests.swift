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
            "\(error)".contains("no target named Widget (--target or `targets:` in seams.yml); the Xcode targets are: Podcasts, "
                + "Podcasts AppStore, Podcasts Widget, PodcastsTests; the package targets are: LocalKit")
        }
    }

    /// A tools `Package.swift` at an app's root used to hide the `.xcodeproj` beside it: only the
    /// package's one target was scanned.
    @Test func aPackageBesideAnXcodeProjectLeavesTheProjectRead() throws {
        let tools = URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("ToolsBesideApp").path
        let outcome = try ScanPipeline.run(ScanRequest(paths: [tools]))
        let g = outcome.graph
        #expect(g.modules.map(\.name) == ["BuildTools", "Reader"])
        var moduleOfFile: [String: Set<String>] = [:]
        for n in g.nodes { if let f = n.file, let m = n.module { moduleOfFile[f, default: []].insert(m) } }
        #expect(
            moduleOfFile == [
                "App/AppDelegate.swift": ["Reader"], "App/Feed.swift": ["Reader"],
                "Sources/BuildTools/main.swift": ["BuildTools"],
            ])
        #expect(outcome.scannedFiles == ["App/AppDelegate.swift", "App/Feed.swift", "Sources/BuildTools/main.swift"])
        #expect(g.edge(from: "Reader.AppDelegate", to: "Reader.Feed") != nil)
        // The file nothing compiles is named once, by the project.
        let notes = g.diagnostics.map(\.message).filter { $0.contains("no target compiles") }
        #expect(notes == ["1 Swift file(s) that no target compiles were not scanned (Scripts: 1)"])
        #expect(outcome.origin.hasPrefix("Reader.xcodeproj (1 target) and 1 package"))
        #expect(
            g.scope
                == ScanScope(
                    found: 4, scanned: 3,
                    sources: [
                        ScanScope.Source(kind: "package", path: "Package.swift", targets: ["BuildTools"]),
                        ScanScope.Source(kind: "xcodeproj", path: "Reader.xcodeproj", targets: ["Reader"]),
                    ], leftOut: [ScanScope.LeftOut(folder: "Scripts", reason: .noTarget, files: 1)]))
    }
}
