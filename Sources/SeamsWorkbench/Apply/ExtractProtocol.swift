import SwiftSyntax

/// Extract Interface (Feathers): a protocol of what FROM uses of TO (the members at the scan's
/// member sites, with their exact signatures), TO's conformance in an extension, and FROM's
/// stored properties and parameters of type TO given the protocol instead. What a protocol
/// cannot stand for (TO made or its static members used in FROM's code, members with default
/// arguments, `Self`, members TO does not declare itself) is refused with the reason.
public enum ExtractProtocol {
    /// Where FROM's code meets TO, by the scan's site kinds.
    public struct Sites: Sendable {
        /// `value.member`: a member of TO that FROM uses.
        public var members: [Position]
        /// `TO` named as a type.
        public var types: [Position]
        /// `TO(…)`, `TO.member`: what a protocol cannot stand for, outside a default.
        public var concrete: [Position]

        public init(members: [Position], types: [Position], concrete: [Position]) {
            self.members = members
            self.types = types
            self.concrete = concrete
        }
    }

    /// `crossModule`: FROM is compiled in another module than TO, so the protocol must be seen
    /// outside TO's module; else it is internal, whatever TO's level.
    public static func rewrite(
        from: String, to: String, protocolName: String, sites: Sites, sources: [String: String],
        crossModule: Bool = false
    ) throws(ApplyRefusal) -> Rewrite {
        var files: [String: ParsedFile] = [:]
        for (path, text) in sources { files[path] = ParsedFile(path: path, text: text) }
        var declarations: [(path: String, decl: DeclSyntax)] = []
        for path in files.keys.sorted() {
            for decl in files[path]!.typeDeclarations(named: to) { declarations.append((path, decl)) }
        }
        guard let declaration = declarations.first else {
            throw ApplyRefusal("no declaration of \(to) in the files seams read (has it changed since the scan?)")
        }
        guard declarations.count == 1 else {
            throw ApplyRefusal("\(to) is declared \(declarations.count) times (under #if?)")
        }
        let decl = declaration.decl
        if decl.is(ProtocolDeclSyntax.self) { throw ApplyRefusal("\(to) is already a protocol") }
        if decl.is(EnumDeclSyntax.self) {
            throw ApplyRefusal(
                "\(to) is an enum: a value \(SyntaxPlaces.simple(from)) reads, not a service to stand in for")
        }
        let group = decl.asProtocol(DeclGroupSyntax.self)!
        if let generic = decl.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? decl.as(StructDeclSyntax.self)?.genericParameterClause
            ?? decl.as(ActorDeclSyntax.self)?.genericParameterClause
        {
            throw ApplyRefusal("\(to) is generic (\(generic.trimmedDescription)): write its protocol by hand")
        }
        var notes: [String] = []

        // What a protocol cannot stand for, in FROM's own code (a default is where it belongs).
        for position in sites.concrete.sorted() {
            guard let token = files[position.file]?.token(at: position) else { continue }
            if isDefault(Syntax(token)) { continue }
            let line = token.parent?.parent?.trimmedDescription ?? token.text
            throw ApplyRefusal(
                "\(from) uses \(to) itself at \(position.description) (\(line.prefix(60))): a protocol cannot "
                    + "stand for making it or for its static members; hand it in first (inject-through-init, "
                    + "factory-closure)")
        }

        // TO's members, by name, in its declaration and its unconstrained extensions.
        var owned: [String: [DeclSyntax]] = [:]
        var nested: Set<String> = []
        let blocks =
            [group.memberBlock]
            + files.keys.sorted().flatMap { files[$0]!.extensions(named: to) }.filter { $0.genericWhereClause == nil }
            .map(\.memberBlock)
        for block in blocks {
            for item in block.members {
                if let f = item.decl.as(FunctionDeclSyntax.self) {
                    owned[f.name.text, default: []].append(DeclSyntax(f))
                } else if let v = item.decl.as(VariableDeclSyntax.self) {
                    for binding in v.bindings {
                        if let id = binding.pattern.as(IdentifierPatternSyntax.self) {
                            owned[id.identifier.text, default: []].append(DeclSyntax(v))
                        }
                    }
                } else if let name = SyntaxPlaces.ownName(Syntax(item.decl)) {
                    nested.insert(name)
                } else if let alias = item.decl.as(TypeAliasDeclSyntax.self) {
                    nested.insert(alias.name.text)
                }
            }
        }

        // The members FROM uses, and whether it sets each property.
        var used: [String: (set: Bool, position: Position)] = [:]
        for position in sites.members.sorted() {
            guard let token = files[position.file]?.token(at: position) else { continue }
            let name = token.identifier?.name ?? token.text
            let sets = isAssigned(Syntax(token))
            used[name] = (set: (used[name]?.set ?? false) || sets, position: used[name]?.position ?? position)
        }
        guard !used.isEmpty else {
            throw ApplyRefusal("\(from) uses no member of \(to): there is nothing to put in a protocol")
        }
        let isClass = decl.is(ClassDeclSyntax.self) || decl.is(ActorDeclSyntax.self)
        var requirements: [(at: Int, text: String)] = []
        // The protocol is seen as far as TO and every member in it.
        var level = min(AccessLevel.effective(Syntax(decl)), .public)
        for name in used.keys.sorted() {
            guard let decls = owned[name] else {
                throw ApplyRefusal(
                    "\(from) uses \(name) (\(used[name]!.position.description)), which \(to) does not declare itself "
                        + "(a superclass's or a protocol extension's): write the protocol by hand")
            }
            for member in decls {
                level = min(level, AccessLevel.effective(Syntax(member)))
                requirements.append(
                    (
                        member.positionAfterSkippingLeadingTrivia.utf8Offset,
                        try requirement(
                            member, name: name, sets: used[name]!.set, owner: to, nested: nested, isClass: isClass)
                    ))
            }
        }

        for path in files.keys.sorted() {
            if !files[path]!.typeDeclarations(named: protocolName).isEmpty {
                throw ApplyRefusal("\(path) already declares \(protocolName); choose another name with --name")
            }
        }

        // The protocol and the conformance, after TO's outermost declaration.
        let file = files[declaration.path]!
        var outermost = Syntax(decl)
        while let up = SyntaxPlaces.owner(of: outermost) { outermost = up }
        let actor = group.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .filter { $0.attributeName.trimmedDescription.hasSuffix("Actor") }.map { $0.trimmedDescription + "\n" }
            .joined()
        let access = crossModule && level >= .package ? level.keyword : ""
        // A Sendable FROM keeps only Sendable values; a Sendable TO says what its protocol's values are.
        func listsSendable(_ name: String) -> Bool {
            files.keys.sorted().contains { path in
                let file = files[path]!
                let groups = file.groups(named: name)
                return groups.contains { group in
                    group.inheritanceClause?.inheritedTypes.contains {
                        SyntaxPlaces.simple($0.type.trimmedDescription) == "Sendable"
                    } ?? false
                }
            }
        }
        let refines = (isClass ? ["AnyObject"] : []) + (listsSendable(from) || listsSendable(to) ? ["Sendable"] : [])
        let text =
            "\n\n/// What \(SyntaxPlaces.simple(from)) uses of \(SyntaxPlaces.simple(to)) (seams apply extract-protocol).\n"
            + actor
            + "\(access)protocol \(protocolName)\(refines.isEmpty ? "" : ": " + refines.joined(separator: ", ")) {\n"
            + requirements.sorted { $0.at < $1.at }.map { "    \($0.text)\n" }.joined()
            + "}\n\nextension \(to): \(protocolName) {}"
        file.insert(text, at: outermost.endPositionBeforeTrailingTrivia.utf8Offset)

        // FROM's stored properties and parameters of type TO; TO named anywhere else in FROM (a
        // result, a local) would meet a protocol where it needs TO: refused.
        var retyped: [(file: ParsedFile, token: TokenSyntax)] = []
        var holders = FlowCheck(from: from)
        for position in sites.types.sorted() {
            guard let file = files[position.file], let token = file.token(at: position),
                let type = token.parent?.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil
            else { continue }
            if let why = whyNotRetyped(Syntax(type), from: from) {
                throw ApplyRefusal(
                    "\(from) also names \(to) at \(position.description), \(why): a property given the protocol "
                        + "could not be handed on there; change that first, or write the protocol by hand")
            }
            let holder = Self.declaration(holding: Syntax(type))
            // A public declaration's type is the module's API: callers outside it, with implicit
            // members (`.shared`) and literals a protocol does not have, keep TO.
            if let holder, AccessLevel.effective(holder) == .public {
                notes.append("\(position.description): \(to) kept: a public declaration's type is the module's API")
                continue
            }
            if let holder, crossModule, AccessLevel.effective(holder) > max(level, .internal) {
                throw ApplyRefusal(
                    "\(from) declares \(to) at \(position.description) in a \(AccessLevel.effective(holder).name) "
                        + "declaration, and a protocol of the members it uses could only be \(max(level, .internal).name)"
                )
            }
            if let function = holder, !function.is(VariableDeclSyntax.self) {
                if SyntaxPlaces.has(.override, SyntaxPlaces.modifiers(of: function)) {
                    throw ApplyRefusal(
                        "\(from) takes \(to) at \(position.description) in an override, whose signature its superclass gives"
                    )
                }
                let base = function.as(FunctionDeclSyntax.self)?.name.text ?? "init"
                if let required = Self.requirements(of: from, in: files)[base] {
                    throw ApplyRefusal(
                        "\(from) takes \(to) at \(position.description) in \(base), which may meet a requirement of "
                            + "\(required): change that first, or write the protocol by hand")
                }
            }
            holders.add(Syntax(type))
            retyped.append((file, token))
        }
        for path in files.keys.sorted() {
            let file = files[path]!
            for decl in file.typeDeclarations(named: from) { holders.walk(decl) }
            for ext in file.extensions(named: from) { holders.walk(ext) }
        }
        if let flow = holders.flows.first {
            let place = files.values.first { $0.tree.id == flow.root.id }
            let line = place.map { $0.converter.location(for: flow.positionAfterSkippingLeadingTrivia) }
            throw ApplyRefusal(
                "\(from) hands \(flow.trimmedDescription) on as a value"
                    + (line.map { " at \(place!.path):\($0.line):\($0.column)" } ?? "")
                    + ", where \(to) may be needed: change that first, or write the protocol by hand")
        }
        // A protocol nothing holds would be dead code: TO must be handed in first.
        if retyped.isEmpty {
            throw ApplyRefusal(
                "\(from) holds \(to) in no stored property or parameter that could take a protocol"
                    + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
                    + ": it reaches or makes it another way; hand it in first (inject-through-init, factory-closure)")
        }
        for (file, token) in retyped { file.replace(token, with: protocolName) }

        var changed: [String: String] = [:]
        for (path, file) in files {
            let text = try file.editedText()
            if text != file.text { changed[path] = text }
        }
        return Rewrite(files: changed, notes: notes)
    }

