import SeamsGraph

/// What patches changed in a graph: edges and nodes put in, replaced or taken out, and the
/// uses and diagnostics of the files they were about. A snapshot keeps its graph as it was
/// built and the delta of the patches since, so that a patch writes a few changes rather than
/// the whole graph again.
///
/// Every change says what the part is now (or that it is gone), never how it differs, so a
/// later delta simply wins over an earlier one (`merged(with:)`).
struct GraphDelta: Equatable {
    struct EdgeChange: Equatable {
        var from: String
        var to: String
        /// nil: the edge is gone.
        var edge: Edge?
    }

    struct NodeChange: Equatable {
        var id: String
        /// nil: the node is gone.
        var node: Node?
    }

    /// In edge order.
    var edges: [EdgeChange] = []
    /// In id order.
    var nodes: [NodeChange] = []
    /// Each changed file's uses (each naming that file, in canonical order) and diagnostics, by
    /// path, in path order.
    var files: [(path: String, uses: [Use], diagnostics: [Diagnostic])] = []

    var isEmpty: Bool { edges.isEmpty && nodes.isEmpty && files.isEmpty }

    /// How much it holds, to tell when writing the whole graph again is the better deal.
    var weight: Int { edges.count + nodes.count + files.reduce(0) { $0 + 1 + $1.uses.count } }

    static func == (a: GraphDelta, b: GraphDelta) -> Bool {
        a.edges == b.edges && a.nodes == b.nodes && a.files.count == b.files.count
            && zip(a.files, b.files).allSatisfy {
                $0.path == $1.path && $0.uses == $1.uses && $0.diagnostics == $1.diagnostics
            }
    }

    /// The graph with these changes made. The base's lists are edited in place: when the
    /// caller hands over the only reference to them, the parts no change touches are moved
    /// within their buffers, never copied (a copy retained every edge of a large graph, and
    /// freeing the base released each again).
    func apply(to base: consuming Graph) -> Graph {
        var graph = base
        if !edges.isEmpty {
            Self.patch(
                &graph.edges, edges, filler: Edge(from: "", to: "", sortedUniqueSites: []),
                isBefore: { $0.from < $1.from || ($0.from == $1.from && $0.to < $1.to) },
                isAt: { $0.from == $1.from && $0.to == $1.to }, value: \.edge)
        }
        if !nodes.isEmpty {
            Self.patch(
                &graph.nodes, nodes, filler: Node(id: "", name: "", module: nil, kind: .external, file: nil, line: nil),
                isBefore: { $0.id < $1.id }, isAt: { $0.id == $1.id }, value: \.node)
        }
        // A file's uses all sit in its run of the list (sorted by file first), and a delta's
        // uses of a file all name it (`read` holds them to it): each run is replaced.
        for file in files {
            graph.uses.replaceSubrange(Self.run(of: file.path, in: graph.uses, file: \.file), with: file.uses)
        }
        let paths = Set(files.map(\.path))
        graph.diagnostics = Array(
            Set(graph.diagnostics.filter { !paths.contains($0.file ?? "") } + files.flatMap(\.diagnostics))
        ).sorted()
        return graph
    }

    /// `list` (sorted) with `changes` (sorted, one per key at most) made in place: each puts
    /// in, replaces or takes out the element at its key (`value` nil: takes out). Walking from
    /// the end, the elements after each change are swapped up past the room the changes need
    /// (fillers appended first, or elements taken out), which moves them without copying; the
    /// room left over is cut out at the end.
    private static func patch<T, C>(
        _ list: inout [T], _ changes: [C], filler: T, isBefore: (T, C) -> Bool, isAt: (T, C) -> Bool,
        value: (C) -> T?
    ) {
        // Room for every change to put one in: what is not used is cut out below.
        var last = list.count - 1
        list.append(contentsOf: repeatElement(filler, count: changes.count))
        // Elements after `last` up to `room` are spare; those after `room` are in place.
        var room = list.count - 1
        list.withUnsafeMutableBufferPointer { buffer in
            for change in changes.reversed() {
                // The first of 0...last not before the change's key.
                var low = 0
                var high = last + 1
                while low < high {
                    let middle = (low + high) / 2
                    if isBefore(buffer[middle], change) { low = middle + 1 } else { high = middle }
                }
                let replaces = low <= last && isAt(buffer[low], change)
                var k = last
                while k >= (replaces ? low + 1 : low) {
                    buffer.swapAt(k, room)
                    k -= 1
                    room -= 1
                }
                // A replaced element is spare now: it lies past `last`.
                last = low - 1
                if let element = value(change) {
                    buffer[room] = element
                    room -= 1
                }
            }
        }
        list.removeSubrange(last + 1..<room + 1)
    }

