/// A byte-level pass run before parsing, because three shapes of tiny input take SwiftParser down:
/// nested square brackets (`[[[[…`) make it backtrack in time doubling with each level (a file of
/// 30 `[` does not finish in minutes), nested string interpolations (`"\("\("…`) take memory
/// quadratic in the depth (18 KB of them take 1.7 GB), and nested generic arguments (`A<A<A<…`)
/// make its lookahead roughly cubic in the depth (2,000 levels, 6 KB, took 67 s). Parentheses and
/// braces are bounded by the parser's own nesting limit and cost nothing.
///
/// A `<` right after an identifier opens a generic argument list as far as this pass can tell;
/// a `>` (not of `->`) closes it, and a line end or the closing of an enclosing bracket ends any
/// still open, so a comparison `a<b` never adds up over a file.
///
/// The pass lexes just enough of Swift to tell code from comments and string literals (nested
/// block comments, `"…"`, `"""…"""`, raw strings with `#`, interpolations inside them) and keeps
/// a stack of open brackets. A region nested deeper than a limit is blanked (every byte but line
/// ends becomes a space, so lines and UTF-8 columns stay where they were) and the rest of the file
/// is parsed as usual. Linear in the file's size; it allocates only the stack and, when a region
/// is cut, one copy of the bytes.
public struct NestingGuard: Sendable {
    /// Deepest square-bracket nesting kept. Real code stays far below it: `seams-bench nesting`
    /// found at most 5 in NetNewsWire, IceCubesApp, mastodon-ios, home-assistant's iOS app,
    /// swift-syntax, Yams and swift-argument-parser (6,500 files). At 12 the parser still takes
    /// milliseconds even in a debug build; each level beyond roughly doubles it.
    public var maxBrackets = 12
    /// Deepest string interpolation kept (the same code reaches 3).
    public var maxInterpolations = 8
    /// Deepest generic argument nesting kept on one line. SwiftUI's longest spelt-out types
    /// reach 5 or 6; at 24 the parser's lookahead still takes well under a millisecond.
    public var maxAngles = 24

    public init() {}

    /// One region left out: the opener's line and the line of its closer (or of the file's end).
    public struct Cut: Equatable, Sendable {
        public var what: String
        public var limit: Int
        public var startLine: Int
        public var endLine: Int
    }

    /// What the pass saw: the deepest nesting of each kind, and the regions it cut.
    public struct Report: Equatable, Sendable {
        public var maxBrackets = 0
        public var maxInterpolations = 0
        public var maxAngles = 0
        public var maxAll = 0
        public var cuts: [Cut] = []
    }

    private enum Frame: Equatable {
        case paren, bracket, brace
        /// A generic argument list, as far as bytes tell: `<` after an identifier.
        case angle
        /// Code inside `\(`…`)` of a string literal.
        case interpolation
        /// A string literal: the number of `#` around it, and whether it is `"""`.
        case string(hashes: Int, multiline: Bool)
    }

    /// Measures `bytes` and returns them with every over-deep region blanked, or nil when none was.
    public func apply(_ bytes: [UInt8]) -> (report: Report, blanked: [UInt8]?) {
        bytes.withUnsafeBufferPointer { apply($0) }
    }

