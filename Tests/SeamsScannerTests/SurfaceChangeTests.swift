import Foundation
import Testing

@testable import SeamsScanner

/// Which unchanged files a change to one file's declarations reaches (`SurfaceChange`), read
/// from real sources: their facts, their entries and the names they mention as the cache keeps them.
@Suite struct SurfaceChangeTests {
    struct Source {
        var entries: [SurfaceChange.Entry]
        var mentions: FactsCodec.Mentions
    }

    static func source(_ text: String) throws -> Source {
        let facts = FactCollector.collect(path: "F.swift", source: text)
        let decoded = try #require(FactsCodec.decode(FactsCodec.encode(facts).bytes, path: "F.swift"))
        return Source(entries: SurfaceChange.entries(facts.top), mentions: try #require(FactsCodec.mentions(decoded)))
    }

    /// The files of `others` that changing `old` into `new` reaches (nil: more than `limit`).
    static func reach(_ old: String, _ new: String, others: [String], limit: Int = 1000) throws -> Set<Int>? {
        let (before, after) = (try source(old), try source(new))
        let files = try others.map(source)
        return SurfaceChange.reach(
            SurfaceChange.changedNames(old: before.entries, new: after.entries), changedDeclarations: after.entries,
            candidates: Array(files.indices), limit: limit, mentions: { files[$0].mentions },
            declarations: { files[$0].entries })
    }

    @Test func aBodyEditReachesNothing() throws {
        let reached = try Self.reach(
            "struct A { func f() { print(1) } }", "struct A { func f() { print(2) } }",
            others: ["struct B { func g() { A().f() } }"])
        #expect(reached == [])
    }

    @Test func aNewMemberReachesTheFilesThatMentionItsNameAnywhere() throws {
        let reached = try Self.reach(
            "struct A {}", "struct A { func title() {} }",
            others: [
                "struct B { func g(_ a: A) { a.title() } }",  // the name, in a body
                "struct D { func h(_ a: A) {} }",  // only the type: its references do not change
            ])
        #expect(reached == [0])
    }

    /// A stored property is a parameter of its type's memberwise initializer: a chain of types
    /// each storing the next changes all the way down.
    @Test func storedPropertiesCarryAChangeAlongAChain() throws {
        let chain = (0..<9).map { "struct C\($0) { let next: C\($0 + 1)? }" }
        let reached = try Self.reach("struct C9 {}", "struct C9Renamed {}", others: chain)
        #expect(reached == Set(0..<9))
        // Past the limit, the answer is "build anew".
        #expect(try Self.reach("struct C9 {}", "struct C9Renamed {}", others: chain, limit: 4) == nil)
    }

    /// Members with names of their own carry it one link: the type that names the changed one.
    @Test func functionsCarryAChangeOneLink() throws {
        let chain = (0..<9).map { "struct C\($0) { func after\($0)() -> C\($0 + 1)? { nil } }" }
        #expect(try Self.reach("struct C9 {}", "struct C9Renamed {}", others: chain) == [8])
    }

    /// A long chain of stored properties is given up on at the limit, not walked to its end
    /// and not walked again for each link (the cost once grew with the square of its length).
    @Test func aLongChainStopsAtTheLimit() throws {
        let chain = (0..<2000).map { "struct C\($0) { let next: C\($0 + 1)? }" }
        #expect(try Self.reach("struct C2000 {}", "struct C2000Renamed {}", others: chain, limit: 250) == nil)
        #expect(
            try Self.reach("struct C2000 {}", "struct C2000Renamed {}", others: chain, limit: 2000) == Set(0..<2000))
    }
}
