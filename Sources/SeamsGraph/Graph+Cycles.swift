/// The strongly connected components of a graph: every cycle lies inside one of them.
public struct CycleAnalysis: Sendable {
    /// Components of more than one node, each sorted, listed by their first member.
    public let components: [[String]]
    private let componentOf: [String: Int]

    /// No cycles at all: for pictures coloured by something else, such as a diff.
    public static let empty = CycleAnalysis(components: [])

    init(components: [[String]]) {
        self.components = components
        var map: [String: Int] = [:]
        for (i, members) in components.enumerated() { for m in members { map[m] = i } }
        componentOf = map
    }

    /// The index in `components` of the cycle a node sits in, if any.
    public func component(of node: String) -> Int? { componentOf[node] }

    /// Whether an edge lies on a cycle: both ends in the same component.
    public func isCyclic(from: String, to: String) -> Bool {
        guard let a = componentOf[from] else { return false }
        return componentOf[to] == a
    }
}

extension Graph {
    /// Tarjan's algorithm, iterative so that long dependency chains cannot overflow the stack.
    public func cycles() -> CycleAnalysis {
        let ids = nodes.map(\.id)
        var index: [String: Int] = [:]
        for (i, id) in ids.enumerated() { index[id] = i }
        var adjacency = Array(repeating: [Int](), count: ids.count)
        for e in edges {
            if let a = index[e.from], let b = index[e.to] { adjacency[a].append(b) }
        }
        var order = Array(repeating: -1, count: ids.count)
        var low = Array(repeating: 0, count: ids.count)
        var onStack = Array(repeating: false, count: ids.count)
        var stack: [Int] = []
        var counter = 0
        var found: [[String]] = []
        for root in ids.indices where order[root] < 0 {
            // Each frame: node and the position of the next neighbour to visit.
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (v, next) = frames.last {
                if next < adjacency[v].count {
                    frames[frames.count - 1].next += 1
                    let w = adjacency[v][next]
                    if order[w] < 0 {
                        order[w] = counter
                        low[w] = counter
                        counter += 1
                        stack.append(w)
                        onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], order[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[v]) }
                if low[v] == order[v] {
                    var members: [String] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        members.append(ids[w])
                        if w == v { break }
                    }
                    if members.count > 1 { found.append(members.sorted()) }
                }
            }
        }
        return CycleAnalysis(components: found.sorted { $0[0] < $1[0] })
    }
}
