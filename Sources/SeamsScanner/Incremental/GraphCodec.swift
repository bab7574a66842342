import Foundation
import SeamsGraph

/// A whole graph as bytes, for the scan's snapshot: read back as it was, in canonical order,
/// without sorting again. Strings are written once and named by number after (`ByteWriter`),
/// so a path shared by thousands of sites costs its bytes once and is one string when read.
enum GraphCodec {
    // Kinds are coded by their place among their type's cases: a new case has a code without a
    // table to edit, and moves the codes after it, which is safe: a rebuilt seams never reads
    // another build's entries (`DiskCache.buildIdentity`).
    private static let nodeKinds = NodeKind.allCases
    private static let siteKinds = SiteKind.allCases
    private static let severities = Diagnostic.Severity.allCases
    private static let useKinds = Use.Kind.allCases
    private static let traits = Use.Trait.allCases

    /// Edges and uses are written in this many parts each, which are read side by side.
    private static let edgeParts = 4
    private static let useParts = 2

    /// The graph as parts of bytes, each with strings of its own, so that they are written
    /// and read in parallel: the header, nodes and diagnostics; the edges; the uses.
    static func parts(_ g: Graph) -> [[UInt8]] {
        ConcurrentMap.run(1 + edgeParts + useParts) { part -> [UInt8] in
            var w = ByteWriter(capacity: 1 << 16)
            if part == 0 {
                writeHead(g, &w)
            } else if part <= edgeParts {
                let k = part - 1
                let slice = g.edges[g.edges.count * k / edgeParts..<g.edges.count * (k + 1) / edgeParts]
                w.count(slice.count)
                slice.withUnsafeBufferPointer { all in
                    for i in all.indices { writeEdge(at: all.baseAddress! + i, &w) }
                }
            } else {
                let k = part - 1 - edgeParts
                writeUses(g.uses[g.uses.count * k / useParts..<g.uses.count * (k + 1) / useParts], &w)
            }
            return w.bytes
        }
    }

    /// The graph from the parts `parts` wrote, each a range of `bytes`; throws `CorruptEntry`,
    /// or `Stopped` when `crew` was stopped. The parts are read on every core, or by `crew`.
    static func graph(_ bytes: [UInt8], parts ranges: [Range<Int>], crew: Crew? = nil) throws -> Graph {
        guard ranges.count == 1 + edgeParts + useParts else { throw CorruptEntry() }
        var head = ByteReader(bytes, from: ranges[0].lowerBound, to: ranges[0].upperBound)
        var g = try readHead(&head)
        guard head.atEnd,
            let edges = try joined(bytes, ranges[1...edgeParts], crew: crew, readEdge),
            let uses = try joined(bytes, ranges[(edgeParts + 1)...], crew: crew, readUse)
        else {
            if crew?.wasStopped == true { throw Stopped() }
            throw CorruptEntry()
        }
        g.edges = edges
        g.uses = uses
        return g
    }

    /// The items of several parts (each a count, then the items), read each into its own
    /// slice of one array: joining arrays read apart copied every item once more. nil when a
    /// part does not read.
    private static func joined<T>(
        _ bytes: [UInt8], _ ranges: ArraySlice<Range<Int>>, crew: Crew?,
        _ read: @escaping (inout ByteReader) throws -> T
    ) throws -> [T]? {
        var readers = ranges.map { ByteReader(bytes, from: $0.lowerBound, to: $0.upperBound) }
        let counts = try readers.indices.map { try readers[$0].count() }
        var starts = [0]
        for c in counts { starts.append(starts.last! + c) }
        var whole = true
        let items = [T](uninitializedCapacity: starts.last!) { buffer, initialized in
            let out = SharedSlots(buffer)
            // Each part's count of items made; negative (-1 - made) when it did not read.
            let readPart = { (p: Int) -> Int in
                var r = readers[p]
                var k = 0
                do {
                    while k < counts[p] {
                        (out.base! + starts[p] + k).initialize(to: try read(&r))
                        k += 1
                    }
                } catch {
                    return -1 - k
                }
                return r.atEnd ? k : -1 - k
            }
            let made =
                crew.map { Self.run(counts.count, by: $0, readPart) }
                ?? ConcurrentMap.run(counts.count) { [readPart = Vouched(readPart)] in readPart.value($0) }
            if made.allSatisfy({ $0 >= 0 }) {
                initialized = starts.last!
            } else {
                for (p, m) in made.enumerated() where m != 0 && m != -1 {
                    (out.base! + starts[p]).deinitialize(count: m >= 0 ? m : -1 - m)
                }
                initialized = 0
                whole = false
            }
        }
        return whole ? items : nil
    }

