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
}
