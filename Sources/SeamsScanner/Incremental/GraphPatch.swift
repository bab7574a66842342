import SeamsGraph

/// The changes to the graph of the last scan that take a few files' sites out and put their
/// new ones in (a `GraphDelta`): making them gives what `Resolver.graph` would build from every file, when only those files changed and
/// not what they declare (their surfaces are the same, so no other file's sites can differ).
///
/// Each part is patched in its canonical order: an edge loses the sites in those files and
/// gains their new ones; an edge left without sites goes, a new one is put in its place; a
/// node whose declaration is in those files, or that an edge touched now starts or ends at,
/// is made again by the rule the full build follows (a declared type, else an extension's
/// node, else, while some edge reaches it, the file's top level or an external).
struct GraphPatch {
    /// The changed files' paths.
    var paths: Set<String>
    /// Their new sites by edge: their bodies' and their declarations' (and sites in other files
    /// that come with them: notifications paired anew).
    var sites: [(from: String, to: String, site: Site)]
    /// Sites in other files that go: pairs of notifications that are no more.
    var removed: [(from: String, to: String, site: Site)] = []
    /// Their new uses, in any order (a file compiled by several units gives some twice): made
    /// canonical per file here.
    var uses: [Use]
    /// Their new diagnostics.
    var diagnostics: [Diagnostic]

    /// The changes that make `old` the graph with the new sites (`GraphDelta.apply`).
    func delta(from old: Graph, table: SymbolTable) -> GraphDelta {
        // New sites by edge, each list sorted and each once (the changes are put in edge order
        // at the end).
        var grouped: [EdgeEnds: [Site]] = [:]
        for (from, to, site) in sites where from != to {
            grouped[EdgeEnds(from: from, to: to), default: []].append(site)
        }
        let fresh = grouped.map { (ends: $0.key, sites: Array(Set($0.value)).sorted()) }
        let sortedPaths = paths.sorted()
        var gone: [EdgeEnds: Set<Site>] = [:]
        for (from, to, site) in removed { gone[EdgeEnds(from: from, to: to), default: []].insert(site) }
        // The old edges to change: those with sites in the changed files (asked of every edge, in
        // two halves at once), those with new sites and those with sites that go (found by
        // halving: edges are sorted by their ends). Edges are read in place (by index): copying
        // each of a large graph's edges cost more than the rest of the walk.
        let halves = ConcurrentMap.halves(old.edges.count) { range -> [Int: [Range<Int>]] in
            var found: [Int: [Range<Int>]] = [:]
            for i in range {
                // Appended to only when a path has sites here: most edges take no array at all.
                var runs: [Range<Int>] = []
                for path in sortedPaths {
                    let run = Self.run(of: path, in: old.edges[i].sites)
                    if !run.isEmpty { runs.append(run) }
                }
                if !runs.isEmpty { found[i] = runs }
            }
            return found
        }
        let runsAt = halves[0].merging(halves[1]) { a, _ in a }
        var added: [Int: [Site]] = [:]
        var touched = Set<String>()
        var changes: [GraphDelta.EdgeChange] = []
        for (ends, list) in fresh {
            guard let i = Self.index(of: ends, in: old.edges) else {
                // A new edge.
                touched.insert(ends.from)
                touched.insert(ends.to)
                let edge = Edge(from: ends.from, to: ends.to, sortedUniqueSites: list)
                changes.append(.init(from: ends.from, to: ends.to, edge: edge))
                continue
            }
            added[i] = list
        }
        let goneAt = Dictionary(
            gone.compactMap { ends, sites in Self.index(of: ends, in: old.edges).map { ($0, sites) } },
            uniquingKeysWith: { a, _ in a })
        for i in Set(runsAt.keys).union(added.keys).union(goneAt.keys) {
            let (from, to) = (old.edges[i].from, old.edges[i].to)
            var kept = old.edges[i].sites
            // The runs come in site order (paths sorted, sites sorted by file): cut from the last.
            for run in (runsAt[i] ?? []).reversed() { kept.removeSubrange(run) }
            if let goneHere = goneAt[i] { kept.removeAll { goneHere.contains($0) } }
            touched.insert(from)
            touched.insert(to)
            let all = added[i].map { Array(Set(kept + $0)).sorted() } ?? kept
            changes.append(
                .init(from: from, to: to, edge: all.isEmpty ? nil : Edge(from: from, to: to, sortedUniqueSites: all)))
        }
        // In edge order, as the delta applies them.
        changes.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        var delta = GraphDelta(edges: changes)
        delta.nodes = patchedNodes(old, touched: touched, changes: changes, table: table)
        // Each file's uses and diagnostics (the facts name their own file in theirs).
        let byPath = Dictionary(grouping: Use.canonical(uses), by: \.file)
        delta.files = sortedPaths.map { path in
            (path: path, uses: byPath[path] ?? [], diagnostics: diagnostics.filter { $0.file == path })
        }
        return delta
    }