    /// Measures `bytes` and returns them with every over-deep region blanked, or nil when none was.
    public func apply(_ bytes: UnsafeBufferPointer<UInt8>) -> (report: Report, blanked: [UInt8]?) {
        var report = Report()
        var regions: [(start: Int, end: Int)] = []
        var stack: [Frame] = []
        var brackets = 0
        var interpolations = 0
        var angles = 0
        var openCut: (level: Int, start: Int, what: String, limit: Int)?
        var line = 1
        var cutStartLine = 0
        let n = bytes.count
        var i = 0

        // The innermost frame when it is a string literal: read for every byte, so kept apart
        // from the stack.
        var string: (hashes: Int, multiline: Bool)?
        func push(_ frame: Frame, at position: Int) {
            stack.append(frame)
            if case .string(let h, let m) = frame { string = (h, m) } else { string = nil }
            switch frame {
            case .bracket: brackets += 1
            case .interpolation: interpolations += 1
            case .angle: angles += 1
            default: break
            }
            report.maxBrackets = max(report.maxBrackets, brackets)
            report.maxAngles = max(report.maxAngles, angles)
            report.maxInterpolations = max(report.maxInterpolations, interpolations)
            if case .string = frame {} else { report.maxAll = max(report.maxAll, stack.count) }
            guard openCut == nil else { return }
            if frame == .bracket && brackets > maxBrackets {
                openCut = (stack.count - 1, position, "square brackets", maxBrackets)
            } else if frame == .interpolation && interpolations > maxInterpolations {
                openCut = (stack.count - 1, position, "string interpolations", maxInterpolations)
            } else if frame == .angle && angles > maxAngles {
                openCut = (stack.count - 1, position, "generic arguments", maxAngles)
            }
            if openCut != nil { cutStartLine = line }
        }
        func pop(endingAt position: Int) {
            switch stack.removeLast() {
            case .bracket: brackets -= 1
            case .interpolation: interpolations -= 1
            case .angle: angles -= 1
            default: break
            }
            if case .string(let h, let m)? = stack.last { string = (h, m) } else { string = nil }
            if let cut = openCut, stack.count == cut.level {
                regions.append((cut.start, position + 1))
                report.cuts.append(Cut(what: cut.what, limit: cut.limit, startLine: cutStartLine, endLine: line))
                openCut = nil
            }
        }
        func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        /// Ends the generic argument lists left open on top, before `position`.
        func dropAngles(before position: Int) {
            while stack.last == .angle { pop(endingAt: position - 1) }
        }
        func hashes(from k: Int) -> Int {
            var j = k
            while j < n && bytes[j] == UInt8(ascii: "#") { j += 1 }
            return j - k
        }
        /// Steps over one line end at `i`, counting lines as LineTable does.
        func newline() {
            if bytes[i] == 0x0D && at(i + 1) == 0x0A { i += 1 }
            line += 1
            i += 1
        }

        let (codeBytes, stringBytes) = (Self.inCodeBits, Self.inStringBits)
        while i < n {
            let b = bytes[i]
            // Most bytes neither open, close nor end anything: stepped over at once.
            if !Self.mayMatter(b, string == nil ? codeBytes : stringBytes) {
                i += 1
                continue
            }
            if b == 0x0A || b == 0x0D {
                // A one-line string literal left open ends with its line, and so does a `<` left open.
                if let open = string, !open.multiline { pop(endingAt: i - 1) }
                if string == nil { dropAngles(before: i) }
                newline()
                continue
            }
            if let open = string {
                let (h, multiline) = (open.hashes, open.multiline)
                // Inside a string literal: look for its end, an escape, or an interpolation.
                if b == UInt8(ascii: "\\") && hashes(from: i + 1) == h {
                    let after = i + 1 + h
                    if at(after) == UInt8(ascii: "(") {
                        push(.interpolation, at: i)
                        i = after + 1
                    } else {
                        // An escaped character (in a raw string, `\#n`): skip it unless it ends a line.
                        i = after
                        if i < n && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                    }
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at(i + $0) == UInt8(ascii: "\"") }) && hashes(from: i + quotes) >= h {
                        i += quotes + h
                        pop(endingAt: i - 1)
                        continue
                    }
                }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                while i < n && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                var depth = 1
                i += 2
                while i < n && depth > 0 {
                    if bytes[i] == 0x0A || bytes[i] == 0x0D {
                        newline()
                    } else if bytes[i] == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                        depth += 1
                        i += 2
                    } else if bytes[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                }
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                let h = hashes(from: i)
                let q = i + h
                guard at(q) == UInt8(ascii: "\"") else {
                    i = max(q, i + 1)
                    continue
                }
                let multiline = at(q + 1) == UInt8(ascii: "\"") && at(q + 2) == UInt8(ascii: "\"")
                push(.string(hashes: h, multiline: multiline), at: i)
                i = q + (multiline ? 3 : 1)
            case UInt8(ascii: "("): push(.paren, at: i); i += 1
            case UInt8(ascii: "["): push(.bracket, at: i); i += 1
            case UInt8(ascii: "{"): push(.brace, at: i); i += 1
            case UInt8(ascii: "<"):
                if i > 0 && Self.isIdentifierByte(bytes[i - 1]) { push(.angle, at: i) }
                i += 1
            case UInt8(ascii: ">"):
                if stack.last == .angle && (i == 0 || bytes[i - 1] != UInt8(ascii: "-")) { pop(endingAt: i) }
                i += 1
            case UInt8(ascii: ")"):
                dropAngles(before: i)
                if stack.last == .paren || stack.last == .interpolation { pop(endingAt: i) }
                i += 1
            case UInt8(ascii: "]"):
                dropAngles(before: i)
                if stack.last == .bracket { pop(endingAt: i) }
                i += 1
            case UInt8(ascii: "}"):
                dropAngles(before: i)
                if stack.last == .brace { pop(endingAt: i) }
                i += 1
            default:
                i += 1
            }
        }
        if let cut = openCut {
            regions.append((cut.start, n))
            report.cuts.append(Cut(what: cut.what, limit: cut.limit, startLine: cutStartLine, endLine: line))
        }
        guard !regions.isEmpty else { return (report, nil) }
        var out = Array(bytes)
        for region in regions {
            for k in region.start..<region.end where out[k] != 0x0A && out[k] != 0x0D { out[k] = UInt8(ascii: " ") }
        }
        return (report, out)
    }

    /// Bytes the pass acts on: line ends and `"`; inside a string literal also `\`, elsewhere
    /// `/`, `#` and the brackets. One bit per ASCII byte, in two words.
    private static let inStringBits = bits("\n\r\\\"")
    private static let inCodeBits = bits("\n\r\"/#()[]{}<>")

    @inline(__always)
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }

    private static func bits(_ bytes: String) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        for b in bytes.utf8 {
            if b < 64 { words.0 |= 1 << UInt64(b) } else { words.1 |= 1 << UInt64(b - 64) }
        }
        return words
    }

    @inline(__always)
    private static func mayMatter(_ b: UInt8, _ set: (UInt64, UInt64)) -> Bool {
        b < 128 && ((b < 64 ? set.0 : set.1) >> UInt64(b & 63)) & 1 != 0
    }
}
