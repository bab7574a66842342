import Foundation
import Testing

@testable import SeamsScanner

/// A file's facts read back from the cache are the facts written: the members of its types
/// come later (`LazyMembers`), with their count and type aliases known before.
@Suite struct FactsCodecTests {
    let source = """
        import Foundation
        typealias Handler = (Int) -> Void
        let shared = Store()
        func helper(_ x: Int) -> String { "\\(x)" }
        protocol Loading {
            associatedtype Item
            func load(id: Int) -> Item
        }
        final class Store: Loading {
            typealias Item = Record
            struct Record { let id: Int; var name: String = "" }
            enum State { case idle, busy(Int) }
            private var state = State.idle
            static let main = Store()
            func load(id: Int) -> Record { Record(id: id) }
            subscript(_ i: Int) -> Record { load(id: i) }
        }
        extension Store {
            var isIdle: Bool { if case .idle = state { return true }; return false }
            func reset() { state = .idle }
        }
        struct Empty {}
        """

    /// Every declaration of a tree, in surface order.
    func all(_ d: DeclFact) -> [DeclFact] { [d] + d.nested.flatMap(all) }

    @Test func factsReadBackAreTheFactsWrittenAndTheirMembersComeWhenAsked() throws {
        let facts = FactCollector.collect(path: "Store.swift", source: source)
        let written = FactsCodec.encode(facts)
        var decoded = try #require(FactsCodec.decode(written.bytes, path: "Store.swift"))
        #expect(decoded.surfaceDigest == written.surfaceDigest)
        let before = all(facts.top)
        let after = all(decoded.facts.top)
        #expect(before.count == after.count)
        // Counts and type aliases, before any member is read.
        let types = after.filter { if case .file = $0.kind { false } else { true } }
        #expect(types.count == 6)
        let source = try #require(types.first?.lazyMembers as? LazyMembers)
        #expect(types.allSatisfy { $0.lazyMembers === source })
        #expect(zip(before, after).allSatisfy { $0.memberCount == $1.memberCount })
        #expect(
            zip(before, after).allSatisfy { a, b in
                a.aliasMembers.map { "\($0.index) \($0.member.signature)" }
                    == b.aliasMembers.map { "\($0.index) \($0.member.signature)" }
            })
        #expect(after.flatMap(\.aliasMembers).map(\.member.name).sorted() == ["Handler", "Item", "Item"])
        #expect(!source.isRead)
        // One type's members asked for: the file's are read, all of them.
        let asked = try #require(after.firstIndex { $0 === types[1] })
        #expect(after[asked].members.map(\.signature) == before[asked].members.map(\.signature))
        #expect(source.isRead)
        #expect(zip(before, after).allSatisfy { a, b in a.members.map(\.signature) == b.members.map(\.signature) })
        // Written again, with the bodies read too, they are the same bytes.
        #expect(FactsCodec.fillBodies(&decoded))
        #expect(FactsCodec.encode(decoded.facts).bytes == written.bytes)
    }

    @Test func aChangedMemberChangesTheSurfaceDigestAndAMovedLineDoesNot() {
        let digest = { (text: String) in
            FactsCodec.encode(FactCollector.collect(path: "Store.swift", source: text)).surfaceDigest
        }
        let base = digest(source)
        #expect(digest(source.replacingOccurrences(of: "func reset()", with: "func reset(hard: Bool)")) != base)
        #expect(digest(source.replacingOccurrences(of: "var name: String", with: "var name: Int")) != base)
        #expect(digest("\n\n" + source) == base)
    }

    /// Threads asking for the members of different types of one file at once all get them.
    @Test func membersAskedForOnSeveralThreadsAtOnceAreReadOnce() throws {
        let written = FactsCodec.encode(FactCollector.collect(path: "Store.swift", source: source)).bytes
        for _ in 0..<50 {
            let decoded = try #require(FactsCodec.decode(written, path: "Store.swift"))
            let types = all(decoded.facts.top).filter { if case .file = $0.kind { false } else { true } }
            let counts = Counts(types.count)
            DispatchQueue.concurrentPerform(iterations: types.count) { k in counts.set(k, types[k].members.count) }
            #expect(counts.values == types.map(\.memberCount))
        }
    }

    /// Every Swift file of the samples: read back, written again, the same bytes.
    @Test func everySampleFileReadsBackToTheSameBytes() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples").path
        // Not the packages' build folders: once the samples are built they hold thousands of
        // checked-out dependency sources, which took this test from a second to six minutes.
        let files = (FileManager.default.enumerator(atPath: samples)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains(".build") }.sorted()
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOfFile: samples + "/" + file, encoding: .utf8)
            let written = FactsCodec.encode(FactCollector.collect(path: file, source: text)).bytes
            var decoded = try #require(FactsCodec.decode(written, path: file))
            #expect(FactsCodec.fillBodies(&decoded))
            #expect(FactsCodec.encode(decoded.facts).bytes == written, "\(file)")
        }
    }

    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Int]
        init(_ n: Int) { stored = Array(repeating: -1, count: n) }
        func set(_ k: Int, _ v: Int) {
            lock.lock()
            stored[k] = v
            lock.unlock()
        }
        var values: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
