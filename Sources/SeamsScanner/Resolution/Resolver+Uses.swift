import SeamsGraph

// Uses for the testability analysis: what a body does that a test cannot replace from
// outside. The resolver records what it sees and what it knows of the target (stored or
// computed, mutable, an object, what a function returns); `SeamsTestability` judges.

extension Resolver {
    /// A use at `loc` in the current body, with the traits every use gets from where it sits.
    private func record(
        _ kind: Use.Kind, to: String?, path: String, targetMember: String? = nil, valueType: String? = nil,
        traits: [Use.Trait] = [], _ loc: Loc, scope: Scope
    ) -> Int? {
        guard emitting else { return nil }
        var all = traits
        if closureDepth > 0 { all.append(.closure) }
        if inDefaultArgument { all.append(.defaultArgument) }
        uses.append(
            Use(
                from: scope.owner, to: to, kind: kind, path: path, targetMember: targetMember, valueType: valueType,
                traits: all, file: scope.siteFile, line: Int(loc.line), column: Int(loc.column), member: scope.member))
        return uses.count - 1
    }

    /// Whether values of this type are objects every holder shares.
    func isReference(_ t: RType?) -> Bool {
        guard case .nominal(let s)? = t else { return false }
        switch s.kind {
        case .class, .actor, .protocol: return true
        case .external: return SDKClassTree.supertypes[s.name] != nil
        default: return false
        }
    }

    private func nodeID(_ t: RType?) -> String? {
        if case .nominal(let s)? = t { return s.nodeID }
        return nil
    }

    /// Whether `t` is the scanned type whose body is resolved (or an extension of it). An
    /// extension of an SDK type is not its owner: `UIApplication.shared` in one is a use.
    private func isOwn(_ t: TypeSymbol, scope: Scope) -> Bool {
        !t.isExternal && (t.nodeID == scope.owner || scope.type === t)
    }

    /// Whether an unknown name in this body may be a member the type inherits from a type
    /// no scanned file declares (`present(…)` in a view controller, `split` in a `String`
    /// extension), rather than a free function.
    private func mayInheritUnknownMembers(_ scope: Scope) -> Bool {
        guard let t = scope.type else { return false }
        if t.isExternal { return true }
        if let known = inheritsUnknownCache[ObjectIdentifier(t)] { return known }
        var seen = Set<ObjectIdentifier>()
        var stack = [t]
        var found = false
        while !found, let s = stack.popLast() {
            for sup in supertypes(of: s) where seen.insert(ObjectIdentifier(sup)).inserted {
                if sup.isExternal {
                    found = true
                    break
                }
                stack.append(sup)
            }
        }
        inheritsUnknownCache[ObjectIdentifier(t)] = found
        return found
    }

    /// `T.name` for a type other than the body's own: a static property or function. Enum
    /// cases and nested types are values and names, not uses.
    func noteStaticMember(_ t: TypeSymbol, _ name: String, _ refs: [MemberRef], _ loc: Loc, scope: Scope) -> Int? {
        guard emitting, !isOwn(t, scope: scope) else { return nil }
        if refs.isEmpty {
            // Unknown members of a type no scanned file declares: `URLSession.shared`.
            guard t.isExternal else { return nil }
            return record(.staticRead, to: t.nodeID, path: t.qualifiedName + "." + name, loc, scope: scope)
        }
        // Enum cases, unapplied instance methods and nested names are no uses: decided before
        // anything is built, as most static member references are cases.
        guard refs.allSatisfy({ $0.fact.isStatic && ($0.fact.kind == .property || $0.fact.kind == .function) })
        else { return nil }
        let path = t.qualifiedName + "." + name
        let ref = refs[0]
        if ref.fact.kind == .function {
            // Settled as a call by `noteStaticCall`; unapplied, it is a read of a function value.
            return record(.staticRead, to: ref.owner, path: path, targetMember: ref.fact.signature, loc, scope: scope)
        }
        let value = valueType(of: ref)
        var traits: [Use.Trait] = [ref.fact.isStored ? .stored : .computed]
        if ref.fact.isVar && ref.fact.isStored { traits.append(.mutable) }
        if isReference(value) { traits.append(.reference) }
        return record(
            .staticRead, to: ref.owner, path: path, targetMember: ref.fact.signature, valueType: nodeID(value),
            traits: traits, loc, scope: scope)
    }

