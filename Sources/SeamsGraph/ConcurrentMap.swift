import Foundation

/// A map over indices on all cores, results in index order.
public enum ConcurrentMap {
    public static func run<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let results = Results<T>(count)
        withoutActuallyEscaping(body) { body in
            DispatchQueue.concurrentPerform(iterations: count) { i in results.set(i, body(i)) }
        }
        return results.values
    }

    /// `body` of the first and of the second half of `0..<count`, at once: a walk over a large
    /// graph's edges split in two.
    public static func halves<T: Sendable>(_ count: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
        run(2) { half in body(half == 0 ? 0..<count / 2 : count / 2..<count) }
    }

    /// The results as they come, each slot written once, under a lock.
    private final class Results<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]

        init(_ count: Int) { slots = [T?](repeating: nil, count: count) }

        func set(_ i: Int, _ value: T) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }

        var values: [T] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}

/// A buffer being filled by tasks running at once, each writing only its own slots (the slices
/// of an array made with `init(unsafeUninitializedCapacity:)`, say): shared across threads as
/// the pointer it is, with no lock.
public struct SharedSlots<T>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<T>?

    public init(_ buffer: UnsafeMutableBufferPointer<T>) { base = buffer.baseAddress }
}