    /// This delta followed by `later`: where both change a part, the later change stands.
    func merged(with later: GraphDelta) -> GraphDelta {
        GraphDelta(
            edges: Self.union(edges, later.edges) { ($0.from, $0.to) },
            nodes: Self.union(nodes, later.nodes) { ($0.id, "") },
            files: Self.union(files, later.files) { ($0.path, "") })
    }

    /// Two lists sorted by key as one, the second's item standing where both have a key.
    private static func union<T>(_ a: [T], _ b: [T], key: (T) -> (String, String)) -> [T] {
        var out: [T] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && key(a[i]) < key(b[j])) {
                out.append(a[i])
                i += 1
            } else {
                if i < a.count && key(a[i]) == key(b[j]) { i += 1 }
                out.append(b[j])
                j += 1
            }
        }
        return out
    }

    /// Where the items of `path` are in a list sorted by file: found by halving.
    static func run<T>(of path: String, in items: [T], file: (T) -> String) -> Range<Int> {
        var low = 0
        var high = items.count
        while low < high {
            let mid = (low + high) / 2
            if file(items[mid]) < path { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < items.count && file(items[end]) == path { end += 1 }
        return low..<end
    }

    func write(_ w: inout ByteWriter) {
        w.list(edges) { w, change in
            w.string(change.from)
            w.string(change.to)
            w.bool(change.edge != nil)
            if let edge = change.edge { GraphCodec.writeSites(edge.sites, &w) }
        }
        w.list(nodes) { w, change in
            w.string(change.id)
            w.bool(change.node != nil)
            if let node = change.node { GraphCodec.writeNode(node, &w) }
        }
        w.list(files) { w, file in
            w.string(file.path)
            GraphCodec.writeUses(file.uses, &w)
            w.list(file.diagnostics) { GraphCodec.writeDiagnostic($1, &$0) }
        }
    }

    static func read(_ r: inout ByteReader) throws -> GraphDelta {
        let edges = try r.list { r in
            let from = try r.string()
            let to = try r.string()
            let edge =
                try r.bool()
                ? Edge(from: from, to: to, sortedUniqueSites: try r.list { try GraphCodec.readSite(&$0) }) : nil
            return EdgeChange(from: from, to: to, edge: edge)
        }
        let nodes = try r.list { r in
            let id = try r.string()
            return NodeChange(id: id, node: try r.bool() ? try GraphCodec.readNode(&r) : nil)
        }
        let files = try r.list { r in
            (
                path: try r.string(), uses: try r.list { try GraphCodec.readUse(&$0) },
                diagnostics: try r.list { try GraphCodec.readDiagnostic(&$0) }
            )
        }
        // Out of order, or a file's uses naming another file, the edits would misplace changes:
        // such bytes are not a delta this wrote.
        guard zip(edges, edges.dropFirst()).allSatisfy({ ($0.from, $0.to) < ($1.from, $1.to) }),
            zip(nodes, nodes.dropFirst()).allSatisfy({ $0.id < $1.id }),
            zip(files, files.dropFirst()).allSatisfy({ $0.path < $1.path }),
            files.allSatisfy({ file in
                file.uses.allSatisfy { $0.file == file.path }
                    && zip(file.uses, file.uses.dropFirst()).allSatisfy { !($1 < $0) }
            })
        else { throw CorruptEntry() }
        return GraphDelta(edges: edges, nodes: nodes, files: files)
    }
}
