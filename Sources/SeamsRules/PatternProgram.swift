/// A type pattern compiled once into a Thompson automaton, and matched by running every state it
/// can be in side by side, one step per character: time in name length × pattern size, whatever
/// the pattern. A backtracking engine (Swift's `Regex`) tries the ways of splitting the name one
/// after another instead, and `(a+)+$` against forty `a`s and a `!` kept it busy for minutes.
struct PatternProgram: Sendable {
    enum Op: Sendable {
        /// One character: `literals[i]`.
        case literal(Int)
        /// Any character but a newline.
        case any
        /// A character of `sets[i]`.
        case set(Int)
        /// `^`, `$`: go on only at the start, at the end of the name.
        case start, end
        /// Go on at both.
        case split(Int, Int)
        case jump(Int)
        case match
    }

    /// The most steps a pattern may compile to, counted repetitions spelled out (`a{1000}` is
    /// 1,000): it bounds each character's work.
    static let maxOps = 20_000

    private(set) var ops: [Op] = []
    private(set) var literals: [Character] = []
    /// Each literal as an ASCII byte, for names that are ASCII; nil for other characters.
    private(set) var literalBytes: [UInt8?] = []
    private(set) var sets: [CompiledClass] = []
    /// A pattern of literal alternatives only (`AppDelegate|SceneDelegate`): the names it takes.
    private(set) var words: Set<String>?

    init(_ syntax: PatternSyntax) throws {
        let size = Self.size(syntax)
        guard size < Self.maxOps else {
            throw TypePatternError(
                "the pattern is too large: its repetitions spelled out come to more than \(Self.maxOps) steps; "
                    + "use * or + for long runs")
        }
        if let words = Self.words(syntax) {
            self.words = Set(words)
            return
        }
        var setIndex: [PatternSyntax.CharacterClass: Int] = [:]
        emit(syntax, setIndex: &setIndex)
        ops.append(.match)
    }

    /// A program that matches nothing.
    static let nothing: PatternProgram = {
        var p = try! PatternProgram(.empty)
        p.words = []
        return p
    }()

    // MARK: compiling

    /// How many steps `node` compiles to (saturating, so that nested counts cannot overflow).
    static func size(_ node: PatternSyntax) -> Int {
        let cap = maxOps * 4
        func times(_ a: Int, _ b: Int) -> Int {
            let (p, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? cap : min(p, cap)
        }
        switch node {
        case .empty: return 0
        case .character, .any, .set, .start, .end: return 1
        case .sequence(let items): return min(cap, items.reduce(0) { min(cap, $0 + size($1)) })
        case .choice(let branches): return min(cap, branches.reduce(2 * branches.count) { min(cap, $0 + size($1)) })
        case .repeated(let body, let low, let high):
            let one = size(body)
            return min(cap, times(low, one) + (high.map { times($0 - low, one + 1) } ?? one + 2))
        }
    }

    /// The names a pattern of literals and alternatives takes, when there are few; nil for any
    /// other pattern. Only when joining the characters makes no new character of them (a
    /// pattern's `\r` and `\n` are two, a name's CR LF one).
    static func words(_ node: PatternSyntax) -> [String]? {
        func make(_ node: PatternSyntax) -> [[Character]]? {
            switch node {
            case .empty: return [[]]
            case .character(let c): return [[c]]
            case .choice(let branches):
                var all: [[Character]] = []
                for branch in branches {
                    guard let some = make(branch) else { return nil }
                    all += some
                }
                return all.count <= 64 ? all : nil
            case .sequence(let items):
                var all: [[Character]] = [[]]
                for item in items {
                    guard let some = make(item), all.count * some.count <= 64 else { return nil }
                    all = all.flatMap { head in some.map { head + $0 } }
                }
                return all
            default: return nil
            }
        }
        guard let made = make(node) else { return nil }
        let words = made.map { String($0) }
        guard zip(words, made).allSatisfy({ $0.count == $1.count }) else { return nil }
        return words
    }

    private mutating func emit(_ node: PatternSyntax, setIndex: inout [PatternSyntax.CharacterClass: Int]) {
        switch node {
        case .empty:
            break
        case .character(let c):
            ops.append(.literal(literals.count))
            literals.append(c)
            literalBytes.append(c.isASCII && c.singleScalar != nil ? c.asciiValue : nil)
        case .any:
            ops.append(.any)
        case .set(let set):
            if let i = setIndex[set] {
                ops.append(.set(i))
            } else {
                setIndex[set] = sets.count
                ops.append(.set(sets.count))
                sets.append(CompiledClass(set))
            }
        case .start:
            ops.append(.start)
        case .end:
            ops.append(.end)
        case .sequence(let items):
            for item in items { emit(item, setIndex: &setIndex) }
        case .choice(let branches):
            var jumps: [Int] = []
            for branch in branches.dropLast() {
                let split = ops.count
                ops.append(.split(split + 1, -1))
                emit(branch, setIndex: &setIndex)
                jumps.append(ops.count)
                ops.append(.jump(-1))
                ops[split] = .split(split + 1, ops.count)
            }
            if let last = branches.last { emit(last, setIndex: &setIndex) }
            for j in jumps { ops[j] = .jump(ops.count) }
        case .repeated(let body, let low, let high):
            for _ in 0..<low { emit(body, setIndex: &setIndex) }
            if let high {
                // Each further copy optional; skipping one skips the rest.
                var splits: [Int] = []
                for _ in low..<high {
                    splits.append(ops.count)
                    ops.append(.split(ops.count + 1, -1))
                    emit(body, setIndex: &setIndex)
                }
                for s in splits { ops[s] = .split(s + 1, ops.count) }
            } else {
                let loop = ops.count
                ops.append(.split(loop + 1, -1))
                emit(body, setIndex: &setIndex)
                ops.append(.jump(loop))
                ops[loop] = .split(loop + 1, ops.count)
            }
        }
    }

    // MARK: matching

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        if let words { return words.contains(text) }
        // An ASCII name is matched byte by byte (each byte is a character, but for CR LF).
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return run(text.utf8, passes: passes(_:byte:)) }
        return run(text, passes: passes(_:character:))
    }

    private func run<Units: Sequence>(_ units: Units, passes: (Op, Units.Element) -> Bool) -> Bool {
        let count = ops.count
        var current: [Int] = []
        var next: [Int] = []
        current.reserveCapacity(count)
        next.reserveCapacity(count)
        var marks = [UInt32](repeating: 0, count: count)
        var stack: [Int] = []
        var generation: UInt32 = 1
        var iterator = units.makeIterator()
        var unit = iterator.next()
        follow(
            0, into: &current, marks: &marks, generation: generation, atStart: true, atEnd: unit == nil, stack: &stack)
        while let this = unit, !current.isEmpty {
            unit = iterator.next()
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current where passes(ops[pc], this) {
                follow(
                    pc + 1, into: &next, marks: &marks, generation: generation, atStart: false, atEnd: unit == nil,
                    stack: &stack)
            }
            swap(&current, &next)
        }
        guard unit == nil else { return false }
        return current.contains(count - 1)
    }

    /// Adds the states reached from `pc` without reading a character: through jumps, splits and
    /// the anchors that hold here. Each state once per step (`marks`), so a loop that can match
    /// nothing (`(a*)*`) ends.
    func follow(
        _ pc: Int, into list: inout [Int], marks: inout [UInt32], generation: UInt32, atStart: Bool, atEnd: Bool,
        stack: inout [Int]
    ) {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard marks[pc] != generation else { continue }
            marks[pc] = generation
            switch ops[pc] {
            case .jump(let to): stack.append(to)
            case .split(let a, let b):
                stack.append(b)
                stack.append(a)
            case .start: if atStart { stack.append(pc + 1) }
            case .end: if atEnd { stack.append(pc + 1) }
            case .literal, .any, .set, .match: list.append(pc)
            }
        }
    }
}

