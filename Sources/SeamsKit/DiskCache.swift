import Foundation
import SeamsGraph
import SeamsProject
import SeamsReport
import SeamsScanner

/// The scan cache on disk: packs of entries (`CachePack`) under a folder per build of seams,
/// so that a cache written by another version is never read.
///
/// - A run reads the packs' indexes once, and each entry it needs with one read. What it
///   learns anew is kept in memory and written as one new pack, when it finishes or as soon as
///   the scan has stored its last entry (`flush`): to a temporary file, then a rename, so a
///   reader sees a whole pack or none, and two processes writing the same entries write the
///   same file.
/// - Entries carry checksums (the codecs' frames), so a damaged one is noticed, discarded
///   (with a note) and written again; a pack that held a damaged entry is replaced.
/// - When a run read its entries from several packs, it writes them all into one, and the
///   packs it mostly read are removed: a project's cache stays one pack or a few.
/// - A folder that cannot be written gives one warning; the scan goes on, reading what it can.
/// - A read marks its pack used (its modification time); when a run has written a pack and
///   the whole cache is over its size limit, the least recently used packs are removed.
public final class DiskCache: ScanCacheStore, @unchecked Sendable {
    /// The cache folder all versions share, as the user named it or by default.
    public let root: String
    /// This build's folder inside it.
    public let folder: String
    public let limitBytes: Int
    /// The size limit unless told otherwise: 1 GB.
    public static let defaultLimitBytes = 1 << 30
    /// A run that read from this many packs writes the entries it used into one.
    static let packsBeforeJoining = 4
    /// With more packs than this in the build's folder, a run joins too, and small packs it
    /// did not read (mostly entries of files changed since) go as well.
    static let packsBeforeSweeping = 16
    /// Where warnings and notes go (standard error, for the CLI); each is said once.
    public let report: @Sendable (String) -> Void
    private let lock = NSLock()
    private var writeFailed = false
    /// This run's entries went into a pack before it finished (`flush`).
    private var wroteEarly = false
    private var discarded = 0
    /// Entries kept in memory too (`seams watch`): read there first.
    private var memory: [String: [UInt8]]?
    /// With `memory`: the entries read, written or kept since the last `forgetUnused`.
    private var used: Set<String> = []
    /// Memory only: nothing is read from or written to disk.
    public let diskless: Bool

    /// A pack this run reads.
    private final class OpenPack {
        let path: String
        let fd: Int32
        let entries: Int
        var readFrom = 0
        var damaged = false

        init(path: String, fd: Int32, entries: Int) {
            self.path = path
            self.fd = fd
            self.entries = entries
        }

        deinit { close(fd) }
    }

    /// Every entry of this build's packs, by `kind/key`; read when first needed.
    private var index: [String: (pack: OpenPack, at: CachePack.Located)]?
    private var packs: [OpenPack] = []
    /// Entries learnt (written) since the last `finish`: the next pack.
    private var pending: [String: [UInt8]] = [:]
    /// Entries read from packs since the last `finish`: kept when packs are joined.
    /// Entries read from the packs, in the order read (some more than once): the ones a join
    /// of packs keeps. Kept as a list, not a set: a warm scan reads thousands while others wait
    /// for the lock.
    private var readNames: [String] = []
    /// Snapshots stored since the last `finish`, by name.
    private var pendingSnapshots: [String: [UInt8]] = [:]
    /// Snapshots still being made (`writeSnapshot`): `finish` and reads wait for them.
    private let producing = DispatchGroup()

    /// - Parameters:
    ///   - root: the cache folder (`--cache-dir`, else `DiskCache.defaultRoot()`).
    ///   - version: the build's identity; entries of other identities are never read.
    public init(
        root: String, version: String = DiskCache.buildIdentity(), limitBytes: Int = DiskCache.defaultLimitBytes,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.root = root
        self.folder = root + "/" + version
        self.limitBytes = limitBytes
        self.report = report
        diskless = false
    }

    /// A cache in memory only, for `seams watch --no-cache`.
    public init(inMemoryReporting report: @escaping @Sendable (String) -> Void = { _ in }) {
        root = ""
        folder = ""
        limitBytes = 0
        self.report = report
        diskless = true
        memory = [:]
    }

    /// Keeps every entry read or written in memory as well, so a long-running process asks
    /// the disk at most once per entry.
    public func keepInMemory() {
        lock.lock()
        if memory == nil { memory = [:] }
        lock.unlock()
    }

