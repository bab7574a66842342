import SeamsGraph

// Building the symbol table, serially, before any body is resolved: every type, extension
// and member of the scanned files, with the scope its names resolve in.

extension Resolver {
    /// `threads`: at most this many register the members (two at most). `lazily`: members are
    /// registered when first asked for (`SymbolTable.pending`), and bodies resolve on one thread.
    func declare(files: [(FileFacts, FileContext)], threads: Int = 1, lazily: Bool = false) {
        var pendingExtensions: [(DeclFact, FileContext)] = []
        // Top-level type names declared more than once in a unit: a file-private one of them
        // is named after its file too, so that each file's own type is a node of its own.
        var declaredInUnit: [Int: [String: Int]] = [:]
        for (facts, ctx) in files {
            for case .nominal(_, let name) in facts.top.nested.map(\.kind) {
                declaredInUnit[ctx.unit, default: [:]][name, default: 0] += 1
            }
        }
        table.sharedTopLevelNames = declaredInUnit.mapValues { Set($0.filter { $0.value > 1 }.keys) }
        table.privateTypes = Array(repeating: [:], count: files.count)
        // Files of a unit mostly import the same modules: each name is looked up once per unit.
        var unitsImported: [Int: [String: [Int]]] = [:]
        for (index, (facts, ctx)) in files.enumerated() {
            ctx.index = index
            ctx.lines = facts.lines
            ctx.imports = facts.imports.flatMap { name in
                if let known = unitsImported[ctx.unit]?[name] { return known }
                let found = importedUnits([name], from: ctx.unit)
                unitsImported[ctx.unit, default: [:]][name] = found
                return found
            }
            let fileScope = Scope(file: ctx, type: nil, owner: ctx.fileScopeID, generics: [])
            table.bindings.append((facts.top, fileScope))
            table.fileScopeNodes[ctx.fileScopeID] = Node(
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
        registerAllMembers(threads: threads, lazily: lazily)
        // Workers share the table read-only: the index they may ask for is built now, unless
        // members wait, and then one worker resolves.
        if !lazily { indexStaticMembers() }
        // Supertypes looked up while extensions were still being bound may miss conformances
        // that later extensions add: recompute them all now, in a fixed order.
        let known = table.symbols + table.externals.keys.sorted().map { table.externals[$0]! }
        for symbol in known { symbol.supertypesCache = nil }
        for symbol in known { _ = supertypes(of: symbol) }
        // Supertypes from the SDK's class tree name more externals (UIResponder for
        // UIViewController): theirs are computed too, so that no worker ever writes the cache
        // of a symbol it shares with other workers.
        var pending = table.externals.values.filter { $0.supertypesCache == nil }
        while !pending.isEmpty {
            for symbol in pending.sorted(by: { $0.qualifiedName < $1.qualifiedName }) { _ = supertypes(of: symbol) }
            pending = table.externals.values.filter { $0.supertypesCache == nil }
        }
    }

    func importedUnits(_ names: [String], from unit: Int) -> [Int] {
        var out: [Int] = []
        let sees = table.units[unit].sees
        for name in names {
            // A unit of that name other than the file's own; among several, one the file's
            // target can see (its dependencies and linked products).
            let candidates = table.units.indices.filter { $0 != unit && table.units[$0].importName == name }
            if let i = candidates.first(where: { sees?.contains($0) == true }) ?? candidates.first { out.append(i) }
        }
        return out
    }

    @discardableResult
    func declareNominal(_ decl: DeclFact, parent: TypeSymbol?, ctx: FileContext) -> TypeSymbol? {
        guard case .nominal(let kind, let name) = decl.kind else { return nil }
        let filePrivate = parent == nil && decl.isFilePrivate
        var qualified = parent.map { "\($0.qualifiedName).\(name)" } ?? name
        if filePrivate, table.sharedTopLevelNames[ctx.unit]?.contains(name) == true {
            qualified = "\(ctx.fileName).\(name)"
        }
        let existing =
            parent.map { $0.nested[name] }
            ?? (filePrivate ? table.privateTypes[ctx.index][name] : table.units[ctx.unit].types[name])
        let symbol: TypeSymbol
        if let existing, !existing.isExternal {
            symbol = existing  // a second declaration of the same name: merged into the first
        } else {
            symbol = TypeSymbol(
                name: name, qualifiedName: qualified, kind: kind, nodeID: "\(ctx.module).\(qualified)",
                module: ctx.module, parent: parent, file: ctx.path, line: Int(decl.loc.line))
            symbol.genericNames = Set(decl.genericNames)
            symbol.genericOrder = decl.genericNames
            table.symbols.append(symbol)
            if let parent {
                parent.nested[name] = symbol
            } else if filePrivate {
                table.privateTypes[ctx.index][name] = symbol
            } else {
                table.units[ctx.unit].types[name] = symbol
            }
        }
        let scope = Scope(file: ctx, type: symbol, owner: symbol.nodeID, generics: symbol.visibleGenerics)
        table.bindings.append((decl, scope))
        for nested in decl.nested { declareNominal(nested, parent: symbol, ctx: ctx) }
        return symbol
    }

    /// Extensions may extend types declared in other extensions, so they bind in rounds.
    /// An extension merges into its type when the type's module compiles it; elsewhere (a type
    /// of another module, or one no scanned file declares) its code forms an extension node of
    /// the module that compiles it, with an `extends` edge to the type: the module graph then has
    /// only the edges a compiler needs.
    func bindExtensions(_ pending: [(DeclFact, FileContext)]) {
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
    func bindForeignExtension(_ decl: DeclFact, to symbol: TypeSymbol, spelled: String, ctx: FileContext) {
        guard case .extension(let extended) = decl.kind else { return }
        let fileName = ctx.fileName
        let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        let name = stem.hasPrefix(spelled + "+") ? stem : "\(spelled)+\(stem)"
        let id = "\(ctx.module).\(name)"
        if table.extensionNodes[id] == nil {
            table.extensionNodes[id] = Node(
                id: id, name: name, module: ctx.module, kind: .extension, file: ctx.path, line: Int(decl.loc.line))
        }
        bindExtension(decl, to: symbol, owner: id, ctx: ctx)
        // The extension's own code names the type it extends (its qualifiers as `type`).
        resolveType(extended, scope: Scope(file: ctx, type: nil, owner: id, generics: []), env: nil, kind: .extends)
    }

    func bindExtension(_ decl: DeclFact, to symbol: TypeSymbol, owner: String, ctx: FileContext) {
        let scope = Scope(
            file: ctx, type: symbol, owner: owner, generics: symbol.visibleGenerics.union(decl.genericNames))
        table.bindings.append((decl, scope))
        for nested in decl.nested { declareNominal(nested, parent: symbol, ctx: ctx) }
    }

    /// Every binding's members, registered on its type (or as globals of its file's unit) in
    /// binding order, with the ids one walk in that order would give. Each binding's first id
    /// is counted up front, so two threads share the work: one takes the globals and the types
    /// on one side, the other the rest; each type's lists are only ever touched by one.
    /// Inheritance clauses and type aliases, which type lookups need, are registered first, in
    /// binding order; `lazily`, the other members wait until they are asked for.
    func registerAllMembers(threads: Int, lazily: Bool = false) {
        let bindings = table.bindings
        // The side each binding goes to; nil: it registers nothing.
        var sides: [Int?] = []
        var firstIDs: [Int] = []
        sides.reserveCapacity(bindings.count)
        firstIDs.reserveCapacity(bindings.count)
        var next = nextMemberID
        for (decl, scope) in bindings {
            var side: Int?
            if case .file = decl.kind {
                side = 0
            } else if let symbol = scope.type {
                side = ObjectIdentifier(symbol).hashValue & 1
            }
            sides.append(side)
            firstIDs.append(next)
            if side != nil { next += decl.memberCount }
        }
        for k in bindings.indices where sides[k] != nil {
            registerSurface(bindings[k].0, scope: bindings[k].1, firstID: firstIDs[k])
        }
        nextMemberID = next
        if lazily {
            let pending = PendingMembers(firstIDs: firstIDs)
            for k in bindings.indices where sides[k] != nil {
                let (decl, scope) = bindings[k]
                if case .file = decl.kind {
                    pending.ofUnit[scope.file.unit, default: []].append(k)
                } else if let symbol = scope.type {
                    pending.ofType[ObjectIdentifier(symbol), default: []].append(k)
                }
            }
            table.pending = pending
            return
        }
        _ = ParallelMap.run(count: 2, threads: min(2, threads)) { part in
            for k in bindings.indices where sides[k] == part {
                self.registerMembers(bindings[k].0, scope: bindings[k].1, firstID: firstIDs[k])
            }
        }
    }

    /// What type lookups need of `decl`: its inheritance clause and its type aliases (and
    /// associated types), numbered as in `registerMembers`.
    private func registerSurface(_ decl: DeclFact, scope: Scope, firstID: Int) {
        if case .file = decl.kind {
            for (k, member) in decl.members.enumerated() where member.kind == .typeAlias {
                table.units[scope.file.unit].aliases[member.name, default: []].append(
                    memberRef(member, id: firstID + k + 1, scope: scope, symbol: nil))
            }
            return
        }
        guard let symbol = scope.type else { return }
        // Known without reading the other members (`DeclFact.aliasMembers`).
        for (k, member) in decl.aliasMembers {
            symbol.aliases[member.name, default: []].append(
                memberRef(member, id: firstID + k + 1, scope: scope, symbol: symbol))
        }
        for inherited in decl.inherits { symbol.inherits.append((inherited, scope)) }
    }

    /// `decl`'s members, numbered on from `firstID`.
    private func registerMembers(_ decl: DeclFact, scope: Scope, firstID: Int) {
        let symbol = scope.type
        if case .file = decl.kind {
            for (k, member) in decl.members.enumerated() {
                table.units[scope.file.unit].globals[member.name, default: []].append(
                    memberRef(member, id: firstID + k + 1, scope: scope, symbol: nil))
            }
            return
        }
        guard let symbol else { return }
        for (k, member) in decl.members.enumerated() {
            symbol.members[member.name, default: []].append(
                memberRef(member, id: firstID + k + 1, scope: scope, symbol: symbol))
        }
    }

    /// Registers `symbol`'s members if they wait (`SymbolTable.pending`), in binding order.
    func registerPending(_ symbol: TypeSymbol) {
        registerPending(table.pending?.ofType.removeValue(forKey: ObjectIdentifier(symbol)))
    }

    /// The globals of `unit`, registered first if they wait.
    func globals(of unit: Int) -> [String: [MemberRef]] {
        registerPending(table.pending?.ofUnit.removeValue(forKey: unit))
        return table.units[unit].globals
    }

    /// The members of the bindings `list` (indices into `table.bindings`), with their counted ids.
    private func registerPending(_ list: [Int]?) {
        guard let list, let pending = table.pending else { return }
        for k in list { registerMembers(table.bindings[k].0, scope: table.bindings[k].1, firstID: pending.firstIDs[k]) }
    }

    /// A member numbered next: declared ones count up from 1, a worker's synthetic ones down
    /// from its own start.
    func makeRef(_ fact: MemberFact, scope: Scope, symbol: TypeSymbol?) -> MemberRef {
        nextMemberID += nextMemberID >= 0 ? 1 : -1
        return memberRef(fact, id: nextMemberID, scope: scope, symbol: symbol)
    }

    /// The table keeps what the reference names and nothing else holds (see `MemberRef`).
    private func memberRef(_ fact: MemberFact, id: Int, scope: Scope, symbol: TypeSymbol?) -> MemberRef {
        let own = scope.adding(generics: fact.genericNames)
        if own !== scope { table.keep(own) }
        return MemberRef(id: id, fact: fact, owner: scope.owner, symbol: symbol, scope: own)
    }
}