    /// The property, function or initializer whose declaration names this type.
    static func declaration(holding type: Syntax) -> Syntax? {
        var up = type.parent
        while let p = up, SyntaxPlaces.ownName(p) == nil {
            if p.is(VariableDeclSyntax.self) || p.is(FunctionDeclSyntax.self) || p.is(InitializerDeclSyntax.self)
                || p.is(SubscriptDeclSyntax.self)
            {
                return p
            }
            up = p.parent
        }
        return nil
    }

    /// The members the protocols a type adopts (those the files declare) require, by base name
    /// (`init` for initializers), with the protocol's name.
    static func requirements(of type: String, in files: [String: ParsedFile]) -> [String: String] {
        var adopted: [String] = []
        for path in files.keys.sorted() {
            let file = files[path]!
            let groups = file.groups(named: type)
            for group in groups {
                adopted += (group.inheritanceClause?.inheritedTypes ?? []).map {
                    SyntaxPlaces.simple($0.type.trimmedDescription)
                }
            }
        }
        var names: [String: String] = [:]
        for name in adopted {
            for path in files.keys.sorted() {
                for decl in files[path]!.typeDeclarations(named: name) {
                    guard let p = decl.as(ProtocolDeclSyntax.self) else { continue }
                    for item in p.memberBlock.members {
                        if let f = item.decl.as(FunctionDeclSyntax.self) { names[f.name.text] = name }
                        if item.decl.is(InitializerDeclSyntax.self) { names["init"] = name }
                    }
                }
            }
        }
        return names
    }

