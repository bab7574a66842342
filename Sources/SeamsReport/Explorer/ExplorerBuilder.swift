import SeamsGraph
import SeamsTestability
import SeamsUntangle

/// What an explorer page is made from.
public struct ExplorerInput: Sendable {
    public var graph: Graph
    /// Cycles of the graph before any filter cut it down.
    public var cycles: CycleAnalysis
    /// Cut edges (`Edge.key`) and their labels, in plan order.
    public var cuts: [(key: String, label: String)] = []
    public var testability: TestabilityReport?
    /// A diff page: `graph` is the union, with what changed.
    public var changes: Changes?
    public var title: String
    /// Above this many scanned types the page opens on the module map.
    public var overviewAbove = 150
    /// Up to this many scanned types, the page also has a map of all types.
    public var wholeMapUpTo = 600
    /// Up to this many rows, a view has a dependency matrix.
    public var matrixUpTo = 250
    /// A view draws at most this many nodes where it can: past it, a module opens on its
    /// folders and a place's neighbours are drawn as their folders and modules.
    public var maxDrawn = 300

    public struct Changes: Sendable {
        public var nodes: [String: GraphDiff.Change]
        public var edges: [String: GraphDiff.Change]
        public var before: Graph
        public var beforeLabel: String
        public var afterLabel: String
        public init(
            nodes: [String: GraphDiff.Change], edges: [String: GraphDiff.Change], before: Graph, beforeLabel: String,
            afterLabel: String
        ) {
            self.nodes = nodes
            self.edges = edges
            self.before = before
            self.beforeLabel = beforeLabel
            self.afterLabel = afterLabel
        }
    }

    public init(graph: Graph, cycles: CycleAnalysis, title: String) {
        self.graph = graph
        self.cycles = cycles
        self.title = title
    }
}

