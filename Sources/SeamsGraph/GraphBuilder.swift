import Foundation

/// Accumulates nodes and reference sites in any order and produces a canonical `Graph`.
public struct GraphBuilder: Sendable {
    private var nodes: [String: Node] = [:]
    /// Sites are appended as found (duplicates too) and sorted and de-duplicated once, in build.
    private var sites: [EdgeKey: [Site]] = [:]
    public var diagnostics: [Diagnostic] = []
    public var uses: [Use] = []

    private struct EdgeKey: Hashable, Sendable {
        var from: String
        var to: String
    }

    public init() {}

    /// Adds a node; the first one added under an id wins, so add in a deterministic order.
    public mutating func add(_ node: Node) {
        if nodes[node.id] == nil { nodes[node.id] = node }
    }

    public func hasNode(_ id: String) -> Bool { nodes[id] != nil }

    /// Node ids that some edge starts or ends at.
    public var connectedNodeIDs: Set<String> {
        var ids = Set<String>()
        for key in sites.keys {
            ids.insert(key.from)
            ids.insert(key.to)
        }
        return ids
    }

    private static func sortedUnique(_ list: [Site]) -> [Site] {
        // Sites usually come in order already (each file's in order, files in order).
        let inOrder = list.indices.dropFirst().allSatisfy { !(list[$0] < list[$0 - 1]) }
        let sorted = inOrder ? list : list.sorted()
        var out: [Site] = []
        out.reserveCapacity(sorted.count)
        for site in sorted where out.last != site { out.append(site) }
        return out
    }

    public mutating func addSite(from: String, to: String, _ site: Site) {
        guard from != to else { return }
        sites[EdgeKey(from: from, to: to), default: []].append(site)
    }

    /// Adds everything another builder collected.
    public mutating func merge(_ other: GraphBuilder) {
        for node in other.nodes.values { add(node) }
        for (key, list) in other.sites { sites[key, default: []].append(contentsOf: list) }
        diagnostics += other.diagnostics
        uses += other.uses
    }

    public func build(root: String, modules: [ModuleInfo]) -> Graph {
        // Each edge's sites are sorted apart from the others': in chunks, on every core.
        let lists = Array(sites)
        let chunks = ProcessInfo.processInfo.activeProcessorCount
        let edges = ConcurrentMap.run(chunks) { c in
            lists[lists.count * c / chunks..<lists.count * (c + 1) / chunks].map {
                Edge(from: $0.key.from, to: $0.key.to, sortedUniqueSites: Self.sortedUnique($0.value))
            }
        }
        return Graph(
            root: root, modules: modules, nodes: Array(nodes.values), edges: edges.flatMap { $0 },
            diagnostics: diagnostics,
            uses: uses
        )
    }
}
