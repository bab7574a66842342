import SeamsGraph

/// Phase 2: builds the symbol table of all files (serially), then resolves every body into
/// sites on several workers. Workers share the symbol table read-only and keep their own
/// caches and sites, merged at the end; the graph is sorted, so it never depends on timing.
final class Resolver {
    private var units: [Unit]
    private var externals: [String: TypeSymbol] = [:]
    private var extensionNodes: [String: Node] = [:]
    private var builder = GraphBuilder()
    private var bindings: [(DeclFact, Scope)] = []
    private var nextMemberID = 0
    private var memberTypeCache: [Int: RType?] = [:]
    private var inProgress: Set<Int> = []
    /// Set when an inference met a declaration already being inferred (a cycle). Such results
    /// depend on where the inference started, so they are used but not cached: what is cached
    /// is the same whichever worker computes it first.
    private var metCycle = false
    private var memberLookupCache: [ObjectIdentifier: [String: [MemberRef]]] = [:]
    private var modifierProtocolCache: [ObjectIdentifier: TypeSymbol?] = [:]
    private var emitting = true
    private var symbols: [TypeSymbol] = []
    private var fileScopeNodes: [String: Node] = [:]

    init(units: [CompilationUnit]) {
        self.units = units.map { Unit($0) }
    }

    // MARK: Symbol table

    func declare(files: [(FileFacts, FileContext)]) {
        var pendingExtensions: [(DeclFact, FileContext)] = []
        // Top-level type names declared more than once in a unit: a file-private one of them
        // is named after its file too, so that each file's own type is a node of its own.
        var declaredInUnit: [Int: [String: Int]] = [:]
        for (facts, ctx) in files {
            for case .nominal(_, let name) in facts.top.nested.map(\.kind) {
                declaredInUnit[ctx.unit, default: [:]][name, default: 0] += 1
            }
        }
        sharedTopLevelNames = declaredInUnit.mapValues { Set($0.filter { $0.value > 1 }.keys) }
        for (facts, ctx) in files {
            ctx.imports = importedUnits(facts.imports, from: ctx.unit)
            let fileScope = Scope(file: ctx, type: nil, owner: ctx.fileScopeID, generics: [])
            bindings.append((facts.top, fileScope))
            fileScopeNodes[ctx.fileScopeID] = Node(
                id: ctx.fileScopeID, name: ctx.fileName,
                module: ctx.module, kind: .fileScope, file: ctx.path, line: 1)
            for nested in facts.top.nested {
                switch nested.kind {
                case .nominal: declareNominal(nested, parent: nil, ctx: ctx)
                case .extension: pendingExtensions.append((nested, ctx))
                case .file: break
                }
            }
        }
        bindExtensions(pendingExtensions)
        for (decl, scope) in bindings { registerMembers(decl, scope: scope) }
        // Supertypes looked up while extensions were still being bound may miss conformances
        // that later extensions add: recompute them all now, in a fixed order.
        let all = symbols + externals.keys.sorted().map { externals[$0]! }
        for symbol in all { symbol.supertypesCache = nil }
        for symbol in all { _ = supertypes(of: symbol) }
    }

    private func importedUnits(_ names: [String], from unit: Int) -> [Int] {
        var out: [Int] = []
        let sees = units[unit].sees
        for name in names {
            // A unit of that name other than the file's own; among several, one the file's
            // target can see (its dependencies and linked products).
            let candidates = units.indices.filter { $0 != unit && units[$0].importName == name }
            if let i = candidates.first(where: { sees?.contains($0) == true }) ?? candidates.first { out.append(i) }
        }
        return out
    }

    /// Per unit, the top-level type names more than one declaration uses.
    private var sharedTopLevelNames: [Int: Set<String>] = [:]

    @discardableResult
    private func declareNominal(_ decl: DeclFact, parent: TypeSymbol?, ctx: FileContext) -> TypeSymbol? {
        guard case .nominal(let kind, let name) = decl.kind else { return nil }
        let filePrivate = parent == nil && decl.isFilePrivate
        var qualified = parent.map { "\($0.qualifiedName).\(name)" } ?? name
        if filePrivate, sharedTopLevelNames[ctx.unit]?.contains(name) == true {
            qualified = "\(ctx.fileName).\(name)"
        }
        let existing =
            parent.map { $0.nested[name] } ?? (filePrivate ? ctx.privateTypes[name] : units[ctx.unit].types[name])
        let symbol: TypeSymbol
        if let existing, !existing.isExternal {
            symbol = existing  // a second declaration of the same name: merged into the first
        } else {
            symbol = TypeSymbol(
                name: name, qualifiedName: qualified, kind: kind, nodeID: "\(ctx.module).\(qualified)",
                module: ctx.module, parent: parent, file: ctx.path, line: Int(decl.loc.line))
            symbol.genericNames = Set(decl.genericNames)
            symbols.append(symbol)
            if let parent {
                parent.nested[name] = symbol
            } else if filePrivate {
                ctx.privateTypes[name] = symbol
            } else {
                units[ctx.unit].types[name] = symbol
            }
        }
        let scope = Scope(file: ctx, type: symbol, owner: symbol.nodeID, generics: symbol.visibleGenerics)
        bindings.append((decl, scope))
        for nested in decl.nested { declareNominal(nested, parent: symbol, ctx: ctx) }
        return symbol
    }

