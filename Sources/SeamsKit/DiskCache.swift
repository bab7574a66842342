import Foundation
import SeamsProject
import SeamsReport
import SeamsScanner

/// The scan cache on disk: one file per entry, under a folder per build of seams, so that a
/// cache written by another version is never read.
///
/// - Writes go to a temporary file in the entry's folder, then a rename: a reader sees an old
///   entry, a whole new one, or none, and two processes writing the same entry write the same
///   bytes. Entries carry a checksum, so a torn or corrupt one is noticed, discarded (with a
///   note) and written again.
/// - A folder that cannot be written gives one warning; the scan goes on, reading what it can.
/// - A read marks the entry used (its modification time); when a run has written entries and
///   the whole cache is over its size limit, the least recently used entries are removed.
public final class DiskCache: ScanCacheStore, @unchecked Sendable {
    /// The cache folder all versions share, as the user named it or by default.
    public let root: String
    /// This build's folder inside it.
    public let folder: String
    public let limitBytes: Int
    /// The size limit unless told otherwise: 1 GB.
    public static let defaultLimitBytes = 1 << 30
    /// Where warnings and notes go (standard error, for the CLI); each is said once.
    public let report: @Sendable (String) -> Void
    private let lock = NSLock()
    private var writeFailed = false
    private var madeFolders: Set<String> = []
    private var bytesWritten = 0
    private var discarded = 0
    /// Entries kept in memory too (`seams watch`): read there first.
    private var memory: [String: [UInt8]]?
    /// Memory only: nothing is read from or written to disk.
    public let diskless: Bool

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

    private func remembered(_ kind: String, _ key: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return memory?[kind + "/" + key]
    }

    private func remember(_ kind: String, _ key: String, _ bytes: [UInt8]) {
        lock.lock()
        if memory != nil { memory![kind + "/" + key] = bytes }
        lock.unlock()
    }

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

    private func path(_ kind: String, _ key: String) -> (dir: String, file: String) {
        let dir = "\(folder)/\(kind)/\(key.prefix(2))"
        return (dir, "\(dir)/\(key)")
    }

    public func read(kind: String, key: String) -> [UInt8]? {
        if let known = remembered(kind, key) { return known }
        if diskless { return nil }
        guard let bytes = readFromDisk(kind: kind, key: key) else { return nil }
        remember(kind, key, bytes)
        return bytes
    }

    private func readFromDisk(kind: String, key: String) -> [UInt8]? {
        let file = path(kind, key).file
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, size - done, off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        guard done == size else { return nil }
        // Used now: least recently used entries are the first to go.
        futimens(fd, nil)
        return bytes
    }

    public func write(kind: String, key: String, bytes: [UInt8]) {
        remember(kind, key, bytes)
        if diskless { return }
        lock.lock()
        let failed = writeFailed
        lock.unlock()
        if failed { return }
        let (dir, file) = path(kind, key)
        if let problem = makeFolder(dir) ?? writeFile(file, bytes) {
            lock.lock()
            let first = !writeFailed
            writeFailed = true
            lock.unlock()
            if first {
                report("warning: cannot write the cache in \(root) (\(problem)); scanning without storing results")
            }
            return
        }
        lock.lock()
        bytesWritten += bytes.count
        lock.unlock()
    }

    public func discard(kind: String, key: String) {
        if !diskless { unlink(path(kind, key).file) }
        lock.lock()
        memory?[kind + "/" + key] = nil
        discarded += 1
        lock.unlock()
    }

    private static func key(_ inputs: [(String, Data)]) -> String {
        var h = StableHash()
        for (name, data) in inputs {
            h.combine(name)
            data.withUnsafeBytes { h.combine(bytes: $0) }
        }
        return h.hex
    }

    private func makeFolder(_ dir: String) -> String? {
        lock.lock()
        let known = madeFolders.contains(dir)
        lock.unlock()
        if known { return nil }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            var isDir: ObjCBool = false
            if !(FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) && isDir.boolValue) {
                return "cannot create \(dir)"
            }
        }
        lock.lock()
        madeFolders.insert(dir)
        lock.unlock()
        return nil
    }

    private func writeFile(_ file: String, _ bytes: [UInt8]) -> String? {
        let temp = "\(file).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let written = bytes.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
        let closed = close(fd) == 0
        guard written, closed, rename(temp, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            return reason
        }
        return nil
    }

    /// After a run: says how many entries were unreadable; when the run wrote entries and the
    /// cache is over its limit, removes the least recently used entries (and temporary files a
    /// killed run left) until it is at 3/4 of it.
    public func finish() {
        lock.lock()
        let wrote = bytesWritten > 0
        let bad = discarded
        discarded = 0
        lock.unlock()
        if bad > 0 {
            report(
                "note: \(bad) cache entr\(bad == 1 ? "y was" : "ies were") unreadable (torn or corrupt); "
                    + "ignored and written again")
        }
        if wrote && !diskless { Self.trim(root: root, toBytes: limitBytes) }
    }

    /// An entry of the cache: a file under a build's folder.
    struct Entry {
        var path: String
        var size: Int
        var used: Int
    }

    static func entries(root: String) -> [Entry] {
        var out: [Entry] = []
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        while let rel = walker.nextObject() as? String {
            let full = root + "/" + rel
            var info = stat()
            guard lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            out.append(Entry(path: full, size: Int(info.st_size), used: Int(info.st_mtim.tv_sec)))
        }
        return out
    }

    /// Removes least recently used entries while the cache is over `limit`, down to 3/4 of it;
    /// returns how many bytes it removed.
    @discardableResult
    public static func trim(root: String, toBytes limit: Int) -> Int {
        let all = entries(root: root)
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
    public static func clean(root: String) throws -> (files: Int, bytes: Int) {
        let all = entries(root: root)
        var files = 0, bytes = 0
        for entry in all where unlink(entry.path) == 0 {
            files += 1
            bytes += entry.size
        }
        // The folders, deepest first; what is not empty (not ours) stays.
        if let walker = FileManager.default.enumerator(atPath: root) {
            var dirs: [String] = []
            while let rel = walker.nextObject() as? String { dirs.append(root + "/" + rel) }
            for dir in dirs.sorted(by: >) { rmdir(dir) }
        }
        return (files, bytes)
    }

    /// Files, bytes and build folders in the cache (`seams cache info`).
    public static func summary(root: String) -> (files: Int, bytes: Int, versions: [String]) {
        let all = entries(root: root)
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        return (all.count, all.reduce(0) { $0 + $1.size }, versions)
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
