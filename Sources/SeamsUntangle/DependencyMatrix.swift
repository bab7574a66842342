import SeamsGraph

/// A levelized dependency structure matrix: a row uses the columns where its cells are. Rows
/// are ordered by level, what is used before what uses it, so dependencies sit below the
/// diagonal; the members of a cycle stand together as a block, ordered so that only the edges
/// of the cut plan lie above it.
public struct DependencyMatrix: Codable, Sendable, Equatable {
    public struct Cell: Codable, Sendable, Equatable {
        public var row: Int
        public var column: Int
        /// Reference sites.
        public var count: Int
        /// The edge is in the cut plan.
        public var cut: Bool
    }

    public var title: String
    public var rows: [String]
    /// Level of each row: 0 uses nothing in the matrix; a cycle's members share a level.
    public var levels: [Int]
    /// Row ranges (first, last) of the cycles.
    public var blocks: [[Int]]
    /// Non-empty cells, by row then column.
    public var cells: [Cell]

    /// The matrix of `graph` (hard edges, no external types), with `cuts` marked.
    public static func levelized(_ graph: Graph, cuts: Set<EdgeKey>, title: String) -> DependencyMatrix {
        let ids = graph.nodes.map(\.id)
        var index: [String: Int] = [:]
        for (i, id) in ids.enumerated() { index[id] = i }
        let arcs = graph.edges.compactMap { e -> WeightedDigraph.Arc? in
            guard let a = index[e.from], let b = index[e.to] else { return nil }
            return WeightedDigraph.Arc(from: a, to: b, weight: e.count)
        }
        let g = WeightedDigraph(count: ids.count, arcs: arcs)
        // Components, single nodes included, and the level of each over the condensation.
        var componentOf = Array(0..<ids.count)
        let cycles = g.components()
        for members in cycles { for m in members { componentOf[m] = members[0] } }
        let cutArcs = Set(
            g.arcs.indices.filter { cuts.contains(EdgeKey(from: ids[g.arcs[$0].from], to: ids[g.arcs[$0].to])) })
        let componentLevel = levels(count: ids.count, g) { componentOf[$0] }
        // Inside a block: the level in what is left without the cut edges (and any edge that
        // still closes a cycle, should the cuts be incomplete).
        let uncut = g.arcs.indices.filter { !cutArcs.contains($0) }
        let left = WeightedDigraph(count: ids.count, arcs: uncut.map { g.arcs[$0] })
        let rest =
            left.components().isEmpty ? [] : left.backwardArcs(in: FeedbackArcSet.greedyOrder(left)).map { uncut[$0] }
        let insideLevel = levels(count: ids.count, g, skipping: cutArcs.union(rest)) { $0 }
        let order = (0..<ids.count).sorted {
            let a = (componentLevel[componentOf[$0]], ids[componentOf[$0]], insideLevel[$0], ids[$0])
            let b = (componentLevel[componentOf[$1]], ids[componentOf[$1]], insideLevel[$1], ids[$1])
            return a < b
        }
        var row = Array(repeating: 0, count: ids.count)
        for (r, v) in order.enumerated() { row[v] = r }
        var cells = g.arcs.indices.map {
            Cell(
                row: row[g.arcs[$0].from], column: row[g.arcs[$0].to], count: g.arcs[$0].weight,
                cut: cutArcs.contains($0))
        }
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        let blocks = cycles.map { members in [members.map { row[$0] }.min()!, members.map { row[$0] }.max()!] }
        return DependencyMatrix(
            title: title, rows: order.map { ids[$0] }, levels: order.map { componentLevel[componentOf[$0]] },
            blocks: blocks.sorted { $0[0] < $1[0] }, cells: cells)
    }

    /// Longest path to a node that uses nothing, over the groups `group` makes (which must make
    /// the graph without `skipping` acyclic): a group's level is one more than the highest it uses.
    static func levels(count: Int, _ g: WeightedDigraph, skipping: Set<Int> = [], group: (Int) -> Int) -> [Int] {
        var uses = Array(repeating: Set<Int>(), count: count)
        for (i, a) in g.arcs.enumerated() where !skipping.contains(i) {
            let x = group(a.from), y = group(a.to)
            if x != y { uses[x].insert(y) }
        }
        var level = Array(repeating: -1, count: count)
        for start in 0..<count where level[start] < 0 {
            // Iterative depth-first search: a long chain must not overflow the stack.
            var stack: [(node: Int, children: [Int], next: Int)] = [(start, uses[start].sorted(), 0)]
            level[start] = -2
            while let top = stack.last {
                if top.next < top.children.count {
                    stack[stack.count - 1].next += 1
                    let child = top.children[top.next]
                    if level[child] == -1 {
                        level[child] = -2
                        stack.append((child, uses[child].sorted(), 0))
                    }
                    continue
                }
                stack.removeLast()
                level[top.node] = (top.children.map { max(level[$0], 0) }.max() ?? -1) + 1
            }
        }
        return level
    }
}
