import SwiftSyntax

/// The factory closure seam: constructions `TO(…)` in FROM's code call a stored
/// `makeTO: (Args) -> TO` instead, whose default is the original construction; FROM's
/// initializers take it as `InjectThroughInit` hands in any dependency. The closure's type is
/// the initializer's that the constructions call, matched by their argument labels.
public enum FactoryClosure {
    /// The injection for the constructions at `sites` (the positions of `TO` in `TO(…)`).
    public static func injection(
        of to: String, sites: [Position], name: String?, sources: [String: String]
    ) throws(ApplyRefusal) -> Injection {
        var files: [String: ParsedFile] = [:]
        for (path, text) in sources { files[path] = ParsedFile(path: path, text: text) }
        let declarations = files.keys.sorted().flatMap { files[$0]!.typeDeclarations(named: to) }
        guard declarations.count == 1, let decl = declarations.first,
            let group = decl.asProtocol(DeclGroupSyntax.self)
        else {
            throw ApplyRefusal(
                declarations.isEmpty
                    ? "no declaration of \(to) in the files seams read"
                    : "\(to) is declared \(declarations.count) times")
        }
        if decl.is(ProtocolDeclSyntax.self) { throw ApplyRefusal("\(to) is a protocol: nothing makes it") }
        if let generic = decl.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? decl.as(StructDeclSyntax.self)?.genericParameterClause
            ?? decl.as(ActorDeclSyntax.self)?.genericParameterClause
        {
            throw ApplyRefusal(
                "\(to) is generic (\(generic.trimmedDescription)): a closure that makes it needs its type arguments; "
                    + "write the factory by hand")
        }
        var nested: Set<String> = []
        var initializers: [Initializer] = []
        let typeLevel = AccessLevel.effective(Syntax(decl))
        if typeLevel < .internal {
            throw ApplyRefusal(
                "\(to) is \(typeLevel.name): a property of another type, and its initializer's parameter, cannot name it"
            )
        }
        let blocks =
            [group.memberBlock] + files.keys.sorted().flatMap { files[$0]!.extensions(named: to) }.map(\.memberBlock)
        for block in blocks {
            for item in block.members {
                if let name = SyntaxPlaces.ownName(Syntax(item.decl)) { nested.insert(name) }
                if let alias = item.decl.as(TypeAliasDeclSyntax.self) { nested.insert(alias.name.text) }
            }
        }
        let qualify = QualifyNested(nested: nested, owner: to)
        var declared: [InitializerDeclSyntax] = []
        for block in blocks {
            declared += block.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        }
        for i in declared {
            initializers.append(
                Initializer(
                    parameters: i.signature.parameterClause.parameters.map {
                        Parameter(
                            label: $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text,
                            type: qualify.rewrite(Syntax($0.type)).trimmedDescription,
                            hasDefault: $0.defaultValue != nil, variadic: $0.ellipsis != nil,
                            generic: i.genericParameterClause != nil)
                    },
                    failable: i.optionalMark != nil,
                    effects: i.signature.effectSpecifiers.map { " " + $0.trimmedDescription } ?? "",
                    level: min(typeLevel, AccessLevel.effective(Syntax(i)))))
        }
        // A struct without initializers of its own: the memberwise one.
        if declared.isEmpty, decl.is(StructDeclSyntax.self) {
            var memberwise: [Parameter] = []
            for item in group.memberBlock.members {
                guard let v = item.decl.as(VariableDeclSyntax.self), !SyntaxPlaces.has(.static, v.modifiers) else {
                    continue
                }
                for binding in v.bindings where binding.accessorBlock == nil {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
                    if isLet, binding.initializer != nil { continue }
                    guard let type = binding.typeAnnotation?.type else {
                        throw ApplyRefusal("\(to).\(id.identifier.text) has no declared type: declare it")
                    }
                    memberwise.append(
                        Parameter(
                            label: id.identifier.text, type: qualify.rewrite(Syntax(type)).trimmedDescription,
                            hasDefault: binding.initializer != nil, variadic: false, generic: false))
                }
            }
            initializers.append(
                Initializer(parameters: memberwise, failable: false, effects: "", level: min(typeLevel, .internal)))
        } else if declared.isEmpty {
            initializers.append(
                Initializer(parameters: [], failable: false, effects: "", level: min(typeLevel, .internal)))
        }

        // Each construction's labels, and the initializer they call.
        var used: Initializer?
        for position in sites.sorted() {
            guard let file = files[position.file], let token = file.token(at: position),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id
            else { continue }
            var labels: [String?] = call.arguments.map { $0.label?.text }
            if call.trailingClosure != nil { labels.append(nil) }
            for _ in call.additionalTrailingClosures { labels.append(nil) }
            let matches = initializers.compactMap { i in match(labels, i.parameters).map { (i, $0) } }
            guard matches.count == 1, let (initializer, params) = matches.first else {
                throw ApplyRefusal(
                    matches.isEmpty
                        ? "seams cannot tell which initializer of \(to) \(position.description) calls"
                        : "\(position.description) could call \(matches.count) initializers of \(to): write the factory by hand"
                )
            }
            if let p = params.first(where: { $0.variadic || $0.generic }) {
                throw ApplyRefusal("\(to)'s initializer takes \(p.variadic ? "a variadic" : "a generic") parameter")
            }
            let chosen = Initializer(
                parameters: params, failable: initializer.failable, effects: initializer.effects,
                level: initializer.level)
            if let used, used.parameters.map(\.label) != params.map(\.label) {
                throw ApplyRefusal(
                    "\(to) is made through two initializers (\(signature(used.parameters)) and \(signature(params))): "
                        + "one factory closure stands for one")
            }
            used = chosen
        }
        guard let used else { throw ApplyRefusal("no construction of \(to) seams can read") }
        let params = used.parameters
        let result = to + (used.failable ? "?" : "")
        let type = "(\(params.map(\.type).joined(separator: ", ")))\(used.effects) -> \(result)"
        let arguments = params.enumerated().map { index, p in (p.label.map { "\($0): " } ?? "") + "$\(index)" }
        let tries = used.effects.contains("throws") ? "try " : ""
        let awaits = used.effects.contains("async") ? "await " : ""
        var injection = Injection(
            name: name ?? "make" + SyntaxPlaces.simple(to), type: type, mode: .factory, reads: sites,
            defaultValue: "{ \(tries)\(awaits)\(to)(\(arguments.joined(separator: ", "))) }")
        injection.visibility = used.level
        return injection
    }

    struct Initializer {
        var parameters: [Parameter]
        var failable: Bool
        /// ` async throws`, as declared.
        var effects: String
        /// How far it is seen, its type's level included.
        var level: AccessLevel
    }

    struct Parameter {
        var label: String?
        var type: String
        var hasDefault: Bool
        var variadic: Bool
        var generic: Bool
    }

    /// The parameters a call with these labels passes, when it can call this initializer.
    static func match(_ labels: [String?], _ parameters: [Parameter]) -> [Parameter]? {
        var passed: [Parameter] = []
        var at = 0
        for p in parameters {
            if at < labels.count, labels[at] == p.label {
                passed.append(p)
                at += 1
            } else if !p.hasDefault {
                return nil
            }
        }
        return at == labels.count ? passed : nil
    }

    static func signature(_ parameters: [Parameter]) -> String {
        "init(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}
