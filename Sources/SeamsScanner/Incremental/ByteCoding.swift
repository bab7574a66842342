// The byte format of cache entries: variable-length integers, strings written once per entry
// and then named by number, and a 128-bit content hash. Written for speed and for output
// that is the same bytes for the same value, whatever the thread or the run.

import Foundation
import SeamsGraph

/// A 128-bit hash that is the same in every process (Swift's `Hasher` is seeded per run):
/// the keys of cache entries and the checksums that tell a whole entry from a torn one.
public struct StableHash: Sendable {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var length: UInt64 = 0

    public init() {}

    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func word(_ w: UInt64) {
        a = Self.mix(a ^ w) &+ 0x632B_E59B_D9B4_E019
        b = Self.mix(b &+ (w &* 0xFF51_AFD7_ED55_8CCD)) ^ (a >> 17)
    }

    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            word(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            for k in i..<n { tail |= UInt64(bytes[k]) << (UInt64(k - i) * 8) }
            word(tail ^ 0x8000_0000_0000_0000)
        }
        length &+= UInt64(n)
        // A separator, so that "ab"+"c" and "a"+"bc" differ.
        word(length)
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    public mutating func combine(_ text: String) {
        text.withBorrowedUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(_ number: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { combine(bytes: $0) }
    }

    /// 32 hexadecimal digits.
    public var hex: String {
        let x = Self.mix(a ^ length), y = Self.mix(b ^ (length &* 31))
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for v in [x, y] {
            for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((v >> UInt64(shift)) & 15)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func of(_ bytes: [UInt8]) -> String {
        var h = StableHash()
        h.combine(bytes)
        return h.hex
    }
}

/// Appends values to a byte buffer. Strings are written in full the first time and by number
/// after that.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    private var strings = StringTable()
    /// Source locations, kept apart when set, so that the rest can be hashed without them.
    private(set) var locations: ByteWriter.Side?

    struct Side {
        var bytes: [UInt8] = []
    }

    init(capacity: Int = 1024, separateLocations: Bool = false) {
        bytes.reserveCapacity(capacity)
        if separateLocations { locations = Side() }
    }

    /// A line and column: into the location stream when there is one.
    mutating func location(_ line: Int32, _ column: Int32) {
        if locations != nil {
            Self.append(UInt64(UInt32(bitPattern: line)), to: &locations!.bytes)
            Self.append(UInt64(UInt32(bitPattern: column)), to: &locations!.bytes)
        } else {
            uint(UInt64(UInt32(bitPattern: line)))
            uint(UInt64(UInt32(bitPattern: column)))
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func uint(_ value: UInt64) { Self.append(value, to: &bytes) }

    mutating func int(_ value: Int) {
        let v = Int64(value)
        uint(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }

    mutating func count(_ n: Int) { uint(UInt64(n)) }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }

    /// The last string written through each slot (`string(_:slot:)`), and its number (none
    /// while `lastNumberInSlot` is `UInt64.max`): apart, so that the comparison borrows the
    /// string where it lies rather than copying an optional pair out.
    private var lastInSlot = [String](repeating: "", count: 8)
    private var lastNumberInSlot = [UInt64](repeating: .max, count: 8)

    /// A string that is often the one written last through the same slot (the file of an
    /// edge's next site, say): that one is recognised without hashing.
    mutating func string(_ s: String, slot: Int) {
        if lastNumberInSlot[slot] != .max && lastInSlot[slot] == s {
            uint(lastNumberInSlot[slot] + 1)
            return
        }
        string(s)
        lastInSlot[slot] = s
        lastNumberInSlot[slot] = UInt64(lastNumber)
    }

    /// The number of the string written last.
    private var lastNumber = 0

    mutating func string(_ s: String) {
        s.withBorrowedUTF8 { raw in
            let (k, isNew) = strings.insert(raw)
            lastNumber = k
            if !isNew {
                uint(UInt64(k) + 1)
                return
            }
            uint(0)
            uint(UInt64(raw.count))
            bytes.append(contentsOf: raw)
        }
    }

    mutating func optionalString(_ s: String?) {
        bool(s != nil)
        if let s { string(s) }
    }

    mutating func raw(_ more: [UInt8]) { bytes.append(contentsOf: more) }

    /// A counted list of 32-bit values, each in four bytes (little-endian).
    mutating func words(_ values: [UInt32]) {
        count(values.count)
        bytes.reserveCapacity(bytes.count + 4 * values.count)
        for v in values {
            bytes.append(UInt8(truncatingIfNeeded: v))
            bytes.append(UInt8(truncatingIfNeeded: v >> 8))
            bytes.append(UInt8(truncatingIfNeeded: v >> 16))
            bytes.append(UInt8(truncatingIfNeeded: v >> 24))
        }
    }

    /// The `StringTable.mention` hash of every string written, each once, in order written.
    var mentions: [UInt32] { strings.mentions }
}

/// What a reader throws on bytes that are not what a writer wrote.
struct CorruptEntry: Error {}

/// Reads what `ByteWriter` wrote; anything short or out of range throws `CorruptEntry`.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int
    private var strings: [String] = []
    /// Where locations are read from when they were written apart: a range of the same bytes.
    private var locationOffset = 0
    private var locationEnd = -1

    init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = end ?? bytes.count
    }

    /// Locations come from `range` of the bytes rather than inline.
    mutating func readLocations(from range: Range<Int>) {
        locationOffset = range.lowerBound
        locationEnd = range.upperBound
    }

    var locationsAtEnd: Bool { locationEnd < 0 || locationOffset == locationEnd }

    mutating func location() throws -> (Int32, Int32) {
        if locationEnd < 0 {
            return (Int32(truncatingIfNeeded: try uint()), Int32(truncatingIfNeeded: try uint()))
        }
        func next() throws -> Int32 {
            Int32(truncatingIfNeeded: try Self.varint(bytes, at: &locationOffset, end: locationEnd))
        }
        return (try next(), try next())
    }

    var atEnd: Bool { offset >= end }

    mutating func uint() throws -> UInt64 {
        try Self.varint(bytes, at: &offset, end: end)
    }

    /// A variable-length integer at `offset`, which moves past it.
    private static func varint(_ bytes: [UInt8], at offset: inout Int, end: Int) throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw CorruptEntry() }
            let b = bytes[offset]
            offset += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func int() throws -> Int {
        let u = try uint()
        return Int(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1))))
    }

    /// A count of things still to read: never more than the bytes left, so that a bad count
    /// cannot ask for a huge allocation.
    mutating func count() throws -> Int {
        let n = try uint()
        guard n <= UInt64(end - offset) else { throw CorruptEntry() }
        return Int(n)
    }

    /// A counted list of 32-bit values, as `ByteWriter.words` writes it.
    mutating func words() throws -> [UInt32] {
        let n = try count()
        guard n * 4 <= end - offset else { throw CorruptEntry() }
        var out = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            for b in 0..<4 { out[i] |= UInt32(bytes[offset + 4 * i + b]) << (8 * b) }
        }
        offset += 4 * n
        return out
    }

    /// Steps over a list `words` would read.
    mutating func skipWords() throws {
        let n = try count()
        guard n * 4 <= end - offset else { throw CorruptEntry() }
        offset += 4 * n
    }

    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw CorruptEntry() }
        offset += 1
        return bytes[offset - 1]
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw CorruptEntry()
        }
    }

    mutating func string() throws -> String {
        let tag = try uint()
        if tag > 0 {
            guard tag <= UInt64(strings.count) else { throw CorruptEntry() }
            return strings[Int(tag - 1)]
        }
        let n = try count()
        let s = String(decoding: bytes[offset..<offset + n], as: UTF8.self)
        offset += n
        strings.append(s)
        return s
    }

    mutating func optionalString() throws -> String? {
        try bool() ? try string() : nil
    }

    mutating func list<T>(_ element: (inout ByteReader) throws -> T) throws -> [T] {
        let n = try count()
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try element(&self)) }
        return out
    }
}

