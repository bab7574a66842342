import Foundation

/// Freeing on another thread: a large graph's or a scan's leftovers are freed object by
/// object, which can take longer than the work that made them unneeded.
public enum Discard {
    /// Frees under way.
    public static let pending = DispatchGroup()

    private final class Heap: @unchecked Sendable {
        var items: [Any]
        init(_ items: [Any]) { self.items = items }
    }

    /// Hands `items` to a thread of their own, which drops them. The caller must hold no other
    /// reference to them, or the last release (and the freeing) stays on its side. Freeing
    /// deeply nested values recurses: `stackBytes` gives that thread the stack they need. Under
    /// a hold (`holding`), they wait for its end.
    public static func elsewhere(_ items: consuming [Any], stackBytes: Int = 16 << 20) {
        if held.keep(items, stackBytes: stackBytes) { return }
        start(items, stackBytes: stackBytes)
    }

    /// Runs `body`, keeping what it hands over to be freed until it returns: freeing a scan's
    /// leftovers took a core from the scan's last steps (resolution's caches beside the graph's
    /// building, the facts of every file beside dropping external types and the cache's finish:
    /// about a tenth of a cold or warm scan of an app). Its caller has the result first; the
    /// freeing follows on its own thread, beside what the caller does with it (a command's
    /// output; a process that ends frees nothing). Holds may nest or overlap (scans on several
    /// threads): what they kept is freed when the last one ends.
    public static func holding<T>(_ body: () throws -> T) rethrows -> T {
        held.begin()
        defer {
            // All on one thread: nothing waits for them.
            let kept = held.end()
            if let stack = kept.map(\.1).max() { start(kept.flatMap(\.0), stackBytes: stack) }
        }
        return try body()
    }

    private static let held = Held()

    /// What holds kept, and how many are on.
    private final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var depth = 0
        private var kept: [([Any], Int)] = []

        func begin() {
            lock.lock()
            depth += 1
            lock.unlock()
        }

        /// What was kept, once no hold is on any more.
        func end() -> [([Any], Int)] {
            lock.lock()
            defer { lock.unlock() }
            depth -= 1
            guard depth == 0 else { return [] }
            let all = kept
            kept = []
            return all
        }

        /// Whether `items` were kept (a hold is on).
        func keep(_ items: [Any], stackBytes: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard depth > 0 else { return false }
            kept.append((items, stackBytes))
            return true
        }
    }

    private static func start(_ items: consuming [Any], stackBytes: Int) {
        let heap = Heap(items)
        pending.enter()
        let thread = Thread {
            heap.items.removeAll()
            pending.leave()
        }
        thread.stackSize = stackBytes
        thread.start()
    }

    /// Waits until every drop handed over so far is done: a benchmark calls it so that one
    /// run's freeing does not eat into the next run's time.
    public static func waitForAll() {
        pending.wait()
    }
}
