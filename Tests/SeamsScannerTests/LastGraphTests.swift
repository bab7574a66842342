import Foundation
import SeamsGraph
import Testing

@testable import SeamsScanner

/// The last graph of a warm scan: decoded by a crew of low priority once started, helped by
/// whoever asks for it, or decoded there and then when it was not started; stopped when a scan
/// builds anew.
@Suite struct LastGraphTests {
    func sample() -> Graph {
        Scanner.graph(ofSources: [
            ("A.swift", "import UIKit\nclass A: UIViewController { let b = B(); func f() { b.g() } }"),
            ("B.swift", "struct B { func g() { print(C.x) } }\nlet top = A()"),
            ("C.swift", "enum C { static var x = 1 }"),
        ])
    }

    /// A snapshot with a base of `graph`, and the base's bytes.
    func stored(_ graph: Graph) -> (ScanSnapshot, [UInt8]) {
        let head = ScanSnapshot(files: [], filesScanned: 3, baseID: "base", delta: GraphDelta())
        return (head, ScanSnapshot.encodeBase(id: "base", graph: graph))
    }

    /// What a thread took, read once it has signalled that it is done.
    final class Taken: @unchecked Sendable {
        var graphs: [Graph?]
        init(_ graphs: [Graph?]) { self.graphs = graphs }
    }

    /// Whether `body` finishes within ten seconds (on a thread of its own, left behind if not).
    func finishes(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + 10) == .success
    }

    @Test func eachPartIsDoneOnceWhoeverHelps() {
        let crew = Crew()
        let lock = NSLock()
        var done = [Int](repeating: 0, count: 64)
        let helper = Thread {
            crew.help()
        }
        helper.start()
        crew.run(count: done.count) { part in
            usleep(200)
            lock.lock()
            done[part] += 1
            lock.unlock()
        }
        crew.end()
        #expect(done.allSatisfy { $0 == 1 })
    }

    @Test func aStoppedCrewLeavesTheRestUndone() {
        let crew = Crew()
        var done = 0
        crew.run(count: 8) { _ in
            done += 1
            if done == 3 { crew.stop() }
        }
        #expect(done == 3)
        #expect(crew.wasStopped)
    }

    @Test func startedOrNotTheGraphIsTheStoredOneAndIsHandedOverOnce() throws {
        let graph = sample()
        let (head, base) = stored(graph)
        for started in [false, true] {
            var decodes = 0
            let last = LastGraph { crew in
                decodes += 1
                return try? head.graph(base: base, crew: crew)
            }
            if started { last.start() }
            #expect(last.take() == graph)
            // Handed over: a second ask gets nothing, at once (no crew is waited for), and nothing
            // is decoded again.
            let again = Taken([sample()])
            #expect(finishes { again.graphs[0] = last.take() })
            last.start()
            #expect(finishes { again.graphs.append(last.take()) })
            #expect(again.graphs == [nil, nil])
            #expect(decodes == 1)
        }
    }

    @Test func aStoppedDecodingGivesNothingAndIsNoDamage() throws {
        let graph = sample()
        let (head, base) = stored(graph)
        var thrown: Error?
        let last = LastGraph { crew in
            do {
                return try head.graph(base: base, crew: crew)
            } catch {
                thrown = error
                return nil
            }
        }
        last.stop()
        last.start()
        #expect(last.take() == nil)
        // Stopped, not corrupt: the snapshot's base is not discarded for it.
        #expect(thrown is Stopped)
    }
}
