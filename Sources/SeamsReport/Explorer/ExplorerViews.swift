import SeamsGraph
import SeamsUntangle

/// Makes the explorer's views of types and of folders, each small enough to lay out and read:
/// a view draws at most `maxDrawn` nodes where it can, by drawing a large module's folders
/// rather than its types, and the neighbours of a place's types, when too many, as the folders
/// and modules that hold them.
struct ExplorerViews {
    let graph: Graph
    let nodeIndex: [String: Int]
    let edgeIndex: [String: Int]
    let modules: [String]
    /// The options every types view starts from (ids, cycles, cuts, testability, diff colours).
    let options: MapOptions
    let folders: FolderLevel
    let cuts: Set<String>
    let matrixUpTo: Int
    let maxDrawn: Int
    let force: (Graph, Bool) -> Bool
    /// Edge indexes out of and into each node index.
    let outEdges: [[Int]]
    let inEdges: [[Int]]
    /// Module index of each node, -1 for none.
    let moduleOf: [Int]
    /// The folder edges of every folder view made so far.
    private(set) var folderEdges: [ExplorerData.FolderEdge] = []

    init(
        graph: Graph, nodeIndex: [String: Int], edgeIndex: [String: Int], modules: [String], moduleOf: [Int],
        options: MapOptions, folders: FolderLevel, cuts: Set<String>, matrixUpTo: Int, maxDrawn: Int,
        force: @escaping (Graph, Bool) -> Bool
    ) {
        self.graph = graph
        self.nodeIndex = nodeIndex
        self.edgeIndex = edgeIndex
        self.modules = modules
        self.moduleOf = moduleOf
        self.options = options
        self.folders = folders
        self.cuts = cuts
        self.matrixUpTo = matrixUpTo
        self.maxDrawn = maxDrawn
        self.force = force
        var outs: [[Int]] = Array(repeating: [], count: graph.nodes.count)
        var ins: [[Int]] = Array(repeating: [], count: graph.nodes.count)
        for (i, e) in graph.edges.enumerated() {
            outs[nodeIndex[e.from]!].append(i)
            ins[nodeIndex[e.to]!].append(i)
        }
        outEdges = outs
        inEdges = ins
    }

    /// A view of `sub` as it is, with the matrix of `matrixOf`.
    func typeView(key: String, title: String, module: Int, _ sub: Graph, matrixOf: Graph?) -> ExplorerData.View {
        var o = options
        o.force = force(sub, o.clusters)
        if !o.force { o.minlen = RankWrap.minlens(sub, focus: []) }
        var view = ExplorerData.View(
            key: key, title: title, level: "types", module: module, nodes: sub.nodes.map { nodeIndex[$0.id]! },
            edges: sub.edges.map { edgeIndex[$0.key]! },
            matrix: matrixOf.flatMap { Self.matrix($0, cuts: cuts, index: nodeIndex, upTo: matrixUpTo) })
        view.dot = DOTEncoder.encode(sub, options: o)
        view.force = o.force
        return view
    }

