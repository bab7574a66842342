/// Replacements in one file's text at the byte offsets its syntax tree gave: everything the
/// rewrite does not name is copied as it was, trivia and all.
struct TextEdits {
    private struct Edit {
        var start: Int
        var end: Int
        var text: String
        /// Insertions at one offset keep the order they were made in.
        var order: Int
    }

    private var edits: [Edit] = []

    var isEmpty: Bool { edits.isEmpty }

    mutating func replace(_ start: Int, _ end: Int, with text: String) {
        edits.append(Edit(start: start, end: end, text: text, order: edits.count))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset, offset, with: text)
    }

    /// The text with every edit made; two replacements of overlapping ranges are refused, as
    /// one would undo the other.
    func applied(to text: String) throws(ApplyRefusal) -> String {
        let bytes = Array(text.utf8)
        let sorted = edits.sorted { ($0.start, $0.end, $0.order) < ($1.start, $1.end, $1.order) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
        var at = 0
        for edit in sorted {
            guard edit.start >= at, edit.end <= bytes.count else {
                throw ApplyRefusal("two changes of one place overlap (offset \(edit.start)); nothing was changed")
            }
            out.append(contentsOf: bytes[at..<edit.start])
            out.append(contentsOf: edit.text.utf8)
            at = edit.end
        }
        out.append(contentsOf: bytes[at...])
        return String(decoding: out, as: UTF8.self)
    }
}
