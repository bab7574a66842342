import Foundation

/// Accumulates nodes and reference sites in any order and produces a canonical `Graph`.
public struct GraphBuilder: Sendable {
    private var nodes: [String: Node] = [:]
    /// Sites are appended as found (duplicates too) and sorted and de-duplicated once, in build.
    private var sites: [EdgeKey: [Site]] = [:]
    /// Other builders' sites, merged: kept apart and joined edge by edge in `build`, after
    /// `sites` and in the order merged, rather than rehashed into `sites`.
    private var mergedSites: [[EdgeKey: [Site]]] = []
    public var diagnostics: [Diagnostic] = []
    public var uses: [Use] = []
    /// The caller gives `uses` sorted and free of duplicates already (see `Use.canonical`).
    public var usesAreCanonical = false

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

    /// The node ids that some edge starts or ends at, sorted; kept until a site is added, for
    /// `build` to rank edges by. Each part's ids are gathered on a core of its own (a merged
    /// builder has one per thread that filled it), then joined.
    public mutating func sortedConnectedNodeIDs() -> [String] {
        if let sortedIDs { return sortedIDs }
        let sorted = gatherSortedIDs()
        sortedIDs = sorted
        return sorted
    }

    private func gatherSortedIDs() -> [String] {
        let parts = [sites] + mergedSites
        let each = ConcurrentMap.run(parts.count) { p -> Set<String> in
            var ids = Set<String>(minimumCapacity: parts[p].count)
            for key in parts[p].keys {
                ids.insert(key.from)
                ids.insert(key.to)
            }
            return ids
        }
        // Into the largest set, the others.
        let largest = each.indices.max { each[$0].count < each[$1].count }
        var all = largest.map { each[$0] } ?? []
        for p in each.indices where p != largest { all.formUnion(each[p]) }
        return all.sorted()
    }
    private var sortedIDs: [String]?

    public mutating func addSite(from: String, to: String, _ site: Site) {
        guard from != to else { return }
        sortedIDs = nil
        sites[EdgeKey(from: from, to: to), default: []].append(site)
    }

    /// Room for `count` more edges' sites, so that adding them does not grow the table step by
    /// step (each step rehashed every key so far: 15 ms of an app's cold scan).
    public mutating func reserveEdges(_ count: Int) {
        sites.reserveCapacity(sites.count + count)
    }

    /// Adds the sites of one edge, sorted and each once (one file's, say): joined as a list, not
    /// site by site. `build` still sorts an edge's sites when they are not in order.
    public mutating func addSites(from: String, to: String, sortedUnique list: [Site]) {
        guard from != to, !list.isEmpty else { return }
        sortedIDs = nil
        let key = EdgeKey(from: from, to: to)
        if let i = sites.index(forKey: key) {
            sites.values[i] += list
        } else {
            sites[key] = list
        }
    }

    /// Adds everything another builder collected.
    public mutating func merge(_ other: GraphBuilder) {
        for node in other.nodes.values { add(node) }
        sortedIDs = nil
        for part in [other.sites] + other.mergedSites where !part.isEmpty { mergedSites.append(part) }
        diagnostics += other.diagnostics
        uses += other.uses
        usesAreCanonical = false
    }

    /// One edge's sites from every part, in order.
    private func siteList(_ key: EdgeKey) -> [Site] {
        var list = sites[key] ?? []
        for part in mergedSites { if let more = part[key] { list += more } }
        return list
    }

    /// The graph in canonical order. Edges are ordered by their ends' ranks among the sorted
    /// node ids (the same order as comparing the ids, without comparing strings for every pair);
    /// each edge's sites are sorted in chunks, on every core, beside the nodes and uses.
    public func build(root: String, modules: [ModuleInfo]) -> Graph {
        let ids = sortedIDs ?? gatherSortedIDs()
        var rank: [String: Int] = [:]
        rank.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() { rank[id] = i }
        // Each part's edges numbered by their ends' ranks on a core of its own; an edge several
        // parts have comes once (its number is the same in each).
        let siteParts = [sites] + mergedSites
        let numbered = ConcurrentMap.run(siteParts.count) { [rank] p in
            siteParts[p].keys.map { (rank[$0.from]! * ids.count + rank[$0.to]!, $0) }
        }
        var all = numbered.count == 1 ? numbered[0] : numbered.flatMap { $0 }
        all.sort { $0.0 < $1.0 }
        var ordered: [EdgeKey] = []
        ordered.reserveCapacity(all.count)
        for (i, (number, key)) in all.enumerated() where i == 0 || all[i - 1].0 != number { ordered.append(key) }

        // The edges in many small chunks, so that no core is left waiting on the one with the
        // most sites (with two chunks for two cores, one core worked alone for about a third of
        // this on an app), each made into its own slice of one array; the nodes and uses beside
        // them, first.
        let chunks = max(1, min(ordered.count, 16 * ProcessInfo.processInfo.activeProcessorCount))
        var sortedNodes: [Node] = []
        var sortedUses: [Use] = []
        let edges = [Edge](uninitializedCapacity: ordered.count) { buffer, initialized in
            let out = SharedSlots(buffer)
            let parts = ConcurrentMap.run(chunks + 2) { [ordered] c -> BuiltPart in
                switch c {
                case 0: return .nodes(nodes.values.sorted { $0.id < $1.id })
                case 1: return .uses(usesAreCanonical ? uses : Use.canonical(uses))
                default:
                    let k = c - 2
                    for i in ordered.count * k / chunks..<ordered.count * (k + 1) / chunks {
                        let key = ordered[i]
                        (out.base! + i).initialize(
                            to: Edge(from: key.from, to: key.to, sortedUniqueSites: siteList(key).sortedUnique()))
                    }
                    return .edges
                }
            }
            for part in parts {
                switch part {
                case .edges: break
                case .nodes(let n): sortedNodes = n
                case .uses(let u): sortedUses = u
                }
            }
            initialized = ordered.count
        }
        return Graph(
            canonicalRoot: root, modules: modules.sorted { $0.name < $1.name }, nodes: sortedNodes, edges: edges,
            diagnostics: Array(Set(diagnostics)).sorted(), uses: sortedUses)
    }

    private enum BuiltPart {
        /// A chunk of edges, made in place.
        case edges
        case nodes([Node])
        case uses([Use])
    }
}