    /// Inside a default argument or a stored property's initial value: where the concrete type
    /// belongs once the dependency is handed in.
    static func isDefault(_ node: Syntax) -> Bool {
        var up = node.parent
        while let p = up, SyntaxPlaces.ownName(p) == nil {
            if p.is(FunctionParameterSyntax.self) { return true }
            if let binding = p.as(PatternBindingSyntax.self), binding.initializer != nil,
                binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) ?? false,
                binding.accessorBlock == nil
            {
                return true
            }
            up = p.parent
        }
        return false
    }

    /// `x.member = …`, `x.member += …`, `&x.member`.
    static func isAssigned(_ token: Syntax) -> Bool {
        guard let reference = token.parent, let access = reference.parent?.as(MemberAccessExprSyntax.self) else {
            return false
        }
        if access.parent?.is(InOutExprSyntax.self) ?? false { return true }
        guard let list = access.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let at = elements.firstIndex(where: { $0.id == access.id }), at + 1 < elements.count else { return false }
        let next = elements[at + 1]
        if next.is(AssignmentExprSyntax.self) { return true }
        if let op = next.as(BinaryOperatorExprSyntax.self)?.operator.text {
            return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op)
        }
        return false
    }

    /// Why the type named here stays TO: only FROM's stored properties and its members'
    /// parameters take the protocol.
    static func whyNotRetyped(_ type: Syntax, from: String) -> String? {
        var up = type.parent
        // TO as the whole type (optional, or a closure's result): an array or a dictionary of TO,
        // a tuple or a generic argument would need each of its values converted.
        var inner = type.parent
        while let p = inner, !p.is(TypeAnnotationSyntax.self), !p.is(FunctionParameterSyntax.self),
            !p.is(ReturnClauseSyntax.self) || !(p.parent?.is(FunctionSignatureSyntax.self) ?? false)
        {
            if p.is(ArrayTypeSyntax.self) || p.is(DictionaryTypeSyntax.self) || p.is(TupleTypeElementSyntax.self)
                || p.is(GenericArgumentSyntax.self)
            {
                return "inside a collection's or a tuple's type"
            }
            if p.is(CodeBlockSyntax.self) || SyntaxPlaces.ownName(p) != nil { break }
            inner = p.parent
        }
        while let p = up {
            if SyntaxPlaces.ownName(p) != nil {
                return SyntaxPlaces.qualifiedName(p) == from
                    ? "not a stored property's or a parameter's type" : "not in \(from)"
            }
            if p.is(FunctionParameterSyntax.self) {
                // A function declared in code (a local one) is no member FROM is given things through.
                var function = p.parent
                while let f = function, !f.is(FunctionDeclSyntax.self), !f.is(InitializerDeclSyntax.self),
                    !f.is(SubscriptDeclSyntax.self), !f.is(ClosureExprSyntax.self)
                {
                    function = f.parent
                }
                if let f = function, !(f.parent?.is(MemberBlockItemSyntax.self) ?? false) {
                    return "a local function's or a closure's parameter"
                }
                return SyntaxPlaces.owner(of: p).flatMap(SyntaxPlaces.qualifiedName) == from ? nil : "not in \(from)"
            }
            if p.is(TypeAnnotationSyntax.self), let v = p.parent?.parent?.parent?.as(VariableDeclSyntax.self),
                v.parent?.is(MemberBlockItemSyntax.self) ?? false
            {
                if SyntaxPlaces.has(.static, v.modifiers) { return "a static property" }
                return SyntaxPlaces.owner(of: p).flatMap(SyntaxPlaces.qualifiedName) == from ? nil : "not in \(from)"
            }
            // A function type's result (`() -> TO`) is part of the type; a member's is its callers'.
            if p.is(ReturnClauseSyntax.self), p.parent?.is(FunctionSignatureSyntax.self) ?? false {
                return "a result (its callers may need the concrete type)"
            }
            if p.is(CodeBlockSyntax.self) || p.is(AccessorBlockSyntax.self) { return "in code" }
            up = p.parent
        }
        return "not in \(from)"
    }

    /// One member as a requirement: its signature without what a requirement cannot carry
    /// (access, `override`, bodies), nested type names qualified by the owner's.
    static func requirement(
        _ member: DeclSyntax, name: String, sets: Bool, owner: String, nested: Set<String>, isClass: Bool
    ) throws(ApplyRefusal) -> String {
        let modifiers = SyntaxPlaces.modifiers(of: Syntax(member))
        if SyntaxPlaces.has(.static, modifiers) || SyntaxPlaces.has(.class, modifiers) {
            throw ApplyRefusal("\(owner).\(name) is static: a protocol of instance members cannot stand for it")
        }
        if SyntaxPlaces.has(.private, modifiers) || SyntaxPlaces.has(.fileprivate, modifiers) {
            throw ApplyRefusal("\(owner).\(name) is private")
        }
        if member.description.contains("Self")
            && member.tokens(viewMode: .sourceAccurate).contains(where: {
                $0.tokenKind == .keyword(.Self)
            })
        {
            throw ApplyRefusal("\(owner).\(name) uses Self: write the protocol by hand")
        }
        let qualify = QualifyNested(nested: nested, owner: owner)
        if let f = member.as(FunctionDeclSyntax.self) {
            if f.signature.parameterClause.parameters.contains(where: { $0.defaultValue != nil }) {
                throw ApplyRefusal(
                    "\(owner).\(f.name.text)\(f.signature.parameterClause.trimmedDescription.prefix(80)) has default "
                        + "arguments, which a requirement cannot have: write the protocol and an extension that "
                        + "forwards the defaults by hand")
            }
            let attributes = f.attributes.compactMap { $0.as(AttributeSyntax.self) }
                .filter { ["discardableResult", "MainActor"].contains($0.attributeName.trimmedDescription) }
                .map { $0.trimmedDescription + " " }.joined()
            let mutating = !isClass && SyntaxPlaces.has(.mutating, f.modifiers) ? "mutating " : ""
            let signature = qualify.rewrite(Syntax(f.signature)).trimmedDescription
            let generics = f.genericParameterClause.map { qualify.rewrite(Syntax($0)).trimmedDescription } ?? ""
            let whereClause = f.genericWhereClause.map { " " + qualify.rewrite(Syntax($0)).trimmedDescription } ?? ""
            return "\(attributes)\(mutating)func \(f.name.text)\(generics)\(signature)\(whereClause)"
        }
        let v = member.as(VariableDeclSyntax.self)!
        guard
            let binding = v.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            })
        else { throw ApplyRefusal("\(owner).\(name): no declaration seams can read") }
        let type: String
        if let annotation = binding.typeAnnotation {
            type = qualify.rewrite(Syntax(annotation.type)).trimmedDescription
        } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            callee.first?.isUppercase == true
        {
            type = nested.contains(callee) ? owner + "." + callee : callee
        } else {
            throw ApplyRefusal("\(owner).\(name) has no declared type: declare it (\(v.trimmedDescription.prefix(60)))")
        }
        return "var \(name): \(type) { get\(sets ? " set" : "") }"
    }
}