    /// Extensions may extend types declared in other extensions, so they bind in rounds.
    /// An extension merges into its type when the type's module compiles it; elsewhere (a type
    /// of another module, or one no scanned file declares) its code forms an extension node of
    /// the module that compiles it, with an `extends` edge to the type: the module graph then has
    /// only the edges a compiler needs.
    private func bindExtensions(_ pending: [(DeclFact, FileContext)]) {
        var remaining = pending
        var progress = true
        while progress && !remaining.isEmpty {
            progress = false
            var next: [(DeclFact, FileContext)] = []
            for (decl, ctx) in remaining {
                guard case .extension(let extended) = decl.kind else { continue }
                let fileScope = Scope(file: ctx, type: nil, owner: ctx.fileScopeID, generics: [])
                if case .nominal(let symbol)? = quietly({
                    resolveType(extended, scope: fileScope, env: nil, kind: .type)
                }),
                    !symbol.isExternal
                {
                    if symbol.module == ctx.module {
                        bindExtension(decl, to: symbol, owner: symbol.nodeID, ctx: ctx)
                    } else {
                        bindForeignExtension(decl, to: symbol, spelled: symbol.qualifiedName, ctx: ctx)
                    }
                    progress = true
                } else {
                    next.append((decl, ctx))
                }
            }
            remaining = next
        }
        // What is left extends types that no scanned file declares.
        for (decl, ctx) in remaining {
            guard case .extension(let extended) = decl.kind, case .named(let comps) = extended else { continue }
            let spelled = comps.map(\.name).joined(separator: ".")
            bindForeignExtension(decl, to: externalSymbol(spelled), spelled: spelled, ctx: ctx)
        }
    }

    /// An extension node `Type+FileStem` of the file's module for an extension of `symbol`.
    private func bindForeignExtension(_ decl: DeclFact, to symbol: TypeSymbol, spelled: String, ctx: FileContext) {
        guard case .extension(let extended) = decl.kind else { return }
        let fileName = ctx.fileName
        let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        let name = stem.hasPrefix(spelled + "+") ? stem : "\(spelled)+\(stem)"
        let id = "\(ctx.module).\(name)"
        if extensionNodes[id] == nil {
            extensionNodes[id] = Node(
                id: id, name: name, module: ctx.module, kind: .extension, file: ctx.path, line: Int(decl.loc.line))
        }
        bindExtension(decl, to: symbol, owner: id, ctx: ctx)
        // The extension's own code names the type it extends (its qualifiers as `type`).
        resolveType(extended, scope: Scope(file: ctx, type: nil, owner: id, generics: []), env: nil, kind: .extends)
    }

    private func bindExtension(_ decl: DeclFact, to symbol: TypeSymbol, owner: String, ctx: FileContext) {
        let scope = Scope(
            file: ctx, type: symbol, owner: owner, generics: symbol.visibleGenerics.union(decl.genericNames))
        bindings.append((decl, scope))
        for nested in decl.nested { declareNominal(nested, parent: symbol, ctx: ctx) }
    }

    private func registerMembers(_ decl: DeclFact, scope: Scope) {
        let symbol = scope.type
        if case .file = decl.kind {
            for member in decl.members {
                units[scope.file.unit].globals[member.name, default: []].append(
                    makeRef(member, scope: scope, symbol: nil))
            }
            return
        }
        guard let symbol else { return }
        for member in decl.members {
            symbol.members[member.name, default: []].append(makeRef(member, scope: scope, symbol: symbol))
        }
        for inherited in decl.inherits { symbol.inherits.append((inherited, scope)) }
    }

    private func makeRef(_ fact: MemberFact, scope: Scope, symbol: TypeSymbol?) -> MemberRef {
        nextMemberID += nextMemberID >= 0 ? 1 : -1
        return MemberRef(
            id: nextMemberID, fact: fact, owner: scope.owner, symbol: symbol,
            scope: scope.adding(generics: fact.genericNames))
    }

    func externalSymbol(_ spelled: String) -> TypeSymbol {
        if let s = externals[spelled] { return s }
        let s = TypeSymbol(
            name: spelled, qualifiedName: spelled, kind: .external, nodeID: spelled, module: nil,
            parent: nil, file: nil, line: nil)
        externals[spelled] = s
        return s
    }

    // MARK: Output

    /// A worker sharing this resolver's symbol table, with caches and sites of its own.
    private init(worker base: Resolver, index: Int) {
        units = base.units
        externals = base.externals
        extensionNodes = base.extensionNodes
        symbols = base.symbols
        fileScopeNodes = base.fileScopeNodes
        // Synthetic members (memberwise initializers) get ids no declared member has.
        nextMemberID = -1 - index * (1 << 40)
    }

    func resolveAll(threads: Int = 1) {
        let workers = (0..<max(1, threads)).map { Resolver(worker: self, index: $0) }
        let items = bindings
        ParallelMap.forEach(count: items.count, workers: workers) { worker, i in
            let (decl, scope) = items[i]
            for code in decl.code { worker.run(code, scope: scope, env: Env()) }
        }
        for worker in workers {
            builder.merge(worker.builder)
            for (name, symbol) in worker.externals where externals[name] == nil { externals[name] = symbol }
        }
    }

