import Foundation
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
    /// Sites found so far: by the declarations on the first resolver, by one file's bodies
    /// on a worker.
    var marks = SiteMarks()
    var nextMemberID = 0
    var memberTypeCache: [Int: RType?] = [:]
    var inProgress: Set<Int> = []
    /// Set when an inference met a declaration already being inferred (a cycle). Such results
    /// depend on where the inference started, so they are used but not cached: what is cached
    /// is the same whichever worker computes it first.
    var metCycle = false
    /// Members by type and name (`lookupMember`); one table, where a table per type took two
    /// lookups and a retain of the inner one each time.
    var memberLookupCache: [MemberKey: [MemberRef]] = [:]
    /// On a worker, what names mean where they are met (`meaning(of:scope:)`, `lookupTypeName`).
    var meaningCache: [NameKey: NameMeaning] = [:]
    var typeNameCache: [NameKey: TypeLookup] = [:]
    var modifierProtocolCache: [ObjectIdentifier: TypeSymbol?] = [:]
    /// Generic names as subtypes bind them, and members' types as values of those subtypes
    /// (`Resolver+InheritedGenerics`).
    var boundNamesCache: [BoundNamesKey: [String: RType]] = [:]
    var boundMemberTypeCache: [BoundMemberKey: RType?] = [:]
    /// While a type is resolved for a receiver: what its generic names stand for.
    var boundGenericNames: [String: RType] = [:]
    var emitting = true
    /// Posts and observations of notifications met on this worker, joined once all are in.
    var notifications: [NotificationUse] = []
    /// Uses for the testability analysis found in the current file's bodies.
    var uses: [Use] = []
    /// How many closures the body being resolved sits in.
    var closureDepth = 0
    var inDefaultArgument = false
    /// While the target of an assignment (or the receiver of a mutating call) is evaluated:
    /// static and global stored properties met are written (see `noteWrite`).
    var assigning = false
    /// Whether the initializer being resolved hands off to `self.init(…)` (see `runBody`).
    var delegatesToSelfInit = false
    /// Per type: whether it has a supertype no scanned file declares (see `noteFreeCall`).
    var inheritsUnknownCache: [ObjectIdentifier: Bool] = [:]

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

    /// Room in a worker's caches for the names met in `lines` lines of code: about one name per
    /// cache in eight lines (a 600k-line app's workers kept 26k to 42k each). Grown step by step,
    /// each step rehashed every name so far: a few milliseconds each time the step was large, on
    /// whichever file met it.
    func reserveCaches(forLines lines: Int) {
        let names = min(lines / 8, 1 << 17)
        meaningCache.reserveCapacity(names)
        typeNameCache.reserveCapacity(names)
        memberTypeCache.reserveCapacity(names)
        memberLookupCache.reserveCapacity(names)
        marks.reserve(names: names)
    }

    /// Resolves the bodies of every file that has no result in `known` (indexed like the
    /// files), on `threads` workers, and returns every file's result. A file's result depends
    /// only on its own facts and the table, so a cached one stands in for resolving it again.
    func resolveAll(threads: Int = 1, known: [FileResolution?]? = nil) -> [FileResolution] {
        let todo = (0..<table.privateTypes.count).filter { known?[$0] == nil }
        let results = resolve(files: todo, threads: threads)
        return (0..<table.privateTypes.count).map { known?[$0] ?? results[$0]! }
    }

    /// Resolves the bodies of the files `todo` (indices of the files declared) on `threads`
    /// workers: their results, indexed like the files (nil for the others).
    func resolve(files todo: [Int], threads: Int = 1) -> [FileResolution?] {
        var byFile: [[Int]] = Array(repeating: [], count: table.privateTypes.count)
        var lines = Array(repeating: 0, count: byFile.count)
        for (i, binding) in table.bindings.enumerated() {
            byFile[binding.1.file.index].append(i)
            lines[binding.1.file.index] = binding.1.file.lines
        }
        // Longest first: a long file taken last kept one worker busy while the other waited.
        // (Which worker resolves a file, and when, changes nothing in its result.)
        let todo = todo.sorted { (lines[$0], $1) > (lines[$1], $0) }
        assignLookupContexts()
        // Members registered when asked for change the shared table: then one worker only.
        let threads = table.pending == nil ? threads : 1
        var workers = (0..<max(1, threads)).map { Resolver(sharing: table, index: $0) }
        let linesEach = todo.reduce(0) { $0 + lines[$1] } / workers.count
        for worker in workers { worker.reserveCaches(forLines: linesEach) }
        let results = ResolutionBox(count: byFile.count)
        let items = table.bindings
        ParallelMap.forEach(count: todo.count, workers: workers) { worker, k in
            let file = todo[k]
            worker.notifications = []
            worker.uses = []
            for i in byFile[file] {
                let (decl, scope) = items[i]
                for code in decl.code { worker.run(code, scope: scope, env: Env()) }
            }
            // In site order: the graph then joins files' runs without sorting them again.
            let groups = worker.marks.takeGroups()
            // Handed over, so that they are sorted in place.
            let uses = worker.uses
            worker.uses = []
            results.store(
                FileResolution(
                    groups: groups, notifications: worker.notifications,
                    uses: Use.canonical(uses)),
                at: file)
        }
        for worker in workers {
            for (name, symbol) in worker.newExternals where table.externals[name] == nil {
                table.externals[name] = symbol
            }
        }
        // Their caches are freed on another thread: one by one, that kept a core for 40 ms of
        // an app's cold scan while the other waited.
        var leftovers = Leftovers(items: [workers])
        workers = []
        leftovers.dropElsewhere()
        return results.values
    }

    /// The graph: declared types, the sites the declarations gave (`marks`) and those of
    /// every file's bodies, joined notifications, and the externals some edge reaches.
    func graph(
        root: String, modules: [ModuleInfo], diagnostics: [Diagnostic], files: [FileResolution], threads: Int = 2
    ) -> Graph {
        // The files' sites on two workers (one with `threads` 1), each taking a run of files, then joined; an edge
        // whose sites come out of order is sorted when the graph is built.
        let middle = files.count / 2
        // The uses are joined beside the sites (on one thread, before them).
        let uses = Background(separately: threads > 1) { Self.joinedUses(files) }
        let halves = ParallelMap.run(count: 2, threads: threads) { half -> GraphBuilder in
            var part = GraphBuilder()
            let run = files[half == 0 ? 0..<middle : middle..<files.count]
            // At most one edge a group (files share most of their edges).
            part.reserveEdges(run.reduce(half == 0 ? self.marks.count : 0) { $0 + $1.groups.count })
            if half == 0 {
                for (from, to, site) in self.marks.sites() { part.addSite(from: from, to: to, site) }
            }
            for file in run {
                for group in file.groups { part.addSites(from: group.from, to: group.to, sortedUnique: group.sites) }
            }
            return part
        }
        var builder = halves[0]
        builder.merge(halves[1])
        for (from, to, site) in Resolver.notificationSites(allNotifications(files)) {
            builder.addSite(from: from, to: to, site)
        }
        builder.uses = uses.value()
        builder.usesAreCanonical = true
        for symbol in table.symbols {
            builder.add(
                Node(
                    id: symbol.nodeID, name: symbol.qualifiedName, module: symbol.module, kind: symbol.kind,
                    file: symbol.file, line: symbol.line))
        }
        for node in table.extensionNodes.values { builder.add(node) }
        for id in builder.sortedConnectedNodeIDs() {
            if let node = table.fileScopeNodes[id] { builder.add(node) }
            // Any other id no declaration gave is a type only spelled: an external.
            if table.externals[id] != nil || !builder.hasNode(id) {
                builder.add(
                    Node(
                        id: id, name: table.externals[id]?.name ?? id, module: nil, kind: .external, file: nil,
                        line: nil))
            }
        }
        builder.diagnostics = diagnostics
        return builder.build(root: root, modules: modules)
    }

    /// Every post and observation of a notification: the declarations' (met while the table was
    /// built) and each file's bodies'.
    func allNotifications(_ files: [FileResolution]) -> [NotificationUse] {
        var all = notifications
        for file in files { all += file.notifications }
        return all
    }

    /// Every file's uses in canonical order (`Use.canonical`). Each file's are canonical and files
    /// come in path order, so only the run of a file compiled by several units needs sorting and
    /// de-duplicating again: sorting the whole list for them took a tenth of a warm scan.
    static func joinedUses(_ files: [FileResolution]) -> [Use] {
        var all: [Use] = []
        all.reserveCapacity(files.reduce(0) { $0 + $1.uses.count })
        var i = 0
        var previous: String?
        while i < files.count {
            guard let path = files[i].uses.first?.file else {
                i += 1
                continue
            }
            // Files out of path order: the whole list is sorted, as it was before.
            if let previous, !(previous < path) { return Use.canonical(files.flatMap(\.uses)) }
            previous = path
            var run = [files[i].uses]
            var j = i + 1
            // Files without uses do not break a run: the next file may still be this path.
            while j < files.count && (files[j].uses.isEmpty || files[j].uses[0].file == path) {
                if !files[j].uses.isEmpty { run.append(files[j].uses) }
                j += 1
            }
            all += run.count == 1 ? run[0] : Use.canonical(run.flatMap { $0 })
            i = j
        }
        return all
    }

    func emit(_ target: TypeSymbol, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        guard emitting, target.nodeID != scope.owner else { return }
        marks.add(to: marks.id(of: target), loc, kind, scope)
    }

    func emit(nodeID: String, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        guard emitting, nodeID != scope.owner else { return }
        marks.add(to: marks.id(nodeID), loc, kind, scope)
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

/// A member name on a type, as `Resolver.memberLookupCache` keeps it.
struct MemberKey: Hashable {
    let symbol: ObjectIdentifier
    let name: String
}

/// What resolving one file's bodies found: its sites, and its posts and observations of
/// notifications (joined across files afterwards).
struct FileResolution: Sendable {
    /// The file's sites by edge: a file's sites make few edges (165k sites of an app, 37k
    /// file-and-edge pairs), so the graph joins lists rather than placing every site.
    var groups: [SiteGroup]
    var notifications: [NotificationUse]
    var uses: [Use]
}

/// One file's sites of one edge, sorted and each once.
struct SiteGroup: Sendable, Equatable {
    var from: String
    var to: String
    var sites: [Site]
}

private final class ResolutionBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [FileResolution?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func store(_ value: FileResolution, at i: Int) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
