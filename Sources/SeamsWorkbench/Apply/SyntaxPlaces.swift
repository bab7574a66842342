import SwiftSyntax

/// Where things are in a parsed file, as the rewrites need them: names of declarations, the
/// indentation of a line, the declaration that holds a piece of code.
enum SyntaxPlaces {
    /// A type or extension's name, qualified by the types and extensions around it
    /// (`Outer.Inner`); nil for other syntax.
    static func ownName(_ node: Syntax) -> String? {
        if let d = node.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = node.as(StructDeclSyntax.self) { return d.name.text }
        if let d = node.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = node.as(ActorDeclSyntax.self) { return d.name.text }
        if let d = node.as(ProtocolDeclSyntax.self) { return d.name.text }
        if let d = node.as(ExtensionDeclSyntax.self) { return d.extendedType.trimmedDescription }
        return nil
    }

    static func qualifiedName(_ node: Syntax) -> String? {
        guard let own = ownName(node) else { return nil }
        var parts = [own]
        var up = node.parent
        while let p = up {
            if let name = ownName(p) { parts.append(name) }
            up = p.parent
        }
        return parts.reversed().joined(separator: ".")
    }

    /// The nearest type or extension declaration around `node`.
    static func owner(of node: Syntax) -> Syntax? {
        var up = node.parent
        while let p = up {
            if ownName(p) != nil { return p }
            up = p.parent
        }
        return nil
    }

    /// The whitespace that starts the line `offset` is on, when only whitespace comes before it.
    static func indentation(at offset: Int, in bytes: [UInt8]) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let prefix = bytes[start..<offset]
        guard prefix.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// The offset just past the end of the line `offset` is on (past its newline).
    static func nextLineStart(after offset: Int, in bytes: [UInt8]) -> Int {
        var at = offset
        while at < bytes.count, bytes[at] != UInt8(ascii: "\n") { at += 1 }
        return min(at + 1, bytes.count)
    }

    static func modifiers(of node: Syntax) -> DeclModifierListSyntax? {
        if let d = node.as(FunctionDeclSyntax.self) { return d.modifiers }
        if let d = node.as(InitializerDeclSyntax.self) { return d.modifiers }
        if let d = node.as(VariableDeclSyntax.self) { return d.modifiers }
        if let d = node.as(SubscriptDeclSyntax.self) { return d.modifiers }
        return nil
    }

    static func has(_ keyword: Keyword, _ modifiers: DeclModifierListSyntax?) -> Bool {
        modifiers?.contains { $0.name.tokenKind == .keyword(keyword) } ?? false
    }

    /// Names a function, initializer or accessor binds itself (parameters, locals, closure
    /// parameters): a property of that name is then reached as `self.name`.
    static func boundNames(in node: Syntax) -> Set<String> {
        let finder = BoundNames(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.names
    }

    /// Whether a struct's or actor's initializer hands over to another (`self.init(…)`).
    static func delegates(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body else { return false }
        let finder = SelfInitCall(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }
}

private final class BoundNames: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
}

private final class SelfInitCall: SyntaxVisitor {
    var found = false

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.tokenKind == .keyword(.`init`),
            node.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.`self`)
        {
            found = true
        }
        return .visitChildren
    }

    // A closure's or nested function's `self.init` is not this initializer's.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension SyntaxPlaces {
    /// A qualified name's last part.
    static func simple(_ name: String) -> String { String(name.split(separator: ".").last ?? Substring(name)) }
}
