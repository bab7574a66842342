import SeamsGraph

/// Phase 2: builds the symbol table of all files (serially), then resolves every body into
/// sites on several workers. Workers share the table read-only and keep their own caches,
/// sites and newly named externals, merged at the end; the graph is sorted, so it never
/// depends on timing. The work is split by concern: declarations, type lookup, member lookup,
/// evaluation of expressions, and code bodies, each in its own `Resolver+…` file.
final class Resolver {
    let table: SymbolTable
    /// A worker resolves bodies against a finished table; the first resolver builds the table.
    let isWorker: Bool
    /// Externals first named while resolving bodies on this worker.
    var newExternals: [String: TypeSymbol] = [:]
    var builder = GraphBuilder()
    var nextMemberID = 0
    var memberTypeCache: [Int: RType?] = [:]
    var inProgress: Set<Int> = []
    /// Set when an inference met a declaration already being inferred (a cycle). Such results
    /// depend on where the inference started, so they are used but not cached: what is cached
    /// is the same whichever worker computes it first.
    var metCycle = false
    var memberLookupCache: [ObjectIdentifier: [String: [MemberRef]]] = [:]
    var modifierProtocolCache: [ObjectIdentifier: TypeSymbol?] = [:]
    var emitting = true
    /// Posts and observations of notifications met on this worker, joined once all are in.
    var notifications: [NotificationUse] = []

    /// The resolver that builds the table (`declare`), then resolves with workers.
    init(units: [CompilationUnit]) {
        table = SymbolTable(units: units)
        isWorker = false
    }

    /// A worker sharing a finished table, with caches and sites of its own.
    private init(sharing table: SymbolTable, index: Int) {
        self.table = table
        isWorker = true
        // Synthetic members (memberwise initializers) get ids no declared member has.
        nextMemberID = -1 - index * (1 << 40)
    }

    func resolveAll(threads: Int = 1) {
        let workers = (0..<max(1, threads)).map { Resolver(sharing: table, index: $0) }
        let items = table.bindings
        ParallelMap.forEach(count: items.count, workers: workers) { worker, i in
            let (decl, scope) = items[i]
            for code in decl.code { worker.run(code, scope: scope, env: Env()) }
        }
        for worker in workers { notifications += worker.notifications }
        for (from, to, site) in Resolver.notificationSites(notifications) { builder.addSite(from: from, to: to, site) }
        for worker in workers {
            builder.merge(worker.builder)
            for (name, symbol) in worker.newExternals where table.externals[name] == nil {
                table.externals[name] = symbol
            }
        }
    }

    func graph(root: String, modules: [ModuleInfo], diagnostics: [Diagnostic]) -> Graph {
        for symbol in table.symbols {
            builder.add(
                Node(
                    id: symbol.nodeID, name: symbol.qualifiedName, module: symbol.module, kind: symbol.kind,
                    file: symbol.file, line: symbol.line))
        }
        for node in table.extensionNodes.values { builder.add(node) }
        for id in builder.connectedNodeIDs.sorted() {
            if let node = table.fileScopeNodes[id] { builder.add(node) }
            if let external = table.externals[id] {
                builder.add(Node(id: id, name: external.name, module: nil, kind: .external, file: nil, line: nil))
            }
        }
        builder.diagnostics = diagnostics
        return builder.build(root: root, modules: modules)
    }

    func emit(_ target: TypeSymbol, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        emit(nodeID: target.nodeID, loc, kind, scope)
    }

    func emit(nodeID: String, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        guard emitting, nodeID != scope.owner else { return }
        builder.addSite(
            from: scope.owner, to: nodeID,
            Site(file: scope.siteFile, line: Int(loc.line), column: Int(loc.column), kind: kind))
    }

    /// Runs `body` without recording sites: for inference of a declaration's type elsewhere.
    func quietly<T>(_ body: () -> T) -> T {
        let saved = emitting
        emitting = false
        defer { emitting = saved }
        return body()
    }

    /// The symbol of a type no scanned file declares: the table's while declarations are read,
    /// then this worker's own for names first met in a body.
    func externalSymbol(_ spelled: String) -> TypeSymbol {
        if let s = table.externals[spelled] ?? newExternals[spelled] { return s }
        let s = TypeSymbol(
            name: spelled, qualifiedName: spelled, kind: .external, nodeID: spelled, module: nil,
            parent: nil, file: nil, line: nil)
        if isWorker { newExternals[spelled] = s } else { table.externals[spelled] = s }
        return s
    }
}
