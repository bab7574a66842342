import SwiftSyntax

/// One requirement of a protocol, read from its syntax into what the mock writes for it.
enum Requirement {
    case method(Method)
    case property(Property)
    /// An initializer requirement: the mock's class implements it as a `required` init that does nothing.
    case initializer(signature: String)

    struct Method {
        /// How Swift names it: `save(_:for:)`.
        var key: String
        /// The declaration without its body, as the protocol wrote it (less `mutating`, with
        /// every parameter given an internal name).
        var signature: String
        var parameters: [Parameter]
        /// The return type, nil for `Void`.
        var returns: String?
        /// Whether the return type is optional (an unset answer is then nil, not a failure).
        var returnsOptional: Bool
        /// Whether the return type names a generic parameter of the method (answered as `Any`).
        var returnsGeneric: Bool
        /// ` async`, ` throws`, ` async throws(E)`: the effects a handler closure has.
        var effects: String
        var isAsync: Bool
        var isThrowing: Bool
    }

    struct Parameter {
        /// The name inside the mock's method.
        var name: String
        /// The type a call's record keeps (nil when the value cannot be kept: a non-escaping closure).
        var stored: String?
        /// The type of this parameter in the handler closure.
        var handler: String
        /// How the method passes it to the handler.
        var argument: String
    }

    struct Property {
        var name: String
        var type: String
        var optional: Bool
        var settable: Bool
        /// The getter's effects, as written: ` async`, ` throws`, ` async throws`.
        var getterEffects: String
        var isAsync: Bool
        var isThrowing: Bool
    }
}

