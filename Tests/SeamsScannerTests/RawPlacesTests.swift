import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import SeamsScanner

/// The fact walk reads the raw tree, so it finds where nodes begin on its own (`RawPlaces`):
/// it must agree with the syntax tree's `positionAfterSkippingLeadingTrivia` everywhere,
/// in code that parses and in code the parser had to repair.
@Suite(.timeLimit(.minutes(1))) struct RawPlacesTests {
    /// Every node's place by `RawPlaces` and by the syntax tree, where they differ.
    func disagreements(_ source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let places = RawPlaces(tree.raw)
        // The parser shares one raw node among its empty lists: such a node has no one place (and
        // the walk never asks for it). Any other node is in one place only.
        var seen: [RawSyntax.ID: Int] = [:]
        var all: [Syntax] = [Syntax(tree)]
        var i = 0
        while i < all.count {
            seen[all[i].raw.id, default: 0] += 1
            all.append(contentsOf: all[i].children(viewMode: .all))
            i += 1
        }
        var wrong: [String] = []
        for node in all where seen[node.raw.id]! > 1 && node.raw.byteLength != 0 {
            wrong.append("\(node.kind) is shared, though it has text")
        }
        for node in all where seen[node.raw.id] == 1 {
            let expected = node.positionAfterSkippingLeadingTrivia.utf8Offset
            let found = places.offset(node.raw)
            if found != expected {
                wrong.append("\(node.kind) \(node.trimmedDescription.prefix(30)): \(found) ≠ \(expected)")
            }
        }
        return wrong
    }

    @Test func codeThatParses() {
        let source = """
            // leading comment
            import Foundation

            @MainActor final class Shop<T: Equatable>: Base, P where T: Hashable {
                /// doc
                @Published var items: [T] = []
                static let shared = Shop<Int>()
                func load(id: Int = 0) async throws -> [T] {
                    let x = try await api.fetch(id) { [weak self] value in self?.items.append(value) }
                    if let y = x.first, case .some(let z) = y as? T { print("\\(z) \\(y)") }
                    switch x.count { case 0: break; default: return x.map { $0 } }
                    return items.filter { $0 != nil }.sorted(by: <)
                }
            }
            \r\n extension Shop: CustomStringConvertible { var description: String { "🛒 \\(items.count)" } }
            """
        #expect(disagreements(source) == [])
    }

    @Test func codeTheParserRepaired() {
        let sources = [
            "let x = foo.",
            "class { func (",
            "extension { }",
            "func f() { let = 1; x.y.( }",
            "struct S { var a: = 3 }\n}}} let b",
            "if let { } else",
            "@ \n #if A \n func",
            "",
            "   \n  // only trivia\n",
            "x = [1, 2,, 3] as! ; y",
        ]
        for source in sources {
            #expect(disagreements(source) == [], "\(source)")
        }
    }

    @Test func theFuzzSeeds() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../Fuzz/Seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).filter { $0.hasSuffix(".swift") }
        #expect(!names.isEmpty)
        for name in names.sorted() {
            let text = try String(contentsOf: seeds.appendingPathComponent(name), encoding: .utf8)
            // What the scan parses: deep nesting blanked first, as the walk gets it.
            let (_, blanked) = NestingGuard().apply(Array(text.utf8))
            #expect(disagreements(blanked.map { String(decoding: $0, as: UTF8.self) } ?? text) == [], "\(name)")
        }
    }

    /// Locations asked in any order come out as a search of every line start gives them.
    @Test func lineTableAnswersInAnyOrder() {
        let text = "a\nbb\r\nccc\r\n\nd\re\n"
        let table = LineTable(text)
        let bytes = Array(text.utf8)
        func expected(_ offset: Int) -> Loc {
            var line = 1, start = 0, i = 0
            while i < offset {
                if bytes[i] == 0x0A || (bytes[i] == 0x0D && !(i + 1 < bytes.count && bytes[i + 1] == 0x0A)) {
                    line += 1
                    start = i + 1
                }
                i += 1
            }
            return Loc(line: line, column: offset - start + 1)
        }
        var order = Array(0...bytes.count)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            order.shuffle(using: &generator)
            for offset in order { #expect(table.location(offset: offset) == expected(offset), "\(offset)") }
        }
        for offset in 0...bytes.count { #expect(table.location(offset: offset) == expected(offset)) }
        for offset in (0...bytes.count).reversed() { #expect(table.location(offset: offset) == expected(offset)) }
    }
}