    /// `body` of each part, run by `crew`; a part it left undone (stopped) made nothing and
    /// did not read (-1).
    private static func run(_ count: Int, by crew: Crew, _ body: @escaping (Int) -> Int) -> [Int] {
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var counts: [Int]
            init(_ count: Int) { counts = [Int](repeating: -1, count: count) }
        }
        let made = Made(count)
        crew.run(count: count) { part in
            let m = body(part)
            made.lock.lock()
            made.counts[part] = m
            made.lock.unlock()
        }
        return made.counts
    }

    private static func writeHead(_ g: Graph, _ w: inout ByteWriter) {
        w.int(g.schemaVersion)
        w.string(g.root)
        w.list(g.modules) { w, m in
            w.string(m.name)
            w.int(m.files)
        }
        w.list(g.nodes) { writeNode($1, &$0) }
        w.list(g.diagnostics) { writeDiagnostic($1, &$0) }
    }

    static func writeNode(_ n: Node, _ w: inout ByteWriter) {
        w.string(n.id)
        w.string(n.name)
        w.optionalString(n.module)
        w.byte(UInt8(nodeKinds.firstIndex(of: n.kind)!))
        w.optionalString(n.file)
        w.int(n.line ?? -1)
        w.optionalString(n.role?.rawValue)
    }

    static func readNode(_ r: inout ByteReader) throws -> Node {
        let id = try r.string()
        let name = try r.string()
        let module = try r.optionalString()
        let kind = try pick(nodeKinds, try r.byte())
        let file = try r.optionalString()
        let line = try r.int()
        let role = try r.optionalString().flatMap(NodeRole.init(rawValue:))
        return Node(
            id: id, name: name, module: module, kind: kind, file: file, line: line < 0 ? nil : line, role: role)
    }

    /// An edge where it lies: the writers below read items through pointers, since passing
    /// each on by value copied it and retained every string in it.
    private static func writeEdge(at e: UnsafePointer<Edge>, _ w: inout ByteWriter) {
        w.string(e.pointee.from, slot: 0)
        w.string(e.pointee.to)
        writeSites(e.pointee.sites, &w)
    }

    static func readEdge(_ r: inout ByteReader) throws -> Edge {
        Edge(from: try r.string(), to: try r.string(), sortedUniqueSites: try r.list { try readSite(&$0) })
    }

    static func writeDiagnostic(_ d: Diagnostic, _ w: inout ByteWriter) {
        w.optionalString(d.file)
        w.int(d.line ?? -1)
        w.string(d.message)
        w.byte(UInt8(severities.firstIndex(of: d.severity)!))
        w.byte(d.unread ? 1 : 0)
    }

    static func readDiagnostic(_ r: inout ByteReader) throws -> Diagnostic {
        let file = try r.optionalString()
        let line = try r.int()
        return Diagnostic(
            file: file, line: line < 0 ? nil : line, message: try r.string(),
            severity: try pick(severities, try r.byte()), unread: try r.byte() != 0)
    }

    /// The header, nodes and diagnostics, as a graph without edges or uses.
    private static func readHead(_ r: inout ByteReader) throws -> Graph {
        guard try r.int() == Graph.currentSchemaVersion else { throw CorruptEntry() }
        let root = try r.string()
        let modules = try r.list { ModuleInfo(name: try $0.string(), files: try $0.int()) }
        let nodes = try r.list { try readNode(&$0) }
        let diagnostics = try r.list { try readDiagnostic(&$0) }
        return Graph(canonicalRoot: root, modules: modules, nodes: nodes, edges: [], diagnostics: diagnostics)
    }

    private static func pick<T>(_ all: [T], _ index: UInt8) throws -> T {
        guard Int(index) < all.count else { throw CorruptEntry() }
        return all[Int(index)]
    }

    static func writeSite(_ s: Site, _ w: inout ByteWriter) {
        withUnsafePointer(to: s) { writeSite(at: $0, &w) }
    }

    /// A counted list of sites, as `ByteReader.list` reads it back.
    static func writeSites(_ sites: [Site], _ w: inout ByteWriter) {
        w.count(sites.count)
        sites.withUnsafeBufferPointer { all in
            for i in all.indices { writeSite(at: all.baseAddress! + i, &w) }
        }
    }

    private static func writeSite(at s: UnsafePointer<Site>, _ w: inout ByteWriter) {
        w.string(s.pointee.file, slot: 1)
        w.int(s.pointee.line)
        w.int(s.pointee.column)
        w.byte(UInt8(siteKinds.firstIndex(of: s.pointee.kind)!))
        w.bool(s.pointee.member != nil)
        if s.pointee.member != nil { w.string(s.pointee.member!, slot: 2) }
    }

    static func readSite(_ r: inout ByteReader) throws -> Site {
        let file = try r.string()
        let line = try r.int()
        let column = try r.int()
        let kind = try pick(siteKinds, try r.byte())
        return Site(file: file, line: line, column: column, kind: kind, member: try r.optionalString())
    }

    /// A counted list of uses, as `ByteReader.list` reads it back.
    static func writeUses(_ uses: ArraySlice<Use>, _ w: inout ByteWriter) {
        w.count(uses.count)
        uses.withUnsafeBufferPointer { all in
            for i in all.indices { writeUse(at: all.baseAddress! + i, &w) }
        }
    }

    static func writeUses(_ uses: [Use], _ w: inout ByteWriter) { writeUses(uses[...], &w) }

    private static func writeUse(at u: UnsafePointer<Use>, _ w: inout ByteWriter) {
        w.string(u.pointee.from, slot: 3)
        w.optionalString(u.pointee.to)
        w.byte(UInt8(useKinds.firstIndex(of: u.pointee.kind)!))
        w.string(u.pointee.path)
        w.optionalString(u.pointee.targetMember)
        w.optionalString(u.pointee.valueType)
        w.list(u.pointee.traits) { w, t in w.byte(UInt8(traits.firstIndex(of: t)!)) }
        w.string(u.pointee.file, slot: 4)
        w.int(u.pointee.line)
        w.int(u.pointee.column)
        w.bool(u.pointee.member != nil)
        if u.pointee.member != nil { w.string(u.pointee.member!, slot: 5) }
    }

    static func readUse(_ r: inout ByteReader) throws -> Use {
        let from = try r.string()
        let to = try r.optionalString()
        let kind = try pick(useKinds, try r.byte())
        let path = try r.string()
        let targetMember = try r.optionalString()
        let valueType = try r.optionalString()
        let traitList = try r.list { try pick(traits, try $0.byte()) }
        return Use(
            from: from, to: to, kind: kind, path: path, targetMember: targetMember, valueType: valueType,
            traits: traitList, file: try r.string(), line: try r.int(), column: try r.int(),
            member: try r.optionalString())
    }
}