    /// Drops from memory the entries not read, written or kept since the last call: after a
    /// scan that read every file, those are earlier versions of the files (their facts, their
    /// sites under a surface since changed), which only an undo would ask for again, and the
    /// disk, if any, still has them. `seams watch` calls it after each such scan, so that it holds
    /// one version of each file however long it runs.
    public func forgetUnused() {
        producing.wait()
        lock.lock()
        if let kept = memory {
            memory = kept.filter { used.contains($0.key) }
        }
        used = []
        lock.unlock()
    }

    /// How many entries, and their bytes, are kept in memory (for tests).
    package var inMemory: (entries: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (memory?.count ?? 0, memory?.values.reduce(0) { $0 + $1.count } ?? 0)
    }

    private var packFolder: String { folder + "/packs" }
    private var snapshotFolder: String { folder + "/snapshots" }

    /// `$XDG_CACHE_HOME/seams`, else `~/.cache/seams`; nil when neither can be known.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/seams" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/seams" }
        return nil
    }

    /// seams's version and the running executable's size and time: a rebuilt seams, whose
    /// facts may differ, gets a folder of its own.
    public static func buildIdentity() -> String {
        var h = StableHash()
        h.combine(SeamsVersion.current)
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments[0], &info) == 0 {
            h.combine(Int(info.st_size))
            h.combine(Int(info.st_mtim.tv_sec))
            h.combine(Int(info.st_mtim.tv_nsec))
        }
        return "v\(SeamsVersion.current)-\(h.hex.prefix(12))"
    }

    /// Opens this build's packs and reads their indexes now, rather than at the first read: a
    /// scan calls it on another thread while it finds its files, so that the first two reads
    /// do not wait, one of them for the other reading the indexes (3 ms of a warm scan).
    public func openPacks() {
        lock.lock()
        if !diskless { loadIndex() }
        lock.unlock()
    }

    /// Opens this build's packs and reads their indexes; call with the lock held.
    private func loadIndex() {
        guard index == nil else { return }
        var found: [String: (pack: OpenPack, at: CachePack.Located)] = [:]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: packFolder)) ?? [])
            .filter { $0.hasSuffix(".pack") }.sorted()
        for name in names {
            let path = packFolder + "/" + name
            guard let (fd, size) = Self.openRegular(path) else { continue }
            guard let read = CachePack.readIndex(fd: fd, size: size) else {
                let pack = OpenPack(path: path, fd: fd, entries: 0)
                pack.damaged = true
                packs.append(pack)
                discarded += 1
                continue
            }
            let pack = OpenPack(path: path, fd: fd, entries: read.entries.count + read.missing)
            pack.damaged = read.missing > 0
            discarded += read.missing
            packs.append(pack)
            found.reserveCapacity(found.count + read.entries.count)
            for (entry, at) in read.entries where found[entry] == nil { found[entry] = (pack, at) }
        }
        index = found
    }

    public func read(kind: String, key: String) -> [UInt8]? {
        let name = kind + "/" + key
        lock.lock()
        if let known = memory?[name] ?? pending[name] {
            if memory != nil { used.insert(name) }
            lock.unlock()
            return known
        }
        if diskless {
            lock.unlock()
            return nil
        }
        loadIndex()
        guard let (pack, at) = index?[name] else {
            lock.unlock()
            return nil
        }
        let first = pack.readFrom == 0
        pack.readFrom += 1
        readNames.append(name)
        lock.unlock()
        // Used now: least recently used packs are the first to go.
        if first { futimens(pack.fd, nil) }
        guard let bytes = CachePack.readAll(pack.fd, at: at.offset, count: at.length) else {
            discard(kind: kind, key: key)
            return nil
        }
        lock.lock()
        if memory != nil {
            memory![name] = bytes
            used.insert(name)
        }
        lock.unlock()
        return bytes
    }

    public func write(kind: String, key: String, bytes: [UInt8]) {
        let name = kind + "/" + key
        lock.lock()
        if memory != nil {
            memory![name] = bytes
            used.insert(name)
        }
        if !diskless { pending[name] = bytes }
        lock.unlock()
    }

    public func discard(kind: String, key: String) {
        let name = kind + "/" + key
        lock.lock()
        if let (pack, _) = index?[name] {
            pack.damaged = true
            index![name] = nil
        }
        // A discarded entry has left the index: a join does not keep it.
        memory?[name] = nil
        discarded += 1
        lock.unlock()
    }

    public func readSnapshot(_ name: String) -> [UInt8]? {
        producing.wait()
        lock.lock()
        if let known = memory?["snapshot/" + name] ?? pendingSnapshots[name] {
            if memory != nil { used.insert("snapshot/" + name) }
            lock.unlock()
            return known
        }
        lock.unlock()
        guard !diskless else { return nil }
        guard let (fd, size) = Self.openRegular(snapshotFolder + "/" + name) else { return nil }
        defer { close(fd) }
        guard let bytes = CachePack.readAll(fd, at: 0, count: size) else { return nil }
        // Used now: least recently used files are the first to go.
        futimens(fd, nil)
        return bytes
    }

    /// Marks the entries' packs used, and the entries read: when packs are joined, they go
    /// into the new one.
    public func keep(kind: String, keys: [String]) {
        lock.lock()
        if let memory {
            for key in keys where memory[kind + "/" + key] != nil { used.insert(kind + "/" + key) }
        }
        lock.unlock()
        guard !diskless else { return }
        var touch: [OpenPack] = []
        lock.lock()
        loadIndex()
        for key in keys {
            let name = kind + "/" + key
            guard pending[name] == nil, let (pack, _) = index?[name] else { continue }
            if pack.readFrom == 0 { touch.append(pack) }
            pack.readFrom += 1
            readNames.append(name)
        }
        lock.unlock()
        for pack in touch { futimens(pack.fd, nil) }
    }

    public func writeSnapshot(_ name: String, producing produce: @escaping @Sendable () -> [UInt8]) {
        producing.enter()
        let thread = Thread { [self] in
            let bytes = produce()
            lock.lock()
            if memory != nil {
                memory!["snapshot/" + name] = bytes
                used.insert("snapshot/" + name)
            }
            if !diskless { pendingSnapshots[name] = bytes }
            lock.unlock()
            producing.leave()
        }
        thread.stackSize = 16 << 20
        thread.start()
    }

    private static func key(_ inputs: [(String, Data)]) -> String {
        var h = StableHash()
        for (name, data) in inputs {
            h.combine(name)
            data.withUnsafeBytes { h.combine(bytes: $0) }
        }
        return h.hex
    }

    /// After a run: says how many entries were unreadable, and writes what the run learnt as
    /// one pack. When the run read from several packs, or from a damaged one, the new pack
    /// holds every entry the run used, and the packs it mostly read are removed. When a pack
    /// was written and the whole cache is over its limit, the least recently used packs (and
    /// temporary files a killed run left) are removed until it is at 3/4 of it.
    public func finish() {
        producing.wait()
        lock.lock()
        let bad = discarded
        discarded = 0
        var entries = pending
        pending = [:]
        let snapshots = pendingSnapshots
        pendingSnapshots = [:]
        let join = joinIsDue
        let flushed = wroteEarly
        wroteEarly = false
        if join {
            for name in readNames where entries[name] == nil {
                if let (pack, at) = index?[name],
                    let bytes = CachePack.readAll(pack.fd, at: at.offset, count: at.length)
                {
                    entries[name] = bytes
                }
            }
        }
        let sweep = packs.count > Self.packsBeforeSweeping
        let small = entries.count / Self.packsBeforeSweeping
        let joined =
            join ? packs.filter { $0.damaged || $0.readFrom * 2 > $0.entries || (sweep && $0.entries < small) } : []
        // The index of every entry read (thousands) is freed on another thread: that took 2 ms
        // of a warm scan here, which waits for this.
        let done: [Any] = [packs, index as Any, readNames]
        (packs, index, readNames) = ([], nil, [])
        let failed = writeFailed
        lock.unlock()
        Discard.elsewhere(consume done)
        if bad > 0 {
            report(
                "note: \(bad) cache entr\(bad == 1 ? "y was" : "ies were") unreadable (torn or corrupt); "
                    + "ignored and written again")
        }
        guard !diskless, !failed, !entries.isEmpty || !snapshots.isEmpty || flushed else { return }
        if !entries.isEmpty {
            guard let path = writePack(entries) else { return }
            // What they held that this run used is in the new pack (which may have the name of one
            // of them: the same entries make the same pack).
            for pack in joined where pack.path != path { unlink(pack.path) }
        }
        // A graph before the head that names it: a reader between the two sees an old head
        // with a new graph, which it tells apart and does not use.
        let ordered = snapshots.sorted {
            ($0.key.hasSuffix(".graph") ? 0 : 1, $0.key) < ($1.key.hasSuffix(".graph") ? 0 : 1, $1.key)
        }
        for (name, bytes) in ordered {
            if case .failure(let problem) = Self.writeAtomically(bytes, folder: snapshotFolder, name: name) {
                cannotWrite(problem)
                return
            }
        }
        Self.trim(root: root, toBytes: limitBytes)
    }

    /// Writes what the run has learnt so far as a pack now, rather than when it finishes: a
    /// scan calls it once its last entry is stored, beside work that leaves a core free. Not when
    /// the run's reads call for packs to be joined (`finish` joins them, with every entry).
    public func flush() {
        lock.lock()
        guard !diskless, !writeFailed, !pending.isEmpty, !joinIsDue else {
            lock.unlock()
            return
        }
        let entries = pending
        pending = [:]
        wroteEarly = true
        lock.unlock()
        writePack(entries)
    }

    /// Whether the run read from enough packs (or a damaged one, or the folder holds so many)
    /// that its pack must hold every entry it used; with the lock held.
    private var joinIsDue: Bool {
        packs.filter { $0.readFrom > 0 }.count >= Self.packsBeforeJoining || packs.contains { $0.damaged }
            || packs.count > Self.packsBeforeSweeping
    }

    /// Writes `entries` as a pack named by its index: its path, or nil when it could not be
    /// written (said once; the run stores nothing more). An entry's name is made from all that
    /// its bytes are made from, so the index (names and lengths) tells a pack's bytes as well as
    /// the bytes themselves would, and hashing it is cheaper: a cold scan's pack holds 25 MB.
    @discardableResult
    private func writePack(_ entries: [String: [UInt8]]) -> String? {
        let (bytes, digest) = CachePack.encode(entries.map { (name: $0.key, bytes: $0.value) })
        switch Self.writeAtomically(bytes, folder: packFolder, name: "\(digest.prefix(20)).pack") {
        case .success(let path):
            return path
        case .failure(let problem):
            cannotWrite(problem)
            return nil
        }
    }

    private func cannotWrite(_ problem: WriteProblem) {
        lock.lock()
        let first = !writeFailed
        writeFailed = true
        lock.unlock()
        if first {
            report("warning: cannot write the cache in \(root) (\(problem.text)); scanning without storing results")
        }
    }

    struct WriteProblem: Error {
        var text: String
    }

    /// Writes `bytes` as the file `name` in `folder` (made if need be): to a temporary file,
    /// then a rename, so a reader sees the whole file or the one before. Its path, or the problem.
    private static func writeAtomically(_ bytes: [UInt8], folder: String, name: String) -> Result<String, WriteProblem>
    {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var isDir: ObjCBool = false
            if !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) && isDir.boolValue) {
                return .failure(WriteProblem(text: "cannot create \(folder)"))
            }
        }
        let file = "\(folder)/\(name)"
        let temp = "\(file).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(WriteProblem(text: String(cString: strerror(errno)))) }
        let written = bytes.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
        let closed = close(fd) == 0
        guard written, closed, rename(temp, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            return .failure(WriteProblem(text: reason))
        }
        return .success(file)
    }

    /// Opens a cache file to read, and its size: only a regular file, and never through a link.
    /// Anything else is a miss: a FIFO or a device would block the read (or never end it), and
    /// seams makes no links in its cache. Opened without blocking, then asked what it is
    /// (`fstat` on what was opened, so nothing can be swapped in between).
    static func openRegular(_ path: String) -> (fd: Int32, size: Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, Int(info.st_size))
    }

    /// An entry of the cache: a file of a build's packs or snapshots.
    struct Entry {
        var path: String
        var size: Int
        var used: Int
        /// A regular file; anything else (a FIFO, a link, a device) of an entry's name is no
        /// entry seams wrote, only `clean` removes it.
        var regular: Bool
    }

    /// The folders a build's entries are in (`<root>/<build>/packs`, `…/snapshots`), and whether
    /// a name in each is one seams gives: a pack, a snapshot, or a temporary file of one.
    static let entryFolders: [(name: String, isEntry: @Sendable (String) -> Bool)] = [
        ("packs", { $0.hasSuffix(".pack") || $0.contains(".pack.tmp-") }),
        ("snapshots", { _ in true }),
    ]

    /// Every entry of every build under `root` (build folders are named `v…`, as
    /// `buildIdentity` names them), found with `readdir` (every run that writes lists them:
    /// through Foundation's enumerator that took up to 12 ms of a warm scan for a few dozen
    /// files). Only what seams names as its own is listed, whatever else the folder holds (a
    /// `--cache-dir` that is not seams's alone), links are never followed, and names that are
    /// not UTF-8 (not ours) are left alone.
    static func entries(root: String) -> [Entry] {
        var out: [Entry] = []
        for folder in entryFolderPaths(root: root) {
            for item in PathTools.entries(of: folder.path) ?? [] {
                guard let name = item.name, folder.isEntry(name) else { continue }
                let full = folder.path + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
                let regular = (info.st_mode & S_IFMT) == S_IFREG
                out.append(
                    Entry(
                        path: full, size: regular ? Int(info.st_size) : 0, used: Int(info.st_mtim.tv_sec),
                        regular: regular))
            }
        }
        return out
    }

    /// The entry folders of every build under `root` that are folders themselves, not links.
    private static func entryFolderPaths(root: String) -> [(path: String, isEntry: (String) -> Bool)] {
        var out: [(String, (String) -> Bool)] = []
        for build in builds(root: root) {
            for (name, isEntry) in entryFolders where isRealFolder(build + "/" + name) {
                out.append((build + "/" + name, isEntry))
            }
        }
        return out
    }

    /// The build folders under `root`: folders (not links) named `v…`.
    private static func builds(root: String) -> [String] {
        (PathTools.entries(of: root) ?? []).compactMap { item in
            guard let name = item.name, name.hasPrefix("v"), isRealFolder(root + "/" + name) else { return nil }
            return root + "/" + name
        }
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes least recently used entries while the cache is over `limit`, down to 3/4 of it;
    /// returns how many bytes it removed.
    @discardableResult
    public static func trim(root: String, toBytes limit: Int) -> Int {
        let all = entries(root: root).filter(\.regular)
        var total = all.reduce(0) { $0 + $1.size }
        guard total > limit else { return 0 }
        var removed = 0
        let now = Int(Date().timeIntervalSince1970)
        for entry in all.sorted(by: { ($0.used, $0.path) < ($1.used, $1.path) }) {
            guard total > limit * 3 / 4 else { break }
            // Temporary files of a writer still at work are left alone for a minute.
            if entry.path.contains(".tmp-") && now - entry.used < 60 { continue }
            if unlink(entry.path) == 0 {
                total -= entry.size
                removed += entry.size
            }
        }
        return removed
    }

    /// Removes every entry of every version (`seams cache clean`); returns files and bytes.
    /// Whatever has an entry's name goes, a FIFO or a link as well as a pack (the link itself:
    /// what it leads to is not seams's); what else the folders hold stays.
    public static func clean(root: String) throws -> (files: Int, bytes: Int) {
        let all = entries(root: root)
        var files = 0, bytes = 0
        for entry in all {
            let held = entry.regular ? entryCount(entry.path) : 0
            guard unlink(entry.path) == 0 else { continue }
            files += held
            bytes += entry.size
        }
        // The entry folders, then the build folders; what is not empty (not ours) stays.
        for folder in entryFolderPaths(root: root) { rmdir(folder.path) }
        for build in builds(root: root) { rmdir(build) }
        return (files, bytes)
    }

    /// Entries, bytes and build folders in the cache (`seams cache info`).
    public static func summary(root: String) -> (files: Int, bytes: Int, versions: [String]) {
        let all = entries(root: root).filter(\.regular)
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        return (all.reduce(0) { $0 + entryCount($1.path) }, all.reduce(0) { $0 + $1.size }, versions)
    }

    /// The entries a pack holds; any other file counts as one.
    static func entryCount(_ path: String) -> Int {
        guard path.hasSuffix(".pack"), let (fd, size) = openRegular(path) else { return 1 }
        defer { close(fd) }
        guard let read = CachePack.readIndex(fd: fd, size: size) else { return 1 }
        return read.entries.count + read.missing
    }

    /// Where each entry of the pack at `path` lies in it (byte ranges), by `kind/key`: for
    /// tests that damage entries.
    package static func packEntries(_ path: String) -> [String: Range<Int>] {
        guard let (fd, size) = openRegular(path) else { return [:] }
        defer { close(fd) }
        guard let read = CachePack.readIndex(fd: fd, size: size) else { return [:] }
        var out: [String: Range<Int>] = [:]
        for (name, at) in read.entries { out[name] = at.offset..<at.offset + at.length }
        return out
    }
}

extension DiskCache: ManifestAnswers {
    public func answer(forInputs inputs: [(String, Data)]) -> Data? {
        read(kind: "manifests", key: Self.key(inputs)).map { Data($0) }
    }

    public func store(_ answer: Data, forInputs inputs: [(String, Data)]) {
        write(kind: "manifests", key: Self.key(inputs), bytes: [UInt8](answer))
    }
}
