/// A dependency a type reads from everywhere (a shared instance, a static property, a global,
/// an accessor chain's start) that `InjectThroughInit` hands in instead.
public struct Injection: Sendable, Equatable {
    /// How the read becomes a stored property.
    public enum Mode: String, Sendable, CaseIterable {
        /// The value, taken once when the type is made: for constants (`static let shared`).
        case value
        /// A closure that reads it at each use, as the code did: for what can change between
        /// construction and use (`static var`, a computed accessor).
        case provider
        /// A closure that makes it (`type` is the closure's type, `defaultValue` the original
        /// construction): the reads are constructions `T(…)`, which call it without labels.
        case factory
        /// A closure that reads an accessor chain at each use (`UIApplication.appDelegate.api`):
        /// the reads are the positions of members used on the chain (`signIn` of `….api.signIn`).
        case chain
    }

    /// The stored property's and the initializer parameter's name.
    public var name: String
    /// The value's type, as the type's file can spell it.
    public var type: String
    public var mode: Mode
    /// The default, when it is not the code's own read (a factory's closure).
    public var defaultValue: String?
    /// The type whose member is read (`Logger` of `Logger.shared`), and that member: how far
    /// they are seen decides which initializers may take the default.
    public var declaredBy: String?
    public var member: String?
    /// How far the default and the type are seen, when known beforehand (a factory's initializer).
    public var visibility: AccessLevel?
    /// Where the code reads it: the position of the member's name in `T.member`, or of a
    /// global's name (1-based line and column, as the scan gives them).
    public var reads: [Position]

    public init(name: String, type: String, mode: Mode, reads: [Position], defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.mode = mode
        self.reads = reads
        self.defaultValue = defaultValue
    }
}

/// A place in a file, as the scan names it.
public struct Position: Sendable, Hashable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: Position, b: Position) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// The type given its dependencies: its name as declared, qualified by the types it is nested
/// in, and whether it inherits initializers from a superclass (which an initializer of its
/// own would hide).
public struct InjectionTarget: Sendable, Equatable {
    public var name: String
    public var inheritsInitializers: Bool
    /// The scanned classes that inherit from it (by name): they may override its initializers,
    /// which then keep their signatures, and a member of theirs would clash with a new property.
    public var subclasses: [String] = []
    /// The scanned classes it inherits from (by name): a member of theirs would be overridden
    /// by a new stored property, which Swift refuses.
    public var superclasses: [String] = []

    public init(name: String, inheritsInitializers: Bool) {
        self.name = name
        self.inheritsInitializers = inheritsInitializers
    }

    var simpleName: String { String(name.split(separator: ".").last ?? Substring(name)) }
}

/// What a recipe changed: each changed file's new text, and what a reader of the diff should
/// know (reads left as they were, and why; how the type is now given its dependency).
public struct Rewrite: Sendable, Equatable {
    public var files: [String: String]
    public var notes: [String]

    public init(files: [String: String], notes: [String]) {
        self.files = files
        self.notes = notes
    }
}

/// Why a recipe was not applied, as the user reads it.
public struct ApplyRefusal: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// How the type is given its dependency, by the initializers it has.
enum InjectionStyle {
    /// Designated initializers exist: each takes the parameters (or sets the defaults).
    case parameters
    /// None, and none inherited: one is written.
    case newInitializer
    /// None, inherited from a superclass: properties with defaults.
    case inheritedInitializers
    /// A struct with none: `var`s with defaults, which its memberwise initializer takes.
    case memberwise
    /// Each keeps its signature (an override, a required one, or one seen further than the
    /// dependency): properties with defaults.
    case keptInitializers
}

/// A dependency as the rewrite writes it: the property, the parameter, the default.
struct InjectedMember {
    var injection: Injection
    var defaultExpression: String

    /// The stored property's type.
    var storedType: String {
        switch injection.mode {
        case .value, .factory: injection.type
        case .provider, .chain: "() -> \(injection.type)"
        }
    }

    /// The default as a value of `storedType`.
    var defaultValue: String {
        switch injection.mode {
        case .value: defaultExpression
        case .provider, .chain: "{ \(defaultExpression) }"
        case .factory: injection.defaultValue ?? defaultExpression
        }
    }

    var parameter: String {
        let type: String
        switch injection.mode {
        case .value: type = injection.type
        case .provider, .chain: type = "@escaping () -> \(injection.type)"
        case .factory: type = "@escaping " + injection.type
        }
        return "\(injection.name): \(type) = \(defaultValue)"
    }
}
