import SeamsGraph

/// The graph of the last scan with a few files' sites taken out and their new ones put in:
/// what `Resolver.graph` would build from every file, when only those files changed and
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
    /// Their new sites by edge: their bodies' and their declarations'.
    var sites: [(from: String, to: String, site: Site)]
    /// Their new uses, each file's in canonical order.
    var uses: [Use]
    /// Their new diagnostics.
    var diagnostics: [Diagnostic]

    func apply(to old: Graph, table: SymbolTable) -> Graph {
        // New sites by edge, each list sorted and each once, in edge order.
        var grouped: [EdgeEnds: [Site]] = [:]
        for (from, to, site) in sites where from != to {
            grouped[EdgeEnds(from: from, to: to), default: []].append(site)
        }
        let fresh = grouped.map { (ends: $0.key, sites: Array(Set($0.value)).sorted()) }
            .sorted { ($0.ends.from, $0.ends.to) < ($1.ends.from, $1.ends.to) }
        var touched = Set<String>()
        var edges: [Edge] = []
        edges.reserveCapacity(old.edges.count + fresh.count)
        var j = 0
        func addFresh() {
            let (ends, list) = fresh[j]
            touched.insert(ends.from)
            touched.insert(ends.to)
            edges.append(Edge(from: ends.from, to: ends.to, sortedUniqueSites: list))
            j += 1
        }
        // Both lists are in edge order: one walk joins them.
        for edge in old.edges {
            while j < fresh.count && (fresh[j].ends.from, fresh[j].ends.to) < (edge.from, edge.to) { addFresh() }
            var added: [Site]?
            if j < fresh.count && fresh[j].ends.from == edge.from && fresh[j].ends.to == edge.to {
                added = fresh[j].sites
                j += 1
            }
            let kept = Self.removing(paths, from: edge.sites, file: \.file)
            if added == nil && kept.count == edge.sites.count {
                edges.append(edge)
                continue
            }
            touched.insert(edge.from)
            touched.insert(edge.to)
            let all = added.map { Array(Set(kept + $0)).sorted() } ?? kept
            if !all.isEmpty { edges.append(Edge(from: edge.from, to: edge.to, sortedUniqueSites: all)) }
        }
        while j < fresh.count { addFresh() }
        let nodes = patchedNodes(old.nodes, touched: touched, edges: edges, table: table)
        let uses = Self.merge(Self.removing(paths, from: old.uses, file: \.file), Use.canonical(uses)) { $0 < $1 }
        let diagnostics = Array(Set(old.diagnostics.filter { !paths.contains($0.file ?? "") } + self.diagnostics))
            .sorted()
        return Graph(
            canonicalRoot: old.root, modules: old.modules, nodes: nodes, edges: edges, diagnostics: diagnostics,
            uses: uses)
    }

    /// A list sorted by file (an edge's sites, a graph's uses) without the items in `paths`:
    /// each file's are one run, found by halving.
    private static func removing<T>(_ paths: Set<String>, from items: [T], file: (T) -> String) -> [T] {
        var out = items
        for path in paths {
            var low = 0
            var high = out.count
            while low < high {
                let mid = (low + high) / 2
                if file(out[mid]) < path { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < out.count && file(out[end]) == path { end += 1 }
            if end > low { out.removeSubrange(low..<end) }
        }
        return out
    }

    private func patchedNodes(_ old: [Node], touched: Set<String>, edges: [Edge], table: SymbolTable) -> [Node] {
        // Every node the changed files declare, before and now, and every end of a changed edge.
        var candidates = touched
        for node in old where paths.contains(node.file ?? "") { candidates.insert(node.id) }
        for symbol in table.symbols where paths.contains(symbol.file ?? "") { candidates.insert(symbol.nodeID) }
        for (id, node) in table.extensionNodes where paths.contains(node.file ?? "") { candidates.insert(id) }
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
        var connected = Set<String>()
        for edge in edges {
            if candidates.contains(edge.from) { connected.insert(edge.from) }
            if candidates.contains(edge.to) { connected.insert(edge.to) }
        }
        var remade: [Node] = []
        for id in candidates {
            if let node = declared[id] {
                remade.append(node)
            } else if connected.contains(id) {
                remade.append(
                    table.fileScopeNodes[id]
                        ?? Node(
                            id: id, name: table.externals[id]?.name ?? id, module: nil, kind: .external, file: nil,
                            line: nil))
            }
        }
        remade.sort { $0.id < $1.id }
        return Self.merge(old.filter { !candidates.contains($0.id) }, remade) { $0.id < $1.id }
    }

    /// Two sorted lists as one sorted list.
    static func merge<T>(_ a: [T], _ b: [T], by less: (T, T) -> Bool) -> [T] {
        if b.isEmpty { return a }
        var out: [T] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if less(b[j], a[i]) {
                out.append(b[j])
                j += 1
            } else {
                out.append(a[i])
                i += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    private struct EdgeEnds: Hashable {
        var from: String
        var to: String
    }
}
