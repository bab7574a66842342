import Foundation
import SeamsRender
import Testing

@Suite struct GzipTests {
    @Test func whatGoesInComesOutAndTheSameBytesGiveTheSameStream() throws {
        var text = ""
        for i in 0..<5_000 {
            text += "<g id=\"n\(i)\" class=\"node\"><text x=\"\(i)\" y=\"-\(i * 7 % 1000)\">T\(i)</text></g>\n"
        }
        let input = Data(text.utf8)
        let packed = Gzip.compress(input)
        #expect(packed.count * 5 < input.count, "\(packed.count) of \(input.count)")
        #expect(packed.prefix(2) == Data([0x1F, 0x8B]), "a gzip stream, as the browser's DecompressionStream reads")
        #expect(packed[4..<8] == Data([0, 0, 0, 0]), "no time in the header")
        #expect(Gzip.decompress(packed) == input)
        #expect(Gzip.compress(input) == packed)
        #expect(Gzip.decompress(Gzip.compress(Data())) == Data())
    }

    @Test func aDamagedOrCutStreamIsNil() {
        let packed = Gzip.compress(Data(String(repeating: "seams ", count: 1000).utf8))
        #expect(Gzip.decompress(packed.prefix(packed.count / 2)) == nil)
        var damaged = packed
        damaged[damaged.count / 2] ^= 0xFF
        #expect(Gzip.decompress(damaged) == nil)
        #expect(Gzip.decompress(Data("not gzip".utf8)) == nil)
    }
}
