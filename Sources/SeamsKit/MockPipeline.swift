import Foundation
import SeamsGraph
import SeamsRules
import SeamsWorkbench

/// What `seams mock` writes: the mock of one scanned protocol.
public struct MockRequest: Sendable {
    public var scan: ScanRequest
    /// The protocol: its id, its name, or the end of its id.
    public var protocolName: String
    /// The mock's class name (default: the protocol's name and `Mock`).
    public var mockName: String?

    public init(scan: ScanRequest, protocolName: String) {
        self.scan = scan
        self.protocolName = protocolName
    }
}

public struct MockOutcome: Sendable {
    public var text: String
    /// The protocol mocked, by id.
    public var protocolID: String
    public var scopeWarning: String?
}

/// scan → the protocol's node → its declaration and those of the scanned protocols it inherits
/// → the mock (`MockWriter`).
public enum MockPipeline {
    public static func run(_ request: MockRequest) throws -> MockOutcome {
        var scan = request.scan
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        let graph = outcome.graph
        let node = try protocolNode(request.protocolName, in: graph)
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // The scanned protocols it inherits, however far up, by name.
        var inherited: [String: ProtocolSource] = [:]
        var queue = [node.id]
        var seen: Set<String> = [node.id]
        let files = SourceFiles(root: graph.root, started: Date())
        func source(_ n: Node) throws -> ProtocolSource {
            guard let file = n.file, let line = n.line else {
                throw SeamsError.input("\(n.id) has no declaration seams read")
            }
            return ProtocolSource(
                name: n.name, module: n.module ?? "", file: file, line: line, text: try files.text(file))
        }
        while let id = queue.popLast() {
            for edge in graph.edges where edge.from == id && edge.sites.contains(where: { $0.kind == .inherit }) {
                guard let parent = nodes[edge.to], parent.kind == .protocol, !parent.external,
                    seen.insert(parent.id).inserted
                else { continue }
                inherited[String(parent.name.split(separator: ".").last ?? Substring(parent.name))] = try source(parent)
                queue.append(parent.id)
            }
        }
        do {
            let text = try MockWriter.mock(try source(node), inherited: inherited, name: request.mockName)
            return MockOutcome(text: text, protocolID: node.id, scopeWarning: outcome.scopeWarning)
        } catch let refusal as MockRefusal {
            throw SeamsError.input("cannot mock \(node.id): \(refusal.reason)")
        }
    }

    /// The protocol named: by id, name or the end of its id; one declaration compiled into
    /// several modules is ambiguous (the mock imports one of them).
    static func protocolNode(_ name: String, in graph: Graph) throws -> Node {
        let protocols = graph.nodes.filter { $0.kind == .protocol && !$0.external }
        let matches = protocols.filter { $0.id == name || $0.name == name || $0.id.hasSuffix("." + name) }
        if let exact = matches.first(where: { $0.id == name }) { return exact }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw SeamsError.unknownNode(
                "\(name) is ambiguous: \(matches.map(\.id).sorted().joined(separator: ", ")); give the full id")
        }
        if let other = graph.nodes.first(where: { $0.name == name && !$0.external }) {
            throw SeamsError.unknownNode(
                "\(name) is a \(other.kind.rawValue), not a protocol: seams mock mocks protocols")
        }
        let hint = Suggestion.hint(for: name, in: protocols.map(\.name))
        throw SeamsError.unknownNode("no scanned protocol \(name)\(hint)")
    }
}