extension ByteWriter {
    mutating func list<T>(_ items: [T], _ element: (inout ByteWriter, T) -> Void) {
        count(items.count)
        for item in items { element(&self, item) }
    }
}

/// An entry as stored: a magic word, the format version, the payload's length and hash, then
/// the payload. A torn or foreign file fails the check and is not read.
enum EntryFrame {
    static let magic: [UInt8] = Array("SEAMS".utf8)

    static func wrap(_ payload: [UInt8], format: UInt8) -> [UInt8] {
        var w = ByteWriter(capacity: payload.count + 64)
        w.raw(magic)
        w.byte(format)
        w.uint(UInt64(payload.count))
        var sum = [UInt8](repeating: 0, count: 16)
        payload.withUnsafeBytes { FrameChecksum.write(of: $0, into: &sum) }
        w.raw(sum)
        w.raw(payload)
        return w.bytes
    }

    /// The payload's range in `bytes`, or nil when the frame is not whole and right.
    static func unwrap(_ bytes: [UInt8], format: UInt8) -> Range<Int>? {
        guard bytes.count > magic.count + 1, Array(bytes[0..<magic.count]) == magic, bytes[magic.count] == format
        else { return nil }
        var r = ByteReader(bytes, from: magic.count + 1)
        guard let n = try? r.uint(), r.offset + 16 <= bytes.count else { return nil }
        let start = r.offset + 16
        guard UInt64(bytes.count - start) == n else { return nil }
        var sum = [UInt8](repeating: 0, count: 16)
        bytes.withUnsafeBytes { FrameChecksum.write(of: UnsafeRawBufferPointer(rebasing: $0[start...]), into: &sum) }
        guard bytes[r.offset..<start].elementsEqual(sum) else { return nil }
        return start..<bytes.count
    }
}

