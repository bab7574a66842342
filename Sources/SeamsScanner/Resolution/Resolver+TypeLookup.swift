import SeamsGraph

// Type names: from a spelled type to the symbol it names, as Swift looks names up (enclosing
// types, the file's private types, the module, the modules it imports), recording a site for
// each component named.

extension Resolver {
    enum TypeLookup {
        case symbol(TypeSymbol)
        case alias(MemberRef)
        case shadowed
        case notFound
    }

    /// A name and where it is met: the enclosing type and the file's lookup context (its unit,
    /// imports and private types). Once the table is finished, what a name means depends on
    /// nothing else.
    struct NameKey: Hashable {
        let name: String
        let type: ObjectIdentifier?
        let context: Int

        init(_ name: String, _ scope: Scope) {
            self.name = name
            type = scope.type.map(ObjectIdentifier.init)
            context = scope.file.lookupContext
        }
    }

    /// Gives each file the id of its lookup context, once the table is finished: files of one
    /// unit that import the same modules in the same order, and declare no private top-level
    /// type, find every name alike, so a worker's answers serve all of them.
    func assignLookupContexts() {
        struct Context: Hashable {
            let unit: Int
            let imports: [Int]
            /// The file's index when it has private top-level types, else -1.
            let privateTypes: Int
        }
        var ids: [Context: Int] = [:]
        var assigned = Array(repeating: false, count: table.privateTypes.count)
        for (_, scope) in table.bindings where !assigned[scope.file.index] {
            let file = scope.file
            assigned[file.index] = true
            let key = Context(
                unit: file.unit, imports: file.imports,
                privateTypes: table.privateTypes[file.index].isEmpty ? -1 : file.index)
            if let id = ids[key] {
                file.lookupContext = id
            } else {
                file.lookupContext = ids.count
                ids[key] = ids.count
            }
        }
    }

    func lookupTypeName(_ name: String, scope: Scope, env: Env?) -> TypeLookup {
        if env?.isShadowed(name) == true || scope.generics.contains(name) { return .shadowed }
        if name == "Self" { return scope.type.map { .symbol($0) } ?? .shadowed }
        // A worker's table is finished, so each answer is kept; the first resolver's table grows.
        guard isWorker else { return findTypeName(name, scope: scope) }
        let key = NameKey(name, scope)
        if let known = typeNameCache[key] { return known }
        let found = findTypeName(name, scope: scope)
        typeNameCache[key] = found
        return found
    }

    /// The enclosing types' nested types, the file's private types, the module's, then the
    /// imported modules'.
    private func findTypeName(_ name: String, scope: Scope) -> TypeLookup {
        var t = scope.type
        while let s = t {
            let found = nestedType(name, in: s)
            if case .notFound = found {} else { return found }
            t = s.parent
        }
        if let s = table.privateTypes[scope.file.index][name] { return .symbol(s) }
        let unit = table.units[scope.file.unit]
        if let s = unit.types[name] { return .symbol(s) }
        if let alias = unit.aliases[name]?.first { return .alias(alias) }
        for imported in scope.file.imports {
            if let s = table.units[imported].types[name] { return .symbol(s) }
            if let alias = table.units[imported].aliases[name]?.first {
                return .alias(alias)
            }
        }
        return .notFound
    }

    /// A nested type or type alias of `symbol` or of its supertypes, searched depth first; each
    /// type is visited once, so inheritance cycles and diamonds (duplicated files) end.
    func nestedType(_ name: String, in symbol: TypeSymbol) -> TypeLookup {
        var visited: Set<ObjectIdentifier> = []
        return nestedType(name, in: symbol, visited: &visited)
    }

    private func nestedType(_ name: String, in symbol: TypeSymbol, visited: inout Set<ObjectIdentifier>) -> TypeLookup {
        guard visited.insert(ObjectIdentifier(symbol)).inserted else { return .notFound }
        if let s = symbol.nested[name] { return .symbol(s) }
        if let refs = symbol.aliases[name] {
            if let alias = refs.first(where: { $0.fact.kind == .typeAlias }) { return .alias(alias) }
            if refs.contains(where: { $0.fact.kind == .associatedType }) { return .shadowed }
        }
        for sup in supertypes(of: symbol) {
            let found = nestedType(name, in: sup, visited: &visited)
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
                s !== symbol, !out.contains(where: { $0 === s })
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

    static let standardGenerics: Set<String> = ["Array", "Optional", "Set", "Dictionary", "ContiguousArray"]

    func resolveNamed(
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
                    if !isLast, let unit = table.units.firstIndex(where: { $0.importName == comp.name }) {
                        // `Module.Type`: continue at that module's top level.
                        if let s = table.units[unit].types[comps[i + 1].name] {
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
                // A generic name a subtype binds (`Resolver+InheritedGenerics`): what it stands for.
                if i == 0, let bound = boundGenericNames[comp.name] {
                    _ = argTypes(comp)
                    guard case .nominal(let s) = bound, !isLast else { return isLast ? bound : nil }
                    current = s
                    result = bound
                    break
                }
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
    func resolveAliasTarget(
        _ target: TypeExpr, aliasScope: Scope, useScope: Scope, kind: SiteKind, at loc: Loc,
        depth: Int
    ) -> RType? {
        // Names resolve in the alias's file and type; sites carry the user's file, owner and member.
        let scope = Scope(
            file: aliasScope.file, type: aliasScope.type, owner: useScope.owner, generics: aliasScope.generics,
            siteFile: useScope.siteFile, member: useScope.member)
        return resolveType(target, scope: scope, env: nil, kind: kind, at: loc, depth: depth)
    }
}
