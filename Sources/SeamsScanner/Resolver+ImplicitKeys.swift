import SeamsGraph

// Implicit members as keys: `Defaults[.launchCount]`, `@Default(.launchCount) var count`,
// `Defaults.reset(.launchCount)`. A property wrapper's arguments take its initializer's
// parameter types, as a call's do. When the subscript, wrapper or function belongs to a type
// no scanned file declares (the Defaults package, say), its parameter's type is that library's
// too; the app can only give such a type a static member through an extension of it
// (`extension Defaults.Keys { static let launchCount = Key<Int>(…) }`), so the member is
// found by its name there: when exactly one type of the scanned code declares a static member
// of that name, and that type is one no scanned file declares. Anything else is not guessed.

/// A static member (property, function or enum case) of a type or extension of the scanned code.
struct StaticMember {
    /// The node that declares it: the type, or an extension node.
    let owner: String
    let symbol: TypeSymbol
    /// The compilation unit of its file.
    let unit: Int
}

extension Resolver {
    /// `@Wrapper(args)`: the arguments expect the types of the initializer they pick.
    func attributeArguments(_ t: TypeExpr, _ args: [Arg], scope: Scope, env: Env) {
        var chosen: (MemberRef, [Int?])?
        var unknownCallee = false
        // The attribute's own site was recorded with its `typeUse`.
        if case .nominal(let wrapper)? = quietly({ resolveType(t, scope: scope, env: env, kind: .attribute) }) {
            let initializers = initializers(of: wrapper, from: scope)
            chosen = pick(initializers, args: args)
            unknownCallee = wrapper.isExternal && initializers.isEmpty
        }
        arguments(args, of: chosen, unknownCallee: unknownCallee, scope: scope, env: env)
    }

    /// `.name` passed to a callee no scanned file declares: the one static member of that name
    /// an extension of a type no scanned file declares gives, if no other type declares one.
    func implicitMemberByName(_ name: String, _ loc: Loc, scope: Scope) {
        let unit = scope.file.unit
        let visible = staticMembers(named: name).filter { $0.unit == unit || scope.file.imports.contains($0.unit) }
        guard let first = visible.first, first.symbol.isExternal,
            visible.allSatisfy({ $0.symbol === first.symbol && $0.owner == first.owner })
        else { return }
        emit(nodeID: first.owner, loc, .implicitMember, scope)
    }

    /// The static members named `name` of every type and extension, in declaration order.
    func staticMembers(named name: String) -> [StaticMember] {
        if table.staticMembers == nil { indexStaticMembers() }
        return table.staticMembers?[name] ?? []
    }

    /// Builds `SymbolTable.staticMembers`: before bodies are resolved on several workers, or
    /// when first asked for on the one worker that resolves while members wait.
    func indexStaticMembers() {
        var index: [String: [StaticMember]] = [:]
        for (decl, scope) in table.bindings {
            guard let symbol = scope.type else { continue }
            for member in decl.members where member.isStatic {
                switch member.kind {
                case .property, .function, .enumCase:
                    index[member.name, default: []].append(
                        StaticMember(owner: scope.owner, symbol: symbol, unit: scope.file.unit))
                case .subscript, .initializer, .typeAlias, .associatedType:
                    break
                }
            }
        }
        table.staticMembers = index
    }
}