    /// The static member recorded at `index` is called: a static call of the overload chosen.
    func noteStaticCall(_ index: Int, chosen: MemberRef?) {
        guard emitting, index < uses.count, uses[index].kind == .staticRead else { return }
        var use = uses[index]
        if let chosen {
            guard chosen.fact.kind == .function else { return }
            use.targetMember = chosen.fact.signature
            var traits = use.traits
            if let ret = chosen.fact.type {
                if Self.isVoid(ret) { traits.append(.void) }
                if Self.names(ret, oneOf: ["Self", chosen.symbol?.name ?? "Self"]) { traits.append(.factory) }
            } else {
                traits.append(.void)
            }
            use.traits = Use.normalized(traits)
        }
        // Without a chosen overload it is still a call: of an SDK type's static function
        // (`Timer.scheduledTimer(…)`), or of a scanned one whose overload is not known.
        use.kind = .staticCall
        use.path += "()"
        uses[index] = use
    }

    /// `T(…)`, for a type other than the body's own.
    func noteConstruction(_ t: TypeSymbol, _ args: [Arg], _ loc: Loc, scope: Scope) {
        guard emitting, !isOwn(t, scope: scope) else { return }
        var traits: [Use.Trait] = []
        if args.isEmpty { traits.append(.noArguments) }
        if args.contains(where: { if case .selfRef = $0.value { return true } else { return false } }) {
            traits.append(.passesSelf)
        }
        _ = record(.construct, to: t.nodeID, path: t.qualifiedName + "()", traits: traits, loc, scope: scope)
    }