    /// The types of a place (a module, or a folder entry) and their neighbours. When there are
    /// more than `maxDrawn` of them together, the neighbours are drawn as what holds them: a
    /// folder of the same module (the one beside the place's own chain), another module, or the
    /// external types, each with an edge per type of the place that uses it or is used by it,
    /// labelled with its sites.
    func placeView(key: String, title: String, module: Int, folder: Int, own: [Int]) -> ExplorerData.View {
        let ownSet = Set(own)
        var touching = Set<Int>()
        for n in own {
            touching.formUnion(outEdges[n])
            touching.formUnion(inEdges[n])
        }
        let touchingSorted = touching.sorted()
        var neighbours = Set<Int>()
        for e in touchingSorted {
            let edge = graph.edges[e]
            for end in [nodeIndex[edge.from]!, nodeIndex[edge.to]!] where !ownSet.contains(end) {
                neighbours.insert(end)
            }
        }
        let inside = touchingSorted.filter {
            ownSet.contains(nodeIndex[graph.edges[$0].from]!) && ownSet.contains(nodeIndex[graph.edges[$0].to]!)
        }
        let matrixOf = graph.subgraph(nodeIndexes: own.sorted(), edgeIndexes: inside)
        if own.count + neighbours.count <= maxDrawn {
            let sub = graph.subgraph(nodeIndexes: ownSet.union(neighbours).sorted(), edgeIndexes: touchingSorted)
            var view = typeView(key: key, title: title, module: module, sub, matrixOf: matrixOf)
            view.folder = folder
            return view
        }

        // Too many to draw: each neighbour as its folder, module or "external".
        var groupOf: [Int: String] = [:]
        var groupNodes: [String: Node] = [:]
        var groupTypes: [String: Int] = [:]
        var o = options
        for n in neighbours.sorted() {
            let node = graph.nodes[n]
            let id: String
            let made: Node
            if node.external || moduleOf[n] < 0 {
                id = "x0"
                made = Node(id: id, name: "external types", module: nil, kind: .external, file: nil, line: nil)
            } else if moduleOf[n] == module, let e = folders.stand(for: n, outside: folder) {
                id = "f\(e)"
                let entry = folders.entries[e]
                made = Node(id: id, name: entry.label, module: modules[module], kind: .folder, file: nil, line: nil)
            } else {
                id = "m\(moduleOf[n])"
                made = Node(
                    id: id, name: modules[moduleOf[n]], module: modules[moduleOf[n]], kind: .module, file: nil,
                    line: nil)
            }
            groupOf[n] = id
            groupTypes[id, default: 0] += 1
            if groupNodes[id] == nil { groupNodes[id] = made }
        }
        var builder = GraphBuilder()
        for n in own { builder.add(graph.nodes[n]) }
        for id in groupNodes.keys.sorted() {
            var node = groupNodes[id]!
            node.name += " (\(groupTypes[id]!) type\(groupTypes[id]! == 1 ? "" : "s"))"
            builder.add(node)
            o.nodeAttributes[id] = "id=\"\(id)\""
        }
        for e in touchingSorted {
            let edge = graph.edges[e]
            let a = nodeIndex[edge.from]!, b = nodeIndex[edge.to]!
            let from = ownSet.contains(a) ? edge.from : groupOf[a]!
            let to = ownSet.contains(b) ? edge.to : groupOf[b]!
            builder.addSites(from: from, to: to, sortedUnique: edge.sites)
        }
        let sub = builder.build(root: graph.root, modules: graph.modules)
        for (k, edge) in sub.edges.filter({ groupNodes[$0.from] != nil || groupNodes[$0.to] != nil }).enumerated() {
            // An external label: dot's labels of edges inside clusters can crash Graphviz 2.43 as it
            // frees the layout (a double free), and they cost a rank each.
            o.edgeAttributes[edge.key] = "id=\"a\(k)\", xlabel=\" \(edge.count)\", fontsize=8, fontcolor=\"#666666\""
        }
        o.force = force(sub, o.clusters)
        if !o.force { o.minlen = RankWrap.minlens(sub, focus: []) }
        var view = ExplorerData.View(
            key: key, title: title, level: "types", module: module, folder: folder, nodes: own.sorted(),
            edges: inside,
            matrix: Self.matrix(matrixOf, cuts: cuts, index: nodeIndex, upTo: matrixUpTo),
            collapsed: neighbours.count)
        view.note = "\(neighbours.count) neighbours drawn as their folders and modules"
        view.dot = DOTEncoder.encode(sub, options: o)
        view.force = o.force
        return view
    }

