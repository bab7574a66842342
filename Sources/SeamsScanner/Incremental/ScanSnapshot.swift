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
/// and the key of its facts, and the graph (as built, and the patches since: `GraphDelta`). A later scan in which no file changed returns the
/// graph as it is; one in which a few files changed only their bodies patches it
/// (`GraphPatch`); any other change scans as before, reading from the cache what it can.
///
/// The snapshot's name covers everything but the files' bytes (the root, every file's path,
/// place, module and unit, the units and the size limit), so it is read by a scan of the same
/// inputs; the files' keys cover the bytes. A scan of the same place whose files differ (some
/// added, removed or moved) may still patch the place's last snapshot, matching files by path,
/// when its frame (root, size limit and units) is the same.
struct ScanSnapshot {
    static let format: UInt8 = 6

    /// One per distinct path, in path order.
    struct FileState: Equatable {
        /// Its path, and where it builds (each place, module and unit it is compiled in, hashed):
        /// a later scan of other files matches its files to these by path.
        var path = ""
        var placement = ""
        /// nil when it cannot vouch for the file (read too soon after a change, or unreadable).
        var signature: FileSignature?
        /// The key of its facts; empty when it could not be read.
        var key: String
        var surfaceDigest: String
        var lines: Int
    }

    var files: [FileState]
    var filesScanned: Int
    /// What the name covers but the files: the root, the size limit and the units (hashed). A
    /// scan of other files under the same frame can patch this snapshot's graph by path.
    var frame = ""
    /// Every post and observation of a notification the scan met, in canonical order: they pair
    /// across files, so a patch pairs the changed files' new ones with the others' as they were.
    var notifications: [NotificationUse] = []
    /// The graph as it was last built, written apart (the base) under `name + ".graph"`, and
    /// named by a nonce of its own, so that a delta is never made to a base it was not for.
    var baseID: String
    /// The patches made since the base was written.
    var delta: GraphDelta

    /// The graph: the base's bytes with the delta made; nil when there is no base or it is
    /// not this snapshot's (another process wrote a new one meanwhile). Throws `CorruptEntry`
    /// when the bytes do not read, `Stopped` when `crew` (which reads the parts, else every
    /// core) was stopped.
    func graph(base bytes: [UInt8]?, crew: Crew? = nil) throws -> Graph? {
        guard let bytes else { return nil }
        guard let payload = EntryFrame.unwrap(bytes, format: Self.format) else { throw CorruptEntry() }
        var r = ByteReader(bytes, from: payload.lowerBound)
        guard try r.string() == baseID else { return nil }
        let lengths = try r.list { try $0.count() }
        var ranges: [Range<Int>] = []
        var start = r.offset
        for length in lengths {
            guard length <= payload.upperBound - start else { throw CorruptEntry() }
            ranges.append(start..<start + length)
            start += length
        }
        guard start == payload.upperBound else { throw CorruptEntry() }
        let base = try GraphCodec.graph(bytes, parts: ranges, crew: crew)
        if delta.isEmpty { return base }
        return delta.apply(to: consume base)
    }

    /// The graph this snapshot, stored under `name`, stands for, from its base's bytes as read
    /// (`baseBytes`) from `cache`; nil when the base is missing or another's, or damaged (then
    /// discarded, with the cache's note), or when `crew` (who reads the parts, else every core)
    /// was stopped.
    func graph(baseBytes: [UInt8]?, in cache: ScanCacheStore, name: String, crew: Crew? = nil) -> Graph? {
        do {
            return try graph(base: baseBytes, crew: crew)
        } catch is Stopped {
            return nil
        } catch {
            cache.discard(kind: "snapshot", key: name + ".graph")
            return nil
        }
    }

    /// The bytes of a base: `graph`, named `id`.
    static func encodeBase(id: String, graph: Graph) -> [UInt8] {
        var w = ByteWriter(capacity: 256)
        w.string(id)
        let parts = GraphCodec.parts(graph)
        w.list(parts) { w, part in w.count(part.count) }
        var bytes = w.bytes
        bytes.reserveCapacity(bytes.count + parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes += part }
        return EntryFrame.wrap(bytes, format: format)
    }

    /// A name for a new base: no two writes, in any process, are likely to pick the same.
    static func newBaseID() -> String {
        var h = StableHash()
        h.combine("base")
        h.combine(Int(getpid()))
        h.combine(Int(DispatchTime.now().uptimeNanoseconds))
        h.combine(Int.random(in: Int.min...Int.max))
        return h.hex
    }

    /// The name of the snapshot of a scan under `frame` of the files at `placements` (one per
    /// distinct path, in path order: see `placement`).
    static func name(frame: String, placements: [(path: String, placement: String)]) -> String {
        var h = StableHash()
        h.combine("snapshot")
        h.combine(frame)
        for file in placements {
            h.combine(file.path)
            h.combine(file.placement)
        }
        return h.hex
    }

