import Foundation
import SeamsGraph

/// What a file looked like to the file system when it was read: enough to know, without
/// reading it again, that it has not changed since (as `git` knows from its index).
struct FileSignature: Equatable, Sendable {
    var device: Int
    var inode: Int
    var size: Int
    var modified: Int
    /// Changed by every write and by every change of the modification time itself, so a tool
    /// that puts the old time back after writing does not hide its change.
    var changed: Int

    /// The signature of the regular file at `path`; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = Int(truncatingIfNeeded: info.st_dev)
        inode = Int(truncatingIfNeeded: info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
    }

    init(device: Int, inode: Int, size: Int, modified: Int, changed: Int) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    /// Whether the file could still have changed, after it was read, without its times
    /// moving: it was modified shortly before the scan began, and a file system with coarse
    /// times may give a later write the same ones. Such a file is read again next time.
    func isRacy(scanStart: Int) -> Bool {
        max(modified, changed) >= scanStart - 2_000_000_000
    }
}

/// What a scan with a cache leaves for the next scan of the same files: each file's signature
/// and the key of its facts, and the graph. A later scan in which no file changed returns the
/// graph as it is; one in which a few files changed only their bodies patches it
/// (`GraphPatch`); any other change scans as before, reading from the cache what it can.
///
/// The snapshot's name covers everything but the files' bytes (the root, every file's path,
/// place, module and unit, the units and the size limit), so it is only ever read by a scan
/// of the same inputs; the files' keys cover the bytes.
struct ScanSnapshot {
    static let format: UInt8 = 1

    /// One per distinct path, in path order.
    struct FileState: Equatable {
        /// nil when it cannot vouch for the file (read too soon after a change, or unreadable).
        var signature: FileSignature?
        /// The key of its facts; empty when it could not be read.
        var key: String
        var surfaceDigest: String
        var lines: Int
        /// Its code posts or observes notifications, which pair with other files' (such a file
        /// is never patched alone).
        var notifies: Bool
    }

    var files: [FileState]
    var filesScanned: Int
    /// The graph, or its parts still as bytes (a snapshot read back): a scan that builds the
    /// graph anew never reads them, and one that patches it reads them while it declares.
    private let stored: Stored

    private enum Stored {
        case graph(Graph)
        case parts([UInt8], [Range<Int>])
    }

    init(files: [FileState], filesScanned: Int, graph: Graph) {
        self.files = files
        self.filesScanned = filesScanned
        stored = .graph(graph)
    }

    private init(files: [FileState], filesScanned: Int, bytes: [UInt8], parts: [Range<Int>]) {
        self.files = files
        self.filesScanned = filesScanned
        stored = .parts(bytes, parts)
    }

    /// The graph; nil when its bytes do not read.
    func graph() -> Graph? {
        switch stored {
        case .graph(let g): return g
        case .parts(let bytes, let ranges): return try? GraphCodec.graph(bytes, parts: ranges)
        }
    }

    /// The name of the snapshot of a scan of `files` (sorted) under `input`.
    static func name(of input: ScanInput, files: [SourceFile]) -> String {
        var h = StableHash()
        h.combine("snapshot")
        h.combine(Int(format))
        h.combine(input.root)
        h.combine(input.maxFileBytes)
        for unit in input.units {
            h.combine(unit.importName ?? "\u{0}")
            h.combine(unit.sees.map { $0.sorted().map(String.init).joined(separator: ",") } ?? "*")
        }
        for file in files {
            h.combine(file.path)
            h.combine(file.location)
            h.combine(file.module)
            h.combine(file.unit)
        }
        return h.hex
    }

    /// Whether no file changed since: every signature is the same, and the snapshot vouched for each.
    func unchanged(_ signatures: [FileSignature?]) -> Bool {
        guard signatures.count == files.count else { return false }
        for (state, now) in zip(files, signatures) {
            guard let was = state.signature, was == now else { return false }
        }
        return true
    }

    /// The key of file `k`'s facts when its signature shows it unchanged: its bytes need not be read.
    func knownKey(_ k: Int, _ signature: FileSignature?) -> String? {
        guard k < files.count, let was = files[k].signature, was == signature, !files[k].key.isEmpty else {
            return nil
        }
        return files[k].key
    }

    /// The bytes of a snapshot of `files` and `graph`.
    static func encode(files: [FileState], filesScanned: Int, graph: Graph) -> [UInt8] {
        var w = ByteWriter(capacity: 1 << 20)
        w.count(filesScanned)
        w.list(files) { w, f in
            w.bool(f.signature != nil)
            if let sig = f.signature {
                for n in [sig.device, sig.inode, sig.size, sig.modified, sig.changed] { w.int(n) }
            }
            w.string(f.key)
            w.string(f.surfaceDigest)
            w.count(f.lines)
            w.bool(f.notifies)
        }
        let parts = GraphCodec.parts(graph)
        w.count(parts.count)
        for part in parts { w.count(part.count) }
        var bytes = w.bytes
        bytes.reserveCapacity(bytes.count + parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes += part }
        return EntryFrame.wrap(bytes, format: format)
    }

    /// nil when the bytes are torn, foreign or another format. The graph is read later
    /// (`graph()`); the frame's checksum has vouched for its bytes already.
    static func decode(_ bytes: [UInt8]) -> ScanSnapshot? {
        guard let payload = EntryFrame.unwrap(bytes, format: format) else { return nil }
        var r = ByteReader(bytes, from: payload.lowerBound)
        do {
            let scanned = try r.count()
            let files = try r.list { r in
                var signature: FileSignature?
                if try r.bool() {
                    signature = FileSignature(
                        device: try r.int(), inode: try r.int(), size: try r.int(), modified: try r.int(),
                        changed: try r.int())
                }
                return FileState(
                    signature: signature, key: try r.string(), surfaceDigest: try r.string(), lines: try r.count(),
                    notifies: try r.bool())
            }
            let lengths = try r.list { try $0.count() }
            var ranges: [Range<Int>] = []
            var start = r.offset
            for length in lengths {
                guard length <= payload.upperBound - start else { return nil }
                ranges.append(start..<start + length)
                start += length
            }
            guard start == payload.upperBound else { return nil }
            return ScanSnapshot(files: files, filesScanned: scanned, bytes: bytes, parts: ranges)
        } catch {
            return nil
        }
    }
}