    /// A diff page's changes when their ends are too many to draw as types: one node per module
    /// (and one for external types) that a changed edge starts or ends in, one edge per ordered
    /// pair of them with the changed type edges between them, labelled `+added −removed ~other`
    /// and drawn in the colour of its changes (all added, all removed, or mixed). A module's
    /// node says how many changed edges stay inside it; clicking it opens the module.
    func changesByModule(key: String, title: String, changed: [Int], changes: [String: GraphDiff.Change])
        -> ExplorerData.View
    {
        func group(_ id: String) -> (String, Node) {
            let n = nodeIndex[id]!
            if graph.nodes[n].external || moduleOf[n] < 0 {
                return (
                    "x0", Node(id: "x0", name: "external types", module: nil, kind: .external, file: nil, line: nil)
                )
            }
            let m = moduleOf[n]
            return (
                "m\(m)", Node(id: "m\(m)", name: modules[m], module: modules[m], kind: .module, file: nil, line: nil)
            )
        }
        var groups: [String: Node] = [:]
        var inside: [String: Int] = [:]
        var tally: [EdgeKey: [GraphDiff.Change: Int]] = [:]
        var members: [EdgeKey: [Int]] = [:]
        var builder = GraphBuilder()
        for e in changed {
            let edge = graph.edges[e]
            let (a, from) = group(edge.from), (b, to) = group(edge.to)
            groups[a] = from
            groups[b] = to
            let change = changes[edge.key] ?? .changed
            if a == b {
                inside[a, default: 0] += 1
                continue
            }
            tally[EdgeKey(from: a, to: b), default: [:]][change, default: 0] += 1
            members[EdgeKey(from: a, to: b), default: []].append(e)
            builder.addSites(from: a, to: b, sortedUnique: edge.sites)
        }
        var o = ExplorerViews.groupOptions(modules)
        for id in groups.keys.sorted() {
            var node = groups[id]!
            if let n = inside[id] { node.name += " (\(n) changed inside)" }
            builder.add(node)
            o.nodeAttributes[id] = "id=\"\(id)\""
        }
        let sub = builder.build(root: graph.root, modules: graph.modules)
        for (k, edge) in sub.edges.enumerated() {
            let counts = tally[EdgeKey(from: edge.from, to: edge.to)] ?? [:]
            let added = counts[.added] ?? 0, removed = counts[.removed] ?? 0
            let other = counts.values.reduce(0, +) - added - removed
            var label: [String] = []
            if added > 0 { label.append("+\(added)") }
            if removed > 0 { label.append("−\(removed)") }
            if other > 0 { label.append("~\(other)") }
            let colour =
                added > 0 && removed == 0 && other == 0
                ? DiffEncoder.addedColor
                : removed > 0 && added == 0 && other == 0 ? DiffEncoder.removedColor : DiffEncoder.changedColor
            o.edgeAttributes[edge.key] =
                "id=\"a\(k)\", color=\"\(colour)\", penwidth=1.6, label=\" \(label.joined(separator: " "))\", "
                + "fontsize=10, fontcolor=\"\(colour)\""
                + (colour == DiffEncoder.removedColor ? ", style=\"dashed\"" : "")
        }
        o.force = force(sub, false)
        var view = ExplorerData.View(
            key: key, title: title, level: "types", module: -1, nodes: [], edges: [], matrix: nil,
            collapsed: Set(changed.flatMap { [graph.edges[$0].from, graph.edges[$0].to] }).count)
        view.note =
            "\(view.collapsed!) types at the ends of \(changed.count) changed edges, drawn as their modules; "
            + "the side panel lists every change"
        func moduleIndex(_ group: String) -> Int { group.hasPrefix("m") ? Int(group.dropFirst())! : -1 }
        view.changeGroups = sub.edges.map {
            ExplorerData.ChangeGroup(
                from: moduleIndex($0.from), to: moduleIndex($0.to),
                edges: members[EdgeKey(from: $0.from, to: $0.to)] ?? [])
        }
        view.dot = DOTEncoder.encode(sub, options: o)
        view.force = o.force
        return view
    }