/// A character class ready to test: its members, and its answer for every ASCII byte.
struct CompiledClass: Sendable {
    let set: PatternSyntax.CharacterClass
    private let ascii: (UInt64, UInt64)

    init(_ set: PatternSyntax.CharacterClass) {
        self.set = set
        var bits: (UInt64, UInt64) = (0, 0)
        for byte in UInt8(0)..<128 where Self.contains(Character(Unicode.Scalar(byte)), in: set) {
            if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
        }
        ascii = bits
    }

    func contains(byte: UInt8) -> Bool {
        byte < 64 ? ascii.0 & (1 << UInt64(byte)) != 0 : ascii.1 & (1 << UInt64(byte - 64)) != 0
    }

    func contains(_ c: Character) -> Bool { Self.contains(c, in: set) }

    /// As `Regex` reads a class against a character: `\d` is `isNumber`, `\w` a letter, a
    /// number or `_`, `\s` `isWhitespace`; a range takes characters of one code point.
    static func contains(_ c: Character, in set: PatternSyntax.CharacterClass) -> Bool {
        var found = false
        for item in set.items where !found {
            switch item {
            case .character(let member): found = member == c
            case .range(let low, let high): found = c.singleScalar.map { (low...high).contains($0) } ?? false
            case .digit(let negated): found = c.isNumber != negated
            case .word(let negated): found = (c.isLetter || c.isNumber || c == "_") != negated
            case .space(let negated): found = c.isWhitespace != negated
            }
        }
        return found != set.negated
    }
}

extension PatternProgram {
    /// Whether a byte of an ASCII name passes `op` (a program reads names byte by byte, or
    /// character by character when they are not ASCII).
    func passes(_ op: Op, byte: UInt8) -> Bool {
        switch op {
        case .literal(let i): return literalBytes[i] == byte
        case .any: return !(0x0A...0x0D).contains(byte)
        case .set(let i): return sets[i].contains(byte: byte)
        default: return false
        }
    }

    /// Whether a character of a name passes `op`.
    func passes(_ op: Op, character c: Character) -> Bool {
        switch op {
        case .literal(let i): return literals[i] == c
        case .any: return !c.isNewline
        case .set(let i): return sets[i].contains(c)
        default: return false
        }
    }
}
