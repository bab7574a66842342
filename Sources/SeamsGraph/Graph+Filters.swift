/// Which way `focus` follows edges from the focused nodes.
public enum FocusDirection: String, Sendable, CaseIterable {
    /// What the focused nodes depend on.
    case out
    /// What depends on them.
    case `in`
    case both
}

extension Graph {
    /// The subgraph on the given nodes: their edges among themselves, order kept.
    public func restricted(to keep: Set<String>) -> Graph {
        Graph(
            canonicalRoot: root, modules: modules, nodes: nodes.filter { keep.contains($0.id) },
            edges: edges.filter { keep.contains($0.from) && keep.contains($0.to) }, diagnostics: diagnostics,
            uses: uses.filter { keep.contains($0.from) })
    }

    /// The nodes in `keep` and the edges between them that `include` accepts, order kept.
    public func subgraph(_ keep: Set<String>, edges include: (Edge) -> Bool) -> Graph {
        Graph(
            canonicalRoot: root, modules: modules, nodes: nodes.filter { keep.contains($0.id) },
            edges: edges.filter { keep.contains($0.from) && keep.contains($0.to) && include($0) },
            diagnostics: diagnostics, uses: [])
    }

    /// The nodes and edges at these positions, ascending, as `subgraph` gives them (the edges
    /// given must be between the nodes given), without a pass over the whole graph: for the many
    /// small views of one large graph.
    public func subgraph(nodeIndexes: [Int], edgeIndexes: [Int]) -> Graph {
        Graph(
            canonicalRoot: root, modules: modules, nodes: nodeIndexes.map { nodes[$0] },
            edges: edgeIndexes.map { edges[$0] }, diagnostics: diagnostics, uses: [])
    }

    /// The neighbourhood of `ids`: nodes within `depth` edges in the given direction.
    public func focused(on ids: [String], depth: Int, direction: FocusDirection) -> Graph {
        var outgoing: [String: [String]] = [:]
        var incoming: [String: [String]] = [:]
        for e in edges {
            outgoing[e.from, default: []].append(e.to)
            incoming[e.to, default: []].append(e.from)
        }
        var seen = Set(ids)
        var frontier = ids
        for _ in 0..<max(0, depth) {
            var next: [String] = []
            for id in frontier {
                var neighbours: [String] = []
                if direction != .in { neighbours += outgoing[id] ?? [] }
                if direction != .out { neighbours += incoming[id] ?? [] }
                for n in neighbours where seen.insert(n).inserted { next.append(n) }
            }
            frontier = next
        }
        return restricted(to: seen)
    }

    /// The focused nodes, their direct neighbours in the given direction, and only the edges that
    /// touch a focused node: the readable view of a hub, whose neighbours' own edges swamp its own.
    public func star(around ids: [String], direction: FocusDirection) -> Graph {
        let centre = Set(ids)
        let touching = edges.filter {
            (direction != .in && centre.contains($0.from)) || (direction != .out && centre.contains($0.to))
        }
        let keep = centre.union(touching.flatMap { [$0.from, $0.to] })
        return Graph(
            canonicalRoot: root, modules: modules, nodes: nodes.filter { keep.contains($0.id) }, edges: touching,
            diagnostics: diagnostics, uses: uses.filter { centre.contains($0.from) })
    }

    /// Only the members of cycles, and only the edges that lie on cycles.
    public func onlyCycles(_ known: CycleAnalysis? = nil) -> Graph {
        let analysis = known ?? cycles()
        let members = Set(analysis.components.joined())
        return Graph(
            canonicalRoot: root, modules: modules, nodes: nodes.filter { members.contains($0.id) },
            edges: edges.filter { analysis.isCyclic(from: $0.from, to: $0.to) }, diagnostics: diagnostics,
            uses: uses.filter { members.contains($0.from) })
    }

    public func excludingModules(_ names: Set<String>) -> Graph {
        restricted(to: Set(nodes.filter { !names.contains($0.module ?? "") }.map(\.id)))
    }

    /// Types grouped by the folder of the file that declares them, with edge counts summed.
    public func collapsedToFolders() -> Graph {
        var builder = GraphBuilder()
        builder.diagnostics = diagnostics
        func folder(of node: Node) -> Node {
            if node.external { return node }
            let path = node.file ?? "?"
            let dir = path.split(separator: "/").dropLast().joined(separator: "/")
            let id = dir.isEmpty ? "." : dir
            return Node(id: id + "/", name: id + "/", module: node.module, kind: .module, file: nil, line: nil)
        }
        let byID = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0) })
        for node in nodes { builder.add(folder(of: node)) }
        for edge in edges {
            guard let from = byID[edge.from], let to = byID[edge.to] else { continue }
            for site in edge.sites { builder.addSite(from: folder(of: from).id, to: folder(of: to).id, site) }
        }
        return builder.build(root: root, modules: modules)
    }
}

extension Graph {
    /// The same graph with only the sites `keep` accepts; edges left without sites go.
    public func keepingSites(where keep: (Site) -> Bool) -> Graph {
        var kept: [Edge] = []
        for edge in edges {
            let sites = edge.sites.filter(keep)
            if sites.count == edge.sites.count {
                kept.append(edge)
            } else if !sites.isEmpty {
                kept.append(Edge(from: edge.from, to: edge.to, sortedUniqueSites: sites))
            }
        }
        return Graph(
            canonicalRoot: root, modules: modules, nodes: nodes, edges: kept, diagnostics: diagnostics, uses: uses)
    }

    /// Without the soft sites (notification, callback): the dependencies the compiler sees.
    public func hardOnly() -> Graph {
        edges.contains(where: { $0.kinds.contains(where: \.isSoft) }) ? keepingSites { !$0.kind.isSoft } : self
    }
}