extension Requirement {
    /// The requirements of a protocol's member block; each refused member says why.
    static func read(_ members: MemberBlockItemListSyntax, protocolName: String) throws(MockRefusal) -> [Requirement] {
        var out: [Requirement] = []
        for item in members {
            let decl = item.decl
            if let f = decl.as(FunctionDeclSyntax.self) {
                out.append(.method(try method(f, protocolName)))
            } else if let v = decl.as(VariableDeclSyntax.self) {
                out += try properties(v, protocolName).map(Requirement.property)
            } else if let i = decl.as(InitializerDeclSyntax.self) {
                try refuseSelf(Syntax(i.signature), "init", protocolName)
                var clean = i.with(\.leadingTrivia, []).with(\.attributes, [])
                clean.modifiers = []
                clean.initKeyword = clean.initKeyword.with(\.leadingTrivia, [])
                out.append(.initializer(signature: clean.trimmedDescription))
            } else if decl.is(AssociatedTypeDeclSyntax.self) {
                let name = decl.as(AssociatedTypeDeclSyntax.self)!.name.text
                throw MockRefusal(
                    "\(protocolName) has an associated type (\(name)): a mock is for one choice of it; write a generic class by hand, or mock a protocol without it"
                )
            } else if decl.is(SubscriptDeclSyntax.self) {
                throw MockRefusal("\(protocolName) requires a subscript, which seams mock does not write yet")
            } else if decl.is(TypeAliasDeclSyntax.self) {
                continue
            } else if decl.is(IfConfigDeclSyntax.self) {
                throw MockRefusal(
                    "\(protocolName) declares members inside #if: which of them the mock needs depends on the build")
            } else {
                throw MockRefusal("\(protocolName) has a member seams mock does not know: \(decl.trimmedDescription)")
            }
        }
        return out
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    private static func refuseSelf(_ syntax: Syntax, _ member: String, _ protocolName: String) throws(MockRefusal) {
        if syntax.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.Self) }) {
            throw MockRefusal(
                "\(protocolName).\(member) uses Self: only a concrete type can meet it; mock the protocol's users through a protocol without Self"
            )
        }
    }

    private static func method(_ f: FunctionDeclSyntax, _ protocolName: String) throws(MockRefusal) -> Method {
        let labels = f.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        // `default` is named default: the backquotes only let a keyword name it.
        let key = "\(f.name.text.filter { $0 != "`" })(\(labels))"
        if isStatic(f.modifiers) {
            throw MockRefusal(
                "\(protocolName).\(key) is static: every test would share its calls; pass the type's behaviour as an instance instead"
            )
        }
        try refuseSelf(Syntax(f.signature), key, protocolName)
        if let clause = f.genericWhereClause { try refuseSelf(Syntax(clause), key, protocolName) }
        let generics = Set(f.genericParameterClause?.parameters.map(\.name.text) ?? [])
        func mentionsGeneric(_ type: some SyntaxProtocol) -> Bool {
            !generics.isEmpty
                && type.tokens(viewMode: .sourceAccurate).contains {
                    if case .identifier(let name) = $0.tokenKind { return generics.contains(name) }
                    return false
                }
        }

        var parameters: [Parameter] = []
        var rewritten: [FunctionParameterSyntax] = []
        for (i, p) in f.signature.parameterClause.parameters.enumerated() {
            var param = p
            let given = p.secondName ?? p.firstName
            var name = given.text
            if given.tokenKind == .wildcard {
                name = "arg\(i)"
                param = p.with(\.secondName, .identifier(name, leadingTrivia: .space))
                if p.secondName == nil { param = param.with(\.firstName, p.firstName.with(\.trailingTrivia, [])) }
            }
            rewritten.append(param)
            parameters.append(try parameter(name: name, p, generic: mentionsGeneric(p.type), protocolName, key))
        }
        var signature = f.with(\.leadingTrivia, []).with(\.body, nil)
        signature.modifiers = signature.modifiers.filter {
            $0.name.tokenKind != .keyword(.mutating) && $0.name.tokenKind != .keyword(.nonmutating)
        }
        signature.signature.parameterClause.parameters = FunctionParameterListSyntax(rewritten)
        // On one line: attributes, modifiers and `func`, each after a space (the source's line
        // breaks and indentation between them would not fit the mock's).
        var first = true
        func spaced<T: SyntaxProtocol>(_ node: T) -> T {
            defer { first = false }
            return node.with(\.leadingTrivia, first ? [] : .space).with(\.trailingTrivia, [])
        }
        signature.attributes = AttributeListSyntax(signature.attributes.map(spaced))
        signature.modifiers = DeclModifierListSyntax(signature.modifiers.map(spaced))
        signature.funcKeyword = spaced(signature.funcKeyword).with(\.trailingTrivia, .space)

        let effects = f.signature.effectSpecifiers
        let isAsync = effects?.asyncSpecifier != nil
        let throwsClause = effects?.throwsClause
        let isThrowing = throwsClause != nil
        var effectText = isAsync ? " async" : ""
        if let throwsClause {
            // `rethrows` is for a function that calls a closure it is given; a handler just throws.
            effectText += throwsClause.type.map { " throws(\($0.trimmedDescription))" } ?? " throws"
        }
        let returnType = f.signature.returnClause?.type
        let returns = returnType.map(\.trimmedDescription).flatMap { $0 == "Void" || $0 == "()" ? nil : $0 }
        return Method(
            key: key, signature: signature.trimmedDescription, parameters: parameters, returns: returns,
            returnsOptional: returnType.map(isOptional) ?? false,
            returnsGeneric: returnType.map(mentionsGeneric) ?? false, effects: effectText, isAsync: isAsync,
            isThrowing: isThrowing)
    }

    private static func parameter(
        name: String, _ p: FunctionParameterSyntax, generic: Bool, _ protocolName: String, _ key: String
    ) throws(MockRefusal) -> Parameter {
        var type = p.type
        var isInout = false
        var escaping = false
        if let attributed = type.as(AttributedTypeSyntax.self) {
            for specifier in attributed.specifiers {
                if case .simpleTypeSpecifier(let s) = specifier, s.specifier.tokenKind == .keyword(.inout) {
                    isInout = true
                }
            }
            for attribute in attributed.attributes {
                guard let a = attribute.as(AttributeSyntax.self) else { continue }
                switch a.attributeName.trimmedDescription {
                case "escaping": escaping = true
                case "autoclosure":
                    throw MockRefusal(
                        "\(protocolName).\(key) takes an @autoclosure, which seams mock does not write yet")
                default: break
                }
            }
            type = attributed.baseType
        }
        let base = type.trimmedDescription
        if isInout && generic {
            throw MockRefusal(
                "\(protocolName).\(key) takes a generic inout parameter, which a handler cannot be typed for")
        }
        let isClosure = type.is(FunctionTypeSyntax.self)
        if p.ellipsis != nil {
            let element = generic ? "Any" : base
            return Parameter(name: name, stored: "[\(element)]", handler: "[\(element)]", argument: name)
        }
        if generic {
            return Parameter(name: name, stored: "Any", handler: "Any", argument: name)
        }
        let opaque =
            type.as(SomeOrAnyTypeSyntax.self).map { $0.someOrAnySpecifier.tokenKind == .keyword(.some) } ?? false
        let plain = opaque ? "any " + type.as(SomeOrAnyTypeSyntax.self)!.constraint.trimmedDescription : base
        if isInout {
            return Parameter(name: name, stored: plain, handler: "inout \(plain)", argument: "&\(name)")
        }
        if isClosure && !escaping {
            // A non-escaping closure cannot be kept: the handler is given it, the record is not.
            return Parameter(name: name, stored: nil, handler: plain, argument: name)
        }
        let stored = isClosure ? "(\(plain))" : plain
        return Parameter(name: name, stored: stored, handler: escaping ? "@escaping \(plain)" : plain, argument: name)
    }

    private static func properties(_ v: VariableDeclSyntax, _ protocolName: String) throws(MockRefusal) -> [Property] {
        var out: [Property] = []
        for binding in v.bindings {
            let name = binding.pattern.trimmedDescription
            if isStatic(v.modifiers) {
                throw MockRefusal(
                    "\(protocolName).\(name) is static: every test would share it; pass the value as an instance instead"
                )
            }
            guard let annotation = binding.typeAnnotation else {
                throw MockRefusal("\(protocolName).\(name) has no type")
            }
            try refuseSelf(Syntax(annotation), name, protocolName)
            var settable = false
            var getterEffects = ""
            var isAsync = false
            var isThrowing = false
            if case .accessors(let accessors)? = binding.accessorBlock?.accessors {
                for accessor in accessors {
                    switch accessor.accessorSpecifier.tokenKind {
                    case .keyword(.set): settable = true
                    case .keyword(.get):
                        if let e = accessor.effectSpecifiers {
                            isAsync = e.asyncSpecifier != nil
                            isThrowing = e.throwsClause != nil
                            getterEffects = " " + e.trimmedDescription
                        }
                    default: break
                    }
                }
            }
            out.append(
                Property(
                    name: name, type: annotation.type.trimmedDescription, optional: isOptional(annotation.type),
                    settable: settable, getterEffects: getterEffects, isAsync: isAsync, isThrowing: isThrowing))
        }
        return out
    }

    /// `T?`, `T!` or `Optional<T>`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let id = type.as(IdentifierTypeSyntax.self), id.name.text == "Optional", id.genericArgumentClause != nil {
            return true
        }
        return false
    }
}
