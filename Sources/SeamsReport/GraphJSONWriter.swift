import Foundation
import SeamsGraph

/// The scan graph as JSON bytes, written straight into buffers: the same bytes as
/// `CanonicalJSON` gives for a `Graph` (pretty, keys sorted, slashes unescaped, a final newline),
/// without `JSONEncoder`'s intermediate tree, which costs more than a second on a large app.
/// The large arrays (edges, nodes, uses) are written in chunks of elements on every core, each
/// into a buffer of its own, and the pieces joined in order: on one core, an app's 60 MB took
/// 0.2 s, most of a warm `seams scan`. A test holds the two to the same bytes on fixtures, on
/// strings of every control character and across chunk boundaries.
struct GraphJSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Elements of a large array written by one task.
    static let chunkElements = 2048

    static func render(_ graph: Graph, chunk: Int = chunkElements) -> [UInt8] {
        let parts = pieces(graph, chunk: chunk)
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { out += part }
        return out
    }

    /// The same bytes as `render`, as `Data`, joined straight into it (the pieces on every core).
    static func data(_ graph: Graph, chunk: Int = chunkElements) -> Data {
        let parts = pieces(graph, chunk: chunk)
        var starts = [0]
        for part in parts { starts.append(starts.last! + part.count) }
        var data = Data(count: starts.last!)
        data.withUnsafeMutableBytes { raw in
            let out = SharedSlots(raw.bindMemory(to: UInt8.self))
            DispatchQueue.concurrentPerform(iterations: parts.count) { [starts] i in
                parts[i].withUnsafeBytes { piece in
                    guard let from = piece.baseAddress else { return }
                    UnsafeMutableRawPointer(out.base! + starts[i]).copyMemory(from: from, byteCount: piece.count)
                }
            }
        }
        return data
    }

    /// What makes the bytes: written already, or a run of a large array's elements still to write.
    private enum Segment {
        case written([UInt8])
        case edges(Range<Int>)
        case nodes(Range<Int>)
        case uses(Range<Int>)
    }

    /// The graph's bytes in pieces, in order: the runs of elements written in parallel.
    static func pieces(_ g: Graph, chunk: Int = chunkElements) -> [[UInt8]] {
        let chunk = max(1, chunk)
        var segments: [Segment] = []
        var w = GraphJSONWriter()
        w.bytes.reserveCapacity(4096)
        /// A large array: its head and tail here, its elements in runs of `chunk`.
        func large(_ name: String, count: Int, level: Int, _ run: (Range<Int>) -> Segment) {
            w.key(name, level)
            w.raw("[")
            if count == 0 {
                w.bytes.append(0x0A)
            } else {
                segments.append(.written(w.bytes))
                w = GraphJSONWriter()
                for start in stride(from: 0, to: count, by: chunk) {
                    segments.append(run(start..<min(start + chunk, count)))
                }
            }
            w.newline(level)
            w.raw("]")
        }
        w.raw("{")
        w.array("diagnostics", g.diagnostics, level: 1, Self.diagnostic)
        w.raw(",")
        large("edges", count: g.edges.count, level: 1) { .edges($0) }
        w.raw(",")
        w.array("modules", g.modules, level: 1) { w, m in
            w.fields(3, [("files", .int(m.files)), ("name", .string(m.name))])
        }
        w.raw(",")
        large("nodes", count: g.nodes.count, level: 1) { .nodes($0) }
        w.raw(",")
        w.fields(1, [("root", .string(g.root)), ("schemaVersion", .int(g.schemaVersion))])
        if let scope = g.scope {
            w.raw(",")
            w.key("scope", 1)
            w.embedded(scope, level: 1)
        }
        // `"uses"` sorts last, and is there only when there are uses.
        if !g.uses.isEmpty {
            w.raw(",")
            large("uses", count: g.uses.count, level: 1) { .uses($0) }
        }
        w.newline(0)
        w.raw("}\n")
        segments.append(.written(w.bytes))
        return ConcurrentMap.run(segments.count) { [segments] i -> [UInt8] in
            switch segments[i] {
            case .written(let bytes): return bytes
            // Sites are most of the bytes: about 130 each when pretty-printed.
            case .edges(let run):
                return elements(
                    g.edges, run, level: 1, bytes: run.reduce(0) { $0 + 200 + g.edges[$1].sites.count * 130 },
                    Self.edge)
            case .nodes(let run): return elements(g.nodes, run, level: 1, bytes: run.count * 250, Self.node)
            case .uses(let run): return elements(g.uses, run, level: 1, bytes: run.count * 400, Self.use)
            }
        }
    }

    /// The elements `run` of an array of objects at `level`, as `array` writes them, into a
    /// buffer made for about `bytes`.
    private static func elements<T>(
        _ items: [T], _ run: Range<Int>, level: Int, bytes: Int, _ body: (inout GraphJSONWriter, T) -> Void
    ) -> [UInt8] {
        var w = GraphJSONWriter()
        w.bytes.reserveCapacity(bytes)
        for i in run { w.element(i, items[i], level: level) { w, item in w.object(item, level: level, body) } }
        return w.bytes
    }

    /// A scalar value of an object's field.
    private enum Value {
        case string(String), int(Int), bool(Bool), null

        static func optional(_ s: String?) -> Value { s.map { .string($0) } ?? .null }
        static func optional(_ i: Int?) -> Value { i.map { .int($0) } ?? .null }
    }

    // MARK: the graph's objects (their keys at level 3)

    private static func diagnostic(_ w: inout GraphJSONWriter, _ d: Diagnostic) {
        w.fields(
            3,
            [
                ("file", .optional(d.file)), ("line", .optional(d.line)), ("message", .string(d.message)),
                ("severity", .string(d.severity.rawValue)),
            ] + (d.unread ? [("unread", .bool(true))] : []))
    }

    private static func edge(_ w: inout GraphJSONWriter, _ e: Edge) {
        w.fields(3, [("count", .int(e.count)), ("from", .string(e.from))])
        w.raw(",")
        w.key("kinds", 3)
        w.list(e.kinds, level: 3) { w, k in w.string(k.rawValue) }
        w.raw(",")
        // Sites are most of the bytes: written field by field, with no list of pairs each.
        w.array("sites", e.sites, level: 3) { w, s in
            w.field("column", .int(s.column), level: 5, first: true)
            w.field("file", .string(s.file), level: 5)
            w.field("inferred", .bool(s.inferred), level: 5)
            w.field("kind", .string(s.kind.rawValue), level: 5)
            w.field("line", .int(s.line), level: 5)
            w.field("member", .optional(s.member), level: 5)
        }
        w.raw(",")
        w.fields(3, [("soft", .bool(e.soft)), ("to", .string(e.to))])
    }

    private static func node(_ w: inout GraphJSONWriter, _ n: Node) {
        w.fields(
            3,
            [
                ("external", .bool(n.external)), ("file", .optional(n.file)), ("id", .string(n.id)),
                ("kind", .string(n.kind.rawValue)), ("line", .optional(n.line)), ("module", .optional(n.module)),
                ("name", .string(n.name)),
            ])
        // Production code has no role: the key is left out, as `Node.encode` leaves it.
        if let role = n.role { w.field("role", .string(role.rawValue), level: 3) }
    }

    private static func use(_ w: inout GraphJSONWriter, _ u: Use) {
        w.fields(
            3,
            [
                ("column", .int(u.column)), ("file", .string(u.file)), ("from", .string(u.from)),
                ("kind", .string(u.kind.rawValue)), ("line", .int(u.line)), ("member", .optional(u.member)),
                ("path", .string(u.path)), ("targetMember", .optional(u.targetMember)), ("to", .optional(u.to)),
            ])
        w.raw(",")
        w.key("traits", 3)
        w.list(u.traits, level: 3) { w, t in w.string(t.rawValue) }
        w.raw(",")
        w.fields(3, [("valueType", .optional(u.valueType))])
    }

    /// `"key" : value` pairs, in the order given (sorted by the caller), separated by commas.
    private mutating func fields(_ level: Int, _ pairs: [(String, Value)]) {
        for (i, (name, value)) in pairs.enumerated() { field(name, value, level: level, first: i == 0) }
    }

    /// One `"key" : value` pair, after a comma unless it is the object's first.
    private mutating func field(_ name: String, _ value: Value, level: Int, first: Bool = false) {
        if !first { raw(",") }
        key(name, level)
        switch value {
        case .string(let s): string(s)
        case .int(let n): int(n)
        case .bool(let b): b ? raw("true") : raw("false")
        case .null: raw("null")
        }
    }

    // MARK: structure, as JSONEncoder's pretty printing lays it out

    /// `"name" : [ {…}, … ]` at `level`, each element an object whose keys sit at `level + 2`.
    private mutating func array<T>(_ name: String, _ items: [T], level: Int, _ body: (inout GraphJSONWriter, T) -> Void)
    {
        key(name, level)
        list(items, level: level) { w, item in w.object(item, level: level, body) }
    }

    /// `{`, the object's fields, `}` on a line at `level + 1`: an element of an array at `level`.
    private mutating func object<T>(_ item: T, level: Int, _ body: (inout GraphJSONWriter, T) -> Void) {
        raw("{")
        body(&self, item)
        newline(level + 1)
        raw("}")
    }

    /// `[ a, b ]` whose elements sit at `level + 1`; an empty one is `[`, a blank line, `]`.
    private mutating func list<T>(_ items: [T], level: Int, _ body: (inout GraphJSONWriter, T) -> Void) {
        raw("[")
        if items.isEmpty {
            bytes.append(0x0A)
        }
        for (i, item) in items.enumerated() { element(i, item, level: level, body) }
        newline(level)
        raw("]")
    }

    /// Element `i` of a list at `level`: after a comma unless it is the first, on a line of its own.
    private mutating func element<T>(_ i: Int, _ item: T, level: Int, _ body: (inout GraphJSONWriter, T) -> Void) {
        if i > 0 { raw(",") }
        newline(level + 1)
        body(&self, item)
    }

    /// A small value as `JSONEncoder` lays it out, its lines indented to sit at `level`.
    private mutating func embedded<T: Encodable>(_ value: T, level: Int) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        let indent = String(repeating: "  ", count: level)
        bytes.append(contentsOf: text.replacingOccurrences(of: "\n", with: "\n" + indent).utf8)
    }

    private mutating func key(_ name: String, _ level: Int) {
        newline(level)
        string(name)
        raw(" : ")
    }

    /// A newline and `level` indents of two spaces. From a literal, not from a shared array:
    /// every copy of such an array is counted, and two threads counting the same one took a
    /// third of the JSON's time.
    private mutating func newline(_ level: Int) {
        let text: StaticString = "\n                "
        let width = 1 + 2 * level
        guard width <= text.utf8CodeUnitCount else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: level * 2))
            return
        }
        text.withUTF8Buffer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<width])) }
    }

    // MARK: values

    private mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits, as `String(i)` gives them, without making a string.
    private mutating func int(_ i: Int) {
        guard i >= 0 else { return bytes.append(contentsOf: String(i).utf8) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var n = UInt64(i)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[23 - count] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
                n /= 10
                count += 1
            } while n > 0
            bytes.append(contentsOf: d[(24 - count)...])
        }
    }

    /// A string literal escaped as JSONEncoder does: `"` and `\`, the short escapes for
    /// backspace, tab, newline, form feed and return, `\u00xx` (lower-case hex) for the other
    /// control characters, everything else as its UTF-8 bytes.
    private mutating func string(_ s: String) {
        bytes.append(0x22)
        // Most strings need no escape: their bytes go in at once.
        let plain = s.withBorrowedUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(0x22)
            return
        }
        for b in s.utf8 {
            switch b {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x08: raw("\\b")
            case 0x09: raw("\\t")
            case 0x0A: raw("\\n")
            case 0x0C: raw("\\f")
            case 0x0D: raw("\\r")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 0x0F)])
            default:
                bytes.append(b)
            }
        }
        bytes.append(0x22)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
