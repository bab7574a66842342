import SeamsGraph

/// The cache's entry codecs on damaged bytes, for the fuzz target (`SEAMS_FUZZ_TARGET=cache`).
///
/// A damaged entry on disk almost never gets past its frame's checksum; what does is an entry
/// that a buggy build wrote whole, or damage the checksum misses. This reads such payloads the
/// way a scan reads them from its cache: the facts, resolved sites and snapshot of `source` (and a discovery memo) are encoded,
/// `damage` changes their payloads (each three bytes: a position, taken modulo the payload's
/// length, and an amount added to the byte there), and each is framed anew, as if whole, and
/// read back. Nothing may crash or hang; a payload either reads or is refused.
package enum CacheProbe {
    package static func readDamaged(source: String, damage: [UInt8]) {
        let facts = FactCollector.collect(path: "F.swift", source: source)
        let context = FileContext(path: "F.swift", module: "App", unit: 0)
        let encoded = FactsCodec.encode(facts).bytes
        if let framed = damaged(encoded, format: FactsCodec.format, damage),
            var decoded = FactsCodec.decode(framed, path: "F.swift")
        {
            _ = FactsCodec.fillBodies(&decoded)
        }
        let resolver = Resolver(units: [CompilationUnit(importName: nil)])
        resolver.declare(files: [(facts, context)])
        let resolutions = resolver.resolveAll(threads: 1)
        for resolution in resolutions {
            if let framed = damaged(ResolutionCodec.encode(resolution), format: ResolutionCodec.format, damage) {
                _ = ResolutionCodec.decode(framed)
            }
        }
        // The scan's snapshot: a base holding the graph, and a head whose delta drops an edge,
        // makes a node again and replaces the file's uses; a damaged one that still reads is
        // made, as a scan would make it.
        let graph = resolver.graph(
            root: ".", modules: [ModuleInfo(name: "App", files: 1)], diagnostics: facts.diagnostics, files: resolutions,
            threads: 1)
        var delta = GraphDelta()
        if let edge = graph.edges.first { delta.edges = [.init(from: edge.from, to: edge.to, edge: nil)] }
        if let node = graph.nodes.first { delta.nodes = [.init(id: node.id, node: node)] }
        delta.files = [(path: "F.swift", uses: graph.uses, diagnostics: graph.diagnostics)]
        let head = ScanSnapshot(files: [], filesScanned: 1, baseID: "probe", delta: delta)
        let read = damaged(head.encode(), format: ScanSnapshot.format, damage).flatMap(ScanSnapshot.decode) ?? head
        let base = damaged(ScanSnapshot.encodeBase(id: "probe", graph: graph), format: ScanSnapshot.format, damage)
        _ = try? read.graph(base: base)
        // Discovery's memo of this one file.
        let memo = InputMemo(
            paths: ["/app", "/app/F.swift"], states: [[1, 2, 3, 16877, 4096, 5, 6], [0, 2, 4, 33188]],
            files: [SourceFile(path: "F.swift", location: "/app/F.swift", module: "App", unit: 0)],
            units: [CompilationUnit(importName: "App", sees: [0])], diagnostics: facts.diagnostics, origin: "folders")
        _ = damaged(memo.encode(), format: InputMemo.format, damage).flatMap(InputMemo.decode)
    }

    /// The entry's payload with the damage done, in a whole frame.
    private static func damaged(_ entry: [UInt8], format: UInt8, _ damage: [UInt8]) -> [UInt8]? {
        guard let range = EntryFrame.unwrap(entry, format: format) else { return nil }
        var payload = Array(entry[range])
        guard !payload.isEmpty else { return nil }
        var i = 0
        while i + 2 < damage.count {
            let at = (Int(damage[i]) << 8 | Int(damage[i + 1])) % payload.count
            payload[at] = payload[at] &+ damage[i + 2]
            i += 3
        }
        return EntryFrame.wrap(payload, format: format)
    }
}
