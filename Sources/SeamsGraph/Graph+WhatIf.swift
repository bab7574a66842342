/// Virtual refactorings (`seams what-if`): the graph as it would be after types move to another
/// module or an edge is cut, with nothing written.
extension Graph {
    /// The graph with the types in `ids` moved into `module` (new or existing): each is named
    /// `module.name` and every edge and use follows it; the clash, when a type of that name is
    /// already there.
    public func moving(_ ids: Set<String>, to module: String) -> (
        graph: Graph, renamed: [String: String], clash: String?
    ) {
        var renamed: [String: String] = [:]
        let existing = Set(nodes.map(\.id))
        var movedTo: [String: String] = [:]
        for node in nodes where ids.contains(node.id) && !node.external {
            let id = module + "." + node.name
            if id != node.id, existing.contains(id), !ids.contains(id) {
                return (self, [:], "\(id) is already a type of \(module)")
            }
            // One file compiled into two modules (an app's iOS and watchOS targets) declares a
            // type in each: both cannot become one.
            if let other = movedTo[id] {
                return (
                    self, [:],
                    "\(other) and \(node.id) would both be \(id) (one declaration compiled into two modules); "
                        + "move one module's types, by id"
                )
            }
            movedTo[id] = node.id
            renamed[node.id] = id
        }
        func name(_ id: String) -> String { renamed[id] ?? id }
        let moved = nodes.map { node -> Node in
            guard let id = renamed[node.id] else { return node }
            var copy = node
            copy.id = id
            copy.module = module
            return copy
        }
        let edges = edges.map { edge -> Edge in
            guard renamed[edge.from] != nil || renamed[edge.to] != nil else { return edge }
            return Edge(from: name(edge.from), to: name(edge.to), sites: edge.sites)
        }
        let uses = uses.map { use -> Use in
            var copy = use
            copy.from = name(use.from)
            copy.to = use.to.map(name)
            copy.valueType = use.valueType.map(name)
            return copy
        }
        // A new module compiles the moved types' files; the others are left as they were.
        var modules = self.modules
        if !modules.contains(where: { $0.name == module }) {
            let files = Set(moved.filter { renamed.values.contains($0.id) }.compactMap(\.file))
            modules.append(ModuleInfo(name: module, files: files.count))
        }
        var graph = Graph(
            root: root, modules: modules, nodes: moved, edges: edges, diagnostics: diagnostics, uses: uses)
        graph.scope = scope
        return (graph, renamed, nil)
    }

    /// The graph without the edge `from` → `to` (nil when there is none).
    public func cutting(from: String, to: String) -> Graph? {
        guard edges.contains(where: { $0.from == from && $0.to == to }) else { return nil }
        var graph = Graph(
            canonicalRoot: root, modules: modules, nodes: nodes,
            edges: edges.filter { !($0.from == from && $0.to == to) }, diagnostics: diagnostics,
            uses: uses.filter { !($0.from == from && ($0.to == to || $0.valueType == to)) })
        graph.scope = scope
        return graph
    }

    /// The dependencies between modules: for each pair, how many type edges (hard ones; a
    /// notification or a callback is not a compile-time dependency) go from one to the other.
    public func moduleEdges() -> [ModulePair: Int] {
        let moduleOf = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var pairs: [ModulePair: Int] = [:]
        for edge in edges where !edge.soft {
            guard let a = moduleOf[edge.from], let b = moduleOf[edge.to], !a.external, !b.external,
                let from = a.module, let to = b.module, from != to
            else { continue }
            pairs[ModulePair(from: from, to: to), default: 0] += 1
        }
        return pairs
    }
}

/// Two modules, one depending on the other.
public struct ModulePair: Hashable, Comparable, Sendable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public static func < (a: ModulePair, b: ModulePair) -> Bool { (a.from, a.to) < (b.from, b.to) }
}
