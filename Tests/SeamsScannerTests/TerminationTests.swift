import Foundation
import SeamsGraph
@testable import SeamsScanner
import Testing

/// Broken code a copy of a folder or a half-finished edit produces: every walk of the symbol table
/// (supertypes, nested names, type aliases, extensions, members, modifiers) must end on it.
@Suite(.timeLimit(.minutes(1))) struct TerminationTests {
    /// A body that asks every kind of lookup for names nobody declares, so that each walk goes
    /// all the way up the (cyclic) supertypes before giving up.
    static let probe = """
        func probe() {
            let a: Missing.Inner = make()
            _ = missingMember
            _ = Self.Missing.self
            helper().padding().missing()
            Missing()
        }
        """

    static func expectEnds(_ sources: [String: String], sourceLocation: SourceLocation = #_sourceLocation) -> Graph {
        let g = Scanner.graph(ofSources: sources.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
        #expect(!g.nodes.isEmpty, sourceLocation: sourceLocation)
        return g
    }

    @Test func twoCopiesOfAClassCycle() {
        let text = "class B: C { \(Self.probe) }\nclass C: B { \(Self.probe) }\n"
        let g = Self.expectEnds(["a/X.swift": text, "b/X.swift": text, "c/X.swift": text])
        #expect(g.edge(from: "App.B", to: "App.C")?.kinds.contains(.inherit) == true)
        #expect(g.edge(from: "App.C", to: "App.B")?.kinds.contains(.inherit) == true)
    }

    @Test func twoCopiesOfAProtocolCycle() {
        let text = """
            protocol P: Q { \(Self.probe) }
            protocol Q: P {}
            extension P { func shared() {} }
            struct S: P, Q { func run() { shared(); unknown() } \(Self.probe) }
            """
        let g = Self.expectEnds(["A.swift": text, "B.swift": text])
        #expect(g.edge(from: "App.P", to: "App.Q") != nil)
    }

    @Test func twoCopiesOfAStructCycle() {
        let text = "struct S: T { var t: T.Nested \(Self.probe) }\nstruct T: S { \(Self.probe) }\n"
        _ = Self.expectEnds(["A.swift": text, "B.swift": text])
    }

    @Test func aClassThatInheritsFromItself() {
        let g = Self.expectEnds(["A.swift": "class A: A { \(Self.probe) }\nclass U { let a = A() }\n"])
        #expect(g.edge(from: "App.A", to: "App.A") == nil)
        #expect(g.edge(from: "App.U", to: "App.A")?.kinds.contains(.construct) == true)
    }

    @Test func typeAliasesThatNameEachOther() {
        let text = """
            typealias A = B
            typealias B = A
            typealias C = C.Inner
            class User { let a: A; let c: C; init() { a = A(); c = C.make(); A.run() } \(Self.probe) }
            """
        _ = Self.expectEnds(["A.swift": text, "B.swift": text])
    }

    @Test func nestedAliasesAndExtensionsThatLoop() {
        let text = """
            class Outer { typealias Inner = Outer.Inner; typealias Back = Outer }
            extension Outer.Back.Back.Back { func more() {} }
            extension Outer.Inner { func lost() {} }
            extension Missing.Outer { func far() {} }
            class Sub: Outer.Back { \(Self.probe) func go() { more(); lost() } }
            """
        let g = Self.expectEnds(["A.swift": text, "B.swift": text])
        #expect(g.edge(from: "App.Sub", to: "App.Outer")?.kinds.contains(.inherit) == true)
    }

    @Test func aLongInheritanceDiamond() {
        // Each class inherits from the two before it (as duplicated files merge): a walk that
        // visits a type once per path would take 2^40 steps.
        var lines = ["class T0 {}", "class T1: T0 {}"]
        for i in 2..<40 { lines.append("class T\(i): T\(i - 1), T\(i - 2) { \(Self.probe) }") }
        lines.append("class User { func f() { T39().missing(); _ = T39.Missing.self } }")
        _ = Self.expectEnds(["A.swift": lines.joined(separator: "\n")])
    }
}

/// Shapes of one long line that once crashed or stalled the scan: a chain of tens of thousands of
/// operators (folded, a tree that deep overflowed the stack of every walk after the parser) and generic arguments nested thousands deep (the parser's lookahead is cubic).
@Suite(.timeLimit(.minutes(3))) struct LongLineTests {
    @Test(arguments: [" + 1", " && true", " ?? nil", " as Any"])
    func aLongOperatorChainIsScannedFlat(_ op: String) {
        let text = "class API {}\nclass User { let api = API() }\nlet a = API()" + String(repeating: op, count: 20_000)
            + " + User()\n"
        let g = Scanner.graph(ofSources: [(path: "App/A.swift", text: text)])
        #expect(g.nodes.contains { $0.id == "App.User" })
        // The operands of the chain are still read: its last one constructs a User.
        #expect(g.edges.contains { $0.to == "App.User" && $0.kinds.contains(.construct) }, "\(g.edges.map(\.to))")
        #expect(!g.diagnostics.contains { $0.unread }, "\(g.diagnostics)")
    }

    @Test func aShortChainIsStillFoldedByPrecedence() {
        // `??` carries the optional's type to the implicit member: only a folded chain knows it.
        let text = """
            enum Mode { case fast, slow }
            class C { var mode: Mode? ; func run() { let m: Mode = mode ?? .fast ; _ = m } }
            """
        let g = Scanner.graph(ofSources: [(path: "App/C.swift", text: text)])
        #expect(g.edges.contains { $0.from == "App.C" && $0.to == "App.Mode" && $0.kinds.contains(.implicitMember) })
    }

    @Test func genericArgumentsNestedThousandsDeepAreCutNotParsed() {
        let text = "class Kept {}\nvar z: A<B C<" + String(repeating: "A<", count: 2000) + "Int"
            + String(repeating: ">", count: 2002) + "\n"
        let g = Scanner.graph(ofSources: [(path: "App/A.swift", text: text)])
        #expect(g.nodes.contains { $0.id == "App.Kept" })
        #expect(g.diagnostics.contains { $0.unread && $0.message.contains("generic arguments nested more than 24") })
    }
}

/// Every input in Tests/Fuzz/Seeds (the reproducers of findings, seeds of the fuzzer) is
/// scanned as the fuzz target scans it: NUL bytes split it into files.
@Suite(.timeLimit(.minutes(2))) struct FuzzSeedTests {
    @Test func everySeedIsScanned() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 9)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let files = text.split(separator: "\0", omittingEmptySubsequences: false)
            let g = Scanner.graph(
                ofSources: files.enumerated().map { (path: "F\($0.offset).swift", text: String($0.element)) })
            #expect(g.modules.count == 1, "\(name)")
        }
    }
}
