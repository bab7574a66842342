import Foundation
import SeamsGraph
import SeamsRules
import SeamsTestSupport
import Testing

/// `type:` patterns run in time linear in the name, whatever the pattern, and answer as Swift's
/// `Regex` does on the syntax they take.
@Suite struct TypePatternTests {
    func node(_ name: String) -> Node {
        Node(id: name, name: name, module: "App", kind: .class, file: "A.swift", line: 1)
    }

    func matches(_ pattern: String, _ name: String) throws -> Bool {
        try TypePattern(pattern).matches(node(name))
    }

    // MARK: bounded time

    /// Patterns that make a backtracking engine try every way of splitting the name: with
    /// Swift's `Regex`, `(a+)+$` against these 41 characters ran for over a minute.
    static let evil = [
        "(a+)+$", "(a|a)*$", "(a*)*$", "(a|aa)+$", "(.*a){12}$", "^(a+)+b", "(a?){30}a{30}", "(\\w+\\w+)+$",
    ]

    @Test(arguments: evil)
    func anEvilPatternAgainstALongNameEnds(_ pattern: String) throws {
        let name = String(repeating: "a", count: 40) + "!"
        #expect(try !matches(pattern, name))
        // A name that is not ASCII is matched character by character, in bounded time too.
        #expect(try !matches(pattern, String(repeating: "a", count: 40) + "·"))
        #expect(try matches(pattern, String(repeating: "a", count: 40)) == (pattern != "^(a+)+b"))
    }

    @Test func anEvilPatternInAConfigIsCheckedInBoundedTime() throws {
        let config = try SeamsConfig.parse(
            "rules: [{ id: evil, kind: forbidden, to: { type: \"(a+)+$\" } }]", path: "seams.yml")
        let long = "App." + String(repeating: "a", count: 40) + "!"
        let graph = Graph(
            root: ".", modules: [ModuleInfo(name: "App", files: 2)],
            nodes: [
                Node(id: "App.User", name: "User", module: "App", kind: .class, file: "User.swift", line: 1),
                Node(id: long, name: String(long.dropFirst(4)), module: "App", kind: .class, file: "B.swift", line: 1),
            ],
            edges: [
                Edge(from: "App.User", to: long, sites: [Site(file: "User.swift", line: 2, column: 5, kind: .type)])
            ], diagnostics: [])
        let result = try RuleEngine.check(graph, config: config)
        #expect(result.violations.isEmpty)
    }

    // MARK: the same answers as Regex

    @Test func aTableOfPatternsAnswersAsRegexDoes() throws {
        let names = [
            "", "a", "aa", "ab", "API", "AppDelegate", "SignInViewController", "App.AppDelegate", "x.y", "a1_b",
            "Ünïcode", "café", "٣", "Tab\tName", "Lines\nTwo", "{", "}", "a{x", "-", "a-b", "[", "]", "Foo+Bar",
        ]
        let patterns = [
            "AppDelegate", "AppDelegate|.*ViewController", ".*", ".+", "App\\..*", "[A-Z][a-z]+", "[^A-Z].*", "\\w+",
            "\\W", "\\d", "\\D+", "\\s", "\\S+", "a{2}", "a{1,}", "a{,1}", "a{0,2}b?", "(?:a|b)+", "(a|ab)(c|bcd)?",
            "^App.*$", "^a", "b$", "(^a|b$)", "a*?", "a+?b??", "[a-]+", "[\\w.]+", "[^\\w]", "[\\d\\s]", "a{x", "{",
            "}", "\\{", "\\]", "]", "[a\\]]", "(?<name>a)b", "()", "(|a)b", "a|", "|", "x\\.y", "Foo\\+Bar", "[.]",
            "[\\.]",
            "caf.", "café", "Ü.*", "[à-ÿ]", "...", "(a)(b)(c)?", "a{0}", "((a))", "[-a]", "[a\\-z]", "\\t", "\\n",
            "Tab.Name", "Lines.Two", "[^a][^b]", "\\\\",
        ]
        for pattern in patterns {
            let regex = try Regex(pattern)
            let ours = try TypePattern(pattern)
            for name in names {
                let expected = (try? regex.wholeMatch(in: name)) != nil
                #expect(ours.matches(node(name)) == expected, "\(pattern) against \(name.debugDescription)")
            }
        }
    }

