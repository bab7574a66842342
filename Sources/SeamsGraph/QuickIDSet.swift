/// A set of node ids asked about once per edge or use of a large graph: most questions are
/// answered before any hashing, from the id's length (no id of that length is held) or from
/// the last answer (edges and uses come sorted by their source, so the same id is asked
/// many times in a row).
public struct QuickIDSet: Sendable {
    private let ids: Set<String>
    /// Bit n: some id of n UTF-8 bytes is held (n < 256); longer ids are always looked up.
    private var lengths = [UInt64](repeating: 0, count: 4)
    private var last: String?
    private var lastAnswer = false

    public init<S: Sequence>(_ ids: S) where S.Element == String {
        self.ids = Set(ids)
        for id in self.ids where id.utf8.count < 256 {
            let n = id.utf8.count
            lengths[n >> 6] |= 1 << UInt64(n & 63)
        }
    }

    public var isEmpty: Bool { ids.isEmpty }

    public mutating func contains(_ id: String) -> Bool {
        let n = id.utf8.count
        if n < 256 && lengths[n >> 6] & (1 << UInt64(n & 63)) == 0 { return false }
        if let last, last == id { return lastAnswer }
        last = id
        lastAnswer = ids.contains(id)
        return lastAnswer
    }
}
