import Foundation
import SeamsGraph
import SeamsKit
import SeamsTestSupport
import Testing

/// What the app builds, whatever describes it: packages, committed projects, XcodeGen specs and
/// Tuist manifests, each alone or side by side.
@Suite struct ProjectKindsTests {
    private static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B", dependencies: ["A"])])

        """

    /// A source linked into a second target's folder is compiled by both: its types are in each.
    @Test func aFileLinkedIntoTwoTargetsBelongsToEach() throws {
        let dir = try TempDir()
        try dir.write("Package.swift", Self.manifest)
        try dir.write("Sources/A/BitSet.swift", "struct BitSet { var words: [UInt] }\n")
        try dir.write("Sources/A/UsesA.swift", "struct UsesA { let set: BitSet }\n")
        try dir.write("Sources/B/UsesB.swift", "struct UsesB { let set: BitSet }\n")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/Sources/B/BitSet.swift", withDestinationPath: "../A/BitSet.swift")
        let g = try ScanPipeline.run(ScanRequest(paths: [dir.path])).graph
        let ids = Set(g.nodes.map(\.id))
        #expect(ids.isSuperset(of: ["A.BitSet", "B.BitSet"]), "\(ids.sorted())")
        #expect(g.edge(from: "B.UsesB", to: "B.BitSet") != nil)
        #expect(g.edge(from: "A.UsesA", to: "A.BitSet") != nil)
        #expect(g.scope?.scanned == 3 && g.scope?.found == 3)
    }
}