/// Nested types of the owner, named from outside it (`FailureMessage` → `API.FailureMessage`).
final class QualifyNested: SyntaxRewriter {
    let nested: Set<String>
    let owner: String

    init(nested: Set<String>, owner: String) {
        self.nested = nested
        self.owner = owner
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard nested.contains(node.name.text) else { return super.visit(node) }
        return TypeSyntax(
            node.with(
                \.name,
                .identifier(owner + "." + node.name.text).with(\.leadingTrivia, node.name.leadingTrivia).with(
                    \.trailingTrivia, node.name.trailingTrivia)))
    }

    override func visit(_ node: FunctionParameterSyntax) -> FunctionParameterSyntax {
        super.visit(node.with(\.defaultValue, nil))
    }
}

/// Where FROM hands on a value it holds as TO: a property or parameter given the protocol must
/// only be used through its members (`service.fetch()`), called when it is a closure
/// (`make().token`), or stored from the parameter of the same name.
struct FlowCheck {
    let from: String
    /// Stored properties given the protocol.
    private var properties: Set<String> = []
    /// Parameters given the protocol, by the declaration that takes them.
    private var parameters: [SyntaxIdentifier: Set<String>] = [:]
    private(set) var flows: [Syntax] = []

    init(from: String) { self.from = from }

