import SeamsGraph
@_spi(RawSyntax) import SwiftSyntax

/// Phase 1, declarations: types, members and extensions with their signatures, and the types
/// they spell.
extension FactCollector {
    // MARK: Declarations

    /// Adds a declaration: to `owner` as member or nested type, and its code as bodies.
    /// `local` receives the events when the declaration sits inside a code body.
    mutating func decl(_ decl: RawDeclSyntax, into owner: DeclFact, local: inout [Event]) {
        switch decl.raw.kind {
        case .classDecl:
            let d = RawClassDeclSyntax(decl)!
            nominal(
                .class, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d.modifiers, into: owner)
        case .structDecl:
            let d = RawStructDeclSyntax(decl)!
            nominal(
                .struct, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d.modifiers, into: owner)
        case .enumDecl:
            let d = RawEnumDeclSyntax(decl)!
            nominal(
                .enum, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d.modifiers, into: owner)
        case .actorDecl:
            let d = RawActorDeclSyntax(decl)!
            nominal(
                .actor, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d.modifiers, into: owner)
        case .protocolDecl:
            let d = RawProtocolDeclSyntax(decl)!
            nominal(
                .protocol, d.name, nil, d.primaryAssociatedTypeClause, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d.modifiers, into: owner)
        case .extensionDecl:
            let d = RawExtensionDeclSyntax(decl)!
            let fact = DeclFact(kind: .extension(type(d.extendedType)), loc: loc(d.extendedType))
            fact.isFilePrivate = d.modifiers.each.contains {
                isKeyword($0.name, "private") || isKeyword($0.name, "fileprivate")
            }
            let code = Code()
            attributes(d.attributes, into: &code.events)
            inheritance(d.inheritanceClause, into: fact, code: code)
            whereClause(d.genericWhereClause, into: &code.events)
            fact.code.append(code)
            members(d.memberBlock, into: fact)
            owner.nested.append(fact)
        case .variableDecl:
            variable(RawVariableDeclSyntax(decl)!, into: owner)
        case .functionDecl:
            let d = RawFunctionDeclSyntax(decl)!
            let generics = genericNames(d.genericParameterClause)
            let ret = d.signature.returnClause.map { type($0.type) }
            let code = Code(returnType: ret, genericNames: generics)
            attributes(d.attributes, into: &code.events)
            genericConstraints(d.genericParameterClause, into: &code.events)
            let params = parameters(d.signature.parameterClause, into: &code.events)
            if let ret { code.events.append(.typeUse(ret, .type)) }
            whereClause(d.genericWhereClause, into: &code.events)
            // The body's locals in a block of their own: the code's frame holds only its parameters.
            if let body = d.body {
                code.events.append(.push)
                self.body(body.statements, into: &code.events)
                code.events.append(.pop)
            }
            let fact = MemberFact(
                name: text(d.name), kind: .function, isStatic: isStatic(d.modifiers), type: ret,
                initializer: nil, params: params, genericNames: generics)
            owner.members.append(fact)
            code.member = fact.signature
            owner.code.append(code)
        case .initializerDecl:
            let d = RawInitializerDeclSyntax(decl)!
            let generics = genericNames(d.genericParameterClause)
            let code = Code(genericNames: generics)
            attributes(d.attributes, into: &code.events)
            genericConstraints(d.genericParameterClause, into: &code.events)
            let params = parameters(d.signature.parameterClause, into: &code.events)
            whereClause(d.genericWhereClause, into: &code.events)
            if let body = d.body {
                code.events.append(.push)
                block(body.statements, into: &code.events)
                code.events.append(.pop)
            }
            let fact = MemberFact(
                name: "init", kind: .initializer, isStatic: true, type: nil, initializer: nil,
                params: params, genericNames: generics)
            owner.members.append(fact)
            code.member = fact.signature
            owner.code.append(code)
        case .deinitializerDecl:
            if let body = RawDeinitializerDeclSyntax(decl)!.body {
                let code = Code(member: "deinit")
                block(body.statements, into: &code.events)
                owner.code.append(code)
            }
        case .subscriptDecl:
            let d = RawSubscriptDeclSyntax(decl)!
            let generics = genericNames(d.genericParameterClause)
            let ret = type(d.returnClause.type)
            let code = Code(returnType: ret, genericNames: generics)
            attributes(d.attributes, into: &code.events)
            let params = parameters(d.parameterClause, into: &code.events)
            code.events.append(.typeUse(ret, .type))
            whereClause(d.genericWhereClause, into: &code.events)
            accessors(d.accessorBlock, valueType: ret, into: &code.events)
            let fact = MemberFact(
                name: "subscript", kind: .subscript, isStatic: isStatic(d.modifiers), type: ret,
                initializer: nil, params: params, genericNames: generics)
            owner.members.append(fact)
            code.member = fact.signature
            owner.code.append(code)
        case .enumCaseDecl:
            let d = RawEnumCaseDeclSyntax(decl)!
            let elements = d.elements.each
            let code = Code(member: elements.first.map { text($0.name) })
            attributes(d.attributes, into: &code.events)
            for element in elements {
                var params: [ParamFact] = []
                for p in (element.parameterClause?.parameters.each).orEmpty {
                    let t = type(p.type)
                    params.append(ParamFact(label: p.firstName.flatMap(label), type: t))
                    code.events.append(.typeUse(t, .type))
                    if let dv = p.defaultValue { code.events.append(.bind("_", t, expr(dv.value))) }
                }
                if let raw = element.rawValue { code.events.append(.eval(expr(raw.value))) }
                owner.members.append(
                    MemberFact(
                        name: text(element.name), kind: .enumCase, isStatic: true, type: nil, initializer: nil,
                        params: params, genericNames: []))
            }
            owner.code.append(code)
        case .typeAliasDecl:
            let d = RawTypeAliasDeclSyntax(decl)!
            let generics = genericNames(d.genericParameterClause)
            let target = type(d.initializer.value)
            let name = text(d.name)
            let code = Code(genericNames: generics, member: name)
            attributes(d.attributes, into: &code.events)
            code.events.append(.typeUse(target, .type))
            whereClause(d.genericWhereClause, into: &code.events)
            owner.members.append(
                MemberFact(
                    name: name, kind: .typeAlias, isStatic: true, type: target, initializer: nil,
                    params: [], genericNames: generics))
            owner.code.append(code)
        case .associatedTypeDecl:
            let d = RawAssociatedTypeDeclSyntax(decl)!
            let code = Code()
            for inherited in (d.inheritanceClause?.inheritedTypes.each).orEmpty {
                code.events.append(.typeUse(type(inherited.type), .type))
            }
            if let def = d.initializer { code.events.append(.typeUse(type(def.value), .type)) }
            whereClause(d.genericWhereClause, into: &code.events)
            owner.members.append(
                MemberFact(
                    name: text(d.name), kind: .associatedType, isStatic: true, type: nil, initializer: nil,
                    params: [], genericNames: []))
            owner.code.append(code)
        case .ifConfigDecl:
            // Every branch of #if is read: a dependency behind a build flag is still a dependency.
            for clause in RawIfConfigDeclSyntax(decl)!.clauses.each {
                switch clause.elements.flatMap(RawIfConfigClauseSyntax.Elements.init) {
                case .decls(let items)?:
                    for item in items.each { self.decl(item.decl, into: owner, local: &local) }
                case .statements(let items)?:
                    block(items, into: &local)
                case .switchCases?, .postfixExpression?, .attributes?, nil:
                    break
                }
            }
        case .macroExpansionDecl:
            let d = RawMacroExpansionDeclSyntax(decl)!
            if text(d.macroName) == "Preview" {
                owner.code.append(preview(d.arguments, d.trailingClosure, d.additionalTrailingClosures))
            } else {
                let code = Code()
                code.events.append(.eval(.other(d.arguments.each.map { expr($0.expression) })))
                owner.code.append(code)
            }
        default:
            break
        }
    }

