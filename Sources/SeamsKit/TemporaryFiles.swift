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

    /// A temporary folder's files and then the folder (last), as C strings, made before anything
    /// is written there: a signal handler cannot list a folder without allocating.
    nonisolated(unsafe) static var folder: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) static var folderCount = 0

    /// Registers a temporary folder and the names of every file that may be written in it.
    static func registerFolder(_ path: String, files: [String]) {
        let paths = files.map { "\(path)/\($0)" } + [path]
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count)
        for (i, path) in paths.enumerated() { (p + i).initialize(to: strdup(path)) }
        lock.lock()
        defer { lock.unlock() }
        precondition(folder == nil, "one temporary folder at a time")
        folderCount = paths.count
        folder = p
    }

    static func unregisterFolder() {
        lock.lock()
        defer { lock.unlock() }
        guard let p = folder else { return }
        folder = nil
        for i in 0..<folderCount { free(p[i]) }
        p.deallocate()
        folderCount = 0
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
        if let p = folder, folderCount > 0 {
            for i in 0..<(folderCount - 1) { if let file = p[i] { unlink(file) } }
            if let dir = p[folderCount - 1] { rmdir(dir) }
        }
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
