import SeamsGraph

/// How many scanned types a node reaches along hard edges (itself left out): what a blocker on
/// it drags into a test. Breadth-first over integer indices, each answer kept.
final class Reach {
    private let index: [String: Int]
    private let outgoing: [[Int]]
    private let scanned: [Bool]
    private var seen: [Int]
    private var generation = 0
    private var memo: [Int: Int] = [:]

    init(_ graph: Graph) {
        var index: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() { index[n.id] = i }
        var outgoing = Array(repeating: [Int](), count: graph.nodes.count)
        for e in graph.edges where !e.soft {
            if let a = index[e.from], let b = index[e.to] { outgoing[a].append(b) }
        }
        self.index = index
        self.outgoing = outgoing
        scanned = graph.nodes.map { !$0.external }
        seen = Array(repeating: 0, count: graph.nodes.count)
    }

    func callAsFunction(_ id: String) -> Int {
        guard let start = index[id] else { return 0 }
        if let known = memo[start] { return known }
        generation += 1
        seen[start] = generation
        var queue = [start]
        var head = 0
        var count = 0
        while head < queue.count {
            let n = queue[head]
            head += 1
            for m in outgoing[n] where seen[m] != generation {
                seen[m] = generation
                if scanned[m] { count += 1 }
                queue.append(m)
            }
        }
        memo[start] = count
        return count
    }
}
