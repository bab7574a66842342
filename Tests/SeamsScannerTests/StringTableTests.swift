import Foundation
import SeamsTestSupport
import Testing

@testable import SeamsScanner

/// The string table a cache entry writes its strings through (each once, then named by number),
/// and the set of mentioned names the snapshot asks about, tested directly.
@Suite struct StringTableTests {
    /// Strings of every length around the hash's eight-byte steps, with repeats and non-ASCII.
    static func strings(_ count: Int) -> [String] {
        var random = SeededRandom(7)
        let alphabet = Array("abcXYZ_09é→")
        return (0..<count).map { _ in
            String((0..<Int.random(in: 0...19, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
    }

    @Test func eachStringHasOneNumberInTheOrderFirstSeenThroughGrowth() {
        var table = StringTable()
        var numbers: [String: Int] = [:]
        for s in Self.strings(5000) {
            var copy = s
            let (k, new) = copy.withUTF8 { table.insert($0) }
            if let known = numbers[s] {
                #expect(k == known && !new, "\(s)")
            } else {
                #expect(k == numbers.count && new, "\(s)")
                numbers[s] = k
            }
        }
        #expect(table.count == numbers.count)
        // The table grew many times past its first 1,024 slots, and still finds every string.
        #expect(numbers.count > 2000)
        for (s, k) in numbers {
            var copy = s
            #expect(copy.withUTF8 { table.insert($0) } == (k, false))
            // Each string's mention is the table's hash of it, as a file's list keeps it.
            #expect(table.mentions[k] == StringTable.mention(s))
        }
    }

    @Test func mentionedNamesHoldExactlyWhatWasAdded() {
        var random = SeededRandom(11)
        let added = Set((0..<300).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) })
        var names = MentionedNames([])
        #expect(!names.contains(0) && !names.contains(UInt32.max))
        names.formUnion(added)
        for word in added { #expect(names.contains(word)) }
        // Others are turned away, whether or not the mask lets them through to the set.
        for _ in 0..<5000 {
            let word = UInt32.random(in: 0...UInt32.max, using: &random)
            #expect(names.contains(word) == added.contains(word))
        }
        // One name: the mask turns away most words at once, and never one that was added.
        let one = MentionedNames([StringTable.mention("title")])
        #expect(one.contains(StringTable.mention("title")))
        #expect(!one.contains(StringTable.mention("subtitle")))
    }
}
