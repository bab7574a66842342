import SeamsGraph
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Phase 1: reduces one parsed file to `FileFacts`. One instance per file; not shared.
///
/// It walks the raw tree under the parser's result rather than the syntax nodes over it: each
/// node reached through those is made on the way (in an arena, under a lock) and counted as it is
/// copied, which made the walk cost two thirds of the parse itself; visiting every raw node costs
/// a twentieth of it. The raw nodes are the parser's own, so their kinds, children and text are
/// those of the syntax nodes; where they begin comes from `RawPlaces`.
struct FactCollector {
    /// Deeper expressions are cut off with a diagnostic rather than risking the stack.
    static let maxDepth = 600

    private let lines: LineTable
    private let places: RawPlaces
    private var depth = 0
    private(set) var truncatedAt: Loc?

    private init(lines: LineTable, places: RawPlaces) {
        self.lines = lines
        self.places = places
    }

    /// Parses and collects one file's source.
    static func collect(path: String, source: String) -> FileFacts {
        var source = source
        let (nesting, blanked) = source.withUTF8 { NestingGuard().apply($0) }
        if let blanked { source = String(decoding: blanked, as: UTF8.self) }
        let tree = Parser.parse(source: source)
        let lines = LineTable(source)
        let top = DeclFact(kind: .file, loc: Loc(line: 1, column: 1))
        let topCode = Code()
        var imports: [String] = []
        // The raw nodes live as long as the tree that holds their arena.
        let truncatedAt = withExtendedLifetime(tree) { () -> Loc? in
            var collector = FactCollector(lines: lines, places: RawPlaces(tree.raw))
            collector.topLevel(RawSourceFileSyntax(tree.raw)!.statements, into: top, code: topCode, imports: &imports)
            return collector.truncatedAt
        }
        if !topCode.events.isEmpty { top.code.append(topCode) }

        var diagnostics: [Diagnostic] = []
        if tree.hasError {
            let line = firstErrorLine(tree, lines)
            diagnostics.append(
                Diagnostic(
                    file: path, line: line,
                    message: "syntax errors; the declarations and references that could be read are kept",
                    severity: .warning, unread: true))
        }
        for cut in nesting.cuts {
            let lines = cut.startLine == cut.endLine ? "line \(cut.startLine)" : "lines \(cut.startLine)-\(cut.endLine)"
            diagnostics.append(
                Diagnostic(
                    file: path, line: cut.startLine,
                    message:
                        "\(cut.what) nested more than \(cut.limit) deep (\(lines)); that region was left out, "
                        + "the rest of the file is scanned (the parser takes exponential time or quadratic memory on such nesting)",
                    severity: .warning, unread: true))
        }
        if let cut = truncatedAt {
            diagnostics.append(
                Diagnostic(
                    file: path, line: Int(cut.line),
                    message: "expression nested more than \(maxDepth) levels deep; its inner part was not analysed",
                    severity: .warning, unread: true))
        }
        return FileFacts(path: path, imports: imports, top: top, diagnostics: diagnostics, lines: lines.lineCount)
    }

    /// File-level items. The clauses of a file-level `#if` are file level too (every clause, as
    /// everywhere): their types, extensions, imports and code belong to the file, not to a body.
    private mutating func topLevel(
        _ items: RawCodeBlockItemListSyntax, into top: DeclFact, code: Code, imports: inout [String]
    ) {
        for item in items.each {
            switch RawCodeBlockItemSyntax.Item(item.item) {
            case .decl(let decl):
                if let imp = RawImportDeclSyntax(decl) {
                    if let first = imp.path.each.first { imports.append(text(first.name)) }
                } else if let ifConfig = RawIfConfigDeclSyntax(decl) {
                    for clause in ifConfig.clauses.each {
                        switch clause.elements.flatMap(RawIfConfigClauseSyntax.Elements.init) {
                        case .statements(let inner)?: topLevel(inner, into: top, code: code, imports: &imports)
                        case .decls(let inner)?:
                            for d in inner.each { self.decl(d.decl, into: top, local: &code.events) }
                        case .switchCases?, .postfixExpression?, .attributes?, nil: break
                        }
                    }
                } else {
                    self.decl(decl, into: top, local: &code.events)
                }
            case .stmt(let stmt):
                self.stmt(stmt, into: &code.events)
            case .expr(let expr):
                if let m = RawMacroExpansionExprSyntax(expr), text(m.macroName) == "Preview" {
                    top.code.append(preview(m.arguments, m.trailingClosure, m.additionalTrailingClosures))
                } else {
                    code.events.append(.eval(self.expr(expr)))
                }
            case nil:
                break
            }
        }
    }