    func graph(root: String, modules: [ModuleInfo], diagnostics: [Diagnostic]) -> Graph {
        for symbol in symbols {
            builder.add(
                Node(
                    id: symbol.nodeID, name: symbol.qualifiedName, module: symbol.module, kind: symbol.kind,
                    file: symbol.file, line: symbol.line))
        }
        for node in extensionNodes.values { builder.add(node) }
        for id in builder.connectedNodeIDs.sorted() {
            if let node = fileScopeNodes[id] { builder.add(node) }
            if let external = externals[id] {
                builder.add(Node(id: id, name: external.name, module: nil, kind: .external, file: nil, line: nil))
            }
        }
        builder.diagnostics = diagnostics
        return builder.build(root: root, modules: modules)
    }

    private func emit(_ target: TypeSymbol, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        emit(nodeID: target.nodeID, loc, kind, scope)
    }

    private func emit(nodeID: String, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        guard emitting, nodeID != scope.owner else { return }
        builder.addSite(
            from: scope.owner, to: nodeID,
            Site(file: scope.siteFile, line: Int(loc.line), column: Int(loc.column), kind: kind))
    }

    /// Runs `body` without recording sites: for inference of a declaration's type elsewhere.
    private func quietly<T>(_ body: () -> T) -> T {
        let saved = emitting
        emitting = false
        defer { emitting = saved }
        return body()
    }

    // MARK: Type lookup

    enum TypeLookup {
        case symbol(TypeSymbol)
        case alias(MemberRef)
        case shadowed
        case notFound
    }

    func lookupTypeName(_ name: String, scope: Scope, env: Env?) -> TypeLookup {
        if env?.isShadowed(name) == true || scope.generics.contains(name) { return .shadowed }
        if name == "Self" { return scope.type.map { .symbol($0) } ?? .shadowed }
        var t = scope.type
        while let s = t {
            let found = nestedType(name, in: s)
            if case .notFound = found {} else { return found }
            t = s.parent
        }
        if let s = scope.file.privateTypes[name] { return .symbol(s) }
        let unit = units[scope.file.unit]
        if let s = unit.types[name] { return .symbol(s) }
        if let alias = unit.globals[name]?.first(where: { $0.fact.kind == .typeAlias }) { return .alias(alias) }
        for imported in scope.file.imports {
            if let s = units[imported].types[name] { return .symbol(s) }
            if let alias = units[imported].globals[name]?.first(where: { $0.fact.kind == .typeAlias }) {
                return .alias(alias)
            }
        }
        return .notFound
    }

    private func nestedType(_ name: String, in symbol: TypeSymbol, depth: Int = 0) -> TypeLookup {
        if let s = symbol.nested[name] { return .symbol(s) }
        if let refs = symbol.members[name] {
            if let alias = refs.first(where: { $0.fact.kind == .typeAlias }) { return .alias(alias) }
            if refs.contains(where: { $0.fact.kind == .associatedType }) { return .shadowed }
        }
        guard depth < 32 else { return .notFound }
        for sup in supertypes(of: symbol) {
            let found = nestedType(name, in: sup, depth: depth + 1)
            if case .notFound = found {} else { return found }
        }
        return .notFound
    }

    func supertypes(of symbol: TypeSymbol) -> [TypeSymbol] {
        if let cached = symbol.supertypesCache { return cached }
        symbol.supertypesCache = []  // guards against inheritance cycles in broken code
        var out: [TypeSymbol] = []
        for (expr, scope) in symbol.inherits {
            if case .nominal(let s)? = quietly({ resolveType(expr, scope: scope, env: nil, kind: .inherit) }),
                s !== symbol
            {
                out.append(s)
            }
        }
        if symbol.isExternal, let known = SDKClassTree.supertypes[symbol.qualifiedName] {
            for name in known where !out.contains(where: { $0.qualifiedName == name }) {
                out.append(externalSymbol(name))
            }
        }
        symbol.supertypesCache = out
        return out
    }

