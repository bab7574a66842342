import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsTestSupport
import Testing

/// One colour language on every map: red only for cycles, purple only for added edges; diff maps
/// show the cycles that remain; maps with external types leave out the standard library's and
/// the SDK's value types unless asked; a module map labels its edges.
@Suite struct MapColourLanguageTests {
    /// Before: A ⇄ B and B → C. After: A ⇄ B still, B → C removed, A → C and C → A added (a new
    /// cycle through an added edge), D added and reached by A.
    func diff(_ format: DiffRequest.Format, sideBySide: Bool = false) throws -> String {
        let dir = try TempDir()
        try dir.write("before/App/A.swift", "class A { let b = B() }\nclass B { var a: A?; let c = C() }\nclass C {}")
        try dir.write(
            "after/App/A.swift",
            "class A { let b = B(); let c = C(); let d = D() }\nclass B { var a: A? }\nclass C { var a: A? }\nclass D {}")
        var request = DiffRequest(before: "before", after: "after", scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        request.format = format
        request.sideBySide = sideBySide
        return try withExtendedLifetime(dir) { String(decoding: try DiffPipeline.run(request).bytes, as: UTF8.self) }
    }

    func line(_ dot: String, _ from: String, _ to: String) -> String {
        dot.split(separator: "\n").first { $0.contains("\"\(from)\" -> \"\(to)\"") }.map(String.init) ?? ""
    }

    @Test func everyMeaningHasAColourOfItsOwn() {
        let colours = [
            DOTEncoder.cycleColor, DOTEncoder.cutColor, DOTEncoder.edgeColor, DiffEncoder.addedColor,
            DiffEncoder.removedColor, DiffEncoder.changedColor,
        ]
        #expect(Set(colours).count == colours.count)
    }

    @Test func aDiffMapDrawsTheCyclesThatRemainInRedAndAddedEdgesInPurple() throws {
        let dot = try diff(.dot)
        let red = DOTEncoder.cycleColor, purple = DiffEncoder.addedColor
        // The cycle that stayed: red, as on any map.
        #expect(line(dot, "App.A", "App.B").contains("color=\"\(red)\""))
        #expect(line(dot, "App.B", "App.A").contains("color=\"\(red)\""))
        // An added edge on a cycle of AFTER: both colours; one on none: purple alone.
        #expect(line(dot, "App.A", "App.C").contains("color=\"\(red):\(purple)\""))
        #expect(line(dot, "App.C", "App.A").contains("color=\"\(red):\(purple)\""))
        #expect(line(dot, "App.A", "App.D").contains("color=\"\(purple)\""))
        #expect(!line(dot, "App.A", "App.D").contains(red))
        // A removed edge, between two types on one cycle of AFTER, is no cycle edge: dashed green only.
        let removed = line(dot, "App.B", "App.C")
        #expect(removed.contains("color=\"\(DiffEncoder.removedColor)\"") && removed.contains("dashed"))
        #expect(!removed.contains(red))
        // Nothing added is red, and the legend names both.
        #expect(dot.contains("on a cycle after") && dot.contains("added, on a cycle after"))
    }

    @Test func sideBySidePanelsRedTheirOwnVersionsCycles() throws {
        let dot = try diff(.dot, sideBySide: true)
        let red = DOTEncoder.cycleColor
        #expect(line(dot, "before:App.A", "before:App.B").contains(red))
        #expect(!line(dot, "before:App.B", "before:App.C").contains(red))
        #expect(line(dot, "after:App.C", "after:App.A").contains("\(red):\(DiffEncoder.addedColor)"))
    }

    @Test func theExplorerDiffPageMarksOnlyTheCyclesOfAfter() throws {
        let html = try diff(.html)
        let data = try ExplorerPageTests().data(html)
        let nodes = try #require(data["nodes"] as? [[String: Any]]).map { $0["id"] as? String ?? "" }
        let edges = try #require(data["edges"] as? [[String: Any]])
        func edge(_ from: String, _ to: String) -> [String: Any]? {
            edges.first { nodes[$0["from"] as! Int] == from && nodes[$0["to"] as! Int] == to }
        }
        #expect(edge("App.C", "App.A")?["cyclic"] as? Bool == true)
        #expect(edge("App.B", "App.C")?["cyclic"] as? Bool == false)
        #expect(edge("App.A", "App.D")?["cyclic"] as? Bool == false)
    }

    @Test func standardTypesAreLeftOffMapsUnlessAsked() throws {
        let dir = try TempDir()
        try dir.write(
            "App/A.swift",
            """
            import UIKit
            struct Result { let value: Int }
            final class Screen: UIViewController, Equatable {
                var name: String = ""
                var when: Foundation.Date?
                let result = Result(value: 1)
                let other: Swift.Result<Int, Error>? = nil
                static func == (a: Screen, b: Screen) -> Bool { a === b }
            }
            """)
        func drawn(_ configure: (inout MapRequest) -> Void) throws -> Set<String> {
            var request = MapRequest(scan: ScanRequest(paths: ["."]))
            request.scan.workingDirectory = dir.path
            request.scan.includeExternal = true
            request.format = .dot
            configure(&request)
            return Set(try MapPipeline.run(request).graph.nodes.map(\.id))
        }
        let plain = try drawn { _ in }
        // UIKit's class stays, and the app's own `Result`; the vocabulary goes, qualified or not.
        #expect(plain.contains("UIViewController") && plain.contains("App.Result") && plain.contains("App.Screen"))
        for name in ["String", "Int", "Equatable", "Bool", "Foundation.Date", "Swift.Result", "Error"] {
            #expect(!plain.contains(name), "\(name) is drawn")
        }
        let asked = try drawn { $0.includeStandardTypes = true }
        #expect(asked.contains("String") && asked.contains("Equatable"))
        try dir.write("seams.yml", "include-standard-types: true\n")
        #expect(try drawn { _ in }.contains("String"))
    }

    @Test func aModuleMapLabelsItsEdgesWithTheirReferences() throws {
        let dir = try TempDir()
        try dir.write("seams.yml", "modules:\n  One: [\"One/**\"]\n  Two: [\"Two/**\"]\n")
        try dir.write("One/A.swift", "class A { let b = B(); let c = B() }")
        try dir.write("Two/B.swift", "public class B { public init() {} }")
        var request = MapRequest(scan: ScanRequest(paths: ["."]))
        request.scan.workingDirectory = dir.path
        request.scan.granularity = .module
        request.format = .dot
        let dot = String(decoding: try MapPipeline.run(request).bytes, as: UTF8.self)
        let edge = line(dot, "One", "Two")
        #expect(edge.contains("label=\" 2\"") && edge.contains("fontsize=11"), "\(edge)")
        #expect(dot.contains("shape=component, fontsize=14"))
    }
}