    mutating func nominal(
        _ kind: NodeKind, _ name: RawTokenSyntax, _ generics: RawGenericParameterClauseSyntax?,
        _ primary: RawPrimaryAssociatedTypeClauseSyntax?, _ inherits: RawInheritanceClauseSyntax?,
        _ whereClause: RawGenericWhereClauseSyntax?, _ attrs: RawAttributeListSyntax,
        _ members: RawMemberBlockSyntax, _ modifiers: RawDeclModifierListSyntax, into owner: DeclFact
    ) {
        let fact = DeclFact(kind: .nominal(kind, text(name)), loc: loc(name))
        fact.isFilePrivate = modifiers.each.contains {
            isKeyword($0.name, "private") || isKeyword($0.name, "fileprivate")
        }
        fact.genericNames =
            genericNames(generics) + (primary?.primaryAssociatedTypes.each.map { text($0.name) } ?? [])
        let code = Code()
        attributes(attrs, into: &code.events)
        genericConstraints(generics, into: &code.events)
        inheritance(inherits, into: fact, code: code)
        self.whereClause(whereClause, into: &code.events)
        fact.code.append(code)
        self.members(members, into: fact)
        owner.nested.append(fact)
    }

    mutating func members(_ block: RawMemberBlockSyntax, into fact: DeclFact) {
        var stray: [Event] = []
        for item in block.members.each { decl(item.decl, into: fact, local: &stray) }
        if !stray.isEmpty { fact.code.append(Code(events: stray)) }
    }

