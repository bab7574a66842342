import Foundation

/// The member lists of a file's types, still in the cache entry's bytes: a warm scan reads every
/// file's declarations, but resolves a few files, whose lookups ask for few types' members.
/// The first list asked for reads them all (under a lock: several threads may ask). Each
/// declaration knows its list by number: this holds no declaration, so nothing here keeps the
/// facts alive.
final class LazyMembers: DeferredMembers, @unchecked Sendable {
    private let lock = NSLock()
    private var entry: [UInt8]
    private let range: Range<Int>
    private let locations: Range<Int>
    private let count: Int
    private let readList: (inout ByteReader) throws -> [MemberFact]
    private var done = false
    /// Once read: every list (none when they did not read).
    private var lists: [[MemberFact]] = []

    /// `count` lists in `range` of `entry` (their locations in `locations`), each read by `readList`.
    init(
        entry: [UInt8], range: Range<Int>, locations: Range<Int>, count: Int,
        readList: @escaping (inout ByteReader) throws -> [MemberFact]
    ) {
        self.entry = entry
        self.range = range
        self.locations = locations
        self.count = count
        self.readList = readList
    }

    /// Whether the lists were read.
    var isRead: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    /// List `index`, every list read the first time. The entry's checksum was checked when its
    /// facts were read, so these bytes are whole; should they not read, nil (the declaration
    /// then has the type aliases it knows, and the fault shows as references not found).
    func members(at index: Int) -> [MemberFact]? {
        lock.lock()
        defer { lock.unlock() }
        if !done {
            done = true
            var r = ByteReader(entry, from: range.lowerBound, to: range.upperBound)
            r.readLocations(from: locations)
            var read: [[MemberFact]] = []
            read.reserveCapacity(count)
            do {
                for _ in 0..<count { read.append(try readList(&r)) }
                guard r.atEnd, r.locationsAtEnd else { throw CorruptEntry() }
                lists = read
            } catch {
                lists = []
            }
            entry = []
        }
        return index < lists.count ? lists[index] : nil
    }
}
