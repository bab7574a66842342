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

    init(units: [CompilationUnit]) {
        self.units = units.map { Unit($0) }
    }
}
