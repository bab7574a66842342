import Foundation

/// Work in parts, done by the thread that started it and by any that come to help: each part
/// is claimed once, by whoever is free. A warm scan decodes the last graph this way from its
/// start, on a thread of low priority that takes only the time the scan leaves idle; when the
/// scan needs the graph, it helps with the parts left.
final class Crew: @unchecked Sendable {
    private final class Job {
        let count: Int
        let body: (Int) -> Void
        var next = 0
        var finished = 0

        init(count: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.body = body
        }
    }

    private let condition = NSCondition()
    private var job: Job?
    private var over = false
    private var stopped = false

    /// Whether `stop` was called: parts not yet claimed were left undone.
    var wasStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Runs `body` for every part below `count` with whoever helps, and returns when each part
    /// claimed is done. After `stop`, parts are no longer claimed: some may be left undone.
    func run(count: Int, _ body: @escaping (Int) -> Void) {
        let job = Job(count: count, body: body)
        condition.lock()
        self.job = job
        condition.broadcast()
        condition.unlock()
        work(on: job)
        condition.lock()
        while job.finished < job.next { condition.wait() }
        self.job = nil
        condition.unlock()
    }

    /// Claims and does parts of `job` until none is left to claim.
    private func work(on job: Job) {
        while true {
            condition.lock()
            guard !stopped, job.next < job.count else {
                condition.unlock()
                return
            }
            let part = job.next
            job.next += 1
            condition.unlock()
            job.body(part)
            condition.lock()
            job.finished += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Helps with each job's parts until the work is over (`end`).
    func help() {
        condition.lock()
        while !over {
            if let job, !stopped, job.next < job.count {
                condition.unlock()
                work(on: job)
                condition.lock()
                continue
            }
            condition.wait()
        }
        condition.unlock()
    }

    /// The work is over (done, failed or stopped): helpers go back to their own.
    func end() {
        condition.lock()
        over = true
        condition.broadcast()
        condition.unlock()
    }

    /// No more parts are claimed: the work's result is not needed.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}

/// What work a crew did throws when the crew was stopped before it was done.
struct Stopped: Error {}

/// A value that crosses threads which Swift cannot prove safe to share (a closure over a
/// resolver's state, each call writing only its own slots): the code that makes one vouches for
/// it, and ThreadSanitizer (`scripts/sanitize`) checks.
struct Vouched<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
