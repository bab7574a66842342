import Foundation
import SeamsGraph

/// What the declarations of all files say: types, extensions, members and the scopes their
/// bodies resolve in. Built once, serially (`Resolver.declare`), then only read: the workers
/// that resolve bodies in parallel share this one instance.
final class SymbolTable {
    var units: [Unit]
    /// Declared types in declaration order.
    var symbols: [TypeSymbol] = []
    /// Types spelled but declared by no scanned file, named while declarations were read.
    var externals: [String: TypeSymbol] = [:]
    var extensionNodes: [String: Node] = [:]
    var fileScopeNodes: [String: Node] = [:]
    /// Every declaration, extension and file top level with the scope its code resolves in.
    var bindings: [(DeclFact, Scope)] = []
    /// Per file (`FileContext.index`), its `private`/`fileprivate` top-level types, which no
    /// other file sees.
    var privateTypes: [[String: TypeSymbol]] = []
    /// Per unit, the top-level type names more than one declaration uses.
    var sharedTopLevelNames: [Int: Set<String>] = [:]
    /// Members not registered yet: each type's, and each unit's globals, are registered when
    /// first asked for (`Resolver.registerPending`). Set only for a patch of a few files, whose
    /// bodies are then resolved on one thread; nil: every member is registered.
    var pending: PendingMembers?
    /// The static members of every type and extension by name (`Resolver.staticMembers(named:)`),
    /// once built: before bodies are resolved, or when first asked for while members wait.
    var staticMembers: [String: [StaticMember]]?
    /// What members name that nothing else here holds (see `MemberRef`): the scopes of generic
    /// members and workers' memberwise initializers. Added to by workers at once, under `keptLock`.
    private var kept: [AnyObject] = []
    private let keptLock = NSLock()

    init(units: [CompilationUnit]) {
        self.units = units.map { Unit($0) }
    }

    /// A type's inheritance clauses keep the scopes they resolve in, and a type's own scope keeps
    /// the type: cut here, or every symbol, scope, file context and decoded surface of the scan
    /// outlives it (`seams watch` grew by the declarations of every scan, 3 MB a check on a
    /// 233k-line app).
    deinit {
        for symbol in symbols + externals.values {
            symbol.inherits = []
            symbol.supertypesCache = nil
        }
    }

    /// Keeps `object` as long as the table.
    func keep(_ object: AnyObject) {
        keptLock.lock()
        kept.append(object)
        keptLock.unlock()
    }
}

/// The bindings whose members are not registered yet, by the type (or unit) they go to, and the
/// first member id of each binding.
final class PendingMembers {
    var ofType: [ObjectIdentifier: [Int]] = [:]
    var ofUnit: [Int: [Int]] = [:]
    let firstIDs: [Int]

    init(firstIDs: [Int]) {
        self.firstIDs = firstIDs
    }
}
