import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsTestSupport
import SeamsTestability
import SeamsUntangle
import Testing

/// Test, preview and generated code: marked in the scan, left out of the advice by default.
@Suite struct RoleTests {
    /// A package with a test target, previews, a generated file, and the traps: a production
    /// type named TestHelper, a `Tests` folder inside the app's module, headers that only look
    /// generated.
    func package() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "App"),
                    .target(name: "AppMocks", dependencies: ["App"]),
                    .target(name: "MockServer"),
                    .testTarget(name: "AppTests", dependencies: ["App"]),
                ]
            )
            """)
        try dir.write(
            "Sources/App/Service.swift",
            """
            final class Service {
                static let shared = Service()
                func load() {}
            }
            final class Screen {
                let service = Service.shared
            }
            final class Left { var right: Right? }
            final class Right { var left: Left? }
            """)
        try dir.write(
            "Sources/App/TestHelper.swift",
            """
            // Generates the weekly report. Written by hand.
            final class TestHelper {
                func help() { Service.shared.load() }
            }
            """)
        try dir.write(
            "Sources/App/Tests/Seeder.swift",
            """
            final class Seeder {
                func make() { Service.shared.load() }
            }
            """)
        try dir.write(
            "Sources/App/Notes.swift",
            """
            final class Notes {
                // DO NOT EDIT: the order matters.
                static var order = 1
            }
            """)
        try dir.write(
            "Sources/App/L10n.swift",
            """
            // swiftlint:disable all
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

            enum L10n {
                static var table = "Localizable"
            }
            """)
        try dir.write(
            "Sources/App/ScreenView.swift",
            """
            import SwiftUI

            struct ScreenView: View {
                let screen: Screen
                var body: some View { Text("") }
            }
            struct AppRoot {
                let view = ScreenView(screen: Screen())
            }
            struct ScreenView_Previews: PreviewProvider {
                static var previews: some View { ScreenView(screen: PreviewData.sample) }
            }
            enum PreviewData {
                static var sample = Screen()
            }
            #Preview {
                ScreenView(screen: MacroPreviewData.sample)
            }
            enum MacroPreviewData {
                static var sample = Screen()
            }
            """)
        // A library for tests to link is test code; a production target named like one is not.
        try dir.write("Sources/AppMocks/ServiceStub.swift", "final class ServiceStub { func load() {} }\n")
        try dir.write("Sources/MockServer/Server.swift", "final class Server { func serve() {} }\n")
        try dir.write(
            "Tests/AppTests/ScreenTests.swift",
            """
            @testable import App
            final class ScreenTests {
                func testLoads() { let screen = Screen(); _ = screen.service }
            }
            final class PageObject { var driver: Driver? }
            final class Driver { var page: PageObject? }
            """)
        return dir
    }

    func scan(_ path: String) throws -> Graph {
        var request = ScanRequest(paths: [path])
        request.manifest = .syntax
        return try ScanPipeline.run(request).graph
    }

    func roles(_ graph: Graph) -> [String: String] {
        var out: [String: String] = [:]
        for n in graph.nodes where !n.external && n.kind != .fileScope { out[n.id] = n.role?.rawValue ?? "production" }
        return out
    }

    @Test func eachNodeIsMarkedWhereItsRoleIsKnown() throws {
        let dir = try package()
        let roles = roles(try scan(dir.path))
        #expect(roles["AppTests.ScreenTests"] == "test")
        #expect(roles["AppTests.PageObject"] == "test")
        #expect(roles["AppMocks.ServiceStub"] == "test")
        #expect(roles["MockServer.Server"] == "production")
        #expect(roles["App.L10n"] == "generated")
        #expect(roles["App.ScreenView_Previews"] == "preview")
        // Used only from previews: from a PreviewProvider, or from a #Preview macro.
        #expect(roles["App.PreviewData"] == "preview")
        #expect(roles["App.MacroPreviewData"] == "preview")
        // Traps: production code that looks like test or generated code, or that previews use too.
        #expect(roles["App.TestHelper"] == "production")
        #expect(roles["App.Seeder"] == "production")
        #expect(roles["App.Notes"] == "production")
        #expect(roles["App.ScreenView"] == "production")
        #expect(roles["App.Screen"] == "production")
        #expect(roles["App.AppRoot"] == "production")
    }

    @Test func theScanJSONWritesARoleOnlyForNonProductionNodes() throws {
        let dir = try package()
        var request = ScanRequest(paths: [dir.path])
        request.manifest = .syntax
        let json = String(decoding: try ScanPipeline.run(request).bytes(.json), as: UTF8.self)
        #expect(json.contains("\"role\" : \"test\""))
        #expect(json.contains("\"role\" : \"generated\""))
        #expect(json.contains("\"role\" : \"preview\""))
        #expect(!json.contains("\"role\" : null"))
        let graph = try JSONDecoder().decode(Graph.self, from: Data(json.utf8))
        #expect(graph.node("AppTests.ScreenTests")?.role == .test)
        #expect(graph.node("App.Screen")?.role == nil)
    }

    @Test func withModulesFromFoldersATopLevelTestsFolderIsTestCodeAndADeeperOneIsNot() throws {
        let dir = try TempDir()
        try dir.write("App/Model.swift", "final class Model {}\n")
        try dir.write("App/Tests/Sample.swift", "final class Sample { let model = Model() }\n")
        try dir.write("AppUITests/LoginPage.swift", "final class LoginPage {}\n")
        try dir.write("AppTests/ModelTests.swift", "final class ModelTests { let model = Model() }\n")
        let roles = roles(try scan(dir.path))
        #expect(roles["App.Model"] == "production")
        #expect(roles["App.Sample"] == "production")
        #expect(roles["AppUITests.LoginPage"] == "test")
        #expect(roles["AppTests.ModelTests"] == "test")
    }
}
