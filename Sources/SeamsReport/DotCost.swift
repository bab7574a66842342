import SeamsGraph

/// What a layered (dot) layout of a graph would cost, estimated before laying it out: dot
/// gives every edge that spans several ranks a dummy node on each rank between its ends, and its
/// time grows with them, not with the graph's own nodes. A chain of 120 types with two nodes
/// joined to all of them (a module's ring of types and the neighbours drawn as their modules) has
/// 122 nodes and 360 edges but about 14,000 dummies, and dot did not lay it out in ten minutes.
public enum DotCost {
    /// The most dummies estimated for a graph that dot lays out unasked.
    public static let limit = 4_000

    /// The dummy nodes of a layered layout, estimated as dot ranks: edges that close a cycle
    /// (found depth first, in node order) reversed, each node one rank below its lowest
    /// predecessor, nodes without predecessors pulled down next to their highest successor;
    /// then, per edge, the ranks between its ends.
    public static func dummies(_ graph: Graph) -> Int {
        var index: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() { index[n.id] = i }
        let count = graph.nodes.count
        var outs: [[Int]] = Array(repeating: [], count: count)
        for e in graph.edges {
            guard let a = index[e.from], let b = index[e.to], a != b else { continue }
            outs[a].append(b)
        }
        // Depth first, without recursion: an edge to a node still on the path closes a cycle.
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
        var dag: [[Int]] = Array(repeating: [], count: count)
        for root in 0..<count where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < outs[top.node].count {
                    stack[stack.count - 1].next += 1
                    let to = outs[top.node][top.next]
                    switch state[to] {
                    case 0:
                        dag[top.node].append(to)
                        state[to] = 1
                        stack.append((to, 0))
                    case 1: dag[to].append(top.node)
                    default: dag[top.node].append(to)
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        // Longest path from the sources, in topological order.
        var indegree = [Int](repeating: 0, count: count)
        for targets in dag { for t in targets { indegree[t] += 1 } }
        var rank = [Int](repeating: 0, count: count)
        var ready = (0..<count).filter { indegree[$0] == 0 }
        let sources = ready
        var order: [Int] = []
        while let n = ready.popLast() {
            order.append(n)
            for t in dag[n] {
                rank[t] = max(rank[t], rank[n] + 1)
                indegree[t] -= 1
                if indegree[t] == 0 { ready.append(t) }
            }
        }
        for s in sources where !dag[s].isEmpty { rank[s] = dag[s].map { rank[$0] }.min()! - 1 }
        var total = 0
        for (from, targets) in dag.enumerated() {
            for to in targets { total += max(0, rank[to] - rank[from] - 1) }
        }
        return total
    }
}
