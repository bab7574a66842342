import Foundation

/// Writes output files whole or not at all: a failed or interrupted run never leaves a partial
/// file, and never replaces what is not a regular file.
///
/// - A new file or a regular file is written to a temporary file in the same folder, then renamed
///   over the path, keeping the old file's permissions.
/// - A symbolic link is written through: the file it points to is replaced (by the same steps, in
///   that file's folder) and the link stays, as a shell's `>` would do.
/// - A directory, device (`/dev/null`, `/dev/full`), FIFO or socket is refused.
/// - Several files (`writeAll`: the reports of one `seams check`) are written all or none: every
///   one is complete beside its destination before any is renamed into place.
/// - The temporary file is removed on every exit path seams controls, and on SIGINT, SIGTERM and
///   SIGHUP; one left by a process that was killed outright is removed by the next write of the
///   same path.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// - Parameter followingLinks: false: a symbolic link at `path` is refused, not written
    ///   through (and one that appears meanwhile is replaced, not followed).
    public static func write(_ data: Data, to path: String, followingLinks: Bool = true) throws {
        try writeAll([(data, path)], followingLinks: followingLinks)
    }

    /// A file as `lstat` tells it apart from any other.
    public struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64

        init?(lstatOf path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Writes `data` as a new file at `path`, whole or not at all, only if nothing is there:
    /// no file, no link (dangling or not), nothing of any kind; what is there is left as it is.
    /// The file made, or nil when something was in the way. The temporary file is linked to
    /// `path` (`link` fails when `path` exists, and never follows it); where the file system
    /// has no hard links, the file is created with `O_CREAT | O_EXCL | O_NOFOLLOW` and written.
    public static func create(_ data: Data, at path: String) throws -> Identity? {
        var info = stat()
        if lstat(path, &info) == 0 { return nil }
        let temp = try stage(data, to: path, followingLinks: false)
        defer { temp.discard() }
        if link(temp.temp, path) == 0 { return Identity(lstatOf: path) }
        switch errno {
        case EEXIST: return nil
        case EPERM, EOPNOTSUPP, ENOSYS, EMLINK: break
        default: throw SeamsError.cannotWrite(path: path, reason: errorText())
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            if errno == EEXIST || errno == ELOOP { return nil }
            throw SeamsError.cannotWrite(path: path, reason: errorText())
        }
        let made = Identity(lstatOf: path)
        let written = data.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
        let reason = errorText()
        guard close(fd) == 0 && written else {
            unlink(path)
            throw SeamsError.cannotWrite(path: path, reason: reason)
        }
        return made
    }

    /// Removes the file at `path` if it is still the one `identity` names (a file `create` made).
    public static func remove(_ path: String, ifStill identity: Identity) {
        if Identity(lstatOf: path) == identity { unlink(path) }
    }

    /// Writes several files all or none: each is written beside its destination first, and only
    /// when every one is complete are they renamed into place. A failure (a missing folder, a
    /// full disk, a destination that is not a regular file) leaves every destination as it was,
    /// and the error says that nothing was written.
    public static func writeAll(_ files: [(data: Data, path: String)], followingLinks: Bool = true) throws {
        // Said when several files were asked for: the one named in the error is not the only
        // one left unwritten.
        func noneWritten(_ error: Error) -> Error {
            guard files.count > 1, case SeamsError.cannotWrite(let path, let reason) = error else { return error }
            return SeamsError.cannotWrite(path: path, reason: "\(reason); no output was written")
        }
        var staged: [Staged] = []
        do {
            for file in files {
                let next = try stage(file.data, to: file.path, followingLinks: followingLinks)
                if let twin = staged.first(where: { $0.identity == next.identity }) {
                    next.discard()
                    throw SeamsError.cannotWrite(path: file.path, reason: "it is the same file as \(twin.path)")
                }
                staged.append(next)
            }
        } catch {
            for s in staged { s.discard() }
            throw noneWritten(error)
        }
        // For the tests of interrupted writes only: a pause while the temporary files exist.
        if let pause = ProcessInfo.processInfo.environment["SEAMS_TEST_PAUSE_BEFORE_RENAME"].flatMap(Double.init) {
            Thread.sleep(forTimeInterval: pause)
        }
        do { try commit(staged) } catch { throw noneWritten(error) }
    }

    /// A file written whole beside its destination, not yet renamed over it.
    struct Staged {
        /// The path as the user gave it, for messages.
        let path: String
        /// The regular file it replaces (links followed), and whether that exists now.
        let target: String
        let existed: Bool
        /// The target with its folder's links resolved: two paths to one file have the same.
        let identity: String
        let temp: String
        let slot: Int?

        /// Removes the temporary file; nothing else was touched.
        func discard() {
            unlink(temp)
            TemporaryFiles.unregister(slot)
        }

        func done() { TemporaryFiles.unregister(slot) }
    }

    /// Writes `data` to a new temporary file in the folder of the file `path` names.
    static func stage(_ data: Data, to path: String, followingLinks: Bool = true) throws -> Staged {
        let (target, mode) = try regularTarget(of: path, followingLinks: followingLinks)
        let url = URL(fileURLWithPath: target)
        let dir = url.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw SeamsError.cannotWrite(path: path, reason: "folder \(dir.path) does not exist")
        }
        let prefix = ".\(url.lastPathComponent).seams-"
        removeStaleTemporaries(in: dir.path, prefix: prefix)
        TemporaryFiles.cleanUpOnSignals()
        let temp = dir.appendingPathComponent("\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let slot = TemporaryFiles.register(temp)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = "the folder is not writable (\(errorText()))"
            TemporaryFiles.unregister(slot)
            throw SeamsError.cannotWrite(path: path, reason: reason)
        }
        let staged = Staged(
            path: path, target: target, existed: mode != nil,
            identity: (realPath(dir.path) ?? dir.path) + "/" + url.lastPathComponent, temp: temp, slot: slot)
        let written = data.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
        if let mode { fchmod(fd, mode) }
        let writeError = written ? nil : errorText()
        let closed = close(fd) == 0
        if let reason = writeError ?? (closed ? nil : errorText()) {
            staged.discard()
            throw SeamsError.cannotWrite(path: path, reason: reason)
        }
        return staged
    }

    /// Renames each staged file over its target. Renames within one folder fail only when the
    /// folder changed under seams (a target made a directory meanwhile): then the files already
    /// renamed are put back as they were, from hard links kept of them for the purpose (on a
    /// file system without hard links, a replaced file cannot be put back; a new one is removed).
    static func commit(_ staged: [Staged]) throws {
        let backups: [String?] = staged.map { s in
            guard s.existed, staged.count > 1 else { return nil }
            let backup = s.temp + "-old"
            return link(s.target, backup) == 0 ? backup : nil
        }
        defer { for case let backup? in backups { unlink(backup) } }
        for (i, s) in staged.enumerated() {
            guard rename(s.temp, s.target) == 0 else {
                let reason = errorText()
                for (done, backup) in zip(staged[..<i], backups) {
                    if let backup {
                        rename(backup, done.target)
                    } else if !done.existed {
                        unlink(done.target)
                    }
                }
                for rest in staged[i...] { rest.discard() }
                throw SeamsError.cannotWrite(path: s.path, reason: reason)
            }
            s.done()
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The regular file that writing `path` replaces (following symbolic links unless told not
    /// to), with its permissions, or the path itself when nothing is there yet; throws for
    /// anything else.
    static func regularTarget(of path: String, followingLinks: Bool = true) throws -> (path: String, mode: mode_t?) {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return (current, nil) }
                throw SeamsError.cannotWrite(path: path, reason: errorText())
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return (current, info.st_mode & 0o7777)
            case S_IFLNK:
                guard followingLinks else {
                    throw SeamsError.cannotWrite(
                        path: path, reason: "it is a symbolic link, which seams does not follow here")
                }
                guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw SeamsError.cannotWrite(path: path, reason: "its symbolic link cannot be read")
                }
                current =
                    link.hasPrefix("/")
                    ? link : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path
            default:
                let what = fileKind(info.st_mode)
                throw SeamsError.cannotWrite(
                    path: path,
                    reason:
                        "\(current == path ? "it" : current) is \(what), not a regular file; seams writes only regular files"
                )
            }
        }
        throw SeamsError.cannotWrite(path: path, reason: "too many levels of symbolic links")
    }

    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Temporary files of this path left by seams processes that no longer run (killed outright).
    static func removeStaleTemporaries(in dir: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + name) }
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Whole writes to a file descriptor, retrying short writes and interruptions.
public enum FileDescriptor {
    /// The most one `write` call is given. On this Linux (ext4), writing 25 MB to a new file in
    /// one call took 60 ms, in calls of 1 MiB 5 to 7 ms: a cold scan's cache pack spent 80 ms
    /// of a core in one call.
    public static let chunkBytes = 1 << 20

    /// Writes every byte; false (with errno set) when the descriptor refuses them.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(fd, base, min(left, chunkBytes))
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            left -= n
            base += n
        }
        return true
    }

    public static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { writeAll(fd, $0) }
    }
}
