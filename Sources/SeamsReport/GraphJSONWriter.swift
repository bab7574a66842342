import SeamsGraph

/// The scan graph as JSON bytes, written straight into one buffer: the same bytes as
/// `CanonicalJSON` gives for a `Graph` (pretty, keys sorted, slashes unescaped, a final newline),
/// without `JSONEncoder`'s intermediate tree, which costs more than a second on a large app.
/// A test holds the two to the same bytes on fixtures and on strings of every control character.
struct GraphJSONWriter {
    private(set) var bytes: [UInt8] = []

    static func render(_ graph: Graph) -> [UInt8] {
        var w = GraphJSONWriter()
        // Sites dominate: about 120 bytes each when pretty-printed.
        w.bytes.reserveCapacity(4096 + graph.edges.reduce(0) { $0 + 200 + $1.sites.count * 130 })
        w.graph(graph)
        return w.bytes
    }

    /// A scalar value of an object's field.
    private enum Value {
        case string(String), int(Int), bool(Bool), null

        static func optional(_ s: String?) -> Value { s.map { .string($0) } ?? .null }
        static func optional(_ i: Int?) -> Value { i.map { .int($0) } ?? .null }
    }

    private mutating func graph(_ g: Graph) {
        raw("{")
        array("diagnostics", g.diagnostics, level: 1) { w, d in
            w.fields(
                3,
                [
                    ("file", .optional(d.file)), ("line", .optional(d.line)), ("message", .string(d.message)),
                    ("severity", .string(d.severity.rawValue)),
                ])
        }
        raw(",")
        array("edges", g.edges, level: 1) { w, e in
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
        raw(",")
        array("modules", g.modules, level: 1) { w, m in
            w.fields(3, [("files", .int(m.files)), ("name", .string(m.name))])
        }
        raw(",")
        array("nodes", g.nodes, level: 1) { w, n in
            w.fields(
                3,
                [
                    ("external", .bool(n.external)), ("file", .optional(n.file)), ("id", .string(n.id)),
                    ("kind", .string(n.kind.rawValue)), ("line", .optional(n.line)), ("module", .optional(n.module)),
                    ("name", .string(n.name)),
                ])
        }
        raw(",")
        fields(1, [("root", .string(g.root)), ("schemaVersion", .int(g.schemaVersion))])
        if !g.uses.isEmpty { uses(g.uses) }
        newline(0)
        raw("}\n")
    }

    /// `"uses" : [...]`, after the other keys (it sorts last), only when there are uses.
    private mutating func uses(_ list: [Use]) {
        raw(",")
        array("uses", list, level: 1) { w, u in
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
        list(items, level: level) { w, item in
            w.raw("{")
            body(&w, item)
            w.newline(level + 1)
            w.raw("}")
        }
    }

    /// `[ a, b ]` whose elements sit at `level + 1`; an empty one is `[`, a blank line, `]`.
    private mutating func list<T>(_ items: [T], level: Int, _ element: (inout GraphJSONWriter, T) -> Void) {
        raw("[")
        if items.isEmpty {
            bytes.append(0x0A)
        }
        for (i, item) in items.enumerated() {
            if i > 0 { raw(",") }
            newline(level + 1)
            element(&self, item)
        }
        newline(level)
        raw("]")
    }

    private mutating func key(_ name: String, _ level: Int) {
        newline(level)
        string(name)
        raw(" : ")
    }

    private mutating func newline(_ level: Int) {
        if level < Self.indents.count {
            bytes.append(contentsOf: Self.indents[level])
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: level * 2))
        }
    }

    /// A newline and the indent of each level the graph uses.
    private static let indents: [[UInt8]] = (0..<8).map { [0x0A] + Array(repeating: 0x20, count: $0 * 2) }

    // MARK: values

    private mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func int(_ i: Int) { bytes.append(contentsOf: String(i).utf8) }

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
