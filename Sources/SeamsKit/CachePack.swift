import Foundation
import SeamsGraph
import SeamsScanner

/// A pack: many cache entries in one file, so that a scan writes one file rather than one per
/// source file (thousands of small files cost more in the file system than their bytes), and
/// a warm scan opens one.
///
/// Layout, integers little-endian:
/// - `SEAMSPK1`;
/// - the index's length (8 bytes), the index, and the index's digest (32 hexadecimal digits);
/// - the entries' bytes, one after another.
///
/// The index lists each entry's name (`kind/key`), its offset from the start of the entries
/// and its length. Entries carry checksums of their own (the codecs' frames), so a damaged
/// entry is noticed when it is decoded; a damaged index makes the whole pack unreadable.
enum CachePack {
    static let magic = Array("SEAMSPK1".utf8)

    struct Located: Sendable {
        var offset: Int
        var length: Int
    }

    /// The bytes of a pack holding `entries`, in name order, and its index's digest.
    static func encode(_ entries: [(name: String, bytes: [UInt8])]) -> (bytes: [UInt8], digest: String) {
        let sorted = entries.sorted { $0.name < $1.name }
        var index: [UInt8] = []
        appendInteger(UInt64(sorted.count), to: &index)
        var offset = 0
        for entry in sorted {
            let name = Array(entry.name.utf8)
            appendInteger(UInt64(name.count), to: &index)
            index += name
            appendInteger(UInt64(offset), to: &index)
            appendInteger(UInt64(entry.bytes.count), to: &index)
            offset += entry.bytes.count
        }
        var out = magic
        out.reserveCapacity(magic.count + 8 + index.count + 32 + offset)
        appendInteger(UInt64(index.count), to: &out)
        out += index
        let digest = StableHash.of(index)
        out += Array(digest.utf8)
        for entry in sorted { out += entry.bytes }
        return (out, digest)
    }

    /// The index of the pack open as `fd`, `size` bytes long: each entry's name and where its
    /// bytes are in the file. nil when the header or index is damaged; entries that would end
    /// past the end of the file (a pack cut short) are left out and counted in `missing`.
    static func readIndex(fd: Int32, size: Int) -> (entries: [(String, Located)], missing: Int)? {
        guard size >= magic.count + 8 + 32, let head = readAll(fd, at: 0, count: magic.count + 8),
            Array(head[0..<magic.count]) == magic
        else { return nil }
        let indexLength = Int(clamping: integer(head, at: magic.count))
        let indexStart = magic.count + 8
        guard indexLength >= 8, indexStart + indexLength + 32 <= size,
            let rest = readAll(fd, at: indexStart, count: indexLength + 32)
        else { return nil }
        let index = Array(rest[0..<indexLength])
        guard String(decoding: rest[indexLength...], as: UTF8.self) == StableHash.of(index) else { return nil }
        let dataStart = indexStart + indexLength + 32
        var at = 0
        func next() -> Int? {
            guard at + 8 <= index.count else { return nil }
            defer { at += 8 }
            return Int(exactly: integer(index, at: at))
        }
        guard let count = next() else { return nil }
        var out: [(String, Located)] = []
        var missing = 0
        for _ in 0..<count {
            guard let nameLength = next(), nameLength <= index.count - at else { return nil }
            let name = String(decoding: index[at..<at + nameLength], as: UTF8.self)
            at += nameLength
            guard let offset = next(), let length = next() else { return nil }
            let start = dataStart + offset
            if start < dataStart || length > size - start {
                missing += 1
                continue
            }
            out.append((name, Located(offset: start, length: length)))
        }
        return (out, missing)
    }

    static func readAll(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var whole = true
        // Not zeroed first: the bytes are read over it.
        let bytes = [UInt8](uninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            whole = done == count
            initialized = whole ? count : 0
        }
        return whole ? bytes : nil
    }

    private static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[offset + k]) << (UInt64(k) * 8) }
        return v
    }
}
