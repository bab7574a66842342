import SeamsGraph

/// Wraps a rank that would be too wide over several, as Graphviz's `unflatten -l` staggers
/// leaves: the edges to a node's many neighbours get minimum lengths 1, 2, … in turn, so dot
/// puts the neighbours on that many ranks instead of one. A hub with 90 dependents otherwise
/// draws them in one row thousands of points wide.
public enum RankWrap {
    /// The most neighbours of one node in a row.
    public static let cap = 10
    /// A focused node with more neighbours than this on one side makes a wide star: drawn
    /// without module boxes (dot keeps each box a column of its own, so fifteen modules stand
    /// side by side however their rows are wrapped) and with its edges merged into trunks.
    public static let wideStar = 20

    /// Minimum lengths by `Edge.key`. With a focus, the focused nodes' neighbours are wrapped
    /// (in and out separately); without one, the leaves of every node with more than `cap`
    /// leaves (neighbours with no other edge).
    public static func minlens(_ graph: Graph, focus: Set<String>, cap: Int = cap) -> [String: Int] {
        var result: [String: Int] = [:]
        for group in sides(graph, focus: focus) where group.count > cap {
            let rows = (group.count + cap - 1) / cap
            for (i, e) in group.enumerated() { result[e.key] = max(result[e.key] ?? 1, 1 + i % rows) }
        }
        return result
    }

    /// Whether a focused node has more than `wideStar` neighbours on one side.
    public static func isWideStar(_ graph: Graph, focus: Set<String>) -> Bool {
        !focus.isEmpty && sides(graph, focus: focus).contains { $0.count > wideStar }
    }

    /// The edges that wrapping spreads, one group per node and side, in edge order. With a
    /// focus: each focused node's edges to and from nodes outside the focus; without one: each
    /// node's edges to and from its leaves.
    static func sides(_ graph: Graph, focus: Set<String>) -> [[Edge]] {
        var degree: [String: Int] = [:]
        for e in graph.edges where e.from != e.to {
            degree[e.from, default: 0] += 1
            degree[e.to, default: 0] += 1
        }
        var outgoing: [String: [Edge]] = [:]
        var incoming: [String: [Edge]] = [:]
        for e in graph.edges where e.from != e.to {
            if focus.isEmpty ? degree[e.to] == 1 : focus.contains(e.from) && !focus.contains(e.to) {
                outgoing[e.from, default: []].append(e)
            }
            if focus.isEmpty ? degree[e.from] == 1 : focus.contains(e.to) && !focus.contains(e.from) {
                incoming[e.to, default: []].append(e)
            }
        }
        return Array(outgoing.values) + Array(incoming.values)
    }
}