/// The check of an entry's payload: it finds torn and damaged files (not forgeries), and
/// reads the bytes about four times as fast as `StableHash`, which every warm scan paid for
/// on every entry it read. Four lanes take eight bytes each at a time; each step (xor, an
/// odd multiply, a rotation) is one-to-one, so a changed word always changes its lane.
enum FrameChecksum {
    private static let prime: UInt64 = 0x9FB2_1C65_1E98_DF25

    @inline(__always) private static func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let x = (lane ^ word) &* prime
        return (x << 29) | (x >> 35)
    }

    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Sixteen bytes of check for `bytes`, written into `sum`.
    static func write(of bytes: UnsafeRawBufferPointer, into sum: inout [UInt8]) {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5
        )
        let n = bytes.count
        var i = 0
        while i + 32 <= n {
            lanes.0 = step(lanes.0, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            lanes.1 = step(lanes.1, bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            lanes.2 = step(lanes.2, bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
            lanes.3 = step(lanes.3, bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
            i += 32
        }
        // The last bytes, eight at a time and then one by one, into the first lane.
        while i + 8 <= n {
            lanes.0 = step(lanes.0, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        for k in i..<n { tail |= UInt64(bytes[k]) << (UInt64(k - i) * 8) }
        lanes.1 = step(lanes.1, tail ^ UInt64(n))
        let x = mix(lanes.0 ^ mix(lanes.1 &+ 0x632B_E59B_D9B4_E019))
        let y = mix(lanes.2 ^ mix(lanes.3 &+ x))
        for k in 0..<8 {
            sum[k] = UInt8(truncatingIfNeeded: x >> UInt64(8 * k))
            sum[8 + k] = UInt8(truncatingIfNeeded: y >> UInt64(8 * k))
        }
    }
}

/// The strings a writer has written, each numbered in order: a table of their bytes with open
/// addressing on a quick hash of them. Writing a scan's hundreds of thousands of strings
/// through a `[String: Int]` spent most of its time in `Hasher`.
struct StringTable {
    private var storage: [UInt8] = []
    /// Each string's start in `storage`, and its end after it.
    private var bounds: [Int] = [0]
    /// Number + 1 of the string in each slot; 0 for none. The count is a power of two.
    private var slots = [Int32](repeating: 0, count: 1024)
    /// Each string's `mention` hash, in number order.
    private(set) var mentions: [UInt32] = []

    var count: Int { bounds.count - 1 }

    /// A string's hash as a file's list of mentioned names keeps it (`FactsCodec`): the
    /// table's own hash, cut to 32 bits. Two names with one hash only make a scan do more.
    static func mention(_ s: String) -> UInt32 {
        s.withBorrowedUTF8 { UInt32(truncatingIfNeeded: hash($0)) }
    }

    private static func hash(_ raw: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        let base = UnsafeRawBufferPointer(raw)
        var i = 0
        while i + 8 <= raw.count {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01B3
            h ^= h >> 29
            i += 8
        }
        while i < raw.count {
            h = (h ^ UInt64(raw[i])) &* 0x100_0000_01B3
            i += 1
        }
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }

    private func equals(_ k: Int, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = bounds[k]
        guard bounds[k + 1] - start == raw.count else { return false }
        return storage.withUnsafeBufferPointer { all in
            raw.count == 0 || memcmp(all.baseAddress! + start, raw.baseAddress!, raw.count) == 0
        }
    }

    /// The string's number, and whether it was new (then it has the next number).
    mutating func insert(_ raw: UnsafeBufferPointer<UInt8>) -> (Int, Bool) {
        let mask = slots.count - 1
        let h = Self.hash(raw)
        var at = Int(truncatingIfNeeded: h) & mask
        while slots[at] != 0 {
            let k = Int(slots[at]) - 1
            if equals(k, raw) { return (k, false) }
            at = (at + 1) & mask
        }
        let k = count
        storage.append(contentsOf: raw)
        bounds.append(storage.count)
        mentions.append(UInt32(truncatingIfNeeded: h))
        slots[at] = Int32(k + 1)
        if count * 2 > slots.count { grow() }
        return (k, true)
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        storage.withUnsafeBufferPointer { all in
            for k in 0..<count {
                let raw = UnsafeBufferPointer(rebasing: all[bounds[k]..<bounds[k + 1]])
                var at = Int(truncatingIfNeeded: Self.hash(raw)) & mask
                while bigger[at] != 0 { at = (at + 1) & mask }
                bigger[at] = Int32(k + 1)
            }
        }
        slots = bigger
    }
}
