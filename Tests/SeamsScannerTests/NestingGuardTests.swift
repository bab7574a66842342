import SeamsGraph
import Testing

@testable import SeamsScanner

/// The byte-level pass that keeps SwiftParser from exponential time and quadratic memory.
@Suite(.timeLimit(.minutes(1))) struct NestingGuardTests {
    func run(_ text: String) -> (report: NestingGuard.Report, text: String?) {
        let (report, blanked) = NestingGuard().apply(Array(text.utf8))
        return (report, blanked.map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func realShapesAreMeasuredAndLeftAlone() {
        let text = """
            let table: [String: [[Int]]] = ["a": [[1], [2]]]
            let s = "\\(name) has \\(items.map { "\\($0)" }.joined())"
            """
        let r = run(text)
        #expect(r.text == nil)
        #expect(r.report.maxBrackets == 3)
        #expect(r.report.maxInterpolations == 2)
        #expect(r.report.cuts.isEmpty)
    }

    @Test func deepGenericArgumentsAreCutAndRealOnesLeftAlone() {
        let real = """
            let a: ModifiedContent<ModifiedContent<Text, _PaddingLayout>, _BackgroundModifier<Color>> = x
            let b: Dictionary<String, Array<Set<Int>>> = [:]
            let f: Optional<(Int) -> Array<Int>> = nil
            if a<b && c<d || e<f { }
            """
        let r = run(real)
        #expect(r.text == nil)
        #expect(r.report.maxAngles == 3)
        // Comparisons written without spaces, a line each, never add up over a file.
        let comparisons = String(repeating: "if a<b { x<<2 }\n", count: 200)
        #expect(run(comparisons).text == nil)
        #expect(run(comparisons).report.maxAngles == 2)

        let deep = "var z: A<B C<" + String(repeating: "A<", count: 2000) + "Int" + String(repeating: ">", count: 2002)
        let cut = run(deep + "\nlet kept = 1\n")
        #expect(cut.report.cuts.map(\.what) == ["generic arguments"])
        #expect(cut.report.cuts.first.map { ($0.startLine, $0.endLine) }! == (1, 1))
        let text = cut.text ?? ""
        #expect(text.hasSuffix("\nlet kept = 1\n"), "the next line is kept")
        #expect(text.utf8.count == (deep + "\nlet kept = 1\n").utf8.count, "lines and columns stay")
        // Unclosed, the cut ends with the line.
        let open = run("struct S { var z: A<" + String(repeating: "A<", count: 3000) + "\n}\n")
        #expect(open.report.cuts.count == 1)
        #expect(open.text?.hasSuffix("\n}\n") == true)
    }

    @Test func bracketsInCommentsAndStringsDoNotCount() {
        let deep = String(repeating: "[", count: 40)
        let text = """
            // \(deep)
            /* \(deep) /* nested */ \(deep) */
            let a = "\(deep)"
            let b = #"\\(\(deep)"#
            let c = \"\"\"
                \(deep) "quoted" \\"
                \"\"\"
            let d = [1]
            """
        let r = run(text)
        #expect(r.text == nil)
        #expect(r.report.maxBrackets == 1)
        #expect(r.report.maxInterpolations == 0)
    }

    @Test func rawStringInterpolationNeedsItsHashes() {
        #expect(run(##"let a = #"\(x)"#"##).report.maxInterpolations == 0)
        #expect(run(##"let a = #"\#(x)"#"##).report.maxInterpolations == 1)
        #expect(run(#"let a = "\\(x)""#).report.maxInterpolations == 0)
    }

    @Test func anUnclosedOneLineStringEndsWithItsLine() {
        let r = run("let a = \"[[[\nlet b = [[1]]\n")
        #expect(r.report.maxBrackets == 2)
    }

    @Test func theOverDeepRegionIsBlankedAndLinesAndColumnsStay() {
        let inner = String(repeating: "[", count: 14) + "1" + String(repeating: "]", count: 14)
        let text = "let x = 1\nlet y = [[\(inner)]]\nlet é = 2\n"
        let r = run(text)
        #expect(r.report.maxBrackets == 16)
        #expect(r.report.cuts == [NestingGuard.Cut(what: "square brackets", limit: 12, startLine: 2, endLine: 2)])
        let blanked = try! #require(r.text)
        #expect(blanked.utf8.count == text.utf8.count)
        let lines = blanked.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "let x = 1")
        #expect(
            lines[1] == "let y = [[" + String(repeating: "[", count: 10) + String(repeating: " ", count: 9)
                + String(repeating: "]", count: 10) + "]]")
        #expect(lines[2] == "let é = 2")
    }

    @Test func anUnclosedRegionIsBlankedToTheEndKeepingLineEnds() {
        let text = "class A {}\n" + String(repeating: "[", count: 30) + "\n\r\nclass B {}\n"
        let r = run(text)
        #expect(r.report.cuts == [NestingGuard.Cut(what: "square brackets", limit: 12, startLine: 2, endLine: 5)])
        #expect(
            r.text == "class A {}\n" + String(repeating: "[", count: 12) + String(repeating: " ", count: 18)
                + "\n\r\n          \n")
    }

    @Test func thirtyBracketsFinishWithADiagnosticAndTheRestOfTheFileCounts() {
        // The reproducer: 30 `[` alone did not finish in minutes.
        let alone = Scanner.graph(ofSources: [(path: "A.swift", text: String(repeating: "[", count: 30))])
        #expect(alone.diagnostics.contains { $0.message.contains("square brackets nested more than 12 deep (line 1)") })
        let text = """
            class Screen { let api = API() }
            let x = \(String(repeating: "[", count: 30))
            1\(String(repeating: "]", count: 30))
            class API {}
            let y: \(String(repeating: "[", count: 40))Int\(String(repeating: "]", count: 40))
            class Later { let s = Screen() }
            """
        let g = Scanner.graph(ofSources: [(path: "A.swift", text: text)])
        #expect(g.edge(from: "App.Screen", to: "App.API")?.kinds == [.construct])
        #expect(g.edge(from: "App.Later", to: "App.Screen")?.kinds == [.construct])
        let notes = g.diagnostics.filter { $0.message.contains("square brackets nested more than 12 deep") }
        #expect(notes.map(\.line) == [2, 5])
    }

    @Test func deepInterpolationsFinishInLittleMemory() {
        let open = "let s = " + String(repeating: "\"\\(", count: 6000)
        let closed =
            "let t = " + String(repeating: "\"\\(", count: 10000) + "1" + String(repeating: ")\"", count: 10000)
        let g = Scanner.graph(ofSources: [
            (path: "A.swift", text: open), (path: "B.swift", text: closed + "\nclass C {}"),
        ])
        #expect(g.node("App.C") != nil)
        let notes = g.diagnostics.filter { $0.message.contains("string interpolations nested more than 8 deep") }
        #expect(notes.compactMap(\.file) == ["A.swift", "B.swift"])
    }
}

