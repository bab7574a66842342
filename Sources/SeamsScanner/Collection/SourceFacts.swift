import Foundation
import SeamsGraph

// The scanner works in two phases. Phase 1 parses each file (in parallel) and reduces its
// syntax tree to the facts below, then drops the tree. Phase 2 builds a symbol table of
// the whole codebase and resolves these facts into reference sites. The facts keep only
// what resolution needs: names with their locations, type spellings, and expressions as
// member chains and calls, so a 500,000-line corpus never holds its syntax trees at once.

/// A 1-based line and UTF-8 column.
public struct Loc: Hashable, Sendable {
    public var line: Int32
    public var column: Int32
    public init(line: Int, column: Int) {
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }
}

/// One component of a named type: `B<C>` in `A.B<C>.D`.
struct TypeComponent: Sendable {
    var name: String
    var loc: Loc
    var genericArgs: [TypeExpr]
}

/// A type as spelled in the source.
indirect enum TypeExpr: Sendable {
    case named([TypeComponent])
    case optional(TypeExpr)
    case array(TypeExpr)
    case dictionary(TypeExpr, TypeExpr)
    case tuple([TypeExpr])
    case function([TypeExpr], TypeExpr)
    case composition([TypeExpr])
    /// `X.Type` / `X.Protocol`.
    case metatype(TypeExpr)
    /// Attributes written on a type, such as a global actor: `@MainActor () -> Void`.
    case attributed([TypeExpr], TypeExpr)
    case unknown
}

enum CastKind: Sendable { case `as`, asOptional, asForced, `is` }

struct Arg: Sendable {
    var label: String?
    var value: Expr
}

/// An expression, reduced to what reference resolution and member inference need.
indirect enum Expr: Sendable {
    /// A bare identifier: a local, a member of `self`, a type, or a global.
    case name(String, Loc)
    case member(Expr, String, Loc)
    /// `.name` with no base, resolved through the contextual type.
    case implicitMember(String, Loc)
    case call(Expr, [Arg])
    case subscriptCall(Expr, [Arg])
    case selfRef
    case superRef
    case specialize(Expr, [TypeExpr])
    /// A type in expression position, e.g. `[B]()` or the operand of `as`.
    case type(TypeExpr, Loc)
    case cast(Expr, TypeExpr, CastKind)
    case binary(Expr, String, Expr)
    case ternary(Expr, Expr, Expr)
    case keyPath(TypeExpr?, [(String, Loc)])
    /// A literal of a known standard type; interpolated expressions travel with it.
    case literal(String, [Expr])
    case array([Expr])
    case dictionary([(Expr, Expr)])
    case closure(Code)
    /// `if` and `switch` used as expressions; `let x` inside a pattern.
    case inline([Event])
    case bindNames([String])
    case tuple([Arg])
    /// Anything else: its subexpressions are still visited, its type is unknown.
    case other([Expr])
}

/// A body of code with its own scope: a function, accessor, closure or initializer.
final class Code: @unchecked Sendable {
    var events: [Event]
    var returnType: TypeExpr?
    var genericNames: [String]
    /// The member this body belongs to, as Swift names it (`init(api:)`, `load()`, `title`);
    /// nil for a declaration's header, a closure or a local function (they sit in the
    /// enclosing member).
    var member: String?

    init(events: [Event] = [], returnType: TypeExpr? = nil, genericNames: [String] = [], member: String? = nil) {
        self.events = events
        self.returnType = returnType
        self.genericNames = genericNames
        self.member = member
    }
}

/// A step of a code body, in source order; `push`/`pop` delimit block scopes.
enum Event: Sendable {
    case push, pop
    /// A binding: `let x: T = e`, a parameter, a closure parameter. `e` is evaluated before `x` exists.
    case bind(String, TypeExpr?, Expr?)
    /// `for x in sequence`: `x` gets the element type.
    case forIn([String], Expr)
    case eval(Expr)
    case ret(Expr)
    case typeUse(TypeExpr, SiteKind)
    /// A local type or generic parameter that hides outer names.
    case shadow(String)
    /// `switch subject`, `if case … = subject`: case patterns below take the subject's type.
    case switchOn(Expr)
    case casePattern(Expr)
    case endSwitch
    /// A nested function, or a local type's member bodies.
    case code(Code)
    /// A static stored property of the enclosing type, declared here (after its binding):
    /// hidden state a test cannot reset. `mutable` for `var`.
    case declareStatic(String, Loc, mutable: Bool)
    /// Entering (true) or leaving (false) a parameter's default value.
    case inDefault(Bool)
    /// The arguments of an attribute that names a type: a property wrapper's initializer's
    /// (`@Default(.launchCount)`).
    case attributeArguments(TypeExpr, [Arg])
}

enum MemberKind: Sendable {
    case property, function, enumCase, `subscript`, initializer, typeAlias, associatedType

    /// A type alias or an associated type: a member that names a type, which type lookups ask
    /// for and member lookups pass over.
    var namesType: Bool { self == .typeAlias || self == .associatedType }
}

