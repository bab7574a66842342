import Foundation

/// The temporary files being written now, so that a signal that stops seams removes them. The
/// paths live in C memory the signal handler can read without allocating or locking.
public enum TemporaryFiles {
    static let capacity = 16
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    static let lock = NSLock()
    nonisolated(unsafe) static var installed = false

    static func register(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard let i = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
        slots[i] = strdup(path)
        return i
    }

    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        let p = slots[slot]
        slots[slot] = nil
        free(p)
    }

    /// Temporary folders, each its files and then the folder (last) as C strings, made before
    /// anything is written there: a signal handler cannot list a folder without allocating. A
    /// table, since two layouts may run at once in one process (a library user's threads).
    package static let folderCapacity = 8
    nonisolated(unsafe) static let folders: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?> =
        {
            let p = UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>.allocate(
                capacity: folderCapacity)
            p.initialize(repeating: nil, count: folderCapacity)
            return p
        }()
    nonisolated(unsafe) static let folderCounts: UnsafeMutablePointer<Int> = {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: folderCapacity)
        p.initialize(repeating: 0, count: folderCapacity)
        return p
    }()

    /// Registers a temporary folder and the names of every file that may be written in it; its
    /// slot, or nil when the table is full (the folder is then removed only by its owner).
    package static func registerFolder(_ path: String, files: [String]) -> Int? {
        let paths = files.map { "\(path)/\($0)" } + [path]
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count)
        for (i, path) in paths.enumerated() { (p + i).initialize(to: strdup(path)) }
        lock.lock()
        defer { lock.unlock() }
        guard let slot = (0..<folderCapacity).first(where: { folders[$0] == nil }) else {
            for i in 0..<paths.count { free(p[i]) }
            p.deallocate()
            return nil
        }
        // The count first: the handler reads a slot's files only once its pointer is set.
        folderCounts[slot] = paths.count
        folders[slot] = p
        return slot
    }

    package static func unregisterFolder(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        guard let p = folders[slot] else { return }
        folders[slot] = nil
        for i in 0..<folderCounts[slot] { free(p[i]) }
        p.deallocate()
        folderCounts[slot] = 0
    }

    /// Worker processes writing into the temporary folder, stopped before it is removed.
    static let childCapacity = 64
    nonisolated(unsafe) static let children: UnsafeMutablePointer<pid_t> = {
        let p = UnsafeMutablePointer<pid_t>.allocate(capacity: childCapacity)
        p.initialize(repeating: 0, count: childCapacity)
        return p
    }()

    static func registerChild(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        if let i = (0..<childCapacity).first(where: { children[$0] == 0 }) { children[i] = pid }
    }

    static func unregisterChild(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<childCapacity where children[i] == pid { children[i] = 0 }
    }

    /// Stops the workers, then removes every temporary file being written and the temporary
    /// folder; safe in a signal handler.
    public static func removeAll() {
        for i in 0..<childCapacity where children[i] != 0 {
            kill(children[i], SIGKILL)
            var status: Int32 = 0
            waitpid(children[i], &status, 0)
        }
        for i in 0..<capacity {
            if let p = slots[i] { unlink(p) }
        }
        for slot in 0..<folderCapacity { removeFolder(slot) }
    }

    /// Removes the files of the folder in `slot`, then the folder; safe in a signal handler.
    package static func removeFolder(_ slot: Int) {
        guard let p = folders[slot], folderCounts[slot] > 0 else { return }
        let count = folderCounts[slot]
        for i in 0..<(count - 1) { if let file = p[i] { unlink(file) } }
        if let dir = p[count - 1] { rmdir(dir) }
    }

    /// On SIGINT, SIGTERM and SIGHUP: remove the temporary files, then end as the signal would
    /// have. A signal the host process handles or ignores itself is left to it.
    public static func cleanUpOnSignals() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        _ = slots
        _ = children
        _ = folders
        _ = folderCounts
        // A command-line tool must stay interruptible: a mask inherited from the parent (test
        // runners and some CI agents block these) is lifted. An inherited "ignore" is kept.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig) { caught in
                TemporaryFiles.removeAll()
                signal(caught, SIG_DFL)
                raise(caught)
            }
            if unsafeBitCast(previous, to: Int.self) != 0 { signal(sig, previous) }
        }
    }
}
