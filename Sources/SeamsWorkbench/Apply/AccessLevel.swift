import SwiftSyntax

/// How far a declaration is seen, in Swift's order: what a public declaration's signature or
/// default argument names must be seen as far.
public enum AccessLevel: Int, Comparable, Sendable {
    case `private`, `fileprivate`, `internal`, `package`, `public`

    public static func < (a: AccessLevel, b: AccessLevel) -> Bool { a.rawValue < b.rawValue }

    /// A declaration's own level, from its modifiers (`open` is public; none is internal).
    static func of(_ modifiers: DeclModifierListSyntax?) -> AccessLevel {
        for modifier in modifiers ?? [] where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.private): return .private
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.internal): return .internal
            case .keyword(.package): return .package
            case .keyword(.public), .keyword(.open): return .public
            default: continue
            }
        }
        return .internal
    }

    /// A declaration's level as code outside sees it: its own, and no more than that of each
    /// type or extension around it.
    static func effective(_ node: Syntax) -> AccessLevel {
        let own = modifiers(node)
        // nil: none written, which is internal, or an extension's own level.
        var level: AccessLevel? = hasLevel(own) ? of(own) : nil
        var first = true
        var up = SyntaxPlaces.owner(of: node)
        while let owner = up, let group = owner.asProtocol(DeclGroupSyntax.self) {
            if owner.is(ExtensionDeclSyntax.self) {
                if first, level == nil, hasLevel(group.modifiers) { level = of(group.modifiers) }
            } else {
                level = min(level ?? .internal, of(group.modifiers))
            }
            first = false
            up = SyntaxPlaces.owner(of: owner)
        }
        return level ?? .internal
    }

    private static func hasLevel(_ modifiers: DeclModifierListSyntax?) -> Bool {
        (modifiers ?? []).contains { m in
            [
                .keyword(.private), .keyword(.fileprivate), .keyword(.internal), .keyword(.package), .keyword(.public),
                .keyword(.open),
            ].contains(m.name.tokenKind) && m.detail == nil
        }
    }

    private static func modifiers(_ node: Syntax) -> DeclModifierListSyntax? {
        if let group = node.asProtocol(DeclGroupSyntax.self) { return group.modifiers }
        return SyntaxPlaces.modifiers(of: node)
    }

    /// As Swift spells it.
    public var name: String {
        switch self {
        case .private: "private"
        case .fileprivate: "fileprivate"
        case .internal: "internal"
        case .package: "package"
        case .public: "public"
        }
    }

    /// The keyword for a declaration at this level, with its space (none for internal).
    var keyword: String {
        switch self {
        case .private: "private "
        case .fileprivate: "fileprivate "
        case .internal: ""
        case .package: "package "
        case .public: "public "
        }
    }
}

extension ParsedFile {
    /// How far the type declared (once) under `name` in these files is seen, and its member
    /// `member` (a static property, or `init` with these labels) when asked; nil when the files
    /// do not declare it.
    static func visibility(of name: String, member: String? = nil, in files: [String: ParsedFile]) -> AccessLevel? {
        var found: AccessLevel?
        for path in files.keys.sorted() {
            for decl in files[path]!.typeDeclarations(named: name) {
                var level = AccessLevel.effective(Syntax(decl))
                if let member, let group = decl.asProtocol(DeclGroupSyntax.self) {
                    let blocks =
                        [group.memberBlock]
                        + files.keys.sorted().flatMap { files[$0]!.extensions(named: name) }.map(\.memberBlock)
                    // The furthest seen of the members of that name (overloads).
                    var best: AccessLevel?
                    for block in blocks {
                        for item in block.members {
                            let named: Bool
                            if let v = item.decl.as(VariableDeclSyntax.self) {
                                named = v.bindings.contains {
                                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member
                                }
                            } else if let f = item.decl.as(FunctionDeclSyntax.self) {
                                named = f.name.text == member
                            } else {
                                named = item.decl.is(InitializerDeclSyntax.self) && member == "init"
                            }
                            guard named else { continue }
                            let own = AccessLevel.effective(Syntax(item.decl))
                            best = max(best ?? own, own)
                        }
                    }
                    if let best { level = min(level, best) }
                }
                found = min(found ?? level, level)
            }
        }
        return found
    }
}

/// How far declarations are seen, from their syntax: for `seams what-if`, which of them a move
/// across modules would need to make `public` or `package`.
public enum DeclaredAccess {
    /// The type `name` (qualified by the types it is nested in) in `sources`, and, when named,
    /// its member (a property, a function or `init`; the furthest seen of several overloads).
    public static func level(of name: String, member: String? = nil, sources: [String: String]) -> AccessLevel? {
        var files: [String: ParsedFile] = [:]
        for (path, text) in sources { files[path] = ParsedFile(path: path, text: text) }
        return ParsedFile.visibility(of: name, member: member, in: files)
    }

    /// The name at a member site (`signIn` of `api.signIn(…)`).
    public static func name(at position: Position, in text: String) -> String? {
        ParsedFile(path: position.file, text: text).token(at: position).map { $0.identifier?.name ?? $0.text }
    }
}
