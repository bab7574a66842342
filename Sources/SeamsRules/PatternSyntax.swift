/// A `type:` pattern read into a tree: the part of regular-expression syntax that can be
/// matched in time linear in the name (no backreferences, no lookaround), spelled as Swift's
/// `Regex` spells it, so that a pattern means what it meant when `Regex` ran it.
indirect enum PatternSyntax: Equatable {
    case empty
    case character(Character)
    /// `.`: any character but a newline.
    case any
    case set(CharacterClass)
    /// `^` and `$`: the start and the end of the name.
    case start, end
    case sequence([PatternSyntax])
    case choice([PatternSyntax])
    /// `min` to `max` times (no upper bound when nil).
    case repeated(PatternSyntax, min: Int, max: Int?)

    /// A bracketed class, or `\d`, `\w`, `\s` and their negations.
    struct CharacterClass: Hashable {
        var negated = false
        var items: [Item] = []

        enum Item: Hashable {
            case character(Character)
            /// Code points from one to the other, both included.
            case range(UInt32, UInt32)
            /// `\d` (`Character.isNumber`), `\w` (letters, numbers, `_`), `\s` (`isWhitespace`);
            /// `negated` for `\D`, `\W`, `\S`.
            case digit(negated: Bool), word(negated: Bool), space(negated: Bool)
        }
    }

    /// The most times a counted repetition may say (`a{1000}`).
    static let maxCount = 1000
    /// Groups nested deeper than this are refused, not recursed into.
    static let maxDepth = 100

    static let supported =
        "type patterns are matched in time linear in the name, so they take literals, ., [classes], \\d \\w \\s "
        + "(and \\D \\W \\S), groups, |, * + ? {m} {m,} {m,n} and ^ $"


    struct Reader {
        let chars: [Character]
        var at = 0

        init(_ chars: [Character]) { self.chars = chars }

        var peek: Character? { at < chars.count ? chars[at] : nil }

        func peek(_ offset: Int) -> Character? { at + offset < chars.count ? chars[at + offset] : nil }

        func starts(with text: String) -> Bool {
            var i = at
            for c in text {
                guard i < chars.count, chars[i] == c else { return false }
                i += 1
            }
            return true
        }

        mutating func choice(depth: Int) throws -> PatternSyntax {
            guard depth <= PatternSyntax.maxDepth else {
                throw TypePatternError("groups nested more than \(PatternSyntax.maxDepth) deep")
            }
            var branches = [try sequence(depth: depth)]
            while peek == "|" {
                at += 1
                branches.append(try sequence(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        mutating func sequence(depth: Int) throws -> PatternSyntax {
            var items: [PatternSyntax] = []
            while let c = peek, c != "|", c != ")" {
                if let quantifier = quantifierText() {
                    throw TypePatternError("quantifier '\(quantifier)' must appear after an expression")
                }
                var item = try atom(depth: depth)
                if let (min, max, text) = try quantifier() {
                    if item == .start || item == .end {
                        throw TypePatternError("quantifier '\(text)' must appear after an expression")
                    }
                    item = .repeated(item, min: min, max: max)
                    if peek == "?" {
                        at += 1  // lazy: the same names match as a whole
                    } else if peek == "+" {
                        throw PatternSyntax.Reader.unsupported("possessive quantifiers (\(text)+)", plural: true)
                    }
                    if let next = quantifierText() {
                        throw TypePatternError("quantifier '\(next)' must appear after an expression")
                    }
                }
                items.append(item)
            }
            return items.count == 1 ? items[0] : items.isEmpty ? .empty : .sequence(items)
        }

        /// The text of the quantifier that starts here, if one does.
        func quantifierText() -> String? {
            guard let c = peek else { return nil }
            if "*+?".contains(c) { return String(c) }
            if c == "{", let end = countedEnd() { return String(chars[at...end]) }
            return nil
        }

        /// Where `{m}`, `{m,}`, `{m,n}` or `{,n}` starting here ends (its `}`); nil when the
        /// brace is a plain character, as `Regex` reads it (`a{x`, `a{,}`). Spaces are allowed
        /// inside, as `Regex` allows them.
        func countedEnd() -> Int? {
            var i = at + 1
            var digits = 0
            var commas = 0
            while i < chars.count, chars[i] != "}" {
                let c = chars[i]
                if c.isASCII && c.isNumber {
                    digits += 1
                } else if c == "," {
                    commas += 1
                } else if c != " " {
                    return nil
                }
                i += 1
            }
            guard i < chars.count, digits > 0, commas <= 1 else { return nil }
            return i
        }

        mutating func quantifier() throws -> (min: Int, max: Int?, text: String)? {
            guard let c = peek else { return nil }
            switch c {
            case "*":
                at += 1
                return (0, nil, "*")
            case "+":
                at += 1
                return (1, nil, "+")
            case "?":
                at += 1
                return (0, 1, "?")
            case "{":
                guard let end = countedEnd() else { return nil }
                let text = String(chars[at...end])
                let inside = String(chars[(at + 1)..<end]).filter { $0 != " " }
                at = end + 1
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                func count(_ s: Substring) throws -> Int? {
                    guard !s.isEmpty else { return nil }
                    guard s.count <= 7, let n = Int(s), n <= PatternSyntax.maxCount else {
                        throw TypePatternError("repetition count \(s) is over \(PatternSyntax.maxCount)")
                    }
                    return n
                }
                let low = try count(parts[0]) ?? 0
                let high = parts.count == 1 ? low : try count(parts[1])
                if let high, low > high {
                    throw TypePatternError("range lower bound \(low) must not be above upper bound \(high)")
                }
                return (low, high, text)
            default:
                return nil
            }
        }

        mutating func atom(depth: Int) throws -> PatternSyntax {
            let c = chars[at]
            at += 1
            switch c {
            case ".": return .any
            case "^": return .start
            case "$": return .end
            case "(": return try group(depth: depth)
            case "[": return .set(try bracketed())
            case "\\":
                switch try escape(inClass: false) {
                case .character(let c): return .character(c)
                case let item: return .set(CharacterClass(items: [item]))
                }
            default: return .character(c)
            }
        }

        /// After `(`: the group's kind, its body, its `)`.
        mutating func group(depth: Int) throws -> PatternSyntax {
            if peek == "?" {
                try groupKind()
            }
            let body = try choice(depth: depth + 1)
            guard peek == ")" else { throw TypePatternError("expected ')'") }
            at += 1
            return body
        }

        /// After `(?`: a non-capturing or named group is read on; anything else is refused.
        mutating func groupKind() throws {
            let refused: [(String, String)] = [
                ("?=", "lookahead (?=…)"), ("?!", "negative lookahead (?!…)"), ("?<=", "lookbehind (?<=…)"),
                ("?<!", "negative lookbehind (?<!…)"), ("?>", "atomic groups (?>…)"), ("?#", "comments (?#…)"),
                ("?P=", "backreferences (?P=…)"), ("?P>", "recursion (?P>…)"), ("?R", "recursion (?R)"),
                ("?(", "conditionals (?(…)"), ("?|", "branch resets (?|…)"), ("?&", "recursion (?&…)"),
            ]
            for (prefix, feature) in refused where starts(with: prefix) {
                let plural =
                    feature.hasPrefix("atomic") || feature.hasPrefix("comments") || feature.hasPrefix("back")
                    || feature.hasPrefix("conditionals") || feature.hasPrefix("branch")
                throw PatternSyntax.Reader.unsupported(feature, plural: plural)
            }
            if starts(with: "?:") {
                at += 2
                return
            }
            // Named groups capture, which does not matter here: (?<name>…), (?P<name>…), (?'name'…).
            for (open, close) in [("?<", ">"), ("?P<", ">"), ("?'", "'")] where starts(with: open) {
                var i = at + open.count
                while i < chars.count, chars[i] != Character(close),
                    chars[i].isLetter || chars[i].isNumber
                        || chars[i] == "_"
                {
                    i += 1
                }
                guard i < chars.count, chars[i] == Character(close), i > at + open.count else {
                    throw TypePatternError("expected a group name and '\(close)' after '(\(open)'")
                }
                at = i + 1
                return
            }
            // Options: (?i), (?x-s:…), (?^…).
            var i = at + 1
            while i < chars.count, chars[i].isLetter || chars[i] == "-" || chars[i] == "^" { i += 1 }
            if i > at + 1, i < chars.count, chars[i] == ")" || chars[i] == ":" {
                throw PatternSyntax.Reader.unsupported(
                    "inline options " + String(chars[(at - 1)...i]) + (chars[i] == ":" ? "…)" : ""), plural: true)
            }
            let shown = at + 1 < chars.count ? "(?\(chars[at + 1])" : "(?"
            throw PatternSyntax.Reader.unsupported("the group syntax \(shown)", plural: false)
        }

        /// After `[`: the members up to `]`.
        mutating func bracketed() throws -> CharacterClass {
            var set = CharacterClass()
            if peek == "^" {
                set.negated = true
                at += 1
            }
            if peek == "]" { throw TypePatternError("empty character class: write \\] for the character ]") }
            while true {
                guard let c = peek else { throw TypePatternError("expected ']'") }
                if c == "]" {
                    at += 1
                    return set
                }
                if c == "[" {
                    throw PatternSyntax.Reader.unsupported(
                        "nested classes and POSIX classes ([[…]], [[:alpha:]])", plural: true)
                }
                for op in ["&&", "--", "~~"] where starts(with: op) {
                    throw PatternSyntax.Reader.unsupported("class set operations (\(op))", plural: true)
                }
                let first = try member()
                // A range, unless the '-' is the last member: [a-].
                if peek == "-", let after = peek(1), after != "]" {
                    at += 1
                    let second = try member()
                    guard case .character(let low) = first, case .character(let high) = second else {
                        let bad = describe(first.isSingle ? second : first)
                        throw TypePatternError("a range bound must be one character, not \(bad)")
                    }
                    guard let lo = low.singleScalar, let hi = high.singleScalar else {
                        throw TypePatternError("a range bound must be one code point")
                    }
                    guard lo <= hi else { throw TypePatternError("range \(low)-\(high) is backwards") }
                    set.items.append(.range(lo, hi))
                } else {
                    set.items.append(first)
                }
            }
        }

        /// One member of a class: a character or an escape.
        mutating func member() throws -> CharacterClass.Item {
            guard let c = peek else { throw TypePatternError("expected ']'") }
            at += 1
            if c == "\\" { return try escape(inClass: true) }
            return .character(c)
        }

        func describe(_ item: CharacterClass.Item) -> String {
            switch item {
            case .character(let c): return String(c)
            case .range: return "a range"
            case .digit(let n): return n ? "\\D" : "\\d"
            case .word(let n): return n ? "\\W" : "\\w"
            case .space(let n): return n ? "\\S" : "\\s"
            }
        }

        /// After `\`.
        mutating func escape(inClass: Bool) throws -> CharacterClass.Item {
            guard let c = peek else { throw TypePatternError("expected an escape after '\\'") }
            at += 1
            switch c {
            case "d": return .digit(negated: false)
            case "D": return .digit(negated: true)
            case "w": return .word(negated: false)
            case "W": return .word(negated: true)
            case "s": return .space(negated: false)
            case "S": return .space(negated: true)
            case "t": return .character("\t")
            case "n": return .character("\n")
            case "r": return .character("\r")
            default: break
            }
            guard c.isLetter || c.isNumber else { return .character(c) }
            let escape = "\\\(c)"
            switch c {
            case "1"..."9", "k", "g": throw PatternSyntax.Reader.unsupported("backreferences (\(escape))", plural: true)
            case "b" where !inClass, "B":
                throw PatternSyntax.Reader.unsupported("word boundaries (\(escape))", plural: true)
            case "p", "P": throw PatternSyntax.Reader.unsupported("Unicode properties (\(escape))", plural: true)
            case "x", "u", "U", "o", "0", "N", "c":
                throw PatternSyntax.Reader.unsupported("code point escapes (\(escape))", plural: true)
            case "Q", "E": throw PatternSyntax.Reader.unsupported("quoting (\\Q…\\E)", plural: false)
            case "A", "z", "Z", "G":
                throw PatternSyntax.Reader.unsupported("anchors other than ^ and $ (\(escape))", plural: true)
            default: throw PatternSyntax.Reader.unsupported("the escape \(escape)", plural: false)
            }
        }
    }
}

extension PatternSyntax.CharacterClass.Item {
    var isSingle: Bool {
        if case .character = self { return true }
        return false
    }
}

extension Character {
    /// The code point of a character that is one, else nil.
    var singleScalar: UInt32? {
        let scalars = unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return nil
        }
        return first.value
    }
}

/// Why a `type:` pattern cannot be used: malformed, or outside the syntax type patterns take.
public struct TypePatternError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension PatternSyntax.Reader {
    /// Syntax of regular expressions that type patterns leave out, with what they take.
    static func unsupported(_ feature: String, plural: Bool) -> TypePatternError {
        TypePatternError(
            "\(feature) \(plural ? "are" : "is") not supported in type patterns: \(PatternSyntax.supported)")
    }

    /// Reads a pattern; throws `TypePatternError` for a malformed one or one that uses syntax
    /// outside the subset.
    static func parse(_ pattern: String) throws -> PatternSyntax {
        var reader = PatternSyntax.Reader(Array(pattern))
        let tree = try reader.choice(depth: 0)
        // Only an unbalanced ')' stops a top-level choice before the end.
        if reader.peek != nil { throw TypePatternError("closing ')' does not balance any group's opening") }
        return tree
    }
}
