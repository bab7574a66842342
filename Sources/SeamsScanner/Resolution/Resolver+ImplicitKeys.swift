import SeamsGraph

// Implicit members as keys: `Defaults[.launchCount]`, `@Default(.launchCount) var count`,
// `Defaults.reset(.launchCount)`. A property wrapper's arguments take its initializer's
// parameter types, as a call's do. When the subscript, wrapper or function belongs to a type
// no scanned file declares (the Defaults package, say), its parameter's type is that library's
// too; the app can only give such a type a static member through an extension of it
// (`extension Defaults.Keys { static let launchCount = Key<Int>(…) }`), so the member is
// found by its name there: when exactly one type of the scanned code declares a static member
// of that name (that the code can see), that type is one no scanned file declares, and it is
// the callee's library's: a type of the same outermost name (`Defaults.Keys` for `Defaults[…]`,
// `Defaults.reset(…)` or `Defaults.Toggle(…)`), or any for a property wrapper, whose arguments
// are its library's keys. Without that last condition, `UITableView(frame: .zero)` found the
// app's `extension UILayoutPriority { static let zero }` and `DispatchQueue(label:qos:
// .background)` its `extension Color { static let background }`. Anything else is not guessed.

/// A callee no scanned file declares, with arguments whose types are not known.
enum UnknownCallee {
    /// A subscript, initializer or static function of this type.
    case member(of: TypeSymbol)
    /// A property wrapper's initializer.
    case wrapper
}

/// A static property or enum case (without associated values) of a type or extension of the
/// scanned code: what a bare implicit member `.name` can be (a static function's value or a
/// case with associated values is a function, no key: `.name()` would call it).
struct StaticMember {
    /// The node that declares it: the type, or an extension node.
    let owner: String
    let symbol: TypeSymbol
    /// The compilation unit of its file.
    let unit: Int
    /// Its file's index, when a `private` extension declares it: no other file sees it.
    let privateTo: Int?
}

extension Resolver {
    /// `@Wrapper(args)`: the arguments expect the types of the initializer they pick.
    func attributeArguments(_ t: TypeExpr, _ args: [Arg], scope: Scope, env: Env) {
        var chosen: (MemberRef, [Int?])?
        var unknownCallee: UnknownCallee?
        // The attribute's own site was recorded with its `typeUse`.
        if case .nominal(let wrapper)? = quietly({ resolveType(t, scope: scope, env: env, kind: .attribute) }) {
            let initializers = initializers(of: wrapper, from: scope)
            chosen = pick(initializers, args: args)
            if wrapper.isExternal && initializers.isEmpty { unknownCallee = .wrapper }
        }
        arguments(args, of: chosen, unknownCallee: unknownCallee, scope: scope, env: env)
    }

    /// `.name` passed to `callee`, which no scanned file declares: the one static member of that
    /// name an extension of a type of the callee's library gives, if no other type declares one.
    func implicitMemberByName(_ name: String, _ loc: Loc, passedTo callee: UnknownCallee, scope: Scope) {
        let file = scope.file
        let visible = staticMembers(named: name).filter {
            $0.privateTo.map { $0 == file.index } ?? ($0.unit == file.unit || file.imports.contains($0.unit))
        }
        guard let first = visible.first, first.symbol.isExternal,
            visible.allSatisfy({ $0.symbol === first.symbol && $0.owner == first.owner })
        else { return }
        if case .member(let t) = callee,
            Self.outermostName(t.qualifiedName) != Self.outermostName(first.symbol.qualifiedName)
        {
            return
        }
        emit(nodeID: first.owner, loc, .implicitMember, scope)
    }

    /// `Defaults` of `Defaults.Keys`.
    static func outermostName(_ qualified: String) -> Substring {
        qualified.split(separator: ".", maxSplits: 1).first ?? Substring(qualified)
    }

    /// The static properties and plain enum cases named `name` of every type and extension, in
    /// declaration order.
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
                guard member.kind == .property || (member.kind == .enumCase && member.params.isEmpty) else { continue }
                index[member.name, default: []].append(
                    StaticMember(
                        owner: scope.owner, symbol: symbol, unit: scope.file.unit,
                        privateTo: decl.isFilePrivate ? scope.file.index : nil))
            }
        }
        table.staticMembers = index
    }
}
