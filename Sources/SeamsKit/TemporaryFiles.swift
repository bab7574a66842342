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

    /// Removes every temporary file being written; safe in a signal handler.
    public static func removeAll() {
        for i in 0..<capacity {
            if let p = slots[i] { unlink(p) }
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
