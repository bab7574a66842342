import Foundation

/// Swift files read and their facts collected while discovery still walks the folders and
/// reads the project files, on a thread of its own: the core discovery leaves idle. A file's
/// facts do not depend on the unit it builds in (every `#if` clause is kept), so the walk hands
/// each file over as it finds it, before any unit is known.
///
/// The scan then asks here first (`take`): a finished file's outcome is handed over, one under
/// way is waited for, one not begun is left to the scan's own workers. `close` stops new work;
/// the scan closes it before it asks, so no file is collected twice. Files the scan never asks
/// for (excluded later, say) are dropped with this object.
public final class CollectAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private let maxBytes: Int
    private let cache: ScanCacheStore?
    private var waiting: [SourceFile] = []
    private var next = 0
    /// Finished files by location, with the path their facts name.
    private var finished: [String: (path: String, outcome: FileCollection.Outcome)] = [:]
    private var underWay: String?
    private var closed = false
    private var started = false
    private var finishedCount = 0
    private var handedOverCount = 0

    public init(maxFileBytes: Int, cache: ScanCacheStore?) {
        maxBytes = maxFileBytes
        self.cache = cache
    }

    /// A file the walk found; `module` and `unit` are not looked at.
    public func offer(path: String, location: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        waiting.append(SourceFile(path: path, location: location, module: "", unit: 0))
        if !started {
            started = true
            // The same large stack as the scan's workers: parsing machine-written code recurses deeply.
            let thread = Thread { [self] in work() }
            thread.stackSize = ParallelMap.stackBytes
            thread.start()
        }
        condition.signal()
    }

    /// No file is begun after this; returns once the one under way is finished, so that nothing
    /// here writes to the cache afterwards (the scan may end, and the process, before it asks
    /// for that file). Safe to call again.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        while underWay != nil { condition.wait() }
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while next == waiting.count && !closed { condition.wait() }
            if closed { break }
            let file = waiting[next]
            next += 1
            underWay = file.location
            condition.unlock()
            let outcome = FileCollection.read(file, maxBytes: maxBytes, cache: cache)
            condition.lock()
            finished[file.location] = (file.path, outcome)
            finishedCount += 1
            underWay = nil
            condition.broadcast()
        }
        waiting = []
        condition.unlock()
    }

    /// The outcome of `file` when it was collected here (waited for when under way); nil when
    /// the caller must collect it. Call after `close`.
    func take(_ file: SourceFile) -> FileCollection.Outcome? {
        condition.lock()
        defer { condition.unlock() }
        while underWay == file.location { condition.wait() }
        guard let done = finished.removeValue(forKey: file.location), done.path == file.path else { return nil }
        handedOverCount += 1
        return done.outcome
    }

    /// Files collected here so far.
    public var finishedFiles: Int { locked { finishedCount } }
    /// Files the scan took from here.
    public var handedOver: Int { locked { handedOverCount } }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
