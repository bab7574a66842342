import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsUntangle

/// `seams untangle` against `seams scan` of the same tree, and the planner alone on a generated
/// tangle: the issue's bounds are "untangle within 1.5× of scan" and "2,000 types in a couple of
/// seconds". Figures to read, not a test.
struct UntangleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "untangle",
        abstract: "Time seams untangle against seams scan of the same folder, and the planner on a generated tangle.",
        discussion: "Run it in release mode: swift run -c release seams-bench untangle PATH [--tangle 2000]"
    )

    @Argument(help: "Folders to scan and plan.")
    var paths: [String] = []

    @Option(help: "Also plan a generated tangle of this many types (about 3.5 edges per type).")
    var tangle: Int?

    func run() throws {
        if !paths.isEmpty {
            var request = ScanRequest(paths: paths)
            request.includeExternal = true
            let start = Date()
            let outcome = try ScanPipeline.run(request)
            let scanned = Date().timeIntervalSince(start)
            let planStart = Date()
            var untangler = Untangler()
            untangler.settings = outcome.config.untangle
            let plan = untangler.plan(outcome.graph)
            let planned = Date().timeIntervalSince(planStart)
            let biggest = plan.components.first?.size ?? 0
            let cuts = plan.components.reduce(0) { $0 + $1.cuts.count }
            print(
                String(
                    format: "scan %.2f s, plan %.2f s: untangle = %.2f× scan; %d tangles (largest %d types), %d cuts",
                    scanned, planned, (scanned + planned) / max(scanned, 0.001), plan.components.count, biggest, cuts))
            for c in plan.components.prefix(5) {
                print(
                    "  \(c.size) types, \(c.edges) edges: \(c.cuts.count) cuts of weight \(c.weight)\(c.exact ? " (minimal)" : "")"
                )
            }
        }
        if let n = tangle {
            var rng = SystemRandomNumberGenerator()
            var nodes: [Node] = []
            var edges: [Edge] = []
            for i in 0..<n {
                nodes.append(Node(id: "T\(i)", name: "T\(i)", module: "App", kind: .class, file: nil, line: nil))
            }
            var seen = Set<[Int]>()
            let kinds: [SiteKind] = [.type, .member, .static, .construct, .cast]
            while edges.count < n * 7 / 2 {
                let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
                guard a != b, seen.insert([a, b]).inserted else { continue }
                let site = Site(file: "T\(a).swift", line: 1, column: 1, kind: kinds.randomElement(using: &rng)!)
                edges.append(Edge(from: "T\(a)", to: "T\(b)", sites: [site]))
            }
            let graph = Graph(root: ".", modules: [], nodes: nodes, edges: edges, diagnostics: [])
            let start = Date()
            let plan = Untangler().plan(graph)
            let seconds = Date().timeIntervalSince(start)
            let c = plan.components.first
            print(
                String(
                    format:
                        "generated tangle: %d types, %d edges; largest component %d; %d cuts of weight %d in %.2f s",
                    n, edges.count, c?.size ?? 0, c?.cuts.count ?? 0, c?.weight ?? 0, seconds))
        }
    }
}