    /// The frame of a scan of `input` (see `frame`).
    static func frame(of input: ScanInput) -> String {
        var h = StableHash()
        h.combine("frame")
        h.combine(Int(format))
        h.combine(input.root)
        h.combine(input.maxFileBytes)
        for unit in input.units {
            h.combine(unit.importName ?? "\u{0}")
            h.combine(unit.sees.map { $0.sorted().map(String.init).joined(separator: ",") } ?? "*")
        }
        return h.hex
    }

    /// Where the files of one path build (`files`: its entries, one per unit), hashed.
    static func placement(_ files: ArraySlice<SourceFile>) -> String {
        var h = StableHash()
        for file in files {
            h.combine(file.location)
            h.combine(file.module)
            h.combine(file.unit)
            // Test code pairs no notification with the app's: a file that becomes one is another file.
            h.combine(file.test ? 1 : 0)
        }
        return h.hex
    }

    /// For each of `paths` (the files now, with their placements), the index of the same file in
    /// this snapshot: same path, built in the same places; nil for a file it did not have.
    func alignment(_ now: [(path: String, placement: String)]) -> [Int?] {
        var byPath: [String: Int] = [:]
        for (i, f) in files.enumerated() { byPath[f.path] = i }
        return now.map { file in byPath[file.path].flatMap { files[$0].placement == file.placement ? $0 : nil } }
    }

    /// Whether no file changed since: every signature is the same, and the snapshot vouched for each.
    func unchanged(_ signatures: [FileSignature?]) -> Bool {
        signatures.count == files.count && changedCount(signatures) == 0
    }

    /// How many of `signatures` differ from the files' as they were (by place; all of them when
    /// the lists differ in length).
    func changedCount(_ signatures: [FileSignature?]) -> Int {
        guard signatures.count == files.count else { return signatures.count }
        return zip(files, signatures).reduce(0) { n, pair in
            guard let was = pair.0.signature, was == pair.1 else { return n + 1 }
            return n
        }
    }

    /// The key of file `k`'s facts when its signature shows it unchanged: its bytes need not be read.
    func knownKey(_ k: Int, _ signature: FileSignature?) -> String? {
        guard k < files.count, let was = files[k].signature, was == signature, !files[k].key.isEmpty else {
            return nil
        }
        return files[k].key
    }

    /// The bytes of the snapshot's head: everything but the base.
    func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 1 << 18)
        w.int(filesScanned)
        w.string(frame)
        w.list(files) { w, f in
            w.string(f.path)
            w.string(f.placement)
            w.bool(f.signature != nil)
            if let sig = f.signature {
                for n in [sig.device, sig.inode, sig.size, sig.modified, sig.changed] { w.int(n) }
            }
            w.string(f.key)
            w.string(f.surfaceDigest)
            w.int(f.lines)
        }
        w.list(notifications) { w, n in
            w.string(n.name)
            w.bool(n.observes)
            w.string(n.owner)
            GraphCodec.writeSite(n.site, &w)
            w.bool(n.production)
        }
        w.string(baseID)
        delta.write(&w)
        return EntryFrame.wrap(w.bytes, format: Self.format)
    }

    /// The head a scan wrote; nil when the bytes are torn, foreign or another format. The
    /// base is read later, when a scan needs the graph (`graph(base:)`).
    static func decode(_ bytes: [UInt8]) -> ScanSnapshot? {
        guard let payload = EntryFrame.unwrap(bytes, format: format) else { return nil }
        var r = ByteReader(bytes, from: payload.lowerBound)
        do {
            let scanned = try r.int()
            let frame = try r.string()
            let files = try r.list { r in
                let (path, placement) = (try r.string(), try r.string())
                var signature: FileSignature?
                if try r.bool() {
                    signature = FileSignature(
                        device: try r.int(), inode: try r.int(), size: try r.int(), modified: try r.int(),
                        changed: try r.int())
                }
                return FileState(
                    path: path, placement: placement, signature: signature, key: try r.string(),
                    surfaceDigest: try r.string(), lines: try r.int())
            }
            let notifications = try r.list { r in
                NotificationUse(
                    name: try r.string(), observes: try r.bool(), owner: try r.string(),
                    site: try GraphCodec.readSite(&r), production: try r.bool())
            }
            let baseID = try r.string()
            let delta = try GraphDelta.read(&r)
            guard r.atEnd else { return nil }
            return ScanSnapshot(
                files: files, filesScanned: scanned, frame: frame, notifications: notifications, baseID: baseID,
                delta: delta)
        } catch {
            return nil
        }
    }
}
