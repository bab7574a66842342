import Foundation
import SeamsTestSupport
import SeamsGraph
import SeamsKit
import SeamsReport
import Testing

@Suite struct ScanPipelineTests {
    func scan(_ path: String, _ configure: (inout ScanRequest) -> Void = { _ in }) throws -> Graph {
        // As a user runs it: from inside the folder, so the root is "." and paths are relative.
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = path
        configure(&request)
        return try ScanPipeline.run(request).graph
    }

    @Test func multiModulePackageUsesTargetsAndImports() throws {
        let g = try scan(fixture("MultiModule"))
        #expect(g.modules.map(\.name) == ["Networking", "TechApp", "TechAppTests"])
        // Cross-module edges resolve through imports.
        #expect(g.edge(from: "TechApp.AppDelegate", to: "Networking.API")?.kinds == [.construct])
        #expect(g.edge(from: "TechApp.SignInViewController", to: "Networking.API")?.kinds == [.member])
        #expect(g.edge(from: "TechAppTests.SignInTests", to: "TechApp.SignInViewController") != nil)
        // Each module's own Logger wins over the other module's.
        #expect(g.edge(from: "TechApp.AppDelegate", to: "TechApp.Logger") != nil)
        #expect(g.edge(from: "TechApp.AppDelegate", to: "Networking.Logger") == nil)
        // Networking does not import TechApp, so its AppDelegate mention is not TechApp's.
        #expect(g.edge(from: "Networking.Logger", to: "TechApp.AppDelegate") == nil)
        // The hidden edges: extension member, implicit member, member chain.
        #expect(
            g.edge(from: "TechApp.SignInViewController", to: "TechApp.UIApplication+AppDelegate")?.kinds == [.member])
        #expect(g.edge(from: "TechApp.SignInViewController", to: "Networking.AuthEvent")?.kinds == [.implicitMember])
        #expect(g.edge(from: "TechApp.SignInViewController", to: "TechApp.AppDelegate")?.kinds == [.member])
        // Files outside targets and nested packages are reported, not scanned.
        #expect(
            g.diagnostics.contains {
                $0.file == "Package.swift"
                    && $0.message == "1 Swift file(s) that no target compiles were not scanned (Scripts: 1)"
            })
        #expect(g.diagnostics.contains { $0.file == "Vendor/Kit" && $0.message.contains("nested package") })
        #expect(g.nodes.allSatisfy { $0.module != "Kit" })
    }

    @Test func xcodeStyleTreeUsesTopLevelFoldersAndConfig() throws {
        let g = try scan(fixture("XcodeApp"))
        #expect(g.modules.map(\.name) == ["Helpers", "Networking", "TechApp", "TechAppTests"])
        // One app module in Xcode: folders see each other without imports.
        #expect(g.edge(from: "Networking.API", to: "TechApp.AppDelegate")?.kinds == [.cast, .member, .static])
        #expect(g.edge(from: "TechApp.SignInViewController", to: "Helpers.String+Validation")?.kinds == [.member])
        // exclude: in seams.yml, and Pods always.
        #expect(g.nodes.allSatisfy { $0.file?.contains("Generated") != true && $0.file?.hasPrefix("Pods") != true })
    }

    @Test func multiModuleJSONGolden() throws {
        let g = try scan(fixture("MultiModule"))
        assertSnapshot(GraphJSONReporter.render(g), named: "multi-module.json")
    }

    @Test func xcodeTextGolden() throws {
        let g = try scan(fixture("XcodeApp"))
        assertSnapshot(GraphTextReporter.render(g), named: "xcode-app.txt")
    }

    @Test func externalTypesOnlyWhenAsked() throws {
        let without = try scan(fixture("MultiModule"))
        let with = try scan(fixture("MultiModule")) { $0.includeExternal = true }
        #expect(without.nodes.allSatisfy { !$0.external })
        #expect(with.node("UIResponder")?.kind == .external)
        #expect(with.node("UIResponder")?.module == nil)
        #expect(with.edge(from: "TechApp.AppDelegate", to: "UIResponder")?.kinds == [.inherit])
    }

    @Test func granularities() throws {
        let files = try scan(fixture("MultiModule")) { $0.granularity = .file }
        #expect(files.edge(from: "App/AppDelegate.swift", to: "Sources/Networking/API.swift") != nil)
        #expect(files.nodes.allSatisfy { $0.kind == .file })
        let modules = try scan(fixture("MultiModule")) { $0.granularity = .module }
        #expect(modules.nodes.map(\.id) == ["Networking", "TechApp", "TechAppTests"])
        #expect(modules.edges.map { "\($0.from)->\($0.to)" } == ["TechApp->Networking", "TechAppTests->TechApp"])
        #expect(modules.edge(from: "TechApp", to: "Networking")?.count ?? 0 >= 5)
    }

    @Test func configModulesOverrideAndErrorsAreReported() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { let b = B() }")
        try dir.write("App/Deep/B.swift", "class B {}")
        try dir.write("seams.yml", "modules:\n  Core: [\"App/Deep/**\"]\n")
        let g = try scan(dir.path)
        #expect(g.edge(from: "App.A", to: "Core.B") != nil)

        try dir.write("seams.yml", "exclude: {a: 1}\nmodulez: {}\n")
        #expect {
            try scan(dir.path)
        } throws: { error in
            let text = "\(error)"
            return text.contains("seams.yml:1:10") && text.contains("'exclude' must be a list")
                && text.contains("seams.yml:2:1") && text.contains("did you mean 'modules'?")
        }
    }

    @Test func deterministicWhateverTheOrderAndThreads() throws {
        let dir = try TempDir()
        // Many files with cross references, so that order could matter anywhere.
        for i in 0..<40 {
            try dir.write(
                "M\(i % 3)/T\(i).swift",
                """
                class T\(i) { let next = T\((i + 1) % 40)(); func f() -> T\((i + 7) % 40) { T\((i + 7) % 40)() } }
                extension String { var t\(i): Int { \(i) } }
                enum E\(i) { case a, b }
                func g\(i)(_ e: E\(i)) -> Bool { e == .a && "x".t\((i + 3) % 40) > 0 }
                """)
        }
        let reference = GraphJSONReporter.render(try scan(dir.path) { $0.threads = 1 })
        for threads in [2, 4, 8] {
            let again = GraphJSONReporter.render(try scan(dir.path) { $0.threads = threads })
            #expect(again == reference, "threads \(threads) changed the output")
        }
        // Shuffled input order straight into the scanner.
        #expect(ScannerOrder.shuffledScansAgree(dir.path))
    }
}