    /// Resolves a spelled type, recording a site per named component (qualifiers as `type`).
    @discardableResult
    func resolveType(
        _ t: TypeExpr, scope: Scope, env: Env?, kind: SiteKind, at relocated: Loc? = nil,
        depth: Int = 0
    ) -> RType? {
        guard depth < 16 else { return nil }
        switch t {
        case .named(let comps):
            return resolveNamed(comps, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
        case .optional(let w):
            return resolveType(w, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
        case .array(let e):
            return resolveType(e, scope: scope, env: env, kind: kind, at: relocated, depth: depth).map { .array($0) }
        case .dictionary(let k, let v):
            let rk = resolveType(k, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
            let rv = resolveType(v, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
            if let rk, let rv { return .dictionary(rk, rv) }
            return nil
        case .tuple(let elements):
            for e in elements { resolveType(e, scope: scope, env: env, kind: kind, at: relocated, depth: depth) }
            return nil
        case .function(let params, let ret):
            for p in params { resolveType(p, scope: scope, env: env, kind: kind, at: relocated, depth: depth) }
            return .function(resolveType(ret, scope: scope, env: env, kind: kind, at: relocated, depth: depth))
        case .composition(let parts):
            let resolved = parts.map {
                resolveType($0, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
            }
            return resolved.compactMap { $0 }.first
        case .metatype(let base):
            return resolveType(
                base, scope: scope, env: env, kind: kind == .type ? .metatype : kind, at: relocated, depth: depth)
        case .attributed(let attrs, let base):
            for a in attrs { resolveType(a, scope: scope, env: env, kind: .attribute, at: relocated, depth: depth) }
            return resolveType(base, scope: scope, env: env, kind: kind, at: relocated, depth: depth)
        case .unknown:
            return nil
        }
    }

    private static let standardGenerics: Set<String> = ["Array", "Optional", "Set", "Dictionary", "ContiguousArray"]

    private func resolveNamed(
        _ comps: [TypeComponent], scope: Scope, env: Env?, kind: SiteKind, at relocated: Loc?,
        depth: Int
    ) -> RType? {
        var current: TypeSymbol?
        var result: RType?
        var i = 0
        func argTypes(_ c: TypeComponent) -> [RType?] {
            c.genericArgs.map { resolveType($0, scope: scope, env: env, kind: .type, at: relocated, depth: depth + 1) }
        }
        while i < comps.count {
            let comp = comps[i]
            let isLast = i == comps.count - 1
            let siteKind: SiteKind = isLast ? kind : .type
            let loc = relocated ?? comp.loc
            var found: TypeLookup
            if let c = current {
                found = nestedType(comp.name, in: c)
                if case .notFound = found, c.isExternal {
                    found = .symbol(externalSymbol("\(c.qualifiedName).\(comp.name)"))
                }
            } else {
                found = lookupTypeName(comp.name, scope: scope, env: env)
                if case .notFound = found {
                    if !isLast, let unit = units.firstIndex(where: { $0.importName == comp.name }) {
                        // `Module.Type`: continue at that module's top level.
                        if let s = units[unit].types[comps[i + 1].name] {
                            i += 1
                            current = s
                            emit(s, relocated ?? comps[i].loc, i == comps.count - 1 ? kind : .type, scope)
                            _ = argTypes(comps[i])
                            result = .nominal(s)
                            i += 1
                            continue
                        }
                    }
                    if Self.standardGenerics.contains(comp.name) && comps.count == 1 {
                        let args = argTypes(comp)
                        switch comp.name {
                        case "Dictionary":
                            if args.count == 2, let k = args[0], let v = args[1] { return .dictionary(k, v) }
                            return nil
                        case "Optional": return args.first ?? nil
                        default: return (args.first ?? nil).map { .array($0) }
                        }
                    }
                    found = .symbol(externalSymbol(comp.name))
                }
            }
            switch found {
            case .symbol(let s):
                emit(s, loc, siteKind, scope)
                current = s
                result = .nominal(s)
                _ = argTypes(comp)
            case .alias(let ref):
                if let owner = ref.symbol { emit(owner, loc, .type, scope) }
                _ = argTypes(comp)
                guard let target = ref.fact.type else { return nil }
                // Sites of the alias's target are attributed here, at the alias's mention.
                result = resolveAliasTarget(
                    target, aliasScope: ref.scope, useScope: scope, kind: siteKind, at: loc,
                    depth: depth + 1)
                if case .nominal(let s)? = result { current = s } else { return isLast ? result : nil }
            case .shadowed:
                for c in comps[i...] { _ = argTypes(c) }
                return nil
            case .notFound:
                return nil
            }
            i += 1
        }
        return result
    }

    /// An alias's target resolves where the alias is declared, but its sites are the user's.
    private func resolveAliasTarget(
        _ target: TypeExpr, aliasScope: Scope, useScope: Scope, kind: SiteKind, at loc: Loc,
        depth: Int
    ) -> RType? {
        // Names resolve in the alias's file and type; sites carry the user's file and owner.
        let scope = Scope(
            file: aliasScope.file, type: aliasScope.type, owner: useScope.owner, generics: aliasScope.generics,
            siteFile: useScope.siteFile)
        return resolveType(target, scope: scope, env: nil, kind: kind, at: loc, depth: depth)
    }

    // MARK: Members

    /// Members named `name` on `symbol` that code of `scope`'s unit can see: those its own
    /// unit and the units it imports declare (an app's extension of a package type is not
    /// visible from the package).
    func lookupMember(_ name: String, in symbol: TypeSymbol, from scope: Scope) -> [MemberRef] {
        let refs = lookupMember(name, in: symbol)
        let unit = scope.file.unit
        if refs.allSatisfy({ $0.scope.file.unit == unit }) { return refs }
        return refs.filter { $0.scope.file.unit == unit || scope.file.imports.contains($0.scope.file.unit) }
    }

    /// Members named `name` visible on `symbol`: its own (with extensions), then its supertypes'.
    func lookupMember(_ name: String, in symbol: TypeSymbol) -> [MemberRef] {
        let key = ObjectIdentifier(symbol)
        if let cached = memberLookupCache[key]?[name] { return cached }
        var visited: Set<ObjectIdentifier> = []
        let found = lookupMember(name, in: symbol, visited: &visited)
        memberLookupCache[key, default: [:]][name] = found
        return found
    }

    private func lookupMember(_ name: String, in symbol: TypeSymbol, visited: inout Set<ObjectIdentifier>)
        -> [MemberRef]
    {
        guard visited.insert(ObjectIdentifier(symbol)).inserted else { return [] }
        if let own = symbol.members[name]?.filter({ $0.fact.kind != .typeAlias && $0.fact.kind != .associatedType }),
            !own.isEmpty
        {
            return own
        }
        if name == "init" { return [] }  // initializers are not inherited for our purposes
        for sup in supertypes(of: symbol) {
            let found = lookupMember(name, in: sup, visited: &visited)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The SDK protocol (`View`, `Scene`) whose modifiers `symbol` takes, if it conforms to one.
    private func modifierProtocol(of symbol: TypeSymbol) -> TypeSymbol? {
        if let cached = modifierProtocolCache[ObjectIdentifier(symbol)] { return cached }
        let found = findModifierProtocol(of: symbol)
        modifierProtocolCache[ObjectIdentifier(symbol)] = .some(found)
        return found
    }

    private func findModifierProtocol(of symbol: TypeSymbol) -> TypeSymbol? {
        var seen: Set<ObjectIdentifier> = []
        var stack = [symbol]
        while let s = stack.popLast() {
            guard seen.insert(ObjectIdentifier(s)).inserted else { continue }
            if s.isExternal, SDKClassTree.modifierProtocols.contains(s.qualifiedName) { return s }
            stack.append(contentsOf: supertypes(of: s))
        }
        return nil
    }

    /// Declared initializers, or a struct's memberwise one: its stored properties in order.
    func initializers(of symbol: TypeSymbol, from scope: Scope) -> [MemberRef] {
        let declared = lookupMember("init", in: symbol, from: scope)
        guard declared.isEmpty, symbol.kind == .struct else { return declared }
        let key = "init()memberwise"
        if let cached = memberLookupCache[ObjectIdentifier(symbol)]?[key] { return cached }
        // Member ids follow source order, so sorting by id restores the declaration order.
        let stored = symbol.members.values.joined()
            .filter { $0.fact.isStoredInstance && !$0.fact.isLet && $0.owner == symbol.nodeID }
            .sorted { $0.id < $1.id }
        var memberwise: [MemberRef] = []
        if let scope = stored.first?.scope {
            let params = stored.map { ParamFact(label: $0.fact.name, type: $0.fact.type ?? .unknown) }
            let fact = MemberFact(
                name: "init", kind: .initializer, isStatic: true, type: nil, initializer: nil,
                params: params, genericNames: [])
            memberwise = [makeRef(fact, scope: scope, symbol: symbol)]
        }
        memberLookupCache[ObjectIdentifier(symbol), default: [:]][key] = memberwise
        return memberwise
    }

    /// The type of a member used as a value (a function's value is its return type, wrapped).
    func valueType(of ref: MemberRef) -> RType? {
        if let cached = memberTypeCache[ref.id] { return cached }
        guard inProgress.insert(ref.id).inserted else {
            metCycle = true
            return nil
        }
        let outerMetCycle = metCycle
        metCycle = false
        defer {
            inProgress.remove(ref.id)
            metCycle = metCycle || outerMetCycle
        }
        var result: RType?
        switch ref.fact.kind {
        case .enumCase, .initializer:
            result = ref.symbol.map { .nominal($0) }
        case .function:
            result = .function(
                ref.fact.type.flatMap { t in quietly { resolveType(t, scope: ref.scope, env: nil, kind: .type) } })
        case .property, .subscript:
            if let t = ref.fact.type {
                result = quietly { resolveType(t, scope: ref.scope, env: nil, kind: .type) }
            } else if let initial = ref.fact.initializer {
                result = quietly {
                    settle(eval(initial, expected: nil, scope: ref.scope, env: Env()), scope: ref.scope)
                }
            }
        case .typeAlias, .associatedType:
            result = nil
        }
        if !metCycle { memberTypeCache[ref.id] = result }
        return result
    }

    func paramType(_ ref: MemberRef, _ index: Int) -> RType? {
        guard index < ref.fact.params.count else { return nil }
        return quietly { resolveType(ref.fact.params[index].type, scope: ref.scope, env: nil, kind: .type) }
    }

    /// Picks the overload whose labels fit the call's arguments; nil when none or several differ.
    func pick(_ candidates: [MemberRef], args: [Arg]) -> (MemberRef, [Int?])? {
        var matches: [(MemberRef, [Int?])] = []
        for c in candidates {
            if let mapping = align(args, c.fact.params) { matches.append((c, mapping)) }
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty, candidates.count == 1 {
            return (candidates[0], args.indices.map { $0 < candidates[0].fact.params.count ? $0 : nil })
        }
        if let first = matches.first, matches.allSatisfy({ $0.0.owner == first.0.owner }) { return first }
        return nil
    }

    /// Maps each argument to a parameter index by label, allowing defaulted parameters to be skipped.
    private func align(_ args: [Arg], _ params: [ParamFact]) -> [Int?]? {
        var mapping: [Int?] = []
        var p = 0
        for (i, arg) in args.enumerated() {
            let isTrailingClosure: Bool
            if case .closure = arg.value, arg.label == nil, i == args.count - 1 {
                isTrailingClosure = true
            } else {
                isTrailingClosure = false
            }
            var matched: Int?
            while p < params.count {
                if params[p].label == arg.label || (isTrailingClosure && p == params.count - 1) {
                    matched = p
                    p += 1
                    break
                }
                p += 1
            }
            guard let m = matched else { return nil }
            mapping.append(m)
        }
        return mapping
    }

    // MARK: Evaluation

    /// What an expression stands for, with sites that depend on how it is used still pending.
    struct Val {
        var type: RType?
        /// The expression names a type; its site kind depends on the use (construct, static, …).
        var typeRef: TypeSymbol?
        var typeLoc: Loc?
        /// Members the expression may refer to; the site is recorded once the overload is known.
        var candidates: [MemberRef] = []
        var memberLoc: Loc?
        var memberKind: SiteKind = .member
        var skipOwner: String?
    }

    /// Records what is pending in `v` as a plain use, and returns its type.
    @discardableResult
    func settle(_ v: Val, scope: Scope) -> RType? {
        if let t = v.typeRef {
            if let l = v.typeLoc { emit(t, l, .type, scope) }
            return .nominal(t)
        }
        if let loc = v.memberLoc {
            let owners = Set(v.candidates.map(\.owner))
            if owners.count == 1, let owner = owners.first, owner != v.skipOwner {
                emit(nodeID: owner, loc, v.memberKind, scope)
            }
            if v.type == nil, v.candidates.count == 1 { return valueType(of: v.candidates[0]) }
        }
        return v.type
    }

    private func memberVal(_ refs: [MemberRef], loc: Loc, kind: SiteKind = .member, skip: String? = nil) -> Val {
        var v = Val()
        v.candidates = refs
        v.memberLoc = loc
        v.memberKind = kind
        v.skipOwner = skip
        let nonFunctions = refs.filter { $0.fact.kind != .function }
        if !refs.isEmpty, nonFunctions.count == refs.count { v.type = valueType(of: refs[0]) }
        return v
    }

    func eval(_ e: Expr, expected: RType?, scope: Scope, env: Env) -> Val {
        switch e {
        case .name(let n, let loc):
            if let bound = env.lookup(n) { return Val(type: bound) }
            if env.isShadowed(n) || scope.generics.contains(n) { return Val() }
            if n == "Self", let t = scope.type { return Val(typeRef: t) }
            var t = scope.type
            while let s = t {
                let refs = lookupMember(n, in: s, from: scope)
                if !refs.isEmpty { return memberVal(refs, loc: loc) }
                t = s.parent
            }
            switch lookupTypeName(n, scope: scope, env: env) {
            case .symbol(let s): return Val(typeRef: s, typeLoc: loc)
            case .alias(let ref):
                if let owner = ref.symbol { emit(owner, loc, .static, scope) }
                if let target = ref.fact.type,
                    case .nominal(let s)? = quietly({
                        resolveType(target, scope: ref.scope, env: nil, kind: .type)
                    })
                {
                    return Val(typeRef: s, typeLoc: loc)
                }
                return Val()
            case .shadowed: return Val()
            case .notFound: break
            }
            var globals = units[scope.file.unit].globals[n] ?? []
            if globals.isEmpty {
                for imported in scope.file.imports where globals.isEmpty { globals = units[imported].globals[n] ?? [] }
            }
            globals = globals.filter { $0.fact.kind != .typeAlias }
            if !globals.isEmpty { return memberVal(globals, loc: loc) }
            if n.first?.isUppercase == true { return Val(typeRef: externalSymbol(n), typeLoc: loc) }
            return Val()

        case .selfRef:
            return Val(type: scope.type.map { .nominal($0) })

        case .superRef:
            guard let t = scope.type else { return Val() }
            return Val(type: supertypes(of: t).first.map { .nominal($0) })

        case .member(let base, let name, let loc):
            let b = eval(base, expected: nil, scope: scope, env: env)
            if let t = b.typeRef {
                if name == "self" || name == "Type" || name == "Protocol" {
                    if let l = b.typeLoc { emit(t, l, .metatype, scope) }
                    return Val(type: .nominal(t))
                }
                if name == "init" {
                    if let l = b.typeLoc { emit(t, l, .construct, scope) }
                    var v = Val(type: .function(.nominal(t)))
                    v.candidates = initializers(of: t, from: scope)
                    return v
                }
                if let l = b.typeLoc { emit(t, l, .static, scope) }
                if case .symbol(let nested) = nestedType(name, in: t) { return Val(typeRef: nested, typeLoc: loc) }
                if t.isExternal, name.first?.isUppercase == true, lookupMember(name, in: t, from: scope).isEmpty {
                    return Val(typeRef: externalSymbol("\(t.qualifiedName).\(name)"), typeLoc: nil)
                }
                return memberVal(lookupMember(name, in: t, from: scope), loc: loc, skip: t.nodeID)
            }
            guard let bt = settle(b, scope: scope) else { return Val() }
            return member(of: bt, name, loc, scope: scope)

        case .implicitMember(let name, let loc):
            guard case .nominal(let t)? = expected else { return Val() }
            let refs = lookupMember(name, in: t, from: scope)
            if refs.isEmpty {
                emit(t, loc, .implicitMember, scope)
                return Val(type: .nominal(t))
            }
            var v = memberVal(refs, loc: loc, kind: .implicitMember)
            if name == "init" { v.type = .function(.nominal(t)) }
            if v.type == nil, refs.allSatisfy({ $0.fact.kind == .enumCase }) { v.type = .nominal(t) }
            return v

        case .call(let callee, let args):
            let c = eval(callee, expected: expected, scope: scope, env: env)
            var candidates = c.candidates
            var result: RType?
            if let t = c.typeRef {
                if let l = c.typeLoc { emit(t, l, .construct, scope) }
                candidates = initializers(of: t, from: scope)
                result = .nominal(t)
            }
            let chosen = pick(candidates, args: args)
            if c.typeRef == nil {
                if let loc = c.memberLoc {
                    if let chosen, chosen.0.owner != c.skipOwner {
                        emit(nodeID: chosen.0.owner, loc, c.memberKind, scope)
                    } else if chosen == nil {
                        _ = settle(
                            Val(
                                candidates: candidates, memberLoc: loc, memberKind: c.memberKind, skipOwner: c.skipOwner
                            ),
                            scope: scope)
                    }
                }
                let calleeType = c.type ?? chosen.flatMap { valueType(of: $0.0) }
                switch calleeType {
                case .function(let r)?: result = r
                default: result = calleeType
                }
            }
            for (i, arg) in args.enumerated() {
                var expectedArg: RType?
                if let (ref, mapping) = chosen, i < mapping.count, let p = mapping[i] {
                    expectedArg = paramType(ref, p)
                }
                settle(eval(arg.value, expected: expectedArg, scope: scope, env: env), scope: scope)
            }
            return Val(type: result)

        case .subscriptCall(let base, let args):
            let bt = settle(eval(base, expected: nil, scope: scope, env: env), scope: scope)
            var result: RType?
            var chosen: (MemberRef, [Int?])?
            switch bt {
            case .array(let el)?: result = el
            case .dictionary(_, let v)?: result = v
            case .nominal(let s)?:
                let refs = lookupMember("subscript", in: s, from: scope)
                chosen = pick(refs, args: args)
                if let chosen {
                    result = valueType(of: chosen.0)
                }
            default: break
            }
            for (i, arg) in args.enumerated() {
                var expectedArg: RType?
                if let (ref, mapping) = chosen, i < mapping.count, let p = mapping[i] {
                    expectedArg = paramType(ref, p)
                }
                settle(eval(arg.value, expected: expectedArg, scope: scope, env: env), scope: scope)
            }
            return Val(type: result)

        case .specialize(let base, let typeArgs):
            let b = eval(base, expected: expected, scope: scope, env: env)
            for t in typeArgs { resolveType(t, scope: scope, env: env, kind: .type) }
            return b

        case .type(let t, _):
            return Val(type: resolveType(t, scope: scope, env: env, kind: .type))

        case .cast(let inner, let t, let kind):
            settle(eval(inner, expected: nil, scope: scope, env: env), scope: scope)
            let target = resolveType(t, scope: scope, env: env, kind: .cast)
            return Val(type: kind == .is ? nil : target)

        case .binary(let l, let op, let r):
            if op == "=" {
                let lt = settle(eval(l, expected: nil, scope: scope, env: env), scope: scope)
                settle(eval(r, expected: lt, scope: scope, env: env), scope: scope)
                return Val()
            }
            var lt: RType?
            var rt: RType?
            if isImplicit(l) && !isImplicit(r) {
                rt = settle(eval(r, expected: nil, scope: scope, env: env), scope: scope)
                lt = settle(eval(l, expected: rt, scope: scope, env: env), scope: scope)
            } else {
                lt = settle(eval(l, expected: op == "??" ? expected : nil, scope: scope, env: env), scope: scope)
                rt = settle(
                    eval(r, expected: lt ?? (op == "??" ? expected : nil), scope: scope, env: env), scope: scope)
            }
            switch op {
            case "??": return Val(type: lt ?? rt)
            case "+", "-", "*", "/", "%": return Val(type: lt)
            default: return Val()
            }

        case .ternary(let c, let a, let b):
            settle(eval(c, expected: nil, scope: scope, env: env), scope: scope)
            let ta = settle(eval(a, expected: expected, scope: scope, env: env), scope: scope)
            let tb = settle(eval(b, expected: expected ?? ta, scope: scope, env: env), scope: scope)
            return Val(type: ta ?? tb)

        case .keyPath(let root, let comps):
            var current: RType?
            if let root {
                current = resolveType(root, scope: scope, env: env, kind: .keypath)
            } else if case .nominal? = expected {
                current = nil
            }
            for (name, loc) in comps {
                guard let c = current else { break }
                current = settle(member(of: c, name, loc, scope: scope), scope: scope)
            }
            return Val()

        case .literal(let typeName, let parts):
            for p in parts { settle(eval(p, expected: nil, scope: scope, env: env), scope: scope) }
            return Val(type: .nominal(externalSymbol(typeName)))

        case .array(let elements):
            var elementExpected: RType?
            if case .array(let el)? = expected { elementExpected = el }
            var first: RType?
            for el in elements {
                let t = settle(eval(el, expected: elementExpected, scope: scope, env: env), scope: scope)
                if first == nil { first = t }
            }
            return Val(type: (elementExpected ?? first).map { .array($0) })

        case .dictionary(let pairs):
            var ke: RType?
            var ve: RType?
            if case .dictionary(let k, let v)? = expected {
                ke = k
                ve = v
            }
            for (k, v) in pairs {
                settle(eval(k, expected: ke, scope: scope, env: env), scope: scope)
                settle(eval(v, expected: ve, scope: scope, env: env), scope: scope)
            }
            return Val(type: expected)

        case .closure(let code):
            var ret: RType?
            if case .function(let r)? = expected { ret = r }
            run(code, scope: scope, env: env, inheritedReturn: ret)
            return Val(type: expected)

        case .inline(let events):
            env.pushBlock()
            run(events, scope: scope, env: env)
            env.popBlock()
            return Val(type: expected)

        case .bindNames(let names):
            for n in names { env.bind(n, names.count == 1 ? expected : nil) }
            return Val()

        case .tuple(let args):
            for a in args { settle(eval(a.value, expected: nil, scope: scope, env: env), scope: scope) }
            return Val()

        case .other(let children):
            for c in children { settle(eval(c, expected: nil, scope: scope, env: env), scope: scope) }
            return Val()
        }
    }

    private func isImplicit(_ e: Expr) -> Bool {
        switch e {
        case .implicitMember: return true
        case .call(let callee, _): return isImplicit(callee)
        case .member(let base, _, _): return isImplicit(base)
        default: return false
        }
    }

    /// `value.name` where the value's type is known.
    private func member(of type: RType, _ name: String, _ loc: Loc, scope: Scope) -> Val {
        switch type {
        case .nominal(let s):
            let refs = lookupMember(name, in: s, from: scope)
            if refs.isEmpty, let modified = modifierProtocol(of: s) {
                // An SDK modifier (`.padding()`, `.bold()`): its result is a View again.
                return Val(type: .function(.nominal(modified)))
            }
            return memberVal(refs, loc: loc)
        case .array(let el):
            switch name {
            case "first", "last", "randomElement", "popLast", "removeFirst", "removeLast", "min", "max":
                return Val(type: name.hasPrefix("first") || name.hasPrefix("last") ? el : .function(el))
            case "filter", "sorted", "reversed", "shuffled", "dropFirst", "dropLast", "prefix", "suffix":
                return Val(type: .function(.array(el)))
            default:
                return memberVal(lookupMember(name, in: externalSymbol("Array"), from: scope), loc: loc)
            }
        case .dictionary(let k, let v):
            if name == "keys" { return Val(type: .array(k)) }
            if name == "values" { return Val(type: .array(v)) }
            return Val()
        case .function:
            return Val()
        }
    }

    // MARK: Bodies

    func run(_ code: Code, scope: Scope, env: Env, inheritedReturn: RType? = nil) {
        let inner = scope.adding(generics: code.genericNames)
        let ret =
            code.returnType.flatMap { t in quietly { resolveType(t, scope: inner, env: env, kind: .type) } }
            ?? inheritedReturn
        env.pushCode(returnType: ret)
        run(code.events, scope: inner, env: env)
        env.popCode()
    }

    private func run(_ events: [Event], scope: Scope, env: Env) {
        for event in events {
            switch event {
            case .push: env.pushBlock()
            case .pop: env.popBlock()
            case .bind(let name, let t, let e):
                let declared = t.flatMap { resolveType($0, scope: scope, env: env, kind: .type) }
                var inferred: RType?
                if let e { inferred = settle(eval(e, expected: declared, scope: scope, env: env), scope: scope) }
                env.bind(name, declared ?? inferred)
            case .forIn(let names, let seq):
                let st = settle(eval(seq, expected: nil, scope: scope, env: env), scope: scope)
                var element: RType?
                if case .array(let el)? = st { element = el }
                for n in names { env.bind(n, names.count == 1 ? element : nil) }
            case .eval(let e):
                settle(eval(e, expected: nil, scope: scope, env: env), scope: scope)
            case .ret(let e):
                settle(eval(e, expected: env.returnType, scope: scope, env: env), scope: scope)
            case .typeUse(let t, let kind):
                resolveType(t, scope: scope, env: env, kind: kind)
            case .shadow(let n):
                env.shadow(n)
            case .switchOn(let e):
                env.subjects.append(settle(eval(e, expected: nil, scope: scope, env: env), scope: scope))
            case .casePattern(let e):
                settle(eval(e, expected: env.subjects.last ?? nil, scope: scope, env: env), scope: scope)
            case .endSwitch:
                if !env.subjects.isEmpty { env.subjects.removeLast() }
            case .code(let c):
                run(c, scope: scope, env: env)
            }
        }
    }
}

/// Local bindings and shadowing names while a body is resolved.
final class Env {
    private struct Frame {
        var vars: [String: RType?] = [:]
        var shadows: Set<String> = []
    }
    private var frames: [Frame] = [Frame()]
    private var returnTypes: [RType?] = []
    var subjects: [RType?] = []

    var returnType: RType? { returnTypes.last ?? nil }

    func pushBlock() { frames.append(Frame()) }
    func popBlock() { if frames.count > 1 { frames.removeLast() } }
    func pushCode(returnType: RType?) {
        frames.append(Frame())
        returnTypes.append(returnType)
    }
    func popCode() {
        popBlock()
        if !returnTypes.isEmpty { returnTypes.removeLast() }
    }

    func bind(_ name: String, _ type: RType?) {
        guard name != "_" else { return }
        frames[frames.count - 1].vars[name] = .some(type)
    }

    func shadow(_ name: String) { frames[frames.count - 1].shadows.insert(name) }

    /// The binding's type, `.some(nil)` for a binding of unknown type, nil when unbound.
    func lookup(_ name: String) -> RType?? {
        for frame in frames.reversed() {
            if let t = frame.vars[name] { return .some(t) }
        }
        return nil
    }

    func isShadowed(_ name: String) -> Bool {
        frames.contains { $0.shadows.contains(name) }
    }
}