    mutating func inheritance(_ clause: RawInheritanceClauseSyntax?, into fact: DeclFact, code: Code) {
        for inherited in (clause?.inheritedTypes.each).orEmpty {
            let t = type(inherited.type)
            fact.inherits.append(t)
            code.events.append(.typeUse(t, .inherit))
        }
    }

    /// Accessors whose presence makes a property computed, not stored.
    private static let computingAccessors: [SyntaxText] = ["get", "_read", "unsafeAddress"]

    mutating func variable(_ d: RawVariableDeclSyntax, into owner: DeclFact) {
        let isStatic = isStatic(d.modifiers)
        let isVar = isKeyword(d.bindingSpecifier, "var")
        let isLetDecl = isKeyword(d.bindingSpecifier, "let")
        let bindings = d.bindings.each
        let code = Code(member: bindings.first.map { patternNames($0.pattern).joined(separator: ", ") })
        attributes(d.attributes, into: &code.events)
        for binding in bindings {
            let annotated = binding.typeAnnotation.map { type($0.type) }
            let initial = binding.initializer.map { expr($0.value) }
            let names = patternNames(binding.pattern)
            var stored = true
            switch binding.accessorBlock.flatMap({ RawAccessorBlockSyntax.Accessors($0.accessors) }) {
            case .getter?:
                stored = false
            case .accessors(let list)?:
                if list.each.contains(where: { Self.computingAccessors.contains($0.accessorSpecifier.tokenText) }) {
                    stored = false
                }
            case nil:
                break
            }
            for name in names {
                owner.members.append(
                    MemberFact(
                        name: name, kind: .property, isStatic: isStatic, type: annotated,
                        initializer: annotated == nil && names.count == 1 ? initial : nil,
                        params: [], genericNames: [],
                        isStoredInstance: stored && !isStatic && names.count == 1,
                        isLet: isLetDecl && initial != nil,
                        isStored: stored, isVar: isVar))
            }
            code.events.append(.bind(names.first ?? "_", annotated, initial))
            if isStatic, stored, names.count == 1 {
                code.events.append(.declareStatic(names[0], loc(binding.pattern), mutable: isVar))
            }
            accessors(binding.accessorBlock, valueType: annotated, into: &code.events)
        }
        owner.code.append(code)
    }

    mutating func accessors(
        _ block: RawAccessorBlockSyntax?, valueType: TypeExpr?, into events: inout [Event]
    ) {
        guard let block else { return }
        switch RawAccessorBlockSyntax.Accessors(block.accessors) {
        case .getter(let items)?:
            let code = Code(returnType: valueType)
            self.body(items, into: &code.events)
            events.append(.code(code))
        case .accessors(let list)?:
            for accessor in list.each {
                let code = Code(returnType: valueType)
                attributes(accessor.attributes, into: &code.events)
                let implicitName = accessor.accessorSpecifier.tokenText == "didSet" ? "oldValue" : "newValue"
                code.events.append(.bind(accessor.parameters.map { text($0.name) } ?? implicitName, valueType, nil))
                if let body = accessor.body { self.body(body.statements, into: &code.events) }
                events.append(.code(code))
            }
        case nil:
            break
        }
    }

