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

    private mutating func graph(_ g: Graph) {
        open("{")
        array("diagnostics", g.diagnostics, level: 1) { w, d in
            w.key("file", 3)
            w.optional(d.file)
            w.comma()
            w.key("line", 3)
            w.optional(d.line)
            w.comma()
            w.key("message", 3)
            w.string(d.message)
            w.comma()
            w.key("severity", 3)
            w.string(d.severity.rawValue)
        }
        comma()
        array("edges", g.edges, level: 1) { w, e in
            w.key("count", 3)
            w.int(e.count)
            w.comma()
            w.key("from", 3)
            w.string(e.from)
            w.comma()
            w.key("kinds", 3)
            w.list(e.kinds, level: 3) { w, k in w.string(k.rawValue) }
            w.comma()
            w.array("sites", e.sites, level: 3) { w, s in
                w.key("column", 5)
                w.int(s.column)
                w.comma()
                w.key("file", 5)
                w.string(s.file)
                w.comma()
                w.key("inferred", 5)
                w.bool(s.inferred)
                w.comma()
                w.key("kind", 5)
                w.string(s.kind.rawValue)
                w.comma()
                w.key("line", 5)
                w.int(s.line)
            }
            w.comma()
            w.key("soft", 3)
            w.bool(e.soft)
            w.comma()
            w.key("to", 3)
            w.string(e.to)
        }
        comma()
        array("modules", g.modules, level: 1) { w, m in
            w.key("files", 3)
            w.int(m.files)
            w.comma()
            w.key("name", 3)
            w.string(m.name)
        }
        comma()
        array("nodes", g.nodes, level: 1) { w, n in
            w.key("external", 3)
            w.bool(n.external)
            w.comma()
            w.key("file", 3)
            w.optional(n.file)
            w.comma()
            w.key("id", 3)
            w.string(n.id)
            w.comma()
            w.key("kind", 3)
            w.string(n.kind.rawValue)
            w.comma()
            w.key("line", 3)
            w.optional(n.line)
            w.comma()
            w.key("module", 3)
            w.optional(n.module)
            w.comma()
            w.key("name", 3)
            w.string(n.name)
        }
        comma()
        key("root", 1)
        string(g.root)
        comma()
        key("schemaVersion", 1)
        int(g.schemaVersion)
        newline(0)
        raw("}\n")
    }

    // MARK: structure, as JSONEncoder's pretty printing lays it out

    /// `"name" : [ {…}, … ]` at `level`, each element an object whose keys sit at `level + 2`.
    private mutating func array<T>(_ name: String, _ items: [T], level: Int, _ body: (inout GraphJSONWriter, T) -> Void)
    {
        key(name, level)
        list(items, level: level) { w, item in
            w.open("{")
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

    private mutating func open(_ brace: StaticString) { raw(brace) }

    private mutating func key(_ name: String, _ level: Int) {
        newline(level)
        string(name)
        raw(" : ")
    }

    private mutating func comma() { raw(",") }

    private mutating func newline(_ level: Int) {
        bytes.append(0x0A)
        for _ in 0..<(level * 2) { bytes.append(0x20) }
    }

    // MARK: values

    private mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func int(_ i: Int) { bytes.append(contentsOf: String(i).utf8) }

    private mutating func bool(_ b: Bool) { b ? raw("true") : raw("false") }

    private mutating func optional(_ s: String?) {
        if let s { string(s) } else { raw("null") }
    }

    private mutating func optional(_ i: Int?) {
        if let i { int(i) } else { raw("null") }
    }

    /// A string literal escaped as JSONEncoder does: `"` and `\`, the short escapes for
    /// backspace, tab, newline, form feed and return, `\u00xx` (lower-case hex) for the other
    /// control characters, everything else as its UTF-8 bytes.
    private mutating func string(_ s: String) {
        bytes.append(0x22)
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
