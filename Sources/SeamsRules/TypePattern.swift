import SeamsGraph

/// A compiled `type:` pattern: a regular expression matched against the whole of a type's id
/// (`Module.Type`) or its name, in time linear in the name whatever the pattern (see
/// `PatternProgram`). It takes the syntax of Swift's `Regex` for literals and escapes, `.`,
/// classes, groups, alternation, quantifiers and `^` `$`, and answers as `Regex` does; a pattern
/// that needs backtracking (backreferences, lookaround) is refused with a message that says so.
public final class TypePattern: Sendable {
    public let pattern: String
    private let program: PatternProgram
    /// The program as an automaton over ASCII names, made as they need it; none for a pattern
    /// of literal alternatives, which are compared whole.
    private let automaton: PatternAutomaton?

    public init(_ pattern: String) throws {
        self.pattern = pattern
        self.program = try PatternProgram(PatternSyntax.Reader.parse(pattern))
        self.automaton = program.words == nil ? PatternAutomaton(program) : nil
    }

    private init(pattern: String, program: PatternProgram) {
        self.pattern = pattern
        self.program = program
        self.automaton = nil
    }

    /// A pattern no type matches (a rule with nothing to forbid).
    public static let nothing = TypePattern(pattern: "(?!)", program: .nothing)

    /// Whole-string match on the id or on the name.
    public func matches(_ node: Node) -> Bool {
        matches(node.id) || (node.name != node.id && matches(node.name))
    }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool {
        automaton?.matches(ascii: text) ?? program.matches(text)
    }
}
