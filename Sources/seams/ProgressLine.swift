import Foundation

/// What `Console.progress` prints: nothing in the first second, then how far a step has come.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let what: String
    private let terminal: Bool
    private let write: @Sendable (String) -> Void
    private let start = Date()
    private var lastPrinted = Date.distantPast
    private var lastTenth = -1
    private var shown = false

    init(what: String, terminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.what = what
        self.terminal = terminal
        self.write = write
    }

    func update(done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard total > 0, now.timeIntervalSince(start) >= 1 || (shown && done == total) else { return }
        let text = "seams: \(what): \(done) of \(total)"
        if terminal {
            guard done == total || now.timeIntervalSince(lastPrinted) >= 0.1 else { return }
            write("\r\u{1B}[K" + text + (done == total ? "\n" : ""))
        } else {
            let tenth = done * 10 / total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            write(text + "\n")
        }
        shown = true
        lastPrinted = now
    }
}
