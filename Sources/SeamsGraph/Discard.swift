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
    /// deeply nested values recurses: `stackBytes` gives that thread the stack they need.
    public static func elsewhere(_ items: consuming [Any], stackBytes: Int = 16 << 20) {
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
