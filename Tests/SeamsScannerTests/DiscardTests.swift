import Foundation
import SeamsGraph
import Testing

/// Freeing elsewhere, and holding it back while a scan still runs (`Discard.holding`).
@Suite(.serialized) struct DiscardTests {
    /// Counts its instances freed.
    final class Tracked: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var freed = 0
        deinit {
            Self.lock.lock()
            Self.freed += 1
            Self.lock.unlock()
        }
        static var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return freed
        }
    }

    /// Whether `count` of them have been freed since `before`, within a while: a scan run by
    /// another test at the same time holds what is handed over until it ends.
    func freed(_ count: Int, since before: Int) -> Bool {
        for _ in 0..<400 {
            Discard.waitForAll()
            if Tracked.count - before >= count { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test func freedElsewhereWithoutAHold() {
        let before = Tracked.count
        Discard.elsewhere([Tracked(), Tracked()])
        #expect(freed(2, since: before))
    }

    @Test func heldUntilTheLastHoldEnds() {
        let before = Tracked.count
        let result = Discard.holding { () -> Int in
            Discard.elsewhere([Tracked()])
            Discard.holding { Discard.elsewhere([Tracked(), Tracked()]) }
            Discard.waitForAll()
            // The inner hold has ended, the outer has not: nothing is freed yet.
            #expect(Tracked.count == before)
            return 42
        }
        #expect(result == 42)
        #expect(freed(3, since: before))
    }

    /// A hold that ends by throwing frees what it kept too.
    @Test func aThrowingHoldStillFrees() {
        struct Failed: Error {}
        let before = Tracked.count
        #expect(throws: Failed.self) {
            try Discard.holding {
                Discard.elsewhere([Tracked()])
                throw Failed()
            }
        }
        #expect(freed(1, since: before))
    }
}