/// The pass steps over bytes that open, close and end nothing at once: what it skips must never
/// hide one that matters, next to non-ASCII text, CR line ends or in any kind of literal.
@Suite struct NestingGuardSkippingTests {
    @Test func nonASCIIAndCRLFNextToWhatMattersAreStillSeen() {
        let deep = String(repeating: "[", count: 13) + "0" + String(repeating: "]", count: 13)
        let text =
            "let é = \"ü\\(ä[1])\"\r\n/* ß [[[ */ let π = [\"😀\": [2]]\r\nlet ω = #\"\\#(α)\"#\r\nlet z = é\(deep)\r\n"
        let (report, blanked) = NestingGuard().apply(Array(text.utf8))
        #expect(report.maxBrackets == 13)
        #expect(report.maxInterpolations == 1)
        #expect(report.cuts == [NestingGuard.Cut(what: "square brackets", limit: 12, startLine: 4, endLine: 4)])
        let out = try! #require(blanked)
        // Only the region goes: the same bytes before it, line ends kept, as many bytes in all.
        #expect(out.count == text.utf8.count)
        let kept = String(decoding: out, as: UTF8.self)
        #expect(kept.hasPrefix("let é = \"ü\\(ä[1])\"\r\n/* ß [[[ */"))
        #expect(kept.components(separatedBy: "\r\n").count == 5)
    }

    @Test func aMultilineStringSpansLinesAndItsBracketsDoNotCount() {
        let text = "let s = \"\"\"\n  [[[[ ü\n  \\([1])\n  \"\"\"\nlet t = [[2]]\n"
        let (report, _) = NestingGuard().apply(Array(text.utf8))
        #expect(report.maxBrackets == 2)
        #expect(report.maxInterpolations == 1)
    }
}