    mutating func add(_ type: Syntax) {
        var up = type.parent
        while let p = up {
            if let parameter = p.as(FunctionParameterSyntax.self) {
                var owner = p.parent
                while let o = owner, !o.is(FunctionDeclSyntax.self), !o.is(InitializerDeclSyntax.self),
                    !o.is(SubscriptDeclSyntax.self)
                {
                    owner = o.parent
                }
                if let owner {
                    parameters[owner.id, default: []].insert((parameter.secondName ?? parameter.firstName).text)
                }
                return
            }
            if let v = p.as(VariableDeclSyntax.self) {
                for binding in v.bindings {
                    if let id = binding.pattern.as(IdentifierPatternSyntax.self) {
                        properties.insert(id.identifier.text)
                    }
                }
                return
            }
            up = p.parent
        }
    }

    mutating func walk(_ node: some SyntaxProtocol) {
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id,
                holds(reference)
            else { continue }
            // `self.name`, or `name` itself.
            var value = Syntax(reference)
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.`self`) else {
                    continue
                }
                value = Syntax(access)
            }
            if used(value) { continue }
            flows.append(value)
        }
    }

    /// A name this check follows, where it stands: a parameter inside its declaration, else a property.
    private func holds(_ reference: DeclReferenceExprSyntax) -> Bool {
        let name = reference.baseName.text
        var up = reference.parent
        while let p = up {
            if let names = parameters[p.id] { if names.contains(name) { return true } }
            up = p.parent
        }
        return properties.contains(name)
    }

    /// Used through a member, called (a closure's result through a member), or stored as is.
    private func used(_ value: Syntax) -> Bool {
        var node = value
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            node = Syntax(call)
        }
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id { return true }
        if node.parent?.is(OptionalChainingExprSyntax.self) ?? false { return true }
        // `self.name = name` in an initializer: the parameter into the property, both retyped.
        if let list = node.parent?.as(ExprListSyntax.self) {
            let items = Array(list)
            if let at = items.firstIndex(where: { $0.id == node.id }) {
                if at + 1 < items.count, items[at + 1].is(AssignmentExprSyntax.self) { return true }
                if at >= 2, items[at - 1].is(AssignmentExprSyntax.self) {
                    let target = items[at - 2]
                    let name =
                        target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                        ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
                    return name.map { properties.contains($0) } ?? false
                }
            }
        }
        return false
    }
}
