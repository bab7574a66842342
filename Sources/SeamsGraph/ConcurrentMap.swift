import Foundation

/// A map over indices on all cores, results in index order.
public enum ConcurrentMap {
    public static func run<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        let lock = NSLock()
        var results = [T?](repeating: nil, count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let value = body(i)
            lock.lock()
            results[i] = value
            lock.unlock()
        }
        return results.map { $0! }
    }

    /// `body` of the first and of the second half of `0..<count`, at once: a walk over a large
    /// graph's edges split in two.
    public static func halves<T>(_ count: Int, _ body: (Range<Int>) -> T) -> [T] {
        run(2) { half in body(half == 0 ? 0..<count / 2 : count / 2..<count) }
    }
}

/// A buffer being filled by tasks running at once, each writing only its own slots (the slices
/// of an array made with `init(unsafeUninitializedCapacity:)`, say): shared across threads as
/// the pointer it is, with no lock.
public struct SharedSlots<T>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<T>?

    public init(_ buffer: UnsafeMutableBufferPointer<T>) { base = buffer.baseAddress }
}
