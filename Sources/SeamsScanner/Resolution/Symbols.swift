import SeamsGraph

/// A type known to the resolver: declared in the scanned sources, or external (only spelled).
final class TypeSymbol {
    let name: String
    let qualifiedName: String
    let kind: NodeKind
    let nodeID: String
    let module: String?
    /// The enclosing type. Unowned: the enclosing type holds this one (`nested`) and outlives
    /// it; a weak reference would give every symbol a side table, which slows each retain.
    unowned let parent: TypeSymbol?
    let file: String?
    let line: Int?
    var genericNames: Set<String> = []
    /// Its generic parameters (a protocol's primary associated types) in declaration order: the
    /// arguments a subtype's inheritance clause gives them come in this order.
    var genericOrder: [String] = []
    var nested: [String: TypeSymbol] = [:]
    /// Every member, by name (registered with the declarations, or when first asked for: see
    /// `SymbolTable.pending`).
    var members: [String: [MemberRef]] = [:]
    /// Its type aliases and associated types by name, also in `members`: what type lookups ask
    /// for, always registered with the declarations.
    var aliases: [String: [MemberRef]] = [:]
    /// Inheritance clauses of the declaration and its extensions, with where to resolve them.
    var inherits: [(TypeExpr, Scope)] = []
    /// Filled once all extensions are bound, before bodies are resolved in parallel; read-only after.
    var supertypesCache: [TypeSymbol]?

    var isExternal: Bool { kind == .external }

    init(
        name: String, qualifiedName: String, kind: NodeKind, nodeID: String, module: String?, parent: TypeSymbol?,
        file: String?, line: Int?
    ) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.nodeID = nodeID
        self.module = module
        self.parent = parent
        self.file = file
        self.line = line
    }

    /// Generic parameter names visible in this type's body: its own and its outer types'.
    var visibleGenerics: Set<String> {
        var all = genericNames
        var p = parent
        while let s = p {
            all.formUnion(s.genericNames)
            p = s.parent
        }
        return all
    }
}

/// A member declaration registered on a symbol (or as a global of a compilation unit).
///
/// Lookups copy these by the million, and each copy retained its fact, symbol and scope
/// (reference counting is a third of resolution's time: the counts themselves, not contention
/// between the workers, for pinned to one core resolution takes as much CPU). So they are held
/// `unowned(unsafe)`, which took about 8% off resolution's CPU: the symbol table owns every one
/// of them and outlives every `MemberRef` (workers hold the table). The fact belongs to a
/// declaration in `SymbolTable.bindings`, or to `SymbolTable.kept` (a worker's memberwise
/// initializer); the symbol to `symbols` or `externals`; the scope is a binding's, or in `kept`.
struct MemberRef {
    let id: Int
    unowned(unsafe) let fact: MemberFact
    /// The node that declares it: the type itself, an extension node, or a file-scope node.
    let owner: String
    /// The symbol it was found on; nil for globals.
    unowned(unsafe) let symbol: TypeSymbol?
    /// Where its signature's type names resolve.
    unowned(unsafe) let scope: Scope
}

/// Facts about a file that resolution needs.
final class FileContext {
    let path: String
    let module: String
    let unit: Int
    /// Compiled by a test target (`SourceFile.test`).
    let test: Bool
    var imports: [Int] = []
    /// The last path component, which names the file's extension and file-scope nodes.
    let fileName: String
    /// The node of the file's top-level code, free functions and globals.
    let fileScopeID: String
    /// Its place among the scanned files: the index of its own tables in the symbol table.
    var index = 0
    /// Files with the same id find every name alike (`Resolver.assignLookupContexts`).
    var lookupContext = -1
    /// How long it is, which roughly says how long its bodies take to resolve.
    var lines = 0

    init(path: String, module: String, unit: Int, test: Bool = false) {
        self.path = path
        self.module = module
        self.unit = unit
        self.test = test
        // The part after the last slash (paths name files, so they never end in one).
        fileName = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        fileScopeID = "\(module).\(fileName)"
    }
}

/// The lexical context of a declaration: where its names resolve and whom its sites belong to.
final class Scope {
    let file: FileContext
    let type: TypeSymbol?
    let owner: String
    let generics: Set<String>
    /// The file sites are recorded in: the scope's own file, except while a typealias's target
    /// is resolved in the alias's scope on behalf of the file that names the alias.
    let siteFile: String
    /// The member whose body is being resolved (`Site.member`).
    let member: String?

    init(
        file: FileContext, type: TypeSymbol?, owner: String, generics: Set<String>, siteFile: String? = nil,
        member: String? = nil
    ) {
        self.file = file
        self.type = type
        self.owner = owner
        self.generics = generics
        self.siteFile = siteFile ?? file.path
        self.member = member
    }

    func adding(generics more: [String]) -> Scope {
        more.isEmpty
            ? self
            : Scope(
                file: file, type: type, owner: owner, generics: generics.union(more), siteFile: siteFile,
                member: member)
    }

    /// The scope of a member's body; a body inside a member stays in that member.
    func inMember(_ name: String?) -> Scope {
        guard let name, member == nil else { return self }
        return Scope(file: file, type: type, owner: owner, generics: generics, siteFile: siteFile, member: name)
    }
}

/// A compilation unit: one Swift module as the compiler sees it (a SwiftPM target, or
/// every folder of an Xcode-style tree, which builds as one app module).
final class Unit {
    let importName: String?
    /// Units this unit can see; nil: any.
    let sees: Set<Int>?
    var types: [String: TypeSymbol] = [:]
    /// Its files' top-level members (see `TypeSymbol.members`); its type aliases also in `aliases`.
    var globals: [String: [MemberRef]] = [:]
    var aliases: [String: [MemberRef]] = [:]

    init(_ unit: CompilationUnit) {
        importName = unit.importName
        sees = unit.sees
    }
}

/// A resolved type. Optionals are unwrapped: member inference looks through them.
indirect enum RType {
    case nominal(TypeSymbol)
    case array(RType)
    case dictionary(RType, RType)
    case function(RType?)
}
