import Foundation
import SeamsKit
import SeamsGraph
import SeamsReport
import SeamsTestSupport
import Testing

/// `seams what-if`: the sign-in screen moved into its own module, and the untangle plan's cuts
/// pretended, on the teaching sample's Stage 0; each report pinned by a golden.
@Suite struct WhatIfTests {
    static let stage0 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy").path

    static func request() -> WhatIfRequest {
        var scan = ScanRequest(paths: [stage0])
        scan.cache = nil
        return WhatIfRequest(scan: scan)
    }

    @Test func movingSignInOutShowsTheNewModuleCycleAndWhatWouldNeedPublic() throws {
        var request = Self.request()
        request.moves = [
            .init(glob: "FieldDesk.SignIn*", module: "SignIn"), .init(glob: "*String+Validation*", module: "SignIn"),
        ]
        let outcome = try WhatIfPipeline.run(request)
        assertSnapshot(String(decoding: outcome.bytes, as: UTF8.self), named: "what-if/move-sign-in.txt")
        #expect(outcome.report.moduleCyclesAfter == [["FieldDesk", "SignIn"]])
        // The screen's own rule was broken before and stays so: no violation is new or gone.
        #expect(outcome.report.rulesBroken.isEmpty && outcome.report.rulesFixed.isEmpty)
        #expect(
            outcome.report.needAccess.contains {
                $0.type == "FieldDesk.API" && $0.members == ["delegate (internal)", "signIn (internal)"]
            })
        request.format = .json
        let json = try JSONDecoder().decode(WhatIfReport.self, from: try WhatIfPipeline.run(request).bytes)
        #expect(json == outcome.report)
    }

    @Test func thePlansCutsLeaveNoCycle() throws {
        var request = Self.request()
        request.cuts = [
            ("Logger", "AppDelegate"), ("Theme", "AppDelegate"), ("UIApplication+AppDelegate", "AppDelegate"),
            ("API", "AppDelegate"), ("AlertViewController", "SignInViewController"),
            ("InvoiceViewController", "AppDelegate"), ("JobsViewController", "AppDelegate"),
            ("SignInViewController", "AppDelegate"),
        ]
        let outcome = try WhatIfPipeline.run(request)
        assertSnapshot(String(decoding: outcome.bytes, as: UTF8.self), named: "what-if/untangle-cuts.txt")
        #expect(outcome.report.rulesFixed.contains { $0.hasPrefix("no-cycles:") })
        #expect(outcome.report.rulesBroken.isEmpty)
    }

    @Test func whatCannotBeTriedIsSaid() throws {
        var request = Self.request()
        request.moves = [.init(glob: "Nothing*", module: "X")]
        #expect(throws: SeamsError.self) { try WhatIfPipeline.run(request) }
        request.moves = [
            .init(glob: "FieldDesk.Logger", module: "FieldDesk2"), .init(glob: "*Logger", module: "FieldDesk"),
        ]
        // Logger moved out and back: no clash with itself.
        #expect(throws: Never.self) { try WhatIfPipeline.run(request) }
        request.moves = []
        request.cuts = [("Logger", "SignInViewController")]
        do {
            _ = try WhatIfPipeline.run(request)
            Issue.record("a cut of no edge was tried")
        } catch {
            #expect("\(error)".contains("there is no edge FieldDesk.Logger → FieldDesk.SignInViewController"))
        }
    }

    /// One file compiled into two modules (an app's iOS and watchOS targets) declares its type in
    /// each; moving both into one module would make two types one.
    @Test func oneDeclarationInTwoModulesCannotMoveAsOne() {
        let nodes = ["Shared-iOS", "Shared-watchOS"].map { (module: String) in
            Node(id: module + ".Link", name: "Link", module: module, kind: .class, file: "Shared/Link.swift", line: 1)
        }
        let graph = Graph(root: "/app", modules: [], nodes: nodes, edges: [], diagnostics: [])
        let both = graph.moving(Set(nodes.map(\.id)), to: "Watch")
        #expect(both.clash?.contains("would both be Watch.Link") == true, "\(both.clash ?? "no clash")")
        let one = graph.moving(["Shared-iOS.Link"], to: "Watch")
        #expect(one.clash == nil)
        #expect(one.graph.node("Watch.Link")?.module == "Watch")
        #expect(one.graph.node("Shared-watchOS.Link") != nil)
    }
}