    /// Where the sites in `path` are among sites sorted by file: found by halving.
    private static func run(of path: String, in sites: [Site]) -> Range<Int> {
        // Most edges' sites lie in one file or a few: outside their span, no halving.
        guard !sites.isEmpty, sites[0].file <= path, path <= sites[sites.count - 1].file else { return 0..<0 }
        var low = 0
        var high = sites.count
        while low < high {
            let middle = (low + high) / 2
            if sites[middle].file < path { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sites.count && sites[end].file == path { end += 1 }
        return low..<end
    }

    /// Where the edge with these ends is among edges sorted by their ends: found by halving.
    private static func index(of ends: EdgeEnds, in edges: [Edge]) -> Int? {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if (edges[middle].from, edges[middle].to) < (ends.from, ends.to) { low = middle + 1 } else { high = middle }
        }
        return low < edges.count && edges[low].from == ends.from && edges[low].to == ends.to ? low : nil
    }

    /// The nodes to make again: each a changed file declares, before and now, and each end of
    /// a changed edge; made by the full build's rule, or gone.
    private func patchedNodes(
        _ old: Graph, touched: Set<String>, changes: [GraphDelta.EdgeChange], table: SymbolTable
    ) -> [GraphDelta.NodeChange] {
        var candidates = touched
        var inPaths = QuickIDSet(paths)
        for i in old.nodes.indices where inPaths.contains(old.nodes[i].file ?? "") {
            candidates.insert(old.nodes[i].id)
        }
        for symbol in table.symbols where inPaths.contains(symbol.file ?? "") { candidates.insert(symbol.nodeID) }
        for (id, node) in table.extensionNodes where inPaths.contains(node.file ?? "") { candidates.insert(id) }
        // As the full build adds them: the first declared type of an id, else its extension node.
        var declared: [String: Node] = [:]
        for symbol in table.symbols where candidates.contains(symbol.nodeID) && declared[symbol.nodeID] == nil {
            declared[symbol.nodeID] = Node(
                id: symbol.nodeID, name: symbol.qualifiedName, module: symbol.module, kind: symbol.kind,
                file: symbol.file, line: symbol.line)
        }
        for id in candidates where declared[id] == nil {
            if let node = table.extensionNodes[id] { declared[id] = node }
        }
        // Whether the others are still reached: by the ends of the edges after the changes, the
        // changed ones as they are now, the others as they were.
        var connected = Set<String>()
        var undeclared = QuickIDSet(candidates.filter { declared[$0] == nil })
        if !undeclared.isEmpty {
            let changed = Set(changes.map { EdgeEnds(from: $0.from, to: $0.to) })
            // Every old edge is asked, in two halves at once.
            let halves = ConcurrentMap.halves(old.edges.count) { [undeclared] range -> Set<String> in
                var undeclared = undeclared
                var found = Set<String>()
                for i in range {
                    let (from, to) = (old.edges[i].from, old.edges[i].to)
                    let (atFrom, atTo) = (undeclared.contains(from), undeclared.contains(to))
                    guard atFrom || atTo, !changed.contains(EdgeEnds(from: from, to: to)) else { continue }
                    if atFrom { found.insert(from) }
                    if atTo { found.insert(to) }
                }
                return found
            }
            connected = halves[0].union(halves[1])
            for change in changes where change.edge != nil {
                if undeclared.contains(change.from) { connected.insert(change.from) }
                if undeclared.contains(change.to) { connected.insert(change.to) }
            }
        }
        return candidates.sorted().map { id in
            if let node = declared[id] { return .init(id: id, node: node) }
            guard connected.contains(id) else { return .init(id: id, node: nil) }
            return .init(
                id: id,
                node: table.fileScopeNodes[id]
                    ?? Node(
                        id: id, name: table.externals[id]?.name ?? id, module: nil, kind: .external, file: nil,
                        line: nil))
        }
    }

    private struct EdgeEnds: Hashable {
        var from: String
        var to: String
    }
}