    /// Methods of the standard library's collections and values that change their receiver:
    /// calling one on a static or global property writes it (`Cache.items.append(x)`).
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "replaceSubrange", "updateValue", "merge", "popLast", "popFirst", "sort", "reverse", "shuffle", "toggle",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "swapAt", "negate",
    ]

    /// Operators that assign to their left operand.
    static let compoundAssignments: Set<String> = [
        "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&+=", "&-=", "&*=",
    ]

    /// A static or global stored property assigned, or changed through (`X.shared.name = …`,
    /// `X.items.append(…)`), anywhere, the type's own code included: a `static var` nothing
    /// writes is a constant, and what a test may share is what is written.
    /// `path` is built only for a write: this is called on every static member the scan meets.
    func noteWrite(_ refs: [MemberRef], _ path: @autoclosure () -> String, _ loc: Loc, scope: Scope) {
        guard assigning, emitting, refs.count == 1, let ref = refs.first, ref.fact.kind == .property,
            ref.fact.isStored, ref.fact.isStatic || ref.symbol == nil
        else { return }
        _ = record(
            .staticWrite, to: ref.owner, path: path(), targetMember: ref.fact.signature,
            traits: ref.fact.isVar ? [.stored, .mutable] : [.stored], loc, scope: scope)
    }

    /// The left side of `??` that a caller can hand in: a parameter of the body, or a stored
    /// property of the type that one of its initializers takes by name (`speechSynthesizer ??
    /// SpeechSynthesizer()` in a type with `init(speechSynthesizer:…)`).
    func isInjected(_ e: Expr, scope: Scope, env: Env) -> Bool {
        let name: String
        switch e {
        case .name(let n, _):
            if env.isParameter(n) { return true }
            if env.lookup(n) != nil { return false }
            name = n
        case .member(.selfRef, let n, _): name = n
        default: return false
        }
        guard let t = scope.type, !t.isExternal else { return false }
        let own = lookupMember(name, in: t, from: scope)
        guard own.count == 1, own[0].fact.kind == .property, own[0].fact.isStored, !own[0].fact.isStatic else {
            return false
        }
        return initializers(of: t, from: scope).contains { ref in
            ref.fact.signature.hasPrefix("init(") && ref.fact.signature.contains("(\(name):")
                || ref.fact.signature.contains(":\(name):")
        }
    }

    /// A global variable of the scanned code, read.
    func noteGlobalRead(_ refs: [MemberRef], _ name: String, _ loc: Loc, scope: Scope) {
        guard emitting, refs.count == 1, let ref = refs.first, ref.fact.kind == .property, ref.owner != scope.owner
        else { return }
        let value = valueType(of: ref)
        var traits: [Use.Trait] = [ref.fact.isStored ? .stored : .computed]
        if ref.fact.isVar && ref.fact.isStored { traits.append(.mutable) }
        if isReference(value) { traits.append(.reference) }
        _ = record(
            .globalRead, to: ref.owner, path: name, targetMember: name, valueType: nodeID(value), traits: traits, loc,
            scope: scope)
    }

    /// Free functions of the standard library that compute or report, never reach the world.
    static let pureFreeFunctions: Set<String> = [
        "abs", "assert", "assertionFailure", "ceil", "debugPrint", "dump", "fatalError", "floor", "max", "min",
        "numericCast", "pow", "precondition", "preconditionFailure", "print", "repeatElement", "round", "sequence",
        "sqrt", "stride", "swap", "type", "unsafeBitCast", "withExtendedLifetime", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeMutablePointer", "withUnsafePointer", "zip", "NSLocalizedString",
        "withTaskGroup", "withThrowingTaskGroup", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withAnimation", "withTransaction", "String", "isKnownUniquelyReferenced",
    ]

    /// A call of a free function nothing scanned declares: `SecItemAdd(…)`.
    func noteFreeCall(_ name: String, _ loc: Loc, scope: Scope) {
        // A C function's name (`sqlite3_open`) is no inherited Swift method.
        guard emitting, !Self.pureFreeFunctions.contains(name), name.contains("_") || !mayInheritUnknownMembers(scope)
        else { return }
        _ = record(.call, to: nil, path: name + "()", loc, scope: scope)
    }

    /// `x as? T` / `x as! T` to a concrete type of the scanned code.
    func noteDowncast(_ operand: Expr, _ spelled: TypeExpr, _ target: RType?, forced: Bool, scope: Scope) {
        guard emitting, case .nominal(let s)? = target, !s.isExternal, s.kind != .protocol,
            case .named(let comps) = spelled, let loc = comps.first?.loc
        else { return }
        _ = record(
            .downcast, to: s.nodeID, path: Self.operandName(operand), traits: forced ? [.forced] : [], loc,
            scope: scope)
    }

    /// The name an operand ends in: `presenter`, `presentingViewController`, `resolve()`.
    static func operandName(_ e: Expr) -> String {
        switch e {
        case .name(let n, _): return n
        case .member(_, let n, _): return n
        case .implicitMember(let n, _): return n
        case .call(let callee, _): return operandName(callee) + "()"
        case .subscriptCall(let base, _): return operandName(base) + "[]"
        case .selfRef: return "self"
        case .superRef: return "super"
        case .cast(let inner, _, _): return operandName(inner)
        case .specialize(let base, _): return operandName(base)
        default: return "_"
        }
    }

    /// The type's own static stored property, declared.
    func noteStaticState(_ name: String, _ loc: Loc, mutable: Bool, type: RType?, scope: Scope) {
        var traits: [Use.Trait] = [.stored]
        if mutable { traits.append(.mutable) }
        if isReference(type) { traits.append(.reference) }
        let typeName = scope.type?.qualifiedName ?? scope.owner
        _ = record(
            .staticState, to: scope.owner, path: typeName + "." + name, targetMember: name, valueType: nodeID(type),
            traits: traits, loc, scope: scope)
    }

    static func isVoid(_ t: TypeExpr) -> Bool {
        switch t {
        case .tuple(let items): return items.isEmpty
        case .named(let comps): return comps.count == 1 && comps[0].name == "Void"
        default: return false
        }
    }

    static func names(_ t: TypeExpr, oneOf names: [String]) -> Bool {
        switch t {
        case .named(let comps): return comps.count == 1 && names.contains(comps[0].name)
        case .optional(let inner): return Self.names(inner, oneOf: names)
        default: return false
        }
    }
}