    /// A view of folder entries (a large module's top, or a large folder): one node per entry,
    /// one edge per ordered pair with the type edges between them, labelled with their sites;
    /// cycles among the entries in red.
    mutating func folderView(key: String, title: String, module: Int, folder: Int, entries: [Int]) -> ExplorerData.View
    {
        var entryOf: [Int: Int] = [:]
        for e in entries { for n in folders.entries[e].nodes { entryOf[n] = e } }
        var builder = GraphBuilder()
        var pairs: [EdgeKey: [Int]] = [:]
        for e in entries {
            let entry = folders.entries[e]
            builder.add(
                Node(
                    id: "f\(e)", name: "\(entry.label) (\(entry.nodes.count))", module: modules[module],
                    kind: .folder, file: nil, line: nil))
            for n in entry.nodes {
                for t in outEdges[n] {
                    let edge = graph.edges[t]
                    guard let other = entryOf[nodeIndex[edge.to]!], other != e else { continue }
                    builder.addSites(from: "f\(e)", to: "f\(other)", sortedUnique: edge.sites)
                    pairs[EdgeKey(from: "f\(e)", to: "f\(other)"), default: []].append(t)
                }
            }
        }
        let sub = builder.build(root: graph.root, modules: graph.modules)
        let cycles = sub.cycles()
        var o = ExplorerViews.groupOptions(modules)
        o.edgeLabels = true
        o.cycles = cycles
        for e in entries { o.nodeAttributes["f\(e)"] = "id=\"f\(e)\"" }
        var edgeIndexes: [Int] = []
        for edge in sub.edges {
            let from = Int(edge.from.dropFirst())!, to = Int(edge.to.dropFirst())!
            let i = folderEdges.count
            folderEdges.append(
                ExplorerData.FolderEdge(
                    from: from, to: to, count: edge.count,
                    edges: pairs[EdgeKey(from: edge.from, to: edge.to)]!.sorted(),
                    cyclic: cycles.isCyclic(from: edge.from, to: edge.to)))
            o.edgeAttributes[edge.key] = "id=\"g\(i)\""
            edgeIndexes.append(i)
        }
        o.force = force(sub, false)
        let index = Dictionary(uniqueKeysWithValues: entries.map { ("f\($0)", $0) })
        var view = ExplorerData.View(
            key: key, title: title, level: "folders", module: module, folder: folder, nodes: entries,
            edges: edgeIndexes, matrix: Self.matrix(sub, cuts: [], index: index, upTo: matrixUpTo),
            cycles: cycles.components.map { $0.compactMap { index[$0] }.sorted() }
                .sorted { ($1.count, $0[0]) < ($0.count, $1[0]) })
        view.dot = DOTEncoder.encode(sub, options: o)
        view.force = o.force
        return view
    }

    /// The options of a drawing of groups (modules, folders, a diff's modules): the page's
    /// module order and the explorer's style, without clusters, since the groups are the nodes.
    static func groupOptions(_ moduleOrder: [String]) -> MapOptions {
        var o = MapOptions()
        o.moduleOrder = moduleOrder
        o.explorer = true
        o.clusters = false
        return o
    }

    /// The levelized matrix of `graph` with rows as indexes, or nil above `upTo` rows.
    static func matrix(_ graph: Graph, cuts: Set<String>, index: [String: Int], upTo: Int)
        -> ExplorerData.Matrix?
    {
        let scanned = graph.subgraph(Set(graph.nodes.filter { !$0.external }.map(\.id))) { !$0.soft }
        guard !scanned.nodes.isEmpty, scanned.nodes.count <= upTo else { return nil }
        let keys = Set(scanned.edges.filter { cuts.contains($0.key) }.map { EdgeKey(from: $0.from, to: $0.to) })
        let m = DependencyMatrix.levelized(scanned, cuts: keys, title: "")
        return ExplorerData.Matrix(
            rows: m.rows.map { index[$0] ?? -1 }, levels: m.levels, blocks: m.blocks,
            cells: m.cells.map { [$0.row, $0.column, $0.count, $0.cut ? 1 : 0] })
    }
}