    /// Declarations inside a code body: locals, local functions and local types.
    mutating func localDecl(_ decl: RawDeclSyntax, into events: inout [Event]) {
        if let v = RawVariableDeclSyntax(decl) {
            attributes(v.attributes, into: &events)
            for binding in v.bindings.each {
                let annotated = binding.typeAnnotation.map { type($0.type) }
                let initial = binding.initializer.map { expr($0.value) }
                let names = patternNames(binding.pattern)
                if names.count == 1 {
                    events.append(.bind(names[0], annotated, initial))
                } else {
                    if let annotated { events.append(.typeUse(annotated, .type)) }
                    if let initial { events.append(.eval(initial)) }
                    for name in names { events.append(.bind(name, nil, nil)) }
                }
                accessors(binding.accessorBlock, valueType: annotated, into: &events)
            }
            return
        }
        // Local functions and types: their bodies belong to the enclosing node.
        let scratch = DeclFact(kind: .file, loc: Loc(line: 0, column: 0))
        var stray: [Event] = []
        self.decl(decl, into: scratch, local: &stray)
        events.append(contentsOf: stray)
        for member in scratch.members where member.kind == .function {
            events.append(.bind(member.name, nil, nil))
        }
        for nested in scratch.nested {
            if case .nominal(_, let name) = nested.kind { events.append(.shadow(name)) }
        }
        for code in scratch.code { events.append(.code(code)) }
        func flatten(_ fact: DeclFact) {
            for code in fact.code { events.append(.code(code)) }
            for n in fact.nested { flatten(n) }
        }
        for nested in scratch.nested { flatten(nested) }
    }

    // MARK: Signatures

    func genericNames(_ clause: RawGenericParameterClauseSyntax?) -> [String] {
        clause?.parameters.each.map { text($0.name) } ?? []
    }

    mutating func genericConstraints(_ clause: RawGenericParameterClauseSyntax?, into events: inout [Event]) {
        for p in (clause?.parameters.each).orEmpty {
            if let inherited = p.inheritedType { events.append(.typeUse(type(inherited), .type)) }
        }
    }

    mutating func whereClause(_ clause: RawGenericWhereClauseSyntax?, into events: inout [Event]) {
        for req in (clause?.requirements.each).orEmpty {
            switch RawGenericRequirementSyntax.Requirement(req.requirement) {
            case .conformanceRequirement(let r)?:
                events.append(.typeUse(type(r.leftType), .type))
                events.append(.typeUse(type(r.rightType), .type))
            case .sameTypeRequirement(let r)?:
                for side in [r.leftType, r.rightType] {
                    if let t = RawTypeSyntax(side) { events.append(.typeUse(type(t), .type)) }
                }
            case .layoutRequirement(let r)?:
                events.append(.typeUse(type(r.type), .type))
            case nil:
                break
            }
        }
    }

    /// Binds the parameters in `events` and returns them as the function's signature.
    mutating func parameters(
        _ clause: RawFunctionParameterClauseSyntax, into events: inout [Event]
    ) -> [ParamFact] {
        var params: [ParamFact] = []
        for p in clause.parameters.each {
            attributes(p.attributes, into: &events)
            let t = type(p.type)
            params.append(ParamFact(label: label(p.firstName), type: t))
            let internalName = text(p.secondName ?? p.firstName)
            if let value = p.defaultValue {
                events.append(.inDefault(true))
                events.append(.bind(internalName, t, expr(value.value)))
                events.append(.inDefault(false))
            } else {
                events.append(.bind(internalName, t, nil))
            }
        }
        return params
    }

    func label(_ token: RawTokenSyntax) -> String? {
        token.tokenKind == .wildcard ? nil : text(token)
    }

    func isStatic(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        modifiers.each.contains { isKeyword($0.name, "static") || isKeyword($0.name, "class") }
    }

    /// Attributes spelled like types are references (property wrappers, result builders,
    /// global actors such as `@MainActor`); the compiler's own capitalized attributes are not.
    private static let builtinAttributes: Set<String> = [
        "IBOutlet", "IBAction", "IBDesignable", "IBInspectable", "IBSegueAction", "NSManaged", "NSCopying",
        "UIApplicationMain", "NSApplicationMain", "GKInspectable", "Sendable", "UnsafeSendable",
    ]

