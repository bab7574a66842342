import SwiftParser
import SwiftSyntax

/// One file being rewritten: its text, its tree, and the edits made so far.
final class ParsedFile {
    let path: String
    let text: String
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    private var edits = TextEdits()

    init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    func editedText() throws(ApplyRefusal) -> String {
        edits.isEmpty ? text : try edits.applied(to: text)
    }

    /// The token that starts at `position`, if one does.
    func token(at position: Position) -> TokenSyntax? {
        let offset = converter.position(ofLine: position.line, column: position.column)
        guard let token = tree.token(at: offset), token.positionAfterSkippingLeadingTrivia == offset else { return nil }
        return token
    }

    /// `node`'s text (less its trivia) replaced.
    func replace(_ node: some SyntaxProtocol, with text: String) {
        edits.replace(
            node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset,
            with: text)
    }

    func insert(_ text: String, at offset: Int) {
        edits.insert(text, at: offset)
    }

    /// The file's type and extension declarations by qualified name, found in one walk.
    private lazy var declarations: (types: [String: [DeclSyntax]], extensions: [String: [ExtensionDeclSyntax]]) = {
        let finder = DeclarationFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return (
            Dictionary(grouping: finder.types) { SyntaxPlaces.qualifiedName(Syntax($0)) ?? "" },
            Dictionary(grouping: finder.extensions) { SyntaxPlaces.qualifiedName(Syntax($0)) ?? "" }
        )
    }()

    func typeDeclarations(named name: String) -> [DeclSyntax] { declarations.types[name] ?? [] }

    func extensions(named name: String) -> [ExtensionDeclSyntax] { declarations.extensions[name] ?? [] }

    /// The type's declarations and its extensions in this file, as groups of members.
    func groups(named name: String) -> [DeclGroupSyntax] {
        typeDeclarations(named: name).compactMap { $0.asProtocol(DeclGroupSyntax.self) }
            + extensions(named: name).map { $0 as DeclGroupSyntax }
    }

    enum ReadOutcome {
        case replaced(expression: String)
        case left(String)
    }

