import Foundation
import SeamsGraph

/// What a scan no longer needs, freed on a thread of its own while the caller goes on.
struct Leftovers: @unchecked Sendable {
    var items: [Any] = []

    /// Hands the items to another thread, which drops them (`Discard`). The caller must hold
    /// no other reference to them, or the last release (and the freeing) stays on its side.
    mutating func dropElsewhere() {
        var handed: [Any] = []
        swap(&handed, &items)
        // Freeing deeply nested facts recurses: the same large stack as the walks that built them.
        Discard.elsewhere(consume handed, stackBytes: ParallelMap.stackBytes)
    }
}

/// A parallel map on threads with large stacks: syntax trees of machine-written code can be
/// very deep, and the default worker stacks are too small for a recursive walk of them.
public enum ParallelMap {
    static let stackBytes = 256 << 20

    public static func run<T>(count: Int, threads: Int, _ body: @escaping (Int) -> T) -> [T] {
        let box = ResultBox<T>(count: count)
        let workers = max(1, min(threads, count))
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let i = box.claim() {
                    box.store(body(i), at: i)
                }
                done.signal()
            }
            thread.stackSize = stackBytes
            thread.start()
        }
        for _ in 0..<workers { done.wait() }
        return box.results.map { $0! }
    }

    /// Runs `body(workers[k], i)` for every i below count, thread k using `workers[k]`.
    public static func forEach<W>(count: Int, workers: [W], _ body: @escaping (W, Int) -> Void) {
        let counter = ResultBox<Int>(count: count)
        let done = DispatchSemaphore(value: 0)
        for worker in workers {
            let thread = Thread {
                while let i = counter.claim() { body(worker, i) }
                done.signal()
            }
            thread.stackSize = stackBytes
            thread.start()
        }
        for _ in workers { done.wait() }
    }

    /// Runs `body` on one thread with a large stack and waits for its result.
    public static func onLargeStack<T>(_ body: @escaping () -> T) -> T {
        run(count: 1, threads: 1) { _ in body() }[0]
    }

    private final class ResultBox<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        var results: [T?]

        init(count: Int) {
            self.count = count
            self.results = Array(repeating: nil, count: count)
        }

        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at i: Int) {
            lock.lock()
            results[i] = value
            lock.unlock()
        }
    }
}

/// A value computed on a thread of its own, waited for when asked.
final class Background<T>: @unchecked Sendable {
    fileprivate var result: T?
    private let done = DispatchSemaphore(value: 0)
    fileprivate let lock = NSLock()

    /// `body` on a thread of its own, or (`separately` false: one thread was asked for) now.
    /// `lowPriority`: the thread takes only the time other threads leave (a nice of 10, which
    /// Linux gives each thread its own).
    init(separately: Bool = true, lowPriority: Bool = false, _ body: @escaping () -> T) {
        guard separately else {
            result = body()
            done.signal()
            return
        }
        let thread = Thread { [self] in
            if lowPriority { Self.lowerPriority() }
            let value = body()
            lock.lock()
            result = value
            lock.unlock()
            done.signal()
        }
        thread.stackSize = 16 << 20
        if lowPriority { thread.qualityOfService = .utility }
        thread.start()
    }

    /// The calling thread's priority, lowered (elsewhere than Linux, its quality of service
    /// was, before it started).
    private static func lowerPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// The value, once computed (waits for it the first time).
    func value() -> T {
        lock.lock()
        if let result {
            lock.unlock()
            return result
        }
        lock.unlock()
        done.wait()
        done.signal()
        lock.lock()
        defer { lock.unlock() }
        return result!
    }
}

extension Background {
    /// The value, handed over: later calls get nil. The caller then holds the only reference
    /// to it, so it can change it in place without copying.
    func take<Wrapped>() -> Wrapped? where T == Wrapped? {
        let taken = value()
        lock.lock()
        result = .some(nil)
        lock.unlock()
        return taken
    }
}
