import SeamsGraph
import SwiftParser
import SwiftSyntax

/// Phase 1: reduces one parsed file to `FileFacts`. One instance per file; not shared.
struct FactCollector {
    /// Deeper expressions are cut off with a diagnostic rather than risking the stack.
    static let maxDepth = 600

    private let lines: LineTable
    private var depth = 0
    private(set) var truncatedAt: Loc?

    init(lines: LineTable) {
        self.lines = lines
    }

    /// Parses and collects one file's source.
    static func collect(path: String, source: String) -> FileFacts {
        var source = source
        let (nesting, blanked) = source.withUTF8 { NestingGuard().apply($0) }
        if let blanked { source = String(decoding: blanked, as: UTF8.self) }
        let tree = Parser.parse(source: source)
        let lines = LineTable(source)
        var collector = FactCollector(lines: lines)
        let top = DeclFact(kind: .file, loc: Loc(line: 1, column: 1))
        let topCode = Code()
        var imports: [String] = []
        collector.topLevel(tree.statements, into: top, code: topCode, imports: &imports)
        if !topCode.events.isEmpty { top.code.append(topCode) }

        var diagnostics: [Diagnostic] = []
        if tree.hasError {
            let line = firstErrorLine(tree, lines)
            diagnostics.append(
                Diagnostic(
                    file: path, line: line,
                    message: "syntax errors; the declarations and references that could be read are kept",
                    severity: .warning))
        }
        for cut in nesting.cuts {
            let lines = cut.startLine == cut.endLine ? "line \(cut.startLine)" : "lines \(cut.startLine)-\(cut.endLine)"
            diagnostics.append(
                Diagnostic(
                    file: path, line: cut.startLine,
                    message:
                        "\(cut.what) nested more than \(cut.limit) deep (\(lines)); that region was left out, "
                        + "the rest of the file is scanned (the parser takes exponential time or quadratic memory on such nesting)",
                    severity: .warning))
        }
        if let cut = collector.truncatedAt {
            diagnostics.append(
                Diagnostic(
                    file: path, line: Int(cut.line),
                    message: "expression nested more than \(maxDepth) levels deep; its inner part was not analysed",
                    severity: .warning))
        }
        return FileFacts(path: path, imports: imports, top: top, diagnostics: diagnostics, lines: lines.lineCount)
    }