    /// The type an attribute names, if it names one: `@MainActor`, `@Published`, not `@escaping`.
    mutating func referencedType(_ attr: RawAttributeSyntax) -> TypeExpr? {
        let t = type(attr.attributeName)
        guard case .named(let comps) = t, let first = comps.first, first.name.first?.isUppercase == true,
            !(comps.count == 1 && Self.builtinAttributes.contains(first.name))
        else { return nil }
        return t
    }

    mutating func attributes(_ list: RawAttributeListSyntax, into events: inout [Event]) {
        for element in list.each {
            guard case .attribute(let attr)? = RawAttributeListSyntax.Element(element) else { continue }
            let named = referencedType(attr)
            if let named {
                events.append(.typeUse(named, .attribute))
            }
            if case .argumentList(let list)? = attr.arguments.flatMap(RawAttributeSyntax.Arguments.init) {
                let args = list.each.map { Arg(label: $0.label.map(text), value: expr($0.expression)) }
                // A property wrapper's arguments are its initializer's (`@Default(.launchCount)`).
                events.append(named.map { .attributeArguments($0, args) } ?? .eval(.other(args.map(\.value))))
            }
        }
    }

    // MARK: Types

    mutating func type(_ t: RawTypeSyntax) -> TypeExpr {
        switch t.raw.kind {
        case .identifierType:
            let id = RawIdentifierTypeSyntax(t)!
            return .named([
                TypeComponent(
                    name: text(id.name), loc: loc(id.name), genericArgs: genericArgs(id.genericArgumentClause))
            ])
        case .memberType:
            let m = RawMemberTypeSyntax(t)!
            let comp = TypeComponent(
                name: text(m.name), loc: loc(m.name), genericArgs: genericArgs(m.genericArgumentClause))
            if case .named(let base) = type(m.baseType) { return .named(base + [comp]) }
            return .unknown
        case .optionalType: return .optional(type(RawOptionalTypeSyntax(t)!.wrappedType))
        case .implicitlyUnwrappedOptionalType:
            return .optional(type(RawImplicitlyUnwrappedOptionalTypeSyntax(t)!.wrappedType))
        case .arrayType: return .array(type(RawArrayTypeSyntax(t)!.element))
        case .dictionaryType:
            let d = RawDictionaryTypeSyntax(t)!
            return .dictionary(type(d.key), type(d.value))
        case .tupleType:
            let elements = RawTupleTypeSyntax(t)!.elements.each.map { type($0.type) }
            return elements.count == 1 ? elements[0] : .tuple(elements)
        case .functionType:
            let f = RawFunctionTypeSyntax(t)!
            return .function(f.parameters.each.map { type($0.type) }, type(f.returnClause.type))
        case .someOrAnyType: return type(RawSomeOrAnyTypeSyntax(t)!.constraint)
        case .compositionType: return .composition(RawCompositionTypeSyntax(t)!.elements.each.map { type($0.type) })
        case .metatypeType: return .metatype(type(RawMetatypeTypeSyntax(t)!.baseType))
        case .attributedType:
            let a = RawAttributedTypeSyntax(t)!
            var attrs: [TypeExpr] = []
            for element in a.attributes.each {
                if case .attribute(let attr)? = RawAttributeListSyntax.Element(element), let t = referencedType(attr) {
                    attrs.append(t)
                }
            }
            let base = type(a.baseType)
            return attrs.isEmpty ? base : .attributed(attrs, base)
        case .packExpansionType: return type(RawPackExpansionTypeSyntax(t)!.repetitionPattern)
        case .packElementType: return type(RawPackElementTypeSyntax(t)!.pack)
        case .namedOpaqueReturnType: return type(RawNamedOpaqueReturnTypeSyntax(t)!.type)
        default:
            return .unknown
        }
    }

    mutating func genericArgs(_ clause: RawGenericArgumentClauseSyntax?) -> [TypeExpr] {
        guard let clause else { return [] }
        return clause.arguments.each.compactMap {
            if case .type(let t)? = RawGenericArgumentSyntax.Argument($0.argument) { return type(t) }
            return nil
        }
    }
}
