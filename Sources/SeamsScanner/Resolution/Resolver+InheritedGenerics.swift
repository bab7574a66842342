import SeamsGraph

// Generic parameters and associated types as a subtype binds them. In
// `final class Home: BaseViewModel<HomeState, HomeAction>`, the base class's `var state: State`
// is a `HomeState` when Home's code reads it; in `class AppStore: Store { typealias State =
// AppState }`, the protocol's `State` is an `AppState` for AppStore and its subclasses. A member
// found on a supertype then has the type its receiver binds, rather than none.

extension Resolver {
    /// The type of `ref` as a member of `receiver`: declared on a generic supertype or a protocol
    /// with associated types, its generic names stand for what `receiver` binds them to.
    func valueType(of ref: MemberRef, on receiver: TypeSymbol?) -> RType? {
        guard let bound = boundNames(for: ref, on: receiver) else { return valueType(of: ref) }
        let key = BoundMemberKey(member: ref.id, receiver: ObjectIdentifier(receiver!))
        if let cached = boundMemberTypeCache[key] { return cached }
        let result: RType?
        switch ref.fact.kind {
        case .function:
            result = .function(ref.fact.type.flatMap { resolve($0, scope: ref.scope, binding: bound) })
        case .property, .subscript:
            result = ref.fact.type.map { resolve($0, scope: ref.scope, binding: bound) } ?? valueType(of: ref)
        default:
            result = valueType(of: ref)
        }
        boundMemberTypeCache[key] = .some(result)
        return result
    }

    /// The type of `ref`'s parameter `index` as a member of `receiver` (see `valueType(of:on:)`).
    func paramType(_ ref: MemberRef, _ index: Int, on receiver: TypeSymbol?) -> RType? {
        guard index < ref.fact.params.count, let bound = boundNames(for: ref, on: receiver) else {
            return paramType(ref, index)
        }
        return resolve(ref.fact.params[index].type, scope: ref.scope, binding: bound)
    }

    /// What `receiver` binds the generic names of `ref`'s declaring type to; nil when `ref` is
    /// declared on `receiver` itself, on a type without generic names, or nothing is bound.
    private func boundNames(for ref: MemberRef, on receiver: TypeSymbol?) -> [String: RType]? {
        guard let receiver, let declaring = ref.symbol, declaring !== receiver,
            !declaring.genericOrder.isEmpty || declaring.hasAssociatedTypes
        else { return nil }
        let bound = boundNames(of: declaring, from: receiver)
        // A member's own generic parameter shadows its type's of the same name.
        let own = bound.filter { !ref.fact.genericNames.contains($0.key) }
        return own.isEmpty ? nil : own
    }

    /// What `declaring`'s generic parameters and associated types stand for in `receiver`, a
    /// subtype of it: along the first inheritance path from one to the other.
    func boundNames(of declaring: TypeSymbol, from receiver: TypeSymbol) -> [String: RType] {
        let key = BoundNamesKey(declaring: ObjectIdentifier(declaring), receiver: ObjectIdentifier(receiver))
        if let cached = boundNamesCache[key] { return cached }
        var visited: [ObjectIdentifier] = []
        let found = bindings(toward: declaring, from: receiver, bound: [:], visited: &visited) ?? [:]
        boundNamesCache[key] = found
        return found
    }

    /// Walks up from `symbol`, whose generic names stand for `bound`, to `target`: each
    /// supertype's generic parameters take the inheritance clause's arguments, and a protocol's
    /// associated types take the conformer's type aliases or nested types (or its generic
    /// parameters of the same name).
    private func bindings(
        toward target: TypeSymbol, from symbol: TypeSymbol, bound: [String: RType], visited: inout [ObjectIdentifier]
    ) -> [String: RType]? {
        if symbol === target { return bound }
        // A few supertypes deep at most, as in `lookupMember`; inheritance cycles end here.
        guard !visited.contains(ObjectIdentifier(symbol)), visited.count < 16 else { return nil }
        visited.append(ObjectIdentifier(symbol))
        for (clause, scope) in symbol.inherits {
            guard case .nominal(let supertype)? = resolve(clause, scope: scope, binding: bound), supertype !== symbol
            else { continue }
            var next: [String: RType] = [:]
            if let (args, argScope) = genericArguments(of: clause, scope: scope) {
                for (name, arg) in zip(supertype.genericOrder, args) {
                    if let t = resolve(arg, scope: argScope, binding: bound) { next[name] = t }
                }
            }
            if supertype.hasAssociatedTypes {
                for name in supertype.associatedTypeNames where next[name] == nil {
                    if let t = bound[name] ?? conformersType(named: name, in: symbol, binding: bound) { next[name] = t }
                }
            }
            if let found = bindings(toward: target, from: supertype, bound: next, visited: &visited) { return found }
        }
        return nil
    }

    /// The generic arguments an inheritance clause gives, and where they resolve: its own
    /// (`Base<HomeState>`), or those of the type alias it names (`HomeViewModelType`, an alias
    /// of `StateStoreViewModel<HomeState, HomeAction>`), a few aliases deep.
    private func genericArguments(of clause: TypeExpr, scope: Scope, depth: Int = 0) -> ([TypeExpr], Scope)? {
        guard case .named(let comps) = clause, let last = comps.last, depth < 4 else { return nil }
        if !last.genericArgs.isEmpty { return (last.genericArgs, scope) }
        guard comps.count == 1, case .alias(let alias) = lookupTypeName(last.name, scope: scope, env: nil),
            let target = alias.fact.type
        else { return nil }
        return genericArguments(of: target, scope: alias.scope, depth: depth + 1)
    }

    /// The type `symbol` gives the associated type `name` of a protocol it conforms to: its
    /// type alias of that name, or a type of that name nested in it.
    private func conformersType(named name: String, in symbol: TypeSymbol, binding bound: [String: RType]) -> RType? {
        if let s = symbol.nested[name] { return .nominal(s) }
        guard let alias = symbol.aliases[name]?.first(where: { $0.fact.kind == .typeAlias }),
            let target = alias.fact.type
        else { return nil }
        return resolve(target, scope: alias.scope, binding: bound)
    }

    /// `t` resolved quietly in `scope`, its generic names standing for `bound`.
    private func resolve(_ t: TypeExpr, scope: Scope, binding bound: [String: RType]) -> RType? {
        let saved = boundGenericNames
        boundGenericNames = bound
        defer { boundGenericNames = saved }
        return quietly { resolveType(t, scope: scope, env: nil, kind: .type) }
    }
}

extension TypeSymbol {
    /// A protocol that declares associated types.
    var hasAssociatedTypes: Bool {
        kind == .protocol && aliases.values.contains { $0.contains { $0.fact.kind == .associatedType } }
    }

    /// The names of a protocol's associated types, sorted.
    var associatedTypeNames: [String] {
        aliases.filter { $0.value.contains { $0.fact.kind == .associatedType } }.keys.sorted()
    }
}

/// A member as the value of a receiver (`Resolver.boundMemberTypeCache`).
struct BoundMemberKey: Hashable {
    let member: Int
    let receiver: ObjectIdentifier
}

/// A type's generic names as a subtype binds them (`Resolver.boundNamesCache`).
struct BoundNamesKey: Hashable {
    let declaring: ObjectIdentifier
    let receiver: ObjectIdentifier
}