/// Builds the explorer's data and the DOT of each view; `force(nodes, edges, clusters)` says whether a
/// view of that size is laid out by a force-directed engine (it gets overlap removal) or by dot
/// (it gets wide ranks wrapped).
public enum ExplorerBuilder {
    public static func build(_ input: ExplorerInput, force: @escaping (Graph, Bool) -> Bool) -> ExplorerData {
        let graph = input.graph
        var nodeIndex: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() { nodeIndex[n.id] = i }
        let modules = DOTEncoder.moduleOrder(graph)
        var moduleIndex: [String: Int] = [:]
        for (i, m) in modules.enumerated() { moduleIndex[m] = i }
        var edgeIndex: [String: Int] = [:]
        for (i, e) in graph.edges.enumerated() { edgeIndex[e.key] = i }

        let files = Array(Set(graph.nodes.compactMap(\.file) + graph.edges.flatMap { $0.sites.map(\.file) })).sorted()
        let members = Array(Set(graph.edges.flatMap { $0.sites.compactMap(\.member) })).sorted()
        let fileIndex = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        let memberIndex = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
        let siteKinds = SiteKind.allCases.map(\.rawValue).sorted()
        let siteKindIndex = Dictionary(uniqueKeysWithValues: siteKinds.enumerated().map { ($1, $0) })

        let cycles = input.cycles.components.map { $0.compactMap { nodeIndex[$0] }.sorted() }.filter { !$0.isEmpty }
            .sorted { ($1.count, $0[0]) < ($0.count, $1[0]) }
        var cycleOf: [Int: Int] = [:]
        for (c, members) in cycles.enumerated() { for m in members { cycleOf[m] = c } }
        let fanCounts = graph.fanCounts()
        let fans = Dictionary(uniqueKeysWithValues: fanCounts.map { ($0.id, $0) })
        let costs = Dictionary((input.testability?.types ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let cutLabels = Dictionary(input.cuts.map { ($0.key, $0.label) }, uniquingKeysWith: { a, _ in a })
        let beforeKinds = Dictionary(
            (input.changes?.before.edges ?? []).map { ($0.key, $0.kinds.map(\.rawValue)) },
            uniquingKeysWith: { a, _ in a })

        var nodes = graph.nodes.enumerated().map { i, n -> ExplorerData.Node in
            let fan = fans[n.id]
            return ExplorerData.Node(
                id: n.id, name: n.name, kind: n.kind.rawValue, module: n.module.flatMap { moduleIndex[$0] } ?? -1,
                file: n.file.flatMap { fileIndex[$0] } ?? -1, line: n.line ?? 0, external: n.external,
                fanIn: fan?.fanIn ?? 0, fanOut: fan?.fanOut ?? 0, cycle: cycleOf[i] ?? -1, folder: -1,
                change: changeName(input.changes?.nodes[n.id]), testability: costs[n.id].map(testability))
        }
        let edges = graph.edges.map { e -> ExplorerData.Edge in
            let change = input.changes?.edges[e.key]
            return ExplorerData.Edge(
                from: nodeIndex[e.from]!, to: nodeIndex[e.to]!, count: e.count, kinds: e.kinds.map(\.rawValue),
                soft: e.soft, cyclic: !e.soft && change != .removed && input.cycles.isCyclic(from: e.from, to: e.to),
                cut: cutLabels[e.key],
                change: changeName(change), before: change == .changed ? beforeKinds[e.key] : nil,
                sites: e.sites.map {
                    [
                        fileIndex[$0.file]!, $0.line, $0.column, siteKindIndex[$0.kind.rawValue]!,
                        $0.member.flatMap { memberIndex[$0] } ?? -1,
                    ]
                })
        }

        // The module map: scanned types only, one edge per pair of modules.
        let scanned = graph.subgraph(Set(graph.nodes.filter { !$0.external && $0.module != nil }.map(\.id))) { _ in true
        }
        let moduleGraph = scanned.regrouped(by: .module)
        // On a diff page, the module cycles of AFTER: without the edges it removed.
        let removed = Set((input.changes?.edges ?? [:]).filter { $0.value == .removed }.map(\.key))
        let moduleCycleAnalysis =
            removed.isEmpty
            ? moduleGraph.cycles()
            : scanned.subgraph(Set(scanned.nodes.map(\.id))) { !removed.contains($0.key) }.regrouped(by: .module)
                .cycles()
        var moduleEdges: [ExplorerData.ModuleEdge] = []
        var moduleEdgeIndex: [String: Int] = [:]
        for (i, e) in graph.edges.enumerated() {
            let a = nodes[nodeIndex[e.from]!].module, b = nodes[nodeIndex[e.to]!].module
            guard a >= 0, b >= 0, a != b, !nodes[nodeIndex[e.from]!].external, !nodes[nodeIndex[e.to]!].external
            else { continue }
            let key = EdgeKey(from: modules[a], to: modules[b]).string
            if let j = moduleEdgeIndex[key] {
                moduleEdges[j].count += e.count
                moduleEdges[j].edges.append(i)
            } else {
                moduleEdgeIndex[key] = moduleEdges.count
                moduleEdges.append(
                    ExplorerData.ModuleEdge(
                        from: a, to: b, count: e.count, edges: [i],
                        cyclic: moduleCycleAnalysis.isCyclic(from: modules[a], to: modules[b])))
            }
        }
        let moduleCycles = moduleCycleAnalysis.components.map { $0.compactMap { moduleIndex[$0] }.sorted() }
            .sorted { ($1.count, $0[0]) < ($0.count, $1[0]) }

        // Views.
        var views: [ExplorerData.View] = []
        var options = MapOptions()
        options.moduleOrder = modules
        options.explorer = true
        options.cycles = input.cycles
        options.cuts = cutLabels
        if let report = input.testability {
            TestabilityMap.apply(report, graph: graph, to: &options)
            options.customLegend = nil
            options.nodeTooltips = [:]
        }
        options.elementIDs = MapOptions.ElementIDs(nodes: nodeIndex, edges: edgeIndex)
        // Diff colours, as `seams diff` draws them, with the cycles of AFTER in red.
        if let changes = input.changes {
            DiffEncoder.style(graph, nodes: changes.nodes, edges: changes.edges, cycles: input.cycles, into: &options)
        }

        let folderLevel = FolderLevel(
            files: graph.nodes.map(\.file), modules: nodes.map(\.module),
            scanned: graph.nodes.map { !$0.external && $0.module != nil }, moduleCount: modules.count,
            openAbove: input.overviewAbove)
        for i in nodes.indices { nodes[i].folder = folderLevel.leaf[i] }
        var maker = ExplorerViews(
            graph: graph, nodeIndex: nodeIndex, edgeIndex: edgeIndex, modules: modules, moduleOf: nodes.map(\.module),
            options: options, folders: folderLevel, cuts: Set(cutLabels.keys), matrixUpTo: input.matrixUpTo,
            maxDrawn: input.maxDrawn, force: force)

        var moduleOptions = ExplorerViews.groupOptions(modules)
        moduleOptions.edgeLabels = true
        moduleOptions.cycles = moduleCycleAnalysis
        for (m, i) in moduleIndex { moduleOptions.nodeAttributes[m] = "id=\"m\(i)\"" }
        for (key, i) in moduleEdgeIndex { moduleOptions.edgeAttributes[key] = "id=\"k\(i)\"" }
        moduleOptions.force = force(moduleGraph, moduleOptions.clusters)
        var overview = ExplorerData.View(
            key: "modules", title: "Modules", level: "modules", module: -1,
            nodes: moduleGraph.nodes.compactMap { moduleIndex[$0.id] }, edges: Array(moduleEdges.indices),
            matrix: ExplorerViews.matrix(moduleGraph, cuts: [], index: moduleIndex, upTo: input.matrixUpTo))
        overview.dot = DOTEncoder.encode(moduleGraph, options: moduleOptions)
        overview.force = moduleOptions.force
        views.append(overview)

        let scannedCount = scanned.nodes.count
        if let changes = input.changes {
            let changed = graph.edges.filter { (changes.edges[$0.key] ?? .unchanged) != .unchanged }
            var ends = Set(changed.flatMap { [$0.from, $0.to] })
            for (id, change) in changes.nodes where change == .added || change == .removed { ends.insert(id) }
            if ends.count <= input.maxDrawn {
                let sub = graph.subgraph(ends) { _ in true }
                views.append(
                    maker.typeView(
                        key: "changes", title: "Changes (\(changed.count) edges)", module: -1, sub,
                        matrixOf: sub.subgraph(Set(sub.nodes.filter { !$0.external }.map(\.id))) { _ in true }))
            } else {
                // Too many ends to draw as types: the changes between modules.
                views.append(
                    maker.changesByModule(
                        key: "changes", title: "Changes (\(changed.count) edges) by module",
                        changed: graph.edges.indices.filter {
                            (changes.edges[graph.edges[$0].key] ?? .unchanged) != .unchanged
                        },
                        changes: changes.edges))
            }
        }
        if scannedCount <= input.wholeMapUpTo && graph.nodes.count <= input.maxDrawn {
            views.append(maker.typeView(key: "all", title: "All types", module: -1, graph, matrixOf: scanned))
        }
        var ownOfModule: [[Int]] = Array(repeating: [], count: modules.count)
        for (i, n) in graph.nodes.enumerated() where !n.external && nodes[i].module >= 0 {
            ownOfModule[nodes[i].module].append(i)
        }
        for (m, module) in modules.enumerated() where !ownOfModule[m].isEmpty {
            if let top = folderLevel.moduleChildren[m] {
                views.append(maker.folderView(key: "module:\(m)", title: module, module: m, folder: -1, entries: top))
            } else {
                views.append(
                    maker.placeView(key: "module:\(m)", title: module, module: m, folder: -1, own: ownOfModule[m]))
            }
        }
        for (e, entry) in folderLevel.entries.enumerated() {
            let title =
                "\(modules[entry.module]) › \(entry.path.isEmpty ? entry.label : entry.path + (entry.isFolder ? "/" : " › " + entry.label))"
            if entry.children.isEmpty {
                views.append(
                    maker.placeView(key: "folder:\(e)", title: title, module: entry.module, folder: e, own: entry.nodes)
                )
            } else {
                views.append(
                    maker.folderView(
                        key: "folder:\(e)", title: title, module: entry.module, folder: e, entries: entry.children))
            }
        }

        let start: String
        if input.changes != nil && (scannedCount > input.overviewAbove || views.contains { $0.key == "changes" }) {
            start = "changes"
        } else if scannedCount <= input.overviewAbove && views.contains(where: { $0.key == "all" }) {
            start = "all"
        } else {
            start = "modules"
        }
        let hubs = HubList(ranking: fanCounts, top: 10)
        var diff: ExplorerData.Diff?
        if let changes = input.changes {
            func edgesWith(_ c: GraphDiff.Change) -> [Int] {
                changes.edges.filter { $0.value == c }.compactMap { edgeIndex[$0.key] }.sorted()
            }
            func nodesWith(_ c: GraphDiff.Change) -> [Int] {
                changes.nodes.filter { $0.value == c }.compactMap { nodeIndex[$0.key] }.sorted()
            }
            diff = ExplorerData.Diff(
                before: changes.beforeLabel, after: changes.afterLabel, added: edgesWith(.added),
                removed: edgesWith(.removed), changed: edgesWith(.changed), addedNodes: nodesWith(.added),
                removedNodes: nodesWith(.removed))
        }
        var notes: [String] = []
        if scannedCount > input.wholeMapUpTo {
            notes.append("\(scannedCount) types: no map of all types; open a module from the module map")
        }
        let colorTable = ModulePalette.table(modules)
        return ExplorerData(
            title: input.title, page: input.changes == nil ? "graph" : "diff", root: graph.root, files: files,
            members: members, siteKinds: siteKinds, modules: modules,
            colors: modules.map { colorTable[$0]! },
            nodes: nodes, edges: edges, moduleEdges: moduleEdges,
            folders: folderLevel.entries.map {
                ExplorerData.Folder(
                    name: $0.label, path: $0.path, module: $0.module, parent: $0.parent, types: $0.nodes.count)
            },
            folderEdges: maker.folderEdges, cycles: cycles, moduleCycles: moduleCycles,
            cuts: input.cuts.compactMap { c in edgeIndex[c.key].map { [c.label, String($0)] } },
            hubsIn: hubs.byFanIn.compactMap { nodeIndex[$0.id] },
            hubsOut: hubs.byFanOut.compactMap { nodeIndex[$0.id] },
            diff: diff, start: start, views: views, notes: notes)
    }

    private static func changeName(_ change: GraphDiff.Change?) -> String? {
        guard let change, change != .unchanged else { return nil }
        return change.rawValue
    }

    private static func testability(_ t: TypeTestability) -> ExplorerData.Testability {
        ExplorerData.Testability(
            cost: t.cost, summary: t.isTestableInIsolation ? "testable in isolation" : TestabilityReporter.summary(t),
            blockers: t.blockers.prefix(20).map { [$0.location, $0.kind.rawValue, $0.path] },
            more: max(0, t.blockers.count - 20))
    }

}
