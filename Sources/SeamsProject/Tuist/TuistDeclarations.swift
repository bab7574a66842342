import SwiftSyntax

/// The functions and stored values a manifest can call or name: those of the helper files
/// (`Tuist/ProjectDescriptionHelpers`) and of the manifest itself, free or in a type or an
/// extension (`extension Project { static func framework(…) }`).
struct TuistDeclarations {
    struct Function {
        /// The type or extension it is declared in; nil for a free function.
        var owner: String?
        var decl: FunctionDeclSyntax
    }

    struct Property {
        var owner: String?
        var binding: PatternBindingSyntax
    }

    private(set) var functions: [String: [Function]] = [:]
    private(set) var properties: [String: [Property]] = [:]

    /// `includeTopLevelValues`: a manifest's own top-level values are run as its statements, not
    /// looked up, so only a helper file's count as globals.
    mutating func add(_ file: SourceFileSyntax, includeTopLevelValues: Bool) {
        for item in file.statements {
            add(item.item, owner: nil, includeValues: includeTopLevelValues)
        }
    }

    private mutating func add(_ item: CodeBlockItemSyntax.Item, owner: String?, includeValues: Bool) {
        // In a type, only static members: instance ones need a value of the type, which the
        // evaluator does not make.
        if let decl = item.as(FunctionDeclSyntax.self) {
            guard owner == nil || Self.isStatic(decl.modifiers) else { return }
            functions[decl.name.text, default: []].append(Function(owner: owner, decl: decl))
        } else if let decl = item.as(VariableDeclSyntax.self), includeValues {
            guard owner == nil || Self.isStatic(decl.modifiers) else { return }
            for binding in decl.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                properties[name, default: []].append(Property(owner: owner, binding: binding))
            }
        } else if let decl = item.as(ExtensionDeclSyntax.self) {
            addMembers(decl.memberBlock, owner: decl.extendedType.trimmedDescription)
        } else if let decl = item.as(StructDeclSyntax.self) {
            addMembers(decl.memberBlock, owner: decl.name.text)
        } else if let decl = item.as(EnumDeclSyntax.self) {
            addMembers(decl.memberBlock, owner: decl.name.text)
        } else if let decl = item.as(ClassDeclSyntax.self) {
            addMembers(decl.memberBlock, owner: decl.name.text)
        } else if let decl = item.as(IfConfigDeclSyntax.self) {
            // `#if TUIST` and the like: the first clause, as the compiler of a manifest sees it
            // in the common case; other clauses are not read.
            if case .statements(let items)? = decl.clauses.first?.elements {
                for nested in items { add(nested.item, owner: owner, includeValues: includeValues) }
            }
        }
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    private mutating func addMembers(_ block: MemberBlockSyntax, owner: String) {
        for member in block.members {
            add(CodeBlockItemSyntax.Item(member.decl), owner: owner, includeValues: true)
        }
    }

    /// The functions a call can mean: by name, then by the owner written before the dot
    /// (`Project.framework`); an implicit member (`.extensionTarget`) means one declared in a type,
    /// a bare name (`makeTarget(…)`) a free one.
    func candidates(named name: String, base: String?, implicitMember: Bool) -> [Function] {
        let all = functions[name] ?? []
        if let base {
            let owned = all.filter { $0.owner == base }
            return owned
        }
        return all.filter { implicitMember ? $0.owner != nil : $0.owner == nil }
    }

    /// Stored or computed values by name, for the owner written before the dot or, for a bare
    /// name, a global one.
    func property(named name: String, owner: String?, implicitMember: Bool) -> Property? {
        let all = properties[name] ?? []
        if let owner { return all.first { $0.owner == owner } }
        return all.first { implicitMember ? $0.owner != nil : $0.owner == nil }
    }
}