struct ParamFact: Sendable {
    /// The argument label callers write, nil for `_`.
    var label: String?
    var type: TypeExpr
}

/// A member declaration, kept for lookup: properties, functions, cases, typealiases.
/// A class of constants: the symbol table holds each member in a `MemberRef` and lookups pass
/// those around, which copy one reference rather than every field.
final class MemberFact: Sendable {
    /// How Swift names the member: `title`, `load(id:)`, `init(_:)`, `subscript(_:)`.
    var signature: String {
        switch kind {
        case .function, .initializer, .subscript:
            let name = kind == .subscript ? "subscript" : self.name
            return name + "(" + params.map { ($0.label ?? "_") + ":" }.joined() + ")"
        case .enumCase where !params.isEmpty:
            return name + "(" + params.map { ($0.label ?? "_") + ":" }.joined() + ")"
        default:
            return name
        }
    }

    let name: String
    let kind: MemberKind
    let isStatic: Bool
    /// Property type, function return type, or typealias target.
    let type: TypeExpr?
    /// Initializer of an unannotated property, for inference.
    let initializer: Expr?
    let params: [ParamFact]
    let genericNames: [String]
    /// A stored instance property: a parameter of a struct's memberwise initializer.
    let isStoredInstance: Bool
    /// `let x = value`: initialized already, so not a memberwise parameter.
    let isLet: Bool
    /// A stored property (static or not): not computed by accessors.
    let isStored: Bool
    /// Declared with `var`.
    let isVar: Bool

    init(
        name: String, kind: MemberKind, isStatic: Bool, type: TypeExpr?, initializer: Expr?, params: [ParamFact],
        genericNames: [String], isStoredInstance: Bool = false, isLet: Bool = false, isStored: Bool = false,
        isVar: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.isStatic = isStatic
        self.type = type
        self.initializer = initializer
        self.params = params
        self.genericNames = genericNames
        self.isStoredInstance = isStoredInstance
        self.isLet = isLet
        self.isStored = isStored
        self.isVar = isVar
    }
}

/// A nominal type declaration, an extension, or a file's top level.
final class DeclFact: @unchecked Sendable {
    enum Kind: Sendable {
        case nominal(NodeKind, String)
        case `extension`(TypeExpr)
        case file
    }
    var kind: Kind
    var loc: Loc
    /// `private` or `fileprivate`: at file level, a type (or an extension's members) only its
    /// own file sees.
    var isFilePrivate = false
    var genericNames: [String] = []
    var inherits: [TypeExpr] = []
    var nested: [DeclFact] = []
    var code: [Code] = []

    /// The members: read from the cache's bytes when first asked for (`DeferredMembers`), when
    /// the facts came from there.
    var members: [MemberFact] {
        get {
            guard let lazy = lazyMembers else { return ownMembers }
            return lazy.members(at: lazyIndex) ?? aliasesWhileLazy.map(\.member)
        }
        _modify {
            // Changed: made the declaration's own (only facts collected now are changed).
            if let lazy = lazyMembers {
                ownMembers = lazy.members(at: lazyIndex) ?? aliasesWhileLazy.map(\.member)
                lazyMembers = nil
            }
            yield &ownMembers
        }
    }
    private var ownMembers: [MemberFact] = []
    /// Where the members are still bytes (this declaration's list among the file's), with their
    /// count and type aliases, which the table needs before any member. Set as the facts are read
    /// from the cache.
    private(set) var lazyMembers: (any DeferredMembers)?
    private var lazyIndex = 0
    private var countWhileLazy = 0
    private var aliasesWhileLazy: [(index: Int, member: MemberFact)] = []

    init(kind: Kind, loc: Loc) {
        self.kind = kind
        self.loc = loc
    }

    /// Members read later: list `index` of `source`; `count` of them, and the type aliases and
    /// associated types among them as read already.
    func membersLater(
        _ source: any DeferredMembers, index: Int, count: Int, aliases: [(index: Int, member: MemberFact)]
    ) {
        lazyMembers = source
        lazyIndex = index
        countWhileLazy = count
        aliasesWhileLazy = aliases
    }

    /// How many members, without reading them.
    var memberCount: Int { lazyMembers == nil ? ownMembers.count : countWhileLazy }

    /// The type aliases and associated types among the members, by their place, without
    /// reading the others.
    var aliasMembers: [(index: Int, member: MemberFact)] {
        if lazyMembers != nil { return aliasesWhileLazy }
        return ownMembers.enumerated().filter { $0.element.kind.namesType }
            .map { (index: $0.offset, member: $0.element) }
    }
}

/// Member lists that are read when first asked for: the cache's (`LazyMembers`) keeps them as
/// bytes until then. Each declaration knows its list by number.
protocol DeferredMembers: AnyObject, Sendable {
    /// List `index`, or nil when the lists could not be read.
    func members(at index: Int) -> [MemberFact]?
}

/// Everything phase 1 learned about one file.
public struct FileFacts: Sendable {
    public var path: String
    var imports: [String]
    var top: DeclFact
    public var diagnostics: [Diagnostic]
    public var lines: Int
}