    /// File-level items. The clauses of a file-level `#if` are file level too (every clause, as
    /// everywhere): their types, extensions, imports and code belong to the file, not to a body.
    private mutating func topLevel(
        _ items: CodeBlockItemListSyntax, into top: DeclFact, code: Code, imports: inout [String]
    ) {
        for item in items {
            switch item.item {
            case .decl(let decl):
                if let imp = decl.as(ImportDeclSyntax.self) {
                    if let first = imp.path.first { imports.append(first.name.text) }
                } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        switch clause.elements {
                        case .statements(let inner): topLevel(inner, into: top, code: code, imports: &imports)
                        case .decls(let inner): for d in inner { self.decl(d.decl, into: top, local: &code.events) }
                        case .switchCases, .postfixExpression, .attributes, nil: break
                        }
                    }
                } else {
                    self.decl(decl, into: top, local: &code.events)
                }
            case .stmt(let stmt):
                self.stmt(stmt, into: &code.events)
            case .expr(let expr):
                code.events.append(.eval(self.expr(expr)))
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

    // MARK: Locations

    private func loc(_ node: some SyntaxProtocol) -> Loc {
        lines.location(node.positionAfterSkippingLeadingTrivia)
    }

    // MARK: Declarations

    /// Adds a declaration: to `owner` as member or nested type, and its code as bodies.
    /// `local` receives the events when the declaration sits inside a code body.
    mutating func decl(_ decl: DeclSyntax, into owner: DeclFact, local: inout [Event]) {
        switch decl.as(DeclSyntaxEnum.self) {
        case .classDecl(let d):
            nominal(
                .class, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d, into: owner)
        case .structDecl(let d):
            nominal(
                .struct, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d, into: owner)
        case .enumDecl(let d):
            nominal(
                .enum, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d, into: owner)
        case .actorDecl(let d):
            nominal(
                .actor, d.name, d.genericParameterClause, nil, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d, into: owner)
        case .protocolDecl(let d):
            nominal(
                .protocol, d.name, nil, d.primaryAssociatedTypeClause, d.inheritanceClause, d.genericWhereClause,
                d.attributes, d.memberBlock, d, into: owner)
        case .extensionDecl(let d):
            let fact = DeclFact(kind: .extension(type(d.extendedType)), loc: loc(d.extendedType))
            let code = Code()
            attributes(d.attributes, into: &code.events)
            inheritance(d.inheritanceClause, into: fact, code: code)
            whereClause(d.genericWhereClause, into: &code.events)
            fact.code.append(code)
            members(d.memberBlock, into: fact)
            owner.nested.append(fact)
        case .variableDecl(let d):
            variable(d, into: owner)
        case .functionDecl(let d):
            let generics = genericNames(d.genericParameterClause)
            let ret = d.signature.returnClause.map { type($0.type) }
            let code = Code(returnType: ret, genericNames: generics)
            attributes(d.attributes, into: &code.events)
            genericConstraints(d.genericParameterClause, into: &code.events)
            let params = parameters(d.signature.parameterClause, into: &code.events)
            if let ret { code.events.append(.typeUse(ret, .type)) }
            whereClause(d.genericWhereClause, into: &code.events)
            if let body = d.body { self.body(body.statements, into: &code.events) }
            let fact = MemberFact(
                name: d.name.text, kind: .function, isStatic: isStatic(d.modifiers), type: ret,
                initializer: nil, params: params, genericNames: generics)
            owner.members.append(fact)
            code.member = fact.signature
            owner.code.append(code)
        case .initializerDecl(let d):
            let generics = genericNames(d.genericParameterClause)
            let code = Code(genericNames: generics)
            attributes(d.attributes, into: &code.events)
            genericConstraints(d.genericParameterClause, into: &code.events)
            let params = parameters(d.signature.parameterClause, into: &code.events)
            whereClause(d.genericWhereClause, into: &code.events)
            if let body = d.body { block(body.statements, into: &code.events) }
            let fact = MemberFact(
                name: "init", kind: .initializer, isStatic: true, type: nil, initializer: nil,
                params: params, genericNames: generics)
            owner.members.append(fact)
            code.member = fact.signature
            owner.code.append(code)
        case .deinitializerDecl(let d):
            if let body = d.body {
                let code = Code(member: "deinit")
                block(body.statements, into: &code.events)
                owner.code.append(code)
            }
        case .subscriptDecl(let d):
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
        case .enumCaseDecl(let d):
            let code = Code(member: d.elements.first?.name.text)
            attributes(d.attributes, into: &code.events)
            for element in d.elements {
                var params: [ParamFact] = []
                for p in (element.parameterClause?.parameters).orEmpty {
                    let t = type(p.type)
                    params.append(ParamFact(label: p.firstName.flatMap(label), type: t))
                    code.events.append(.typeUse(t, .type))
                    if let dv = p.defaultValue { code.events.append(.bind("_", t, expr(dv.value))) }
                }
                if let raw = element.rawValue { code.events.append(.eval(expr(raw.value))) }
                owner.members.append(
                    MemberFact(
                        name: element.name.text, kind: .enumCase, isStatic: true, type: nil, initializer: nil,
                        params: params, genericNames: []))
            }
            owner.code.append(code)
        case .typeAliasDecl(let d):
            let generics = genericNames(d.genericParameterClause)
            let target = type(d.initializer.value)
            let code = Code(genericNames: generics, member: d.name.text)
            attributes(d.attributes, into: &code.events)
            code.events.append(.typeUse(target, .type))
            whereClause(d.genericWhereClause, into: &code.events)
            owner.members.append(
                MemberFact(
                    name: d.name.text, kind: .typeAlias, isStatic: true, type: target, initializer: nil,
                    params: [], genericNames: generics))
            owner.code.append(code)
        case .associatedTypeDecl(let d):
            let code = Code()
            for inherited in (d.inheritanceClause?.inheritedTypes).orEmpty {
                code.events.append(.typeUse(type(inherited.type), .type))
            }
            if let def = d.initializer { code.events.append(.typeUse(type(def.value), .type)) }
            whereClause(d.genericWhereClause, into: &code.events)
            owner.members.append(
                MemberFact(
                    name: d.name.text, kind: .associatedType, isStatic: true, type: nil, initializer: nil,
                    params: [], genericNames: []))
            owner.code.append(code)
        case .ifConfigDecl(let d):
            // Every branch of #if is read: a dependency behind a build flag is still a dependency.
            for clause in d.clauses {
                switch clause.elements {
                case .decls(let items):
                    for item in items { self.decl(item.decl, into: owner, local: &local) }
                case .statements(let items):
                    block(items, into: &local)
                case .switchCases, .postfixExpression, .attributes, nil:
                    break
                }
            }
        case .macroExpansionDecl(let d):
            let code = Code()
            code.events.append(.eval(.other(d.arguments.map { expr($0.expression) })))
            owner.code.append(code)
        default:
            break
        }
    }

    private mutating func nominal(
        _ kind: NodeKind, _ name: TokenSyntax, _ generics: GenericParameterClauseSyntax?,
        _ primary: PrimaryAssociatedTypeClauseSyntax?, _ inherits: InheritanceClauseSyntax?,
        _ whereClause: GenericWhereClauseSyntax?, _ attrs: AttributeListSyntax, _ members: MemberBlockSyntax,
        _ node: some SyntaxProtocol, into owner: DeclFact
    ) {
        let fact = DeclFact(kind: .nominal(kind, name.text), loc: loc(name))
        fact.isFilePrivate =
            node.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
                $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
            } ?? false
        fact.genericNames = genericNames(generics) + (primary?.primaryAssociatedTypes.map { $0.name.text } ?? [])
        let code = Code()
        attributes(attrs, into: &code.events)
        genericConstraints(generics, into: &code.events)
        inheritance(inherits, into: fact, code: code)
        self.whereClause(whereClause, into: &code.events)
        fact.code.append(code)
        self.members(members, into: fact)
        owner.nested.append(fact)
    }

