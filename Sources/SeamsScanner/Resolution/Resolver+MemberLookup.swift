import SeamsGraph

// Members: what `x.name` can refer to, through extensions, supertypes and the SDK's class
// tree, limited to what the caller's module can see; and the overload a call picks.

extension Resolver {
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
        let key = MemberKey(symbol: ObjectIdentifier(symbol), name: name)
        if let cached = memberLookupCache[key] { return cached }
        // A few supertypes deep at most: a list, where a set cost a hash table each time.
        var visited: [ObjectIdentifier] = []
        let found = lookupMember(name, in: symbol, visited: &visited)
        memberLookupCache[key] = found
        return found
    }

    func lookupMember(_ name: String, in symbol: TypeSymbol, visited: inout [ObjectIdentifier]) -> [MemberRef] {
        let id = ObjectIdentifier(symbol)
        guard !visited.contains(id) else { return [] }
        visited.append(id)
        registerPending(symbol)
        if let all = symbol.members[name] {
            // The list itself when it has no type alias (nearly always), rather than a copy.
            let own = all.contains { $0.fact.kind.namesType } ? all.filter { !$0.fact.kind.namesType } : all
            if !own.isEmpty { return own }
        }
        if name == "init" { return [] }  // initializers are not inherited for our purposes
        for sup in supertypes(of: symbol) {
            let found = lookupMember(name, in: sup, visited: &visited)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The SDK protocol (`View`, `Scene`) whose modifiers `symbol` takes, if it conforms to one.
    func modifierProtocol(of symbol: TypeSymbol) -> TypeSymbol? {
        if let cached = modifierProtocolCache[ObjectIdentifier(symbol)] { return cached }
        let found = findModifierProtocol(of: symbol)
        modifierProtocolCache[ObjectIdentifier(symbol)] = .some(found)
        return found
    }

    func findModifierProtocol(of symbol: TypeSymbol) -> TypeSymbol? {
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
        let key = MemberKey(symbol: ObjectIdentifier(symbol), name: "init()memberwise")
        if let cached = memberLookupCache[key] { return cached }
        // Member ids follow source order, so sorting by id restores the declaration order.
        registerPending(symbol)
        let stored = symbol.members.values.joined()
            .filter { $0.fact.isStoredInstance && !$0.fact.isLet && $0.owner == symbol.nodeID }
            .sorted { $0.id < $1.id }
        var memberwise: [MemberRef] = []
        if let scope = stored.first?.scope {
            let params = stored.map { ParamFact(label: $0.fact.name, type: $0.fact.type ?? .unknown) }
            let fact = MemberFact(
                name: "init", kind: .initializer, isStatic: true, type: nil, initializer: nil,
                params: params, genericNames: [])
            table.keep(fact)
            memberwise = [makeRef(fact, scope: scope, symbol: symbol)]
        }
        memberLookupCache[key] = memberwise
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
    func align(_ args: [Arg], _ params: [ParamFact]) -> [Int?]? {
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
}
