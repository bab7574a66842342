import Foundation
import SeamsGraph
import SeamsReport
import SeamsTestSupport
import Testing

/// `--target` and `targets:` name a target that exists, whatever the modules come from; an
/// unknown name stops the scan (exit 2) with the names there are, never selects nothing.
@Suite struct TargetSelectionTests {
    let xcodeProject = URL(fileURLWithPath: fixture("XcodeApp")).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SeamsProjectTests/Fixtures/TwoTargets").path

    @Test func anUnknownXcodeTargetExitsTwoNamingTheTargets() throws {
        let r = try seams(["scan", "--target", "Widget"], in: xcodeProject)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains(
                "no target named Widget (--target or `targets:` in seams.yml); the Xcode targets are: Podcasts, "
                    + "Podcasts AppStore, Podcasts Widget, PodcastsTests; the package targets are: LocalKit"), "\(r.stderr)")
    }

    @Test func anUnknownPackageTargetExitsTwoNamingTheTargets() throws {
        let r = try seams(["scan", "--target", "Networkin"], in: fixture("MultiModule"))
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains("no target named Networkin (--target or `targets:` in seams.yml); the package targets are: "
                + "Networking, TechApp, TechAppTests"), "\(r.stderr)")
    }

    @Test func aTargetWhereModulesAreFoldersExitsTwo() throws {
        let r = try seams(["scan", "--target", "TechApp"], in: fixture("XcodeApp"))
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("no target named TechApp: no Xcode project or Package.swift gives targets here"), "\(r.stderr)")
    }

    @Test func anUnknownTargetInTheConfigExitsTwo() throws {
        let dir = try TempDir()
        try dir.copy(fixture: "MultiModule", as: "app")
        try dir.write("app/seams.yml", "targets: [Networking, Nope]\n")
        let r = try seams(["scan"], in: dir.path + "/app")
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("no target named Nope"), "\(r.stderr)")
    }

    @Test func aKnownPackageTargetIsTheOneScanned() throws {
        let r = try seams(["scan", "--target", "Networking"], in: fixture("MultiModule"))
        #expect(r.status == 0, "\(r.stderr)")
        let graph = try GraphJSONReporter.decode(Data(r.stdout.utf8))
        #expect(graph.modules.map(\.name) == ["Networking"])
    }

    @Test func aPackageTargetBesideAnXcodeProjectIsChosenAlone() throws {
        let r = try seams(["scan", "--target", "LocalKit"], in: xcodeProject)
        #expect(r.status == 0, "\(r.stderr)")
        let graph = try GraphJSONReporter.decode(Data(r.stdout.utf8))
        #expect(graph.modules.map(\.name) == ["LocalKit"])
    }
}
