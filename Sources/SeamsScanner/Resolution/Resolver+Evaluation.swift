import SeamsGraph

// Expressions: the type each evaluates to, and the sites it makes once its use is known.
//
// Where expected types come from (the only places one is passed down to `eval`):
// - a binding's declared type (`let x: T = e`) and a function's return type (`return e`);
// - the parameter an argument is matched to (`f(x: .e)`, including initializers);
// - the left side of `=` for the right side, and either side of a comparison for the other;
// - the contextual type of `??` and of both branches of a ternary;
// - a `switch` or `if case` subject for its case patterns;
// - an array's element type and a dictionary's key and value types for their literals;
// - a closure's return type for its body (from a function-typed expectation).
// Anything else is evaluated with no expectation: where a type is not known, nothing is guessed.

extension Resolver {
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
        /// The type the members were looked up on: a subtype of a generic one binds its names.
        var receiver: TypeSymbol?
        /// The type no scanned file declares of a static member the app does not declare either
        /// (`Defaults` of `Defaults.reset`): the member's parameters' types are not known.
        var unknownStaticOf: TypeSymbol?
        /// The use this expression's static member chain recorded, and how many members it has.
        var useIndex: Int?
        var hops = 0
        /// A lowercase name nothing declares: a free function of a module not scanned, if called.
        var unresolvedName: (String, Loc)?
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
            if v.type == nil, v.candidates.count == 1 { return valueType(of: v.candidates[0], on: v.receiver) }
        }
        return v.type
    }

    func memberVal(
        _ refs: [MemberRef], loc: Loc, kind: SiteKind = .member, skip: String? = nil, on receiver: TypeSymbol? = nil
    ) -> Val {
        var v = Val()
        v.candidates = refs
        v.memberLoc = loc
        v.memberKind = kind
        v.skipOwner = skip
        v.receiver = receiver
        let nonFunctions = refs.filter { $0.fact.kind != .function }
        if !refs.isEmpty, nonFunctions.count == refs.count { v.type = valueType(of: refs[0], on: receiver) }
        return v
    }

    /// What a plain name no local binding or generic parameter takes refers to.
    enum NameMeaning {
        /// Members of the enclosing types (the innermost that has any), and that type.
        case members([MemberRef], TypeSymbol)
        /// A type or alias (`.shadowed` for an associated type).
        case type(TypeLookup)
        /// Globals of the module or of the first imported module that has any.
        case globals([MemberRef])
        /// A capitalized name nothing declares: a type no scanned file declares.
        case external(TypeSymbol)
        case unresolved
    }

    /// What `n` means where `scope` is; a worker keeps each answer (see `NameKey`).
    func meaning(of n: String, scope: Scope) -> NameMeaning {
        guard isWorker else { return findMeaning(of: n, scope: scope) }
        let key = NameKey(n, scope)
        if let known = meaningCache[key] { return known }
        let found = findMeaning(of: n, scope: scope)
        meaningCache[key] = found
        return found
    }

    private func findMeaning(of n: String, scope: Scope) -> NameMeaning {
        var t = scope.type
        while let s = t {
            let refs = lookupMember(n, in: s, from: scope)
            if !refs.isEmpty { return .members(refs, s) }
            t = s.parent
        }
        let type = lookupTypeName(n, scope: scope, env: nil)
        if case .notFound = type {} else { return .type(type) }
        var globals = self.globals(of: scope.file.unit)[n] ?? []
        if globals.isEmpty {
            for imported in scope.file.imports where globals.isEmpty {
                globals = self.globals(of: imported)[n] ?? []
            }
        }
        globals = globals.filter { $0.fact.kind != .typeAlias }
        if !globals.isEmpty { return .globals(globals) }
        if n.first?.isUppercase == true { return .external(externalSymbol(n)) }
        return .unresolved
    }

    func eval(_ e: Expr, expected: RType?, scope: Scope, env: Env) -> Val {
        switch e {
        case .name(let n, let loc):
            if let bound = env.lookup(n) { return Val(type: bound) }
            if env.isShadowed(n) || scope.generics.contains(n) { return Val() }
            if n == "Self", let t = scope.type { return Val(typeRef: t) }
            switch meaning(of: n, scope: scope) {
            case .members(let refs, let receiver):
                noteWrite(refs, n, loc, scope: scope)
                return memberVal(refs, loc: loc, on: receiver)
            case .type(.symbol(let s)): return Val(typeRef: s, typeLoc: loc)
            case .type(.alias(let ref)):
                if let owner = ref.symbol { emit(owner, loc, .static, scope) }
                if let target = ref.fact.type,
                    case .nominal(let s)? = quietly({
                        resolveType(target, scope: ref.scope, env: nil, kind: .type)
                    })
                {
                    return Val(typeRef: s, typeLoc: loc)
                }
                return Val()
            case .type: return Val()
            case .globals(let globals):
                noteWrite(globals, n, loc, scope: scope)
                noteGlobalRead(globals, n, loc, scope: scope)
                return memberVal(globals, loc: loc)
            case .external(let s): return Val(typeRef: s, typeLoc: loc)
            case .unresolved:
                var unresolved = Val()
                unresolved.unresolvedName = (n, loc)
                return unresolved
            }

        case .selfRef:
            return Val(type: scope.type.map { .nominal($0) })

        case .superRef:
            guard let t = scope.type else { return Val() }
            return Val(type: supertypes(of: t).first.map { .nominal($0) })

        case .member(let base, let name, let loc):
            // `X.items.append(…)`: the receiver of a mutating method is written.
            let outerAssigning = assigning
            if Self.mutatingMethods.contains(name) { assigning = true }
            let b = eval(base, expected: nil, scope: scope, env: env)
            assigning = outerAssigning
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
                let refs = lookupMember(name, in: t, from: scope)
                noteWrite(refs, t.qualifiedName + "." + name, loc, scope: scope)
                var v = memberVal(refs, loc: loc, skip: t.nodeID, on: t)
                if refs.isEmpty && t.isExternal { v.unknownStaticOf = t }
                // `FileManager.default`: the shared instance of a type no scanned file declares.
                if refs.isEmpty, t.isExternal, SDKClassTree.singletonNames.contains(name) { v.type = .nominal(t) }
                v.useIndex = noteStaticMember(t, name, refs, loc, scope: scope)
                v.hops = 1
                return v
            }
            // A static chain's path grows even where the type of a step is not known (SDK members).
            let extended = b.useIndex != nil && b.hops < 3 && emitting
            if extended { uses[b.useIndex!].path += "." + name }
            var v = settle(b, scope: scope).map { member(of: $0, name, loc, scope: scope) } ?? Val()
            if extended {
                v.useIndex = b.useIndex
                v.hops = b.hops + 1
            }
            return v

        case .implicitMember(let name, let loc):
            guard case .nominal(let t)? = expected else { return Val() }
            let refs = lookupMember(name, in: t, from: scope)
            if refs.isEmpty {
                emit(t, loc, .implicitMember, scope)
                return Val(type: .nominal(t))
            }
            var v = memberVal(refs, loc: loc, kind: .implicitMember, on: t)
            if name == "init" { v.type = .function(.nominal(t)) }
            if v.type == nil, refs.allSatisfy({ $0.fact.kind == .enumCase }) { v.type = .nominal(t) }
            return v

        case .call(let callee, let args):
            noteNotification(callee, args, scope: scope)
            let c = eval(callee, expected: expected, scope: scope, env: env)
            var candidates = c.candidates
            var result: RType?
            var unknownCallee = c.unknownStaticOf.map { UnknownCallee.member(of: $0) }
            if let t = c.typeRef {
                if let l = c.typeLoc {
                    emit(t, l, .construct, scope)
                    noteConstruction(t, args, l, scope: scope)
                }
                candidates = initializers(of: t, from: scope)
                if t.isExternal && candidates.isEmpty { unknownCallee = .member(of: t) }
                result = .nominal(t)
            } else if let (n, l) = c.unresolvedName {
                noteFreeCall(n, l, scope: scope)
            }
            let chosen = pick(candidates, args: args)
            if let i = c.useIndex, c.hops == 1 { noteStaticCall(i, chosen: chosen?.0) }
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
                let calleeType = c.type ?? chosen.flatMap { valueType(of: $0.0, on: c.receiver) }
                switch calleeType {
                case .function(let r)?: result = r
                default: result = calleeType
                }
            }
            // What an initializer hands to `self.init(…)` the caller can hand in instead, through
            // the initializer it delegates to: as with a default argument, the seam is there.
            let outer = inDefaultArgument
            if case .member(.selfRef, "init", _) = callee {
                inDefaultArgument = true
                delegatesToSelfInit = true
            }
            arguments(args, of: chosen, on: c.receiver, unknownCallee: unknownCallee, scope: scope, env: env)
            inDefaultArgument = outer
            return Val(type: result)

        case .subscriptCall(let base, let args):
            let bt = settle(eval(base, expected: nil, scope: scope, env: env), scope: scope)
            var result: RType?
            var chosen: (MemberRef, [Int?])?
            var receiver: TypeSymbol?
            var unknownCallee: UnknownCallee?
            switch bt {
            case .array(let el)?: result = el
            case .dictionary(_, let v)?: result = v
            case .nominal(let s)?:
                let refs = lookupMember("subscript", in: s, from: scope)
                chosen = pick(refs, args: args)
                receiver = s
                if refs.isEmpty && s.isExternal { unknownCallee = .member(of: s) }
                if let chosen {
                    result = valueType(of: chosen.0, on: s)
                }
            default: break
            }
            arguments(args, of: chosen, on: receiver, unknownCallee: unknownCallee, scope: scope, env: env)
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
            if kind == .asForced || kind == .asOptional {
                noteDowncast(inner, t, target, forced: kind == .asForced, scope: scope)
            }
            return Val(type: kind == .is ? nil : target)

        case .binary(let l, let op, let r):
            if op == "=" {
                let outerAssigning = assigning
                assigning = true
                let assigned = eval(l, expected: nil, scope: scope, env: env)
                assigning = outerAssigning
                noteCallback(assigned, scope: scope)
                let lt = settle(assigned, scope: scope)
                settle(eval(r, expected: lt, scope: scope, env: env), scope: scope)
                return Val()
            }
            var lt: RType?
            var rt: RType?
            if isImplicit(l) && !isImplicit(r) {
                rt = settle(eval(r, expected: nil, scope: scope, env: env), scope: scope)
                lt = settle(eval(l, expected: rt, scope: scope, env: env), scope: scope)
            } else {
                let outerAssigning = assigning
                if Self.compoundAssignments.contains(op) { assigning = true }
                lt = settle(eval(l, expected: op == "??" ? expected : nil, scope: scope, env: env), scope: scope)
                assigning = outerAssigning
                // `parameter ?? Fallback()`, or a property an initializer takes: the caller can
                // hand one in, as with a default argument.
                let outer = inDefaultArgument
                if op == "??", isInjected(l, scope: scope, env: env) { inDefaultArgument = true }
                rt = settle(
                    eval(r, expected: lt ?? (op == "??" ? expected : nil), scope: scope, env: env), scope: scope)
                inDefaultArgument = outer
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
            closureDepth += 1
            run(code, scope: scope, env: env, inheritedReturn: ret)
            closureDepth -= 1
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

    /// Evaluates call or subscript arguments, each expecting the type of the parameter the
    /// chosen overload matches it to. `unknownCallee`: the callee is one no scanned file
    /// declares (`Resolver+ImplicitKeys`), when no overload is known.
    func arguments(
        _ args: [Arg], of chosen: (MemberRef, [Int?])?, on receiver: TypeSymbol? = nil,
        unknownCallee: UnknownCallee? = nil, scope: Scope, env: Env
    ) {
        for (i, arg) in args.enumerated() {
            var expectedArg: RType?
            if let (ref, mapping) = chosen, i < mapping.count, let p = mapping[i] {
                expectedArg = paramType(ref, p, on: receiver)
            }
            if chosen == nil, let unknownCallee, case .implicitMember(let name, let loc) = arg.value {
                implicitMemberByName(name, loc, passedTo: unknownCallee, scope: scope)
                continue
            }
            settle(eval(arg.value, expected: expectedArg, scope: scope, env: env), scope: scope)
        }
    }

    func isImplicit(_ e: Expr) -> Bool {
        switch e {
        case .implicitMember: return true
        case .call(let callee, _): return isImplicit(callee)
        case .member(let base, _, _): return isImplicit(base)
        default: return false
        }
    }

    /// `value.name` where the value's type is known.
    func member(of type: RType, _ name: String, _ loc: Loc, scope: Scope) -> Val {
        switch type {
        case .nominal(let s):
            let refs = lookupMember(name, in: s, from: scope)
            if refs.isEmpty, let modified = modifierProtocol(of: s) {
                // An SDK modifier (`.padding()`, `.bold()`): its result is a View again.
                return Val(type: .function(.nominal(modified)))
            }
            return memberVal(refs, loc: loc, on: s)
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
}