    @Test func generatedPatternsAnswerAsRegexDoes() throws {
        var random = SeededRandom(0x5EA5)
        var cases = 0
        var matched = 0
        for _ in 0..<300 {
            let generated = PatternGenerator.pattern(depth: 2, using: &random)
            let regex = try Regex(generated.text)
            let ours = try TypePattern(generated.text)
            // Names the pattern can make, the same changed a little, and any names.
            var names: [String] = []
            for _ in 0..<4 { names.append(generated.sample(&random)) }
            for name in names.prefix(2) { names.append(PatternGenerator.mutated(name, using: &random)) }
            for _ in 0..<3 { names.append(PatternGenerator.anyName(using: &random)) }
            for name in names {
                let expected = (try? regex.wholeMatch(in: name)) != nil
                #expect(
                    ours.matches(node(name)) == expected,
                    "\(generated.text) against \(name.debugDescription): Regex says \(expected)")
                cases += 1
                if expected { matched += 1 }
            }
        }
        // Both answers are well represented.
        #expect(cases == 2700 && matched > 600 && matched < 2100, "\(matched) of \(cases) matched")
    }

    @Test func aPatternWhoseAutomatonWouldBeHugeStillAnswersAsRegexDoes() throws {
        // The 13th character from the end is an a: 2^13 sets of states, more than an automaton
        // keeps, so names that reach past its limit are matched by the program itself.
        let pattern = "(a|b)*a(a|b){12}"
        let ours = try TypePattern(pattern)
        let regex = try Regex(pattern)
        var random = SeededRandom(13)
        for _ in 0..<300 {
            let name = String(
                (0..<Int.random(in: 10...40, using: &random)).map { _ in Bool.random(using: &random) ? "a" : "b" })
            #expect(ours.matches(name) == ((try? regex.wholeMatch(in: name)) != nil), "\(name)")
        }
    }

    @Test func randomTextIsRefusedOrAnswersAsRegexDoes() throws {
        // Any text, as a fuzzer would write it: a pattern seams takes means what Regex says,
        // and one it refuses is refused with an error, never a crash.
        let alphabet = Array("ab.()[]{}|*+?^$\\-,12:<>=!dws")
        var random = SeededRandom(0xF022)
        var taken = 0
        for _ in 0..<3000 {
            let text = String(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            guard let ours = try? TypePattern(text) else { continue }
            taken += 1
            let regex = try #require(try? Regex(text), "seams takes \(text.debugDescription), Regex does not")
            for name in ["", "a", "b", "ab", "aab", "a.b", "-", "1", "{", "}", "a{1}", "]", "a,b"] {
                let expected = (try? regex.wholeMatch(in: name)) != nil
                #expect(ours.matches(name) == expected, "\(text.debugDescription) against \(name.debugDescription)")
            }
        }
        #expect(taken > 300, "\(taken) of 3000 taken")
    }

    // MARK: what is refused, and how it is said

    @Test func unsupportedSyntaxIsRefusedWithWhatToDoInstead() {
        let refused: [(String, String)] = [
            ("(a)\\1", "backreferences (\\1)"), ("(?<n>a)\\k<n>", "backreferences (\\k)"),
            ("(?=a)a", "lookahead (?=…)"), ("(?!a).", "negative lookahead (?!…)"), ("(?<=a)b", "lookbehind (?<=…)"),
            ("(?<!a)b", "negative lookbehind (?<!…)"), ("(?>a+)", "atomic groups (?>…)"),
            ("(?i)app", "inline options (?i)"),
            ("a*+", "possessive quantifiers (*+)"), ("\\bA", "word boundaries (\\b)"),
            ("\\p{L}", "Unicode properties (\\p)"),
            ("[[:alpha:]]", "nested classes and POSIX classes ([[…]], [[:alpha:]])"),
            ("[a-z&&b]", "class set operations (&&)"),
            ("\\x41", "code point escapes (\\x)"), ("\\Qa.b\\E", "quoting (\\Q…\\E)"),
            ("\\Aa", "anchors other than ^ and $ (\\A)"),
        ]
        for (pattern, words) in refused {
            #expect(throws: TypePatternError.self, "\(pattern)") { try TypePattern(pattern) }
            do {
                _ = try TypePattern(pattern)
            } catch {
                let text = "\(error)"
                #expect(text.hasPrefix("\(words) "), "\(pattern): \(text)")
                #expect(text.contains("not supported in type patterns"), "\(pattern): \(text)")
            }
        }
    }

    @Test func malformedPatternsSayWhatIsWrong() {
        let malformed: [(String, String)] = [
            ("(abc", "expected ')'"), ("a)", "closing ')' does not balance any group's opening"),
            ("*a", "quantifier '*' must appear after an expression"),
            ("a|+", "quantifier '+' must appear after an expression"),
            ("a**", "quantifier '*' must appear after an expression"),
            ("a{2}{3}", "quantifier '{3}' must appear after an expression"),
            ("a{3,2}", "range lower bound 3 must not be above upper bound 2"), ("[abc", "expected ']'"),
            ("[]", "empty character class"),
            ("[z-a]", "range z-a is backwards"), ("[\\d-z]", "a range bound must be one character, not \\d"),
            ("a\\", "expected an escape after '\\'"),
            ("a{100000}", "repetition count 100000 is over 1000"),
            ("(((a{1000}){1000}){1000})", "the pattern is too large"),
        ]
        for (pattern, words) in malformed {
            do {
                _ = try TypePattern(pattern)
                Issue.record("\(pattern) was accepted")
            } catch {
                #expect("\(error)".contains(words), "\(pattern): \(error)")
            }
        }
    }

    @Test func aPatternNestedTooDeeplyIsRefusedNotACrash() {
        let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        #expect(throws: TypePatternError.self) { try TypePattern(deep) }
    }

    @Test func anUnsupportedPatternInTheConfigIsAProblemAtItsPlace() {
        do {
            _ = try SeamsConfig.parse(
                "rules:\n  - id: x\n    kind: forbidden\n    to: { type: \"(?=View).*\" }\n", path: "seams.yml")
            Issue.record("accepted")
        } catch let error as ConfigError {
            #expect(error.problems.count == 1)
            #expect(
                error.problems.first?.description.hasPrefix(
                    "seams.yml:4:17: error: invalid regular expression '(?=View).*': lookahead (?=…) is not supported in type patterns"
                ) == true, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// Random patterns of the syntax type patterns take, each with a way to make names it matches.
enum PatternGenerator {
    struct Generated {
        var text: String
        var sample: (inout SeededRandom) -> String
    }

    static let alphabet: [Character] = ["a", "b", "A", "1", "_", ".", "-", " "]

    static func anyName(using random: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...7, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    static func mutated(_ name: String, using random: inout SeededRandom) -> String {
        var chars = Array(name)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !chars.isEmpty: chars.remove(at: Int.random(in: 0..<chars.count, using: &random))
        case 1:
            chars.insert(alphabet.randomElement(using: &random)!, at: Int.random(in: 0...chars.count, using: &random))
        default:
            if !chars.isEmpty {
                chars[Int.random(in: 0..<chars.count, using: &random)] = alphabet.randomElement(using: &random)!
            }
        }
        return String(chars)
    }

    /// Character classes as written, with the characters of the alphabet each takes.
    static let classes: [(text: String, members: [Character])] = [
        ("[ab]", ["a", "b"]), ("[^a]", ["b", "A", "1", "_", ".", "-", " "]), ("[a-c]", ["a", "b"]),
        ("[A-Z0-9]", ["A", "1"]), ("\\d", ["1"]), ("\\w", ["a", "b", "A", "1", "_"]), ("\\s", [" "]),
        ("\\D", ["a", "b", "A", "_", ".", "-", " "]), ("\\W", [".", "-", " "]),
        ("[\\w.]", ["a", "b", "A", "1", "_", "."]),
        ("[.-]", [".", "-"]), ("[^\\w]", [".", "-", " "]), (".", alphabet), ("\\.", ["."]), ("\\-", ["-"]),
    ]

    static func pattern(depth: Int, using random: inout SeededRandom) -> Generated {
        var inner = sequence(depth: depth, using: &random)
        if Int.random(in: 0..<4, using: &random) == 0 {
            let body = inner
            inner = Generated(text: "^" + body.text, sample: body.sample)
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            let body = inner
            inner = Generated(text: body.text + "$", sample: body.sample)
        }
        return inner
    }

    static func sequence(depth: Int, using random: inout SeededRandom) -> Generated {
        let parts = (0..<Int.random(in: 1...3, using: &random)).map { _ in quantified(depth: depth, using: &random) }
        return Generated(text: parts.map(\.text).joined()) { random in parts.map { $0.sample(&random) }.joined() }
    }

    /// An atom, perhaps quantified. Unbounded quantifiers go on single characters only: on a
    /// group they make `Regex`, the oracle, backtrack for minutes on some names.
    static func quantified(depth: Int, using random: inout SeededRandom) -> Generated {
        let (atom, single) = self.atom(depth: depth, using: &random)
        let bounded: [(String, Int, Int)] = [
            ("", 1, 1), ("", 1, 1), ("", 1, 1), ("?", 0, 1), ("{2}", 2, 2), ("{1,2}", 1, 2), ("{,2}", 0, 2),
            ("??", 0, 1), ("{0,1}?", 0, 1),
        ]
        let unbounded: [(String, Int, Int)] = [("*", 0, 3), ("+", 1, 3), ("{1,}", 1, 3), ("*?", 0, 3), ("+?", 1, 3)]
        let (suffix, low, high) = (single ? bounded + unbounded : bounded).randomElement(using: &random)!
        return Generated(text: atom.text + suffix) { random in
            (0..<Int.random(in: low...high, using: &random)).map { _ in atom.sample(&random) }.joined()
        }
    }

    /// An atom, and whether it is one character.
    static func atom(depth: Int, using random: inout SeededRandom) -> (Generated, Bool) {
        let kind = depth > 0 ? Int.random(in: 0..<6, using: &random) : Int.random(in: 0..<3, using: &random)
        switch kind {
        case 0:
            let c = alphabet.filter { $0 != "." && $0 != "-" }.randomElement(using: &random)!
            return (Generated(text: String(c)) { _ in String(c) }, true)
        case 1, 2:
            let (text, members) = classes.randomElement(using: &random)!
            return (Generated(text: text) { random in String(members.randomElement(using: &random)!) }, true)
        case 3:
            let body = sequence(depth: depth - 1, using: &random)
            return (Generated(text: "(" + body.text + ")", sample: body.sample), false)
        default:
            let branches = (0..<Int.random(in: 2...3, using: &random)).map { _ in
                sequence(depth: depth - 1, using: &random)
            }
            let open = Bool.random(using: &random) ? "(?:" : "("
            let generated = Generated(text: open + branches.map(\.text).joined(separator: "|") + ")") { random in
                branches.randomElement(using: &random)!.sample(&random)
            }
            return (generated, false)
        }
    }
}