    private static func firstErrorLine(_ tree: SourceFileSyntax, _ lines: LineTable) -> Int? {
        var node: Syntax? = Syntax(tree)
        // Descend along the first erroneous child to the innermost one.
        while let current = node {
            guard let next = current.children(viewMode: .all).first(where: { $0.hasError }) else {
                return Int(lines.location(current.positionAfterSkippingLeadingTrivia).line)
            }
            if next.is(TokenSyntax.self) || next.kind == .unexpectedNodes {
                return Int(lines.location(next.positionAfterSkippingLeadingTrivia).line)
            }
            node = next
        }
        return nil
    }

    // MARK: Locations and text

    private func loc(_ node: some RawSyntaxNodeProtocol) -> Loc {
        lines.location(offset: places.offset(node.raw))
    }

    /// A token's text as `TokenSyntax.text` gives it.
    private func text(_ token: RawTokenSyntax) -> String { String(syntaxText: token.tokenText) }

    private func isKeyword(_ token: RawTokenSyntax, _ keyword: SyntaxText) -> Bool {
        token.tokenKind == .keyword && token.tokenText == keyword
    }

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

    private mutating func nominal(
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

    private mutating func members(_ block: RawMemberBlockSyntax, into fact: DeclFact) {
        var stray: [Event] = []
        for item in block.members.each { decl(item.decl, into: fact, local: &stray) }
        if !stray.isEmpty { fact.code.append(Code(events: stray)) }
    }

    private mutating func inheritance(_ clause: RawInheritanceClauseSyntax?, into fact: DeclFact, code: Code) {
        for inherited in (clause?.inheritedTypes.each).orEmpty {
            let t = type(inherited.type)
            fact.inherits.append(t)
            code.events.append(.typeUse(t, .inherit))
        }
    }

    /// Accessors whose presence makes a property computed, not stored.
    private static let computingAccessors: [SyntaxText] = ["get", "_read", "unsafeAddress"]

    private mutating func variable(_ d: RawVariableDeclSyntax, into owner: DeclFact) {
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

    private mutating func accessors(
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
    private mutating func localDecl(_ decl: RawDeclSyntax, into events: inout [Event]) {
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

    private func genericNames(_ clause: RawGenericParameterClauseSyntax?) -> [String] {
        clause?.parameters.each.map { text($0.name) } ?? []
    }

    private mutating func genericConstraints(_ clause: RawGenericParameterClauseSyntax?, into events: inout [Event]) {
        for p in (clause?.parameters.each).orEmpty {
            if let inherited = p.inheritedType { events.append(.typeUse(type(inherited), .type)) }
        }
    }

    private mutating func whereClause(_ clause: RawGenericWhereClauseSyntax?, into events: inout [Event]) {
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
    private mutating func parameters(
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

    private func label(_ token: RawTokenSyntax) -> String? {
        token.tokenKind == .wildcard ? nil : text(token)
    }

    private func isStatic(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        modifiers.each.contains { isKeyword($0.name, "static") || isKeyword($0.name, "class") }
    }

    /// Attributes spelled like types are references (property wrappers, result builders,
    /// global actors such as `@MainActor`); the compiler's own capitalized attributes are not.
    private static let builtinAttributes: Set<String> = [
        "IBOutlet", "IBAction", "IBDesignable", "IBInspectable", "IBSegueAction", "NSManaged", "NSCopying",
        "UIApplicationMain", "NSApplicationMain", "GKInspectable", "Sendable", "UnsafeSendable",
    ]

    /// The type an attribute names, if it names one: `@MainActor`, `@Published`, not `@escaping`.
    private mutating func referencedType(_ attr: RawAttributeSyntax) -> TypeExpr? {
        let t = type(attr.attributeName)
        guard case .named(let comps) = t, let first = comps.first, first.name.first?.isUppercase == true,
            !(comps.count == 1 && Self.builtinAttributes.contains(first.name))
        else { return nil }
        return t
    }

    private mutating func attributes(_ list: RawAttributeListSyntax, into events: inout [Event]) {
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

    private mutating func genericArgs(_ clause: RawGenericArgumentClauseSyntax?) -> [TypeExpr] {
        guard let clause else { return [] }
        return clause.arguments.each.compactMap {
            if case .type(let t)? = RawGenericArgumentSyntax.Argument($0.argument) { return type(t) }
            return nil
        }
    }

    // MARK: Statements

    /// A body of one expression returns it (`var style: Style { .plain }`), so it gets the
    /// declared return type as its context.
    mutating func body(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        let all = items.each
        if all.count == 1, case .expr(let e)? = RawCodeBlockItemSyntax.Item(all[0].item),
            e.raw.kind != .ifExpr, e.raw.kind != .switchExpr
        {
            events.append(.ret(expr(e)))
            return
        }
        block(items, into: &events)
    }

    mutating func block(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        for item in items.each {
            switch RawCodeBlockItemSyntax.Item(item.item) {
            case .decl(let d)?: localDecl(d, into: &events)
            case .stmt(let s)?: stmt(s, into: &events)
            case .expr(let e)?: exprStatement(e, into: &events)
            case nil: break
            }
        }
    }

    private mutating func scoped(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        events.append(.push)
        block(items, into: &events)
        events.append(.pop)
    }

    /// `if` and `switch` in statement position become events of the enclosing body.
    private mutating func exprStatement(_ e: RawExprSyntax, into events: inout [Event]) {
        if let i = RawIfExprSyntax(e) {
            ifEvents(i, into: &events)
        } else if let s = RawSwitchExprSyntax(e) {
            switchEvents(s, into: &events)
        } else {
            events.append(.eval(expr(e)))
        }
    }

    mutating func stmt(_ s: RawStmtSyntax, into events: inout [Event]) {
        switch s.raw.kind {
        case .expressionStmt: exprStatement(RawExpressionStmtSyntax(s)!.expression, into: &events)
        case .returnStmt: if let e = RawReturnStmtSyntax(s)!.expression { events.append(.ret(expr(e))) }
        case .throwStmt: events.append(.eval(expr(RawThrowStmtSyntax(s)!.expression)))
        case .guardStmt:
            let g = RawGuardStmtSyntax(s)!
            // Bindings of a guard stay visible after it.
            conditions(g.conditions, into: &events)
            scoped(g.body.statements, into: &events)
        case .forStmt:
            let f = RawForStmtSyntax(s)!
            events.append(.push)
            let seq = expr(f.sequence)
            if f.caseKeyword != nil {
                events.append(.eval(seq))
                events.append(.eval(patternExpr(f.pattern)))
            } else if let annotation = f.typeAnnotation {
                events.append(.eval(seq))
                for name in patternNames(f.pattern) { events.append(.bind(name, type(annotation.type), nil)) }
            } else {
                events.append(.forIn(patternNames(f.pattern), seq))
            }
            if let w = f.whereClause { events.append(.eval(expr(w.condition))) }
            block(f.body.statements, into: &events)
            events.append(.pop)
        case .whileStmt:
            let w = RawWhileStmtSyntax(s)!
            events.append(.push)
            conditions(w.conditions, into: &events)
            block(w.body.statements, into: &events)
            events.append(.pop)
        case .repeatStmt:
            let r = RawRepeatStmtSyntax(s)!
            scoped(r.body.statements, into: &events)
            events.append(.eval(expr(r.condition)))
        case .doStmt:
            let d = RawDoStmtSyntax(s)!
            scoped(d.body.statements, into: &events)
            catchClauses(d.catchClauses, into: &events)
        case .deferStmt: scoped(RawDeferStmtSyntax(s)!.body.statements, into: &events)
        case .labeledStmt: stmt(RawLabeledStmtSyntax(s)!.statement, into: &events)
        case .yieldStmt: events.append(.eval(.other(children(s.raw))))
        case .discardStmt: events.append(.eval(expr(RawDiscardStmtSyntax(s)!.expression)))
        case .breakStmt, .continueStmt, .fallThroughStmt, .missingStmt: break
        default: events.append(.eval(.other(children(s.raw))))
        }
    }

    private mutating func catchClauses(_ clauses: RawCatchClauseListSyntax, into events: inout [Event]) {
        for clause in clauses.each {
            events.append(.push)
            var boundError = false
            for item in clause.catchItems.each {
                if let p = item.pattern {
                    events.append(.switchOn(.other([])))
                    events.append(.casePattern(patternExpr(p)))
                    events.append(.endSwitch)
                    boundError = boundError || !patternNames(p).isEmpty
                }
                if let w = item.whereClause { events.append(.eval(expr(w.condition))) }
            }
            if !boundError { events.append(.bind("error", nil, nil)) }
            block(clause.body.statements, into: &events)
            events.append(.pop)
        }
    }

    private mutating func conditions(_ list: RawConditionElementListSyntax, into events: inout [Event]) {
        for element in list.each {
            switch RawConditionElementSyntax.Condition(element.condition) {
            case .expression(let e)?:
                events.append(.eval(expr(e)))
            case .optionalBinding(let b)?:
                let names = patternNames(b.pattern)
                let annotated = b.typeAnnotation.map { type($0.type) }
                if let initial = b.initializer {
                    let value = expr(initial.value)
                    if names.count == 1 {
                        events.append(.bind(names[0], annotated, value))
                    } else {
                        events.append(.eval(value))
                        for n in names { events.append(.bind(n, annotated, nil)) }
                    }
                } else if let name = names.first {
                    // `if let x`: the new x has the type of the outer x.
                    events.append(.bind(name, annotated, .name(name, loc(b.pattern))))
                }
            case .matchingPattern(let m)?:
                events.append(.switchOn(expr(m.initializer.value)))
                events.append(.casePattern(patternExpr(m.pattern)))
                events.append(.endSwitch)
            case .availability?, nil:
                break
            }
        }
    }

    private mutating func ifEvents(_ i: RawIfExprSyntax, into events: inout [Event]) {
        events.append(.push)
        conditions(i.conditions, into: &events)
        block(i.body.statements, into: &events)
        events.append(.pop)
        switch i.elseBody.flatMap(RawIfExprSyntax.ElseBody.init) {
        case .ifExpr(let next)?: ifEvents(next, into: &events)
        case .codeBlock(let b)?: scoped(b.statements, into: &events)
        case nil: break
        }
    }

    private mutating func switchEvents(_ s: RawSwitchExprSyntax, into events: inout [Event]) {
        events.append(.switchOn(expr(s.subject)))
        switchCases(s.cases, into: &events)
        events.append(.endSwitch)
    }

    private mutating func switchCases(_ cases: RawSwitchCaseListSyntax, into events: inout [Event]) {
        for element in cases.each {
            switch RawSwitchCaseListSyntax.Element(element) {
            case .switchCase(let c)?:
                events.append(.push)
                if case .case(let label)? = RawSwitchCaseSyntax.Label(c.label) {
                    for item in label.caseItems.each {
                        events.append(.casePattern(patternExpr(item.pattern)))
                        if let w = item.whereClause { events.append(.eval(expr(w.condition))) }
                    }
                }
                block(c.statements, into: &events)
                events.append(.pop)
            case .ifConfigDecl(let d)?:
                for clause in d.clauses.each {
                    if case .switchCases(let nested)? = clause.elements.flatMap(RawIfConfigClauseSyntax.Elements.init) {
                        switchCases(nested, into: &events)
                    }
                }
            case nil:
                break
            }
        }
    }

    // MARK: Patterns

    private func patternNames(_ p: RawPatternSyntax) -> [String] {
        switch p.raw.kind {
        case .identifierPattern: return [text(RawIdentifierPatternSyntax(p)!.identifier)]
        case .tuplePattern: return RawTuplePatternSyntax(p)!.elements.each.flatMap { patternNames($0.pattern) }
        case .valueBindingPattern: return patternNames(RawValueBindingPatternSyntax(p)!.pattern)
        case .expressionPattern:
            if let pe = RawPatternExprSyntax(RawExpressionPatternSyntax(p)!.expression) {
                return patternNames(pe.pattern)
            }
            return []
        default: return []
        }
    }

    /// A case pattern as an expression; names it binds become `.bindNames`.
    private mutating func patternExpr(_ p: RawPatternSyntax) -> Expr {
        switch p.raw.kind {
        case .expressionPattern: return expr(RawExpressionPatternSyntax(p)!.expression)
        case .identifierPattern: return .bindNames([text(RawIdentifierPatternSyntax(p)!.identifier)])
        case .valueBindingPattern: return bindingRewrite(patternExpr(RawValueBindingPatternSyntax(p)!.pattern))
        case .tuplePattern:
            return .tuple(
                RawTuplePatternSyntax(p)!.elements.each.map {
                    Arg(label: $0.label.map(text), value: patternExpr($0.pattern))
                })
        case .isTypePattern: return .cast(.other([]), type(RawIsTypePatternSyntax(p)!.type), .is)
        default: return .other([])
        }
    }

    /// Inside `case let .x(a, b)`, the bare names are new bindings, not references.
    private func bindingRewrite(_ e: Expr) -> Expr {
        switch e {
        case .name(let n, _): return .bindNames([n])
        case .call(let callee, let args):
            return .call(callee, args.map { Arg(label: $0.label, value: bindingRewrite($0.value)) })
        case .tuple(let args): return .tuple(args.map { Arg(label: $0.label, value: bindingRewrite($0.value)) })
        default: return e
        }
    }

    // MARK: Expressions

    mutating func expr(_ e: RawExprSyntax) -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            if truncatedAt == nil { truncatedAt = loc(e) }
            return .other([])
        }
        switch e.raw.kind {
        case .declReferenceExpr:
            let baseName = RawDeclReferenceExprSyntax(e)!.baseName
            if isKeyword(baseName, "self") { return .selfRef }
            return .name(text(baseName), loc(baseName))
        case .memberAccessExpr:
            let m = RawMemberAccessExprSyntax(e)!
            let baseName = m.declName.baseName
            let name = text(baseName)
            let l = loc(baseName)
            guard let base = m.base else { return .implicitMember(name, l) }
            return .member(expr(base), name, l)
        case .functionCallExpr:
            let c = RawFunctionCallExprSyntax(e)!
            return .call(
                expr(c.calledExpression), arguments(c.arguments, c.trailingClosure, c.additionalTrailingClosures))
        case .subscriptCallExpr:
            let s = RawSubscriptCallExprSyntax(e)!
            return .subscriptCall(
                expr(s.calledExpression), arguments(s.arguments, s.trailingClosure, s.additionalTrailingClosures))
        case .superExpr: return .superRef
        case .genericSpecializationExpr:
            let g = RawGenericSpecializationExprSyntax(e)!
            return .specialize(expr(g.expression), genericArgs(g.genericArgumentClause))
        case .optionalChainingExpr: return expr(RawOptionalChainingExprSyntax(e)!.expression)
        case .forceUnwrapExpr: return expr(RawForceUnwrapExprSyntax(e)!.expression)
        case .awaitExpr: return expr(RawAwaitExprSyntax(e)!.expression)
        case .tryExpr: return expr(RawTryExprSyntax(e)!.expression)
        case .unsafeExpr: return expr(RawUnsafeExprSyntax(e)!.expression)
        case .borrowExpr: return expr(RawBorrowExprSyntax(e)!.expression)
        case .consumeExpr: return expr(RawConsumeExprSyntax(e)!.expression)
        case .copyExpr: return expr(RawCopyExprSyntax(e)!.expression)
        case .inOutExpr: return expr(RawInOutExprSyntax(e)!.expression)
        case .prefixOperatorExpr: return expr(RawPrefixOperatorExprSyntax(e)!.expression)
        case .postfixOperatorExpr: return expr(RawPostfixOperatorExprSyntax(e)!.expression)
        case .tupleExpr:
            let args = RawTupleExprSyntax(e)!.elements.each.map {
                Arg(label: $0.label.map(text), value: expr($0.expression))
            }
            if args.count == 1 && args[0].label == nil { return args[0].value }
            return .tuple(args)
        case .sequenceExpr: return fold(RawSequenceExprSyntax(e)!.elements.each)
        case .infixOperatorExpr:
            let i = RawInfixOperatorExprSyntax(e)!
            return .binary(expr(i.leftOperand), operatorText(i.operator), expr(i.rightOperand))
        case .asExpr:
            let a = RawAsExprSyntax(e)!
            return .cast(expr(a.expression), type(a.type), castKind(a.questionOrExclamationMark))
        case .isExpr:
            let i = RawIsExprSyntax(e)!
            return .cast(expr(i.expression), type(i.type), .is)
        case .ternaryExpr:
            let t = RawTernaryExprSyntax(e)!
            return .ternary(expr(t.condition), expr(t.thenExpression), expr(t.elseExpression))
        case .typeExpr: return .type(type(RawTypeExprSyntax(e)!.type), loc(e))
        case .closureExpr: return .closure(closure(RawClosureExprSyntax(e)!))
        case .stringLiteralExpr:
            var parts: [Expr] = []
            for segment in RawStringLiteralExprSyntax(e)!.segments.each {
                if case .expressionSegment(let seg)? = RawStringLiteralSegmentListSyntax.Element(segment) {
                    parts.append(contentsOf: seg.expressions.each.map { expr($0.expression) })
                }
            }
            return .literal("String", parts)
        case .simpleStringLiteralExpr: return .literal("String", [])
        case .integerLiteralExpr: return .literal("Int", [])
        case .floatLiteralExpr: return .literal("Double", [])
        case .booleanLiteralExpr: return .literal("Bool", [])
        case .arrayExpr: return .array(RawArrayExprSyntax(e)!.elements.each.map { expr($0.expression) })
        case .dictionaryExpr:
            if case .elements(let list)? = RawDictionaryExprSyntax.Content(RawDictionaryExprSyntax(e)!.content) {
                return .dictionary(list.each.map { (expr($0.key), expr($0.value)) })
            }
            return .dictionary([])
        case .keyPathExpr:
            let k = RawKeyPathExprSyntax(e)!
            var comps: [(String, Loc)] = []
            for c in k.components.each {
                if case .property(let p)? = RawKeyPathComponentSyntax.Component(c.component) {
                    comps.append((text(p.declName.baseName), loc(p.declName.baseName)))
                }
            }
            return .keyPath(k.root.map { type($0) }, comps)
        case .ifExpr:
            var events: [Event] = []
            ifEvents(RawIfExprSyntax(e)!, into: &events)
            return .inline(events)
        case .switchExpr:
            var events: [Event] = []
            switchEvents(RawSwitchExprSyntax(e)!, into: &events)
            return .inline(events)
        case .patternExpr: return patternExpr(RawPatternExprSyntax(e)!.pattern)
        case .macroExpansionExpr:
            let m = RawMacroExpansionExprSyntax(e)!
            return .other(arguments(m.arguments, m.trailingClosure, m.additionalTrailingClosures).map(\.value))
        case .nilLiteralExpr, .regexLiteralExpr, .discardAssignmentExpr, .editorPlaceholderExpr, .missingExpr,
            .assignmentExpr, .binaryOperatorExpr, .arrowExpr, .unresolvedAsExpr, .unresolvedIsExpr,
            .unresolvedTernaryExpr:
            return .other([])
        default:
            return .other(children(e.raw))
        }
    }

    /// `#Preview { ContentView() }` (a declaration or, at file level, an expression): what the
    /// canvas shows is a real dependency, made in code that runs only there. Its sites name
    /// `#Preview` as their member, so that advice can leave them out.
    private mutating func preview(
        _ list: RawLabeledExprListSyntax, _ trailing: RawClosureExprSyntax?,
        _ more: RawMultipleTrailingClosureElementListSyntax
    ) -> Code {
        let code = Code(member: Site.previewMember)
        code.events.append(.eval(.other(arguments(list, trailing, more).map(\.value))))
        return code
    }

    private mutating func arguments(
        _ list: RawLabeledExprListSyntax, _ trailing: RawClosureExprSyntax?,
        _ more: RawMultipleTrailingClosureElementListSyntax
    ) -> [Arg] {
        var args = list.each.map { Arg(label: $0.label.map(text), value: expr($0.expression)) }
        if let trailing { args.append(Arg(label: nil, value: .closure(closure(trailing)))) }
        for m in more.each { args.append(Arg(label: text(m.label), value: .closure(closure(m.closure)))) }
        return args
    }

    private mutating func closure(_ c: RawClosureExprSyntax) -> Code {
        let code = Code()
        if let sig = c.signature {
            attributes(sig.attributes, into: &code.events)
            for capture in (sig.capture?.items.each).orEmpty {
                if let initial = capture.initializer {
                    code.events.append(.bind(text(capture.name), nil, expr(initial.value)))
                } else if !isKeyword(capture.name, "self") {
                    code.events.append(.bind(text(capture.name), nil, .name(text(capture.name), loc(capture.name))))
                }
            }
            switch sig.parameterClause.flatMap(RawClosureSignatureSyntax.ParameterClause.init) {
            case .simpleInput(let params)?:
                for p in params.each { code.events.append(.bind(text(p.name), nil, nil)) }
            case .parameterClause(let clause)?:
                for p in clause.parameters.each {
                    code.events.append(.bind(text(p.secondName ?? p.firstName), p.type.map { type($0) }, nil))
                }
            case nil: break
            }
            if let ret = sig.returnClause {
                let t = type(ret.type)
                code.returnType = t
                code.events.append(.typeUse(t, .type))
            }
        }
        body(c.statements, into: &code.events)
        return code
    }

    /// Expressions below a node we do not model, so that their references are still seen.
    private mutating func children(_ node: RawSyntax) -> [Expr] {
        var out: [Expr] = []
        guard let layout = node.layoutView else { return out }
        for child in layout.children {
            guard let child else { continue }
            if let e = RawExprSyntax(child) {
                out.append(expr(e))
            } else if let t = RawTypeSyntax(child) {
                out.append(.type(type(t), loc(t)))
            } else {
                depth += 1
                defer { depth -= 1 }
                if depth <= Self.maxDepth { out.append(contentsOf: children(child)) }
            }
        }
        return out
    }

    private func castKind(_ mark: RawTokenSyntax?) -> CastKind {
        switch mark?.tokenKind {
        case .postfixQuestionMark?: return .asOptional
        case .exclamationMark?: return .asForced
        default: return .as
        }
    }

    private func operatorText(_ e: RawExprSyntax) -> String {
        if let b = RawBinaryOperatorExprSyntax(e) { return text(b.operator) }
        if e.raw.kind == .assignmentExpr { return "=" }
        return "?"
    }

    // MARK: Operator folding

    /// Precedence of the standard operators; anything else is DefaultPrecedence.
    private static func precedence(_ op: String) -> (level: Int, rightAssoc: Bool) {
        switch op {
        case "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&+=", "&-=", "&*=": return (1, true)
        case "?:": return (2, true)
        case "||": return (3, false)
        case "&&": return (4, false)
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=", ".==", ".!=", ".<", ".>", ".<=", ".>=":
            return (5, false)
        case "??": return (6, true)
        case "as", "is": return (7, false)
        case "...", "..<": return (8, false)
        case "+", "-", "&+", "&-", "|", "^": return (9, false)
        case "*", "/", "%", "&*", "&": return (10, false)
        case "<<", ">>", "&<<", "&>>": return (11, false)
        default: return (2, false)  // DefaultPrecedence sits just above ternary
        }
    }

    private enum SeqOp {
        case binary(String)
        case cast(TypeExpr, CastKind)
        case ternary(Expr)

        var name: String {
            switch self {
            case .binary(let s): return s
            case .cast: return "as"
            case .ternary: return "?:"
            }
        }
    }

    /// Folds an unfolded operator sequence `a op b op c` by operator precedence.
    private mutating func fold(_ elements: RawElements<RawExprSyntax>) -> Expr {
        var operands: [Expr] = []
        var ops: [SeqOp] = []
        var i = 0
        while i < elements.count {
            let e = elements[i]
            if let a = RawUnresolvedAsExprSyntax(e), i + 1 < elements.count,
                let t = RawTypeExprSyntax(elements[i + 1])
            {
                ops.append(.cast(type(t.type), castKind(a.questionOrExclamationMark)))
                operands.append(.other([]))  // placeholder: casts are postfix on the left operand
                i += 2
                continue
            }
            if e.raw.kind == .unresolvedIsExpr, i + 1 < elements.count,
                let t = RawTypeExprSyntax(elements[i + 1])
            {
                ops.append(.cast(type(t.type), .is))
                operands.append(.other([]))
                i += 2
                continue
            }
            if let t = RawUnresolvedTernaryExprSyntax(e) {
                ops.append(.ternary(expr(t.thenExpression)))
            } else if e.raw.kind == .binaryOperatorExpr || e.raw.kind == .assignmentExpr {
                ops.append(.binary(operatorText(e)))
            } else {
                operands.append(expr(e))
            }
            i += 1
        }
        guard !operands.isEmpty else { return .other([]) }
        if ops.count > Self.maxChain {
            // Folded, a chain this long is a tree as deep as it is long, which every recursive
            // walk after this one (evaluation, the cache's codec, freeing the tree) would follow
            // to the end of the stack. Flat, each operand is still resolved, each cast's type
            // still named; only the types the operators would carry are lost.
            var flat = operands
            for op in ops {
                switch op {
                case .cast(let t, let kind): flat.append(.cast(.other([]), t, kind))
                case .ternary(let then): flat.append(then)
                case .binary: break
                }
            }
            return .other(flat)
        }
        // Operands and operators alternate; a cast contributes an empty operand after it.
        var pos = 0
        return climb(&pos, operands, ops, minLevel: 0)
    }

    /// The longest operator chain folded by precedence: real code stays far below it (a long
    /// string concatenation has some tens of parts).
    static let maxChain = 256

    private func climb(_ pos: inout Int, _ operands: [Expr], _ ops: [SeqOp], minLevel: Int) -> Expr {
        var lhs = pos < operands.count ? operands[pos] : .other([])
        while pos < ops.count {
            let op = ops[pos]
            let (level, rightAssoc) = Self.precedence(op.name)
            if level < minLevel { break }
            pos += 1
            if case .cast(let t, let kind) = op {
                lhs = .cast(lhs, t, kind)
                continue
            }
            let rhs = climb(&pos, operands, ops, minLevel: rightAssoc ? level : level + 1)
            switch op {
            case .ternary(let then): lhs = .ternary(lhs, then, rhs)
            case .binary(let name): lhs = .binary(lhs, name, rhs)
            case .cast: break
            }
        }
        return lhs
    }
}
