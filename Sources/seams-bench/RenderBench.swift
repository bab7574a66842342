import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit

/// Times `seams graph` on synthetic graphs shaped like real type graphs: modules of 25
/// types, about three dependencies per type, a few hubs that most types use, and cycles.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time map rendering (engine choice, DOT, Graphviz, SVG) on synthetic graphs."
    )

    @Option(help: "Graph sizes in nodes, comma-separated.")
    var sizes = "100,1000,5000"

    func run() throws {
        for size in sizes.split(separator: ",").compactMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            let graph = Self.synthetic(nodes: size)
            var request = MapRequest(scan: ScanRequest(paths: []))
            request.format = .svg
            let start = DispatchTime.now()
            let outcome = try MapPipeline.draw(graph, request)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            print(
                String(
                    format: "%5d nodes %6d edges: %6.2f s with %@, %5.1f MB of SVG (goal: under 5 s)",
                    graph.nodes.count, graph.edges.count, seconds, outcome.engine?.rawValue ?? "-",
                    Double(outcome.bytes.count) / 1_048_576))
        }
    }

    static func synthetic(nodes count: Int) -> Graph {
        var rng = SplitMix(seed: UInt64(count))
        var builder = GraphBuilder()
        let kinds: [NodeKind] = [.class, .class, .struct, .enum, .protocol]
        let ids = (0..<count).map { "Module\($0 / 25).Type\($0)" }
        for (i, id) in ids.enumerated() {
            builder.add(
                Node(
                    id: id, name: "Type\(i)", module: "Module\(i / 25)", kind: kinds[i % kinds.count],
                    file: "Module\(i / 25)/Type\(i).swift", line: 1))
        }
        let hubs = Array(ids.prefix(max(1, count / 100)))
        for (i, id) in ids.enumerated() {
            for k in 0..<3 {
                // Mostly neighbours in the same module, sometimes a hub, sometimes anywhere.
                let roll = rng.next() % 10
                let target: String
                if roll < 5 {
                    target = ids[min(count - 1, (i / 25) * 25 + Int(rng.next() % 25))]
                } else if roll < 8 {
                    target = hubs[Int(rng.next() % UInt64(hubs.count))]
                } else {
                    target = ids[Int(rng.next() % UInt64(count))]
                }
                builder.addSite(
                    from: id, to: target,
                    Site(file: "Module\(i / 25)/Type\(i).swift", line: 10 + k, column: 5, kind: .type))
            }
        }
        return builder.build(root: ".", modules: [])
    }
}