    private mutating func members(_ block: MemberBlockSyntax, into fact: DeclFact) {
        var stray: [Event] = []
        for item in block.members { decl(item.decl, into: fact, local: &stray) }
        if !stray.isEmpty { fact.code.append(Code(events: stray)) }
    }

    private mutating func inheritance(_ clause: InheritanceClauseSyntax?, into fact: DeclFact, code: Code) {
        for inherited in (clause?.inheritedTypes).orEmpty {
            let t = type(inherited.type)
            fact.inherits.append(t)
            code.events.append(.typeUse(t, .inherit))
        }
    }

    private mutating func variable(_ d: VariableDeclSyntax, into owner: DeclFact) {
        let isStatic = isStatic(d.modifiers)
        let isVar = d.bindingSpecifier.tokenKind == .keyword(.var)
        let code = Code(member: d.bindings.first.map { patternNames($0.pattern).joined(separator: ", ") })
        attributes(d.attributes, into: &code.events)
        for binding in d.bindings {
            let annotated = binding.typeAnnotation.map { type($0.type) }
            let initial = binding.initializer.map { expr($0.value) }
            let names = patternNames(binding.pattern)
            var stored = true
            if case .getter? = binding.accessorBlock?.accessors { stored = false }
            if case .accessors(let list)? = binding.accessorBlock?.accessors,
                list.contains(where: { ["get", "_read", "unsafeAddress"].contains($0.accessorSpecifier.text) })
            {
                stored = false
            }
            for name in names {
                owner.members.append(
                    MemberFact(
                        name: name, kind: .property, isStatic: isStatic, type: annotated,
                        initializer: annotated == nil && names.count == 1 ? initial : nil,
                        params: [], genericNames: [],
                        isStoredInstance: stored && !isStatic && names.count == 1,
                        isLet: d.bindingSpecifier.tokenKind == .keyword(.let) && initial != nil,
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

    private mutating func accessors(_ block: AccessorBlockSyntax?, valueType: TypeExpr?, into events: inout [Event]) {
        guard let block else { return }
        switch block.accessors {
        case .getter(let items):
            let code = Code(returnType: valueType)
            self.body(items, into: &code.events)
            events.append(.code(code))
        case .accessors(let list):
            for accessor in list {
                let code = Code(returnType: valueType)
                attributes(accessor.attributes, into: &code.events)
                let spec = accessor.accessorSpecifier.text
                let implicitName = spec == "didSet" ? "oldValue" : "newValue"
                code.events.append(.bind(accessor.parameters?.name.text ?? implicitName, valueType, nil))
                if let body = accessor.body { self.body(body.statements, into: &code.events) }
                events.append(.code(code))
            }
        }
    }

    /// Declarations inside a code body: locals, local functions and local types.
    private mutating func localDecl(_ decl: DeclSyntax, into events: inout [Event]) {
        if let v = decl.as(VariableDeclSyntax.self) {
            attributes(v.attributes, into: &events)
            for binding in v.bindings {
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

    private func genericNames(_ clause: GenericParameterClauseSyntax?) -> [String] {
        clause?.parameters.map { $0.name.text } ?? []
    }

    private mutating func genericConstraints(_ clause: GenericParameterClauseSyntax?, into events: inout [Event]) {
        for p in (clause?.parameters).orEmpty {
            if let inherited = p.inheritedType { events.append(.typeUse(type(inherited), .type)) }
        }
    }

    private mutating func whereClause(_ clause: GenericWhereClauseSyntax?, into events: inout [Event]) {
        for req in (clause?.requirements).orEmpty {
            switch req.requirement {
            case .conformanceRequirement(let r):
                events.append(.typeUse(type(r.leftType), .type))
                events.append(.typeUse(type(r.rightType), .type))
            case .sameTypeRequirement(let r):
                for side in [Syntax(r.leftType), Syntax(r.rightType)] {
                    if let t = side.as(TypeSyntax.self) { events.append(.typeUse(type(t), .type)) }
                }
            case .layoutRequirement(let r):
                events.append(.typeUse(type(r.type), .type))
            }
        }
    }

    /// Binds the parameters in `events` and returns them as the function's signature.
    private mutating func parameters(_ clause: FunctionParameterClauseSyntax, into events: inout [Event]) -> [ParamFact]
    {
        var params: [ParamFact] = []
        for p in clause.parameters {
            attributes(p.attributes, into: &events)
            let t = type(p.type)
            params.append(ParamFact(label: label(p.firstName), type: t))
            let internalName = (p.secondName ?? p.firstName).text
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

    private func label(_ token: TokenSyntax) -> String? {
        token.tokenKind == .wildcard ? nil : token.text
    }

    private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Attributes spelled like types are references (property wrappers, result builders,
    /// global actors such as `@MainActor`); the compiler's own capitalized attributes are not.
    private static let builtinAttributes: Set<String> = [
        "IBOutlet", "IBAction", "IBDesignable", "IBInspectable", "IBSegueAction", "NSManaged", "NSCopying",
        "UIApplicationMain", "NSApplicationMain", "GKInspectable", "Sendable", "UnsafeSendable",
    ]

    /// The type an attribute names, if it names one: `@MainActor`, `@Published`, not `@escaping`.
    private mutating func referencedType(_ attr: AttributeSyntax) -> TypeExpr? {
        let t = type(attr.attributeName)
        guard case .named(let comps) = t, let first = comps.first, first.name.first?.isUppercase == true,
            !(comps.count == 1 && Self.builtinAttributes.contains(first.name))
        else { return nil }
        return t
    }

    private mutating func attributes(_ list: AttributeListSyntax, into events: inout [Event]) {
        for element in list {
            guard case .attribute(let attr) = element else { continue }
            if let t = referencedType(attr) {
                events.append(.typeUse(t, .attribute))
            }
            if case .argumentList(let args) = attr.arguments {
                events.append(.eval(.other(args.map { expr($0.expression) })))
            }
        }
    }

    // MARK: Types

    mutating func type(_ t: TypeSyntax) -> TypeExpr {
        switch t.as(TypeSyntaxEnum.self) {
        case .identifierType(let id):
            return .named([
                TypeComponent(name: id.name.text, loc: loc(id.name), genericArgs: genericArgs(id.genericArgumentClause))
            ])
        case .memberType(let m):
            let comp = TypeComponent(
                name: m.name.text, loc: loc(m.name), genericArgs: genericArgs(m.genericArgumentClause))
            if case .named(let base) = type(m.baseType) { return .named(base + [comp]) }
            return .unknown
        case .optionalType(let o): return .optional(type(o.wrappedType))
        case .implicitlyUnwrappedOptionalType(let o): return .optional(type(o.wrappedType))
        case .arrayType(let a): return .array(type(a.element))
        case .dictionaryType(let d): return .dictionary(type(d.key), type(d.value))
        case .tupleType(let tt):
            let elements = tt.elements.map { type($0.type) }
            return elements.count == 1 ? elements[0] : .tuple(elements)
        case .functionType(let f):
            return .function(f.parameters.map { type($0.type) }, type(f.returnClause.type))
        case .someOrAnyType(let s): return type(s.constraint)
        case .compositionType(let c): return .composition(c.elements.map { type($0.type) })
        case .metatypeType(let m): return .metatype(type(m.baseType))
        case .attributedType(let a):
            var attrs: [TypeExpr] = []
            for element in a.attributes {
                if case .attribute(let attr) = element, let t = referencedType(attr) { attrs.append(t) }
            }
            let base = type(a.baseType)
            return attrs.isEmpty ? base : .attributed(attrs, base)
        case .packExpansionType(let p): return type(p.repetitionPattern)
        case .packElementType(let p): return type(p.pack)
        case .namedOpaqueReturnType(let n): return type(n.type)
        case .suppressedType, .classRestrictionType, .missingType, .inlineArrayType:
            return .unknown
        }
    }

    private mutating func genericArgs(_ clause: GenericArgumentClauseSyntax?) -> [TypeExpr] {
        guard let clause else { return [] }
        return clause.arguments.compactMap {
            if case .type(let t) = $0.argument { return type(t) }
            return nil
        }
    }

    // MARK: Statements

    /// A body of one expression returns it (`var style: Style { .plain }`), so it gets the
    /// declared return type as its context.
    mutating func body(_ items: CodeBlockItemListSyntax, into events: inout [Event]) {
        if items.count == 1, let only = items.first, case .expr(let e) = only.item,
            !e.is(IfExprSyntax.self), !e.is(SwitchExprSyntax.self)
        {
            events.append(.ret(expr(e)))
            return
        }
        block(items, into: &events)
    }

    mutating func block(_ items: CodeBlockItemListSyntax, into events: inout [Event]) {
        for item in items {
            switch item.item {
            case .decl(let d): localDecl(d, into: &events)
            case .stmt(let s): stmt(s, into: &events)
            case .expr(let e): exprStatement(e, into: &events)
            }
        }
    }

    private mutating func scoped(_ items: CodeBlockItemListSyntax, into events: inout [Event]) {
        events.append(.push)
        block(items, into: &events)
        events.append(.pop)
    }

    /// `if` and `switch` in statement position become events of the enclosing body.
    private mutating func exprStatement(_ e: ExprSyntax, into events: inout [Event]) {
        if let i = e.as(IfExprSyntax.self) {
            ifEvents(i, into: &events)
        } else if let s = e.as(SwitchExprSyntax.self) {
            switchEvents(s, into: &events)
        } else {
            events.append(.eval(expr(e)))
        }
    }

    mutating func stmt(_ s: StmtSyntax, into events: inout [Event]) {
        switch s.as(StmtSyntaxEnum.self) {
        case .expressionStmt(let e): exprStatement(e.expression, into: &events)
        case .returnStmt(let r): if let e = r.expression { events.append(.ret(expr(e))) }
        case .throwStmt(let t): events.append(.eval(expr(t.expression)))
        case .guardStmt(let g):
            // Bindings of a guard stay visible after it.
            conditions(g.conditions, into: &events)
            scoped(g.body.statements, into: &events)
        case .forStmt(let f):
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
        case .whileStmt(let w):
            events.append(.push)
            conditions(w.conditions, into: &events)
            block(w.body.statements, into: &events)
            events.append(.pop)
        case .repeatStmt(let r):
            scoped(r.body.statements, into: &events)
            events.append(.eval(expr(r.condition)))
        case .doStmt(let d):
            scoped(d.body.statements, into: &events)
            catchClauses(d.catchClauses, into: &events)
        case .deferStmt(let d): scoped(d.body.statements, into: &events)
        case .labeledStmt(let l): stmt(l.statement, into: &events)
        case .yieldStmt(let y): events.append(.eval(.other(children(Syntax(y)))))
        case .discardStmt(let d): events.append(.eval(expr(d.expression)))
        case .breakStmt, .continueStmt, .fallThroughStmt, .missingStmt: break
        default: events.append(.eval(.other(children(Syntax(s)))))
        }
    }

    private mutating func catchClauses(_ clauses: CatchClauseListSyntax, into events: inout [Event]) {
        for clause in clauses {
            events.append(.push)
            var boundError = false
            for item in clause.catchItems {
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

    private mutating func conditions(_ list: ConditionElementListSyntax, into events: inout [Event]) {
        for element in list {
            switch element.condition {
            case .expression(let e):
                events.append(.eval(expr(e)))
            case .optionalBinding(let b):
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
            case .matchingPattern(let m):
                events.append(.switchOn(expr(m.initializer.value)))
                events.append(.casePattern(patternExpr(m.pattern)))
                events.append(.endSwitch)
            case .availability:
                break
            }
        }
    }

    private mutating func ifEvents(_ i: IfExprSyntax, into events: inout [Event]) {
        events.append(.push)
        conditions(i.conditions, into: &events)
        block(i.body.statements, into: &events)
        events.append(.pop)
        switch i.elseBody {
        case .ifExpr(let next): ifEvents(next, into: &events)
        case .codeBlock(let b): scoped(b.statements, into: &events)
        case nil: break
        }
    }

    private mutating func switchEvents(_ s: SwitchExprSyntax, into events: inout [Event]) {
        events.append(.switchOn(expr(s.subject)))
        switchCases(s.cases, into: &events)
        events.append(.endSwitch)
    }

    private mutating func switchCases(_ cases: SwitchCaseListSyntax, into events: inout [Event]) {
        for element in cases {
            switch element {
            case .switchCase(let c):
                events.append(.push)
                if case .case(let label) = c.label {
                    for item in label.caseItems {
                        events.append(.casePattern(patternExpr(item.pattern)))
                        if let w = item.whereClause { events.append(.eval(expr(w.condition))) }
                    }
                }
                block(c.statements, into: &events)
                events.append(.pop)
            case .ifConfigDecl(let d):
                for clause in d.clauses {
                    if case .switchCases(let nested) = clause.elements { switchCases(nested, into: &events) }
                }
            }
        }
    }

    // MARK: Patterns

    private func patternNames(_ p: PatternSyntax) -> [String] {
        switch p.as(PatternSyntaxEnum.self) {
        case .identifierPattern(let i): return [i.identifier.text]
        case .tuplePattern(let t): return t.elements.flatMap { patternNames($0.pattern) }
        case .valueBindingPattern(let v): return patternNames(v.pattern)
        case .expressionPattern(let e):
            if let pe = e.expression.as(PatternExprSyntax.self) { return patternNames(pe.pattern) }
            return []
        default: return []
        }
    }

    /// A case pattern as an expression; names it binds become `.bindNames`.
    private mutating func patternExpr(_ p: PatternSyntax) -> Expr {
        switch p.as(PatternSyntaxEnum.self) {
        case .expressionPattern(let e): return expr(e.expression)
        case .identifierPattern(let i): return .bindNames([i.identifier.text])
        case .valueBindingPattern(let v): return bindingRewrite(patternExpr(v.pattern))
        case .tuplePattern(let t):
            return .tuple(t.elements.map { Arg(label: $0.label?.text, value: patternExpr($0.pattern)) })
        case .isTypePattern(let i): return .cast(.other([]), type(i.type), .is)
        case .wildcardPattern, .missingPattern: return .other([])
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

    mutating func expr(_ e: ExprSyntax) -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            if truncatedAt == nil { truncatedAt = loc(e) }
            return .other([])
        }
        switch e.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let d):
            let name = d.baseName.text
            if d.baseName.tokenKind == .keyword(.self) { return .selfRef }
            return .name(name, loc(d.baseName))
        case .memberAccessExpr(let m):
            let name = m.declName.baseName.text
            let l = loc(m.declName.baseName)
            guard let base = m.base else { return .implicitMember(name, l) }
            return .member(expr(base), name, l)
        case .functionCallExpr(let c):
            return .call(
                expr(c.calledExpression), arguments(c.arguments, c.trailingClosure, c.additionalTrailingClosures))
        case .subscriptCallExpr(let s):
            return .subscriptCall(
                expr(s.calledExpression), arguments(s.arguments, s.trailingClosure, s.additionalTrailingClosures))
        case .superExpr: return .superRef
        case .genericSpecializationExpr(let g):
            return .specialize(expr(g.expression), genericArgs(g.genericArgumentClause))
        case .optionalChainingExpr(let o): return expr(o.expression)
        case .forceUnwrapExpr(let f): return expr(f.expression)
        case .awaitExpr(let a): return expr(a.expression)
        case .tryExpr(let t): return expr(t.expression)
        case .unsafeExpr(let u): return expr(u.expression)
        case .borrowExpr(let b): return expr(b.expression)
        case .consumeExpr(let c): return expr(c.expression)
        case .copyExpr(let c): return expr(c.expression)
        case .inOutExpr(let i): return expr(i.expression)
        case .prefixOperatorExpr(let p): return expr(p.expression)
        case .postfixOperatorExpr(let p): return expr(p.expression)
        case .tupleExpr(let t):
            let args = t.elements.map { Arg(label: $0.label?.text, value: expr($0.expression)) }
            if args.count == 1 && args[0].label == nil { return args[0].value }
            return .tuple(args)
        case .sequenceExpr(let s): return fold(Array(s.elements))
        case .infixOperatorExpr(let i):
            return .binary(expr(i.leftOperand), operatorText(i.operator), expr(i.rightOperand))
        case .asExpr(let a):
            return .cast(expr(a.expression), type(a.type), castKind(a.questionOrExclamationMark))
        case .isExpr(let i): return .cast(expr(i.expression), type(i.type), .is)
        case .ternaryExpr(let t):
            return .ternary(expr(t.condition), expr(t.thenExpression), expr(t.elseExpression))
        case .typeExpr(let t): return .type(type(t.type), loc(t))
        case .closureExpr(let c): return .closure(closure(c))
        case .stringLiteralExpr(let s):
            var parts: [Expr] = []
            for segment in s.segments {
                if case .expressionSegment(let seg) = segment {
                    parts.append(contentsOf: seg.expressions.map { expr($0.expression) })
                }
            }
            return .literal("String", parts)
        case .simpleStringLiteralExpr: return .literal("String", [])
        case .integerLiteralExpr: return .literal("Int", [])
        case .floatLiteralExpr: return .literal("Double", [])
        case .booleanLiteralExpr: return .literal("Bool", [])
        case .arrayExpr(let a): return .array(a.elements.map { expr($0.expression) })
        case .dictionaryExpr(let d):
            if case .elements(let list) = d.content {
                return .dictionary(list.map { (expr($0.key), expr($0.value)) })
            }
            return .dictionary([])
        case .keyPathExpr(let k):
            var comps: [(String, Loc)] = []
            for c in k.components {
                if case .property(let p) = c.component {
                    comps.append((p.declName.baseName.text, loc(p.declName.baseName)))
                }
            }
            return .keyPath(k.root.map { type($0) }, comps)
        case .ifExpr(let i):
            var events: [Event] = []
            ifEvents(i, into: &events)
            return .inline(events)
        case .switchExpr(let s):
            var events: [Event] = []
            switchEvents(s, into: &events)
            return .inline(events)
        case .patternExpr(let p): return patternExpr(p.pattern)
        case .macroExpansionExpr(let m):
            return .other(arguments(m.arguments, m.trailingClosure, m.additionalTrailingClosures).map(\.value))
        case .nilLiteralExpr, .regexLiteralExpr, .discardAssignmentExpr, .editorPlaceholderExpr, .missingExpr,
            .assignmentExpr, .binaryOperatorExpr, .arrowExpr, .unresolvedAsExpr, .unresolvedIsExpr,
            .unresolvedTernaryExpr:
            return .other([])
        default:
            return .other(children(Syntax(e)))
        }
    }

    private mutating func arguments(
        _ list: LabeledExprListSyntax, _ trailing: ClosureExprSyntax?,
        _ more: MultipleTrailingClosureElementListSyntax
    ) -> [Arg] {
        var args = list.map { Arg(label: $0.label?.text, value: expr($0.expression)) }
        if let trailing { args.append(Arg(label: nil, value: .closure(closure(trailing)))) }
        for m in more { args.append(Arg(label: m.label.text, value: .closure(closure(m.closure)))) }
        return args
    }

    private mutating func closure(_ c: ClosureExprSyntax) -> Code {
        let code = Code()
        if let sig = c.signature {
            attributes(sig.attributes, into: &code.events)
            for capture in (sig.capture?.items).orEmpty {
                if let initial = capture.initializer {
                    code.events.append(.bind(capture.name.text, nil, expr(initial.value)))
                } else if capture.name.tokenKind != .keyword(.self) {
                    code.events.append(.bind(capture.name.text, nil, .name(capture.name.text, loc(capture.name))))
                }
            }
            switch sig.parameterClause {
            case .simpleInput(let params):
                for p in params { code.events.append(.bind(p.name.text, nil, nil)) }
            case .parameterClause(let clause):
                for p in clause.parameters {
                    code.events.append(.bind((p.secondName ?? p.firstName).text, p.type.map { type($0) }, nil))
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
    private mutating func children(_ node: Syntax) -> [Expr] {
        var out: [Expr] = []
        for child in node.children(viewMode: .sourceAccurate) {
            if let e = child.as(ExprSyntax.self) {
                out.append(expr(e))
            } else if let t = child.as(TypeSyntax.self) {
                out.append(.type(type(t), loc(t)))
            } else {
                depth += 1
                defer { depth -= 1 }
                if depth <= Self.maxDepth { out.append(contentsOf: children(child)) }
            }
        }
        return out
    }

    private func castKind(_ mark: TokenSyntax?) -> CastKind {
        switch mark?.tokenKind {
        case .postfixQuestionMark?: return .asOptional
        case .exclamationMark?: return .asForced
        default: return .as
        }
    }

    private func operatorText(_ e: ExprSyntax) -> String {
        if let b = e.as(BinaryOperatorExprSyntax.self) { return b.operator.text }
        if e.is(AssignmentExprSyntax.self) { return "=" }
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
    private mutating func fold(_ elements: [ExprSyntax]) -> Expr {
        var operands: [Expr] = []
        var ops: [SeqOp] = []
        var i = 0
        while i < elements.count {
            let e = elements[i]
            if let a = e.as(UnresolvedAsExprSyntax.self), i + 1 < elements.count,
                let t = elements[i + 1].as(TypeExprSyntax.self)
            {
                ops.append(.cast(type(t.type), castKind(a.questionOrExclamationMark)))
                operands.append(.other([]))  // placeholder: casts are postfix on the left operand
                i += 2
                continue
            }
            if e.is(UnresolvedIsExprSyntax.self), i + 1 < elements.count,
                let t = elements[i + 1].as(TypeExprSyntax.self)
            {
                ops.append(.cast(type(t.type), .is))
                operands.append(.other([]))
                i += 2
                continue
            }
            if let t = e.as(UnresolvedTernaryExprSyntax.self) {
                ops.append(.ternary(expr(t.thenExpression)))
            } else if e.is(BinaryOperatorExprSyntax.self) || e.is(AssignmentExprSyntax.self) {
                ops.append(.binary(operatorText(e)))
            } else {
                operands.append(expr(e))
            }
            i += 1
        }
        guard !operands.isEmpty else { return .other([]) }
        // Operands and operators alternate; a cast contributes an empty operand after it.
        var pos = 0
        return climb(&pos, operands, ops, minLevel: 0)
    }

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

/// The elements of an optional collection, none for nil. `clause?.items ?? []` would build an
/// empty syntax collection (in a new arena) for every absent clause.
struct OptionalElements<Base: Sequence>: Sequence, IteratorProtocol {
    var iterator: Base.Iterator?

    mutating func next() -> Base.Element? { iterator?.next() }
}

extension Optional where Wrapped: Sequence {
    var orEmpty: OptionalElements<Wrapped> { OptionalElements(iterator: self?.makeIterator()) }
}