    /// The read at `position` (`T.member` or a global's name) replaced by the property.
    func replaceRead(
        at position: Position, with injection: Injection, target: InjectionTarget,
        parameterized: Set<SyntaxIdentifier>
    ) -> ReadOutcome {
        let offset = converter.position(ofLine: position.line, column: position.column)
        guard let token = tree.token(at: offset), token.positionAfterSkippingLeadingTrivia == offset,
            let reference = token.parent?.as(DeclReferenceExprSyntax.self)
        else { return .left("no name there (has the file changed since the scan?)") }
        var expression = ExprSyntax(reference)
        if injection.mode == .chain {
            // The chain the member is used on.
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                let base = access.base, Self.chainDepth(base) >= 2
            else { return .left("not a member used on an accessor chain") }
            expression = base
        } else if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
            access.base != nil
        {
            expression = ExprSyntax(access)
        }
        // What holds the read: a closure, a default argument, a member of which type.
        var inClosure = false
        var function: Syntax?
        var storedInitialValue = false
        var node = Syntax(expression)
        while let parent = node.parent, SyntaxPlaces.ownName(parent) == nil {
            if parent.is(ClosureExprSyntax.self) { inClosure = true }
            if parent.is(FunctionParameterSyntax.self) || parent.is(EnumCaseParameterSyntax.self) {
                return .left("a default argument cannot read a property")
            }
            if function == nil,
                parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                    || parent.is(DeinitializerDeclSyntax.self) || parent.is(SubscriptDeclSyntax.self)
                    || parent.is(AccessorDeclSyntax.self)
            {
                function = parent
            }
            // A member's initial value (a local's is code like any other).
            if let binding = parent.as(PatternBindingSyntax.self),
                binding.initializer.map({ node.id == $0.id }) ?? false,
                binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) ?? false
            {
                storedInitialValue = true
            }
            node = parent
        }
        let member = function.flatMap { f -> Syntax? in
            // An accessor's modifiers are its property's.
            if f.is(AccessorDeclSyntax.self) {
                var up = f.parent
                while let p = up, !p.is(VariableDeclSyntax.self), !p.is(SubscriptDeclSyntax.self) { up = p.parent }
                return up
            }
            return f
        }
        guard let owner = SyntaxPlaces.owner(of: Syntax(expression)),
            SyntaxPlaces.qualifiedName(owner) == target.name
        else { return .left("it is not in \(target.name)'s own code") }
        let decl = member ?? node.as(MemberBlockItemSyntax.self).map { Syntax($0.decl) } ?? node
        if SyntaxPlaces.has(.static, SyntaxPlaces.modifiers(of: decl))
            || SyntaxPlaces.has(.class, SyntaxPlaces.modifiers(of: decl))
        {
            return .left("a static member has no instance to read a property of")
        }
        if storedInitialValue, !SyntaxPlaces.has(.lazy, SyntaxPlaces.modifiers(of: decl)) {
            return .left("a stored property's initial value cannot read another property")
        }
        // Before `self.init(…)`, self is not there to read a property of.
        if let i = function?.as(InitializerDeclSyntax.self), !parameterized.contains(i.id),
            SyntaxPlaces.has(.convenience, i.modifiers) || SyntaxPlaces.delegates(i)
        {
            return .left("an initializer that hands over to another cannot read a property before it does")
        }
        let name = injection.name
        var replacement: String
        if let f = function, let i = f.as(InitializerDeclSyntax.self), parameterized.contains(i.id) {
            replacement = name
        } else if inClosure || function.map({ SyntaxPlaces.boundNames(in: $0).contains(name) }) ?? false {
            replacement = "self." + name
        } else {
            replacement = name
        }
        switch injection.mode {
        case .value: break
        case .provider, .chain: replacement += "()"
        case .factory:
            // A closure is called without argument labels.
            guard let call = expression.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == expression.id
            else { return .left("not a construction") }
            for argument in call.arguments {
                if let label = argument.label {
                    edits.replace(
                        label.positionAfterSkippingLeadingTrivia.utf8Offset,
                        argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset, with: "")
                }
            }
        }
        edits.replace(
            expression.positionAfterSkippingLeadingTrivia.utf8Offset,
            expression.endPositionBeforeTrailingTrivia.utf8Offset, with: replacement)
        return .replaced(expression: expression.trimmedDescription)
    }

    /// How many members deep an accessor chain from a type goes (`UIApplication.appDelegate.api`:
    /// 2); 0 for anything else (a call, a subscript, a value of the code's own).
    static func chainDepth(_ expression: ExprSyntax) -> Int {
        var depth = 0
        var node = expression
        while let access = node.as(MemberAccessExprSyntax.self), let base = access.base {
            depth += 1
            node = base
        }
        guard let root = node.as(DeclReferenceExprSyntax.self), root.baseName.text.first?.isUppercase == true,
            root.baseName.tokenKind != .keyword(.Self)
        else { return 0 }
        return depth
    }

    /// The accessor chains (two members deep or more) that the members at these positions are
    /// used on, by their text.
    func chains(at positions: [Position]) -> [(position: Position, text: String)] {
        positions.compactMap { position in
            guard let token = token(at: position), let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                let base = access.base, Self.chainDepth(base) >= 2
            else { return nil }
            return (position, base.trimmedDescription)
        }
    }

    // MARK: Declarations

    /// The stored properties (after the last stored property, or first), and an initializer
    /// when the type needs one.
    func addProperties(
        _ members: [InjectedMember], to declaration: DeclSyntax, style: InjectionStyle,
        target: InjectionTarget
    ) {
        let group = declaration.asProtocol(DeclGroupSyntax.self)!
        let items = Array(group.memberBlock.members)
        let declIndent =
            SyntaxPlaces.indentation(at: declaration.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes) ?? ""
        let indent =
            items.first.flatMap {
                SyntaxPlaces.indentation(at: $0.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes)
            } ?? declIndent + "    "
        let unit = indent.count > declIndent.count ? String(indent.dropFirst(declIndent.count)) : "    "
        var lines: [String] = []
        for m in members {
            switch style {
            case .parameters, .newInitializer:
                lines.append("\(indent)let \(m.injection.name): \(m.storedType)")
            case .inheritedInitializers, .memberwise, .keptInitializers:
                let line = "\(indent)var \(m.injection.name): \(m.storedType) = \(m.defaultValue)"
                // Past 100 columns, a closure's body on a line of its own.
                if line.count > 100, m.defaultValue.hasPrefix("{ "), m.defaultValue.hasSuffix(" }") {
                    let body = m.defaultValue.dropFirst(2).dropLast(2)
                    lines.append(
                        "\(indent)var \(m.injection.name): \(m.storedType) = {\n\(indent)\(unit)\(body)\n\(indent)}")
                } else {
                    lines.append(line)
                }
            }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if style == .newInitializer {
            let oneLine = "\(indent)init(\(members.map(\.parameter).joined(separator: ", "))) {"
            // Past 100 columns, a parameter a line.
            text +=
                "\n"
                + (oneLine.count <= 100
                    ? oneLine
                    : "\(indent)init(\n"
                        + members.map { "\(indent)\(unit)\($0.parameter)" }.joined(separator: ",\n")
                        + "\n\(indent)) {")
                + "\n"
            for m in members { text += "\(indent)\(unit)self.\(m.injection.name) = \(m.injection.name)\n" }
            text += "\(indent)}\n"
        }
        func blankOrEnd(_ at: Int) -> Bool {
            var i = at
            while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            return i >= bytes.count || bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "}")
        }
        let lastStored = items.last { item in
            guard let v = item.decl.as(VariableDeclSyntax.self),
                !SyntaxPlaces.has(.static, v.modifiers), !SyntaxPlaces.has(.class, v.modifiers)
            else { return false }
            return v.bindings.allSatisfy { binding in
                guard let accessors = binding.accessorBlock?.accessors else { return true }
                // Observers (willSet, didSet) keep a property stored.
                guard let list = accessors.as(AccessorDeclListSyntax.self) else { return false }
                return list.allSatisfy {
                    $0.accessorSpecifier.tokenKind == .keyword(.willSet)
                        || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
                }
            }
        }
        if let lastStored {
            let at = SyntaxPlaces.nextLineStart(after: lastStored.endPositionBeforeTrailingTrivia.utf8Offset, in: bytes)
            edits.insert(style == .newInitializer && !blankOrEnd(at) ? text + "\n" : text, at: at)
        } else {
            let at = SyntaxPlaces.nextLineStart(
                after: group.memberBlock.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset, in: bytes)
            edits.insert(text + "\n", at: at)
        }
    }

    /// The parameters, before a last run of closure parameters (so trailing closures still
    /// match), and their assignments first in the body.
    func addParameters(_ members: [InjectedMember], to initializer: InitializerDeclSyntax)
        throws(ApplyRefusal)
    {
        let parameters = Array(initializer.signature.parameterClause.parameters)
        let taken = Set(parameters.flatMap { [$0.firstName.text, $0.secondName?.text].compactMap { $0 } })
        for m in members where taken.contains(m.injection.name) {
            throw ApplyRefusal(
                "an initializer already has a parameter \(m.injection.name); choose another name with --name")
        }
        let texts = members.map(\.parameter)
        var at = parameters.count
        while at > 0, parameters[at - 1].defaultValue == nil, parameters[at - 1].type.trimmedDescription.contains("->")
        {
            at -= 1
        }
        let multiline = parameters.contains { $0.leadingTrivia.contains { $0.isNewline } }
        let clause = initializer.signature.parameterClause
        let initIndent =
            SyntaxPlaces.indentation(at: initializer.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes) ?? ""
        // One line past 100 columns: a parameter a line, the old ones and the new.
        let oneLine =
            initIndent.count + "init".count + clause.trimmedDescription.count
            + texts.reduce(0) { $0 + $1.count + 2 }
            + (initializer.signature.effectSpecifiers?.trimmedDescription.count ?? 0)
            + 4
        if !multiline, oneLine > 100 {
            // The file's indentation step: the body's first statement's, past the initializer's.
            let bodyIndent = initializer.body?.statements.first.flatMap {
                SyntaxPlaces.indentation(at: $0.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes)
            }
            let unit =
                bodyIndent.map { $0.count > initIndent.count ? String($0.dropFirst(initIndent.count)) : "    " }
                ?? "    "
            var all = parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }
            all.insert(contentsOf: texts, at: at)
            edits.replace(
                clause.leftParen.endPositionBeforeTrailingTrivia.utf8Offset,
                clause.rightParen.positionAfterSkippingLeadingTrivia.utf8Offset,
                with: "\n" + all.map { initIndent + unit + $0 }.joined(separator: ",\n") + "\n" + initIndent)
            insertStatements(members.map { "self.\($0.injection.name) = \($0.injection.name)" }, in: initializer)
            return
        }
        let separator: String
        if multiline, let first = parameters.first {
            separator =
                "\n"
                + (SyntaxPlaces.indentation(
                    at: first.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes) ?? "")
        } else {
            separator = " "
        }
        if parameters.isEmpty {
            edits.insert(
                texts.joined(separator: ", "),
                at: initializer.signature.parameterClause.leftParen.endPositionBeforeTrailingTrivia.utf8Offset)
        } else if at == parameters.count {
            let last = parameters[parameters.count - 1]
            if let comma = last.trailingComma {
                edits.insert(
                    texts.map { separator + $0 + "," }.joined(),
                    at: comma.endPositionBeforeTrailingTrivia.utf8Offset)
            } else {
                edits.insert(
                    texts.map { "," + separator + $0 }.joined(),
                    at: last.endPositionBeforeTrailingTrivia.utf8Offset)
            }
        } else {
            edits.insert(
                texts.map { $0 + "," + separator }.joined(),
                at: parameters[at].positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        insertStatements(members.map { "self.\($0.injection.name) = \($0.injection.name)" }, in: initializer)
    }

    /// An initializer that keeps its signature sets each property to the old read.
    func assignDefaults(_ members: [InjectedMember], in initializer: InitializerDeclSyntax) {
        insertStatements(members.map { "self.\($0.injection.name) = \($0.defaultValue)" }, in: initializer)
    }

    private func insertStatements(_ statements: [String], in initializer: InitializerDeclSyntax) {
        guard let body = initializer.body else { return }
        let initIndent =
            SyntaxPlaces.indentation(at: initializer.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes) ?? ""
        if let first = body.statements.first {
            let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
            let indent = SyntaxPlaces.indentation(at: start, in: bytes) ?? initIndent + "    "
            edits.insert(statements.map { $0 + "\n" + indent }.joined(), at: start)
        } else {
            let indent = initIndent + "    "
            edits.replace(
                body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset,
                body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                with: statements.map { "\n" + indent + $0 }.joined() + "\n" + initIndent)
        }
    }
}

/// Type and extension declarations of a file, nested ones among them.
private final class DeclarationFinder: SyntaxVisitor {
    var types: [DeclSyntax] = []
    var extensions: [ExtensionDeclSyntax] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { add(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { add(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { add(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { add(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { add(node) }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensions.append(node)
        return .visitChildren
    }

    private func add(_ node: some DeclSyntaxProtocol) -> SyntaxVisitorContinueKind {
        types.append(DeclSyntax(node))
        return .visitChildren
    }

    // Code holds no declarations seams names.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
