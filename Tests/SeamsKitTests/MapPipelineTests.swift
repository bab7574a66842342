import Foundation
import SeamsGraph
import SeamsKit
import SeamsRender
import SeamsTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct MapPipelineTests {
    func map(_ fixtureName: String, _ configure: (inout MapRequest) -> Void = { _ in }) throws -> MapOutcome {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = fixture(fixtureName)
        var request = MapRequest(scan: scan)
        configure(&request)
        return try MapPipeline.run(request)
    }

    func text(_ outcome: MapOutcome) -> String { String(decoding: outcome.bytes, as: UTF8.self) }

    /// `graph --testability` judges as `seams testability` does: a child view is composition,
    /// whatever the map leaves out, and the SDK types it judged by are not drawn.
    @Test func theTestabilityMapJudgesAsTestabilityDoes() throws {
        let dir = try TempDir()
        try dir.write(
            "App/Views.swift",
            """
            import SwiftUI
            final class API { static let shared = API() }
            struct Row: View { let api = API.shared; var body: some View { Text("row") } }
            """)
        try dir.write("App/Screen.swift", "import SwiftUI\nstruct Screen: View { var body: some View { Row() } }\n")
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = dir.path
        var request = MapRequest(scan: scan)
        request.testability = true
        request.format = .dot
        let dot = text(try MapPipeline.run(request))
        let screen = try #require(dot.split(separator: "\n").first { $0.contains("\"App.Screen\" [") })
        // A SwiftUI view is composition: not advised on, so never filled as blocked.
        #expect(!screen.contains("testability cost"), "\(screen)")
        #expect(!dot.contains("\"View\" ["), "external types are not drawn unless asked")
    }

    /// `seams watch --map` draws what `seams graph` draws with the same map options: focused,
    /// with edge counts and the cuts planned, byte for byte; without them, another map.
    @Test func theWatchDrawsTheMapAsGraphDoesWithTheSameOptions() throws {
        let dir = try TempDir()
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = try dir.copy(fixture: "XcodeApp", as: "app")
        var drawing = MapRequest(scan: scan)
        drawing.focus = ["Configuration"]
        drawing.direction = .in
        drawing.edgeLabels = true
        drawing.planCuts = true
        func watched(_ map: MapRequest?, to name: String) throws -> String {
            let watcher = Watcher(
                request: CheckRequest(scan: scan), cache: DiskCache(inMemoryReporting: { _ in }),
                mapPath: dir.path + "/" + name, map: map)
            let report = watcher.check()
            #expect(report.map?.contains("drew ") == true, "\(report.map ?? "no map")")
            return try dir.read(name)
        }
        var graph = drawing
        graph.format = .dot
        let expected = text(try MapPipeline.run(graph))
        #expect(expected.contains("Configuration"))
        #expect(try watched(drawing, to: "focused.dot") == expected)
        #expect(try watched(nil, to: "plain.dot") == text(try map("XcodeApp") { $0.format = .dot }))
        #expect(try dir.read("plain.dot") != expected)
    }

    @Test func multiModuleDOTGolden() throws {
        assertSnapshot(text(try map("MultiModule") { $0.format = .dot }), named: "multi-module.dot")
    }

    @Test func cycleDOTGolden() throws {
        assertSnapshot(
            text(
                try map("XcodeApp") {
                    $0.format = .dot; $0.edgeLabels = true
                }), named: "xcode-cycle.dot")
    }

    @Test func focusDOTGolden() throws {
        let outcome = try map("XcodeApp") {
            $0.format = .dot
            $0.focus = ["Configuration"]
            $0.direction = .in
        }
        #expect(outcome.graph.nodes.map(\.id) == ["Networking.API", "TechApp.AppDelegate", "TechApp.Configuration"])
        assertSnapshot(text(outcome), named: "xcode-focus.dot")
    }

    @Test func collapseDOTGolden() throws {
        let outcome = try map("MultiModule") {
            $0.format = .dot
            $0.collapse = .module
            $0.edgeLabels = true
        }
        #expect(outcome.graph.nodes.map(\.id) == ["Networking", "TechApp", "TechAppTests"])
        assertSnapshot(text(outcome), named: "multi-module-collapsed.dot")
    }

    @Test func mermaidGolden() throws {
        assertSnapshot(text(try map("XcodeApp") { $0.format = .mermaid }), named: "xcode-cycle.mmd")
    }

    @Test func focusKeepsCycleEdgesRedWhenTheRestOfTheCycleIsHidden() throws {
        let dot = text(
            try map("XcodeApp") {
                $0.format = .dot
                $0.focus = ["SignInViewController"]
                $0.direction = .out
            })
        // SignInViewController -> API lies on the API -> AppDelegate -> SignIn cycle.
        #expect(dot.contains("\"TechApp.SignInViewController\" -> \"Networking.API\" [color=\"#d62728\""))
    }

    @Test func onlyCyclesKeepsTheCycle() throws {
        let g = try map("XcodeApp") {
            $0.format = .dot
            $0.onlyCycles = true
        }.graph
        #expect(g.nodes.map(\.id) == ["Networking.API", "TechApp.AppDelegate", "TechApp.SignInViewController"])
        #expect(g.edges.count == 4)
    }

    @Test func focusErrors() {
        #expect(throws: SeamsError.self) { try map("XcodeApp") { $0.focus = ["Nope"] } }
        #expect {
            try map("XcodeApp") { $0.focus = ["Configuraton"] }
        } throws: { "\($0)".contains("did you mean 'Configuration'?") }
        #expect {
            try map("MultiModule") { $0.onlyCycles = true }
        } throws: { "\($0)".contains("no dependency cycles") }
    }

    @Test func svgHasOneNodeGroupPerNodeAndRedCycleEdges() throws {
        let outcome = try map("XcodeApp") { $0.format = .svg }
        let svg = text(outcome)
        let doc = try XMLDocument(data: outcome.bytes)
        let nodes = try doc.nodes(forXPath: "//*[local-name()='g'][@class='node']/*[local-name()='title']")
            .compactMap(\.stringValue)
        let expected = outcome.graph.nodes.map(\.id)
        for id in expected { #expect(nodes.filter { $0 == id }.count == 1, "\(id) drawn once") }
        #expect(nodes.filter { $0 != "legend" }.count == expected.count, "and one legend node")
        let edges = try doc.nodes(forXPath: "//*[local-name()='g'][@class='edge']")
        let red = edges.filter { ($0 as? XMLElement)?.xmlString.contains("stroke=\"#d62728\"") == true }
        #expect(red.count == 4, "four cycle edges (the legend is a table, not edges)")
        #expect(svg.contains("xlink:title=\"TechApp.AppDelegate → Networking.API"), "edge tooltips list sites")
    }

    @Test func engineChoiceBySize() {
        #expect(MapPipelineEngine.choose(nil, nodes: 200, edges: 600, clusters: true) == .dot)
        #expect(MapPipelineEngine.choose(nil, nodes: 300, edges: 600, clusters: true) == .sfdp)
        #expect(MapPipelineEngine.choose(nil, nodes: 200, edges: 900, clusters: true) == .sfdp)
        #expect(MapPipelineEngine.choose(nil, nodes: 200, edges: 300, clusters: false) == .sfdp)
        #expect(MapPipelineEngine.choose(.neato, nodes: 5000, edges: 15000, clusters: true) == .neato)
    }
}
