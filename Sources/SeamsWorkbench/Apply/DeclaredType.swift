import SwiftParser
import SwiftSyntax

/// The type of a static property or global as its declaration spells it, for a read whose
/// type the scan did not infer: `static var configuration: [String: String]`, or
/// `static let shared = Logger()`.
public enum DeclaredType {
    /// `member`'s type in `typeName` or its extensions (nil for a global) in `sources`; nil when
    /// no declaration there says it.
    public static func of(_ member: String, in typeName: String?, sources: [String: String]) -> String? {
        for path in sources.keys.sorted() {
            let tree = Parser.parse(source: sources[path]!)
            let finder = PropertyFinder(viewMode: .sourceAccurate)
            finder.walk(tree)
            for decl in finder.found {
                let owner = SyntaxPlaces.owner(of: Syntax(decl)).flatMap(SyntaxPlaces.qualifiedName)
                guard owner == typeName else { continue }
                if typeName != nil, !SyntaxPlaces.has(.static, decl.modifiers),
                    !SyntaxPlaces.has(.class, decl.modifiers)
                {
                    continue
                }
                for binding in decl.bindings {
                    guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member else { continue }
                    if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription }
                    // `= Name(…)` or `= Name.Nested(…)`: a type's initializer, by its capital.
                    if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                        let callee = spelledType(call.calledExpression)
                    {
                        return callee
                    }
                    return nil
                }
            }
        }
        return nil
    }

    /// Whether the type `typeName` is declared generic in `sources` (`Node<Context>`): its bare
    /// name is then no type a property can have.
    public static func isGeneric(_ typeName: String, sources: [String: String]) -> Bool {
        for path in sources.keys.sorted() {
            for decl in ParsedFile(path: path, text: sources[path]!).typeDeclarations(named: typeName) {
                if decl.as(ClassDeclSyntax.self)?.genericParameterClause != nil
                    || decl.as(StructDeclSyntax.self)?.genericParameterClause != nil
                    || decl.as(EnumDeclSyntax.self)?.genericParameterClause != nil
                    || decl.as(ActorDeclSyntax.self)?.genericParameterClause != nil
                {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `typeName` (or an extension of it) in `sources` declares a static function
    /// `member`: a read of `T.member` is then the function passed as a value.
    public static func isStaticFunction(_ member: String, in typeName: String, sources: [String: String]) -> Bool {
        for path in sources.keys.sorted() {
            let file = ParsedFile(path: path, text: sources[path]!)
            let groups = file.groups(named: typeName)
            for group in groups {
                for item in group.memberBlock.members {
                    if let f = item.decl.as(FunctionDeclSyntax.self), f.name.text == member,
                        SyntaxPlaces.has(.static, f.modifiers) || SyntaxPlaces.has(.class, f.modifiers)
                    {
                        return true
                    }
                }
            }
        }
        return false
    }

    private static func spelledType(_ expression: ExprSyntax) -> String? {
        if let ref = expression.as(DeclReferenceExprSyntax.self) {
            return ref.baseName.text.first?.isUppercase == true ? ref.baseName.text : nil
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            let head = spelledType(base), access.declName.baseName.text.first?.isUppercase == true
        {
            return head + "." + access.declName.baseName.text
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self), spelledType(generic.expression) != nil {
            return generic.trimmedDescription
        }
        return nil
    }
}

private final class PropertyFinder: SyntaxVisitor {
    var found: [VariableDeclSyntax] = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// What a class's declaration inherits, for a superclass the scan does not hold.
public enum InheritanceClause {
    /// Whether `typeName`'s declaration in `sources` names a superclass first: a name that is
    /// neither a protocol seams knows nor one of Swift's and Foundation's common protocols, nor
    /// named like a protocol (`…Delegate`, `…DataSource`, `…Protocol`). Unsure means yes: a
    /// property with a default (what an inheriting class gets) is safe for any class.
    public static func namesSuperclass(_ typeName: String, sources: [String: String], knownProtocols: Set<String>)
        -> Bool
    {
        for path in sources.keys.sorted() {
            let file = ParsedFile(path: path, text: sources[path]!)
            for decl in file.typeDeclarations(named: typeName) {
                guard let c = decl.as(ClassDeclSyntax.self) else { return false }
                guard let first = c.inheritanceClause?.inheritedTypes.first else { return false }
                let name = first.type.trimmedDescription
                let last = String(name.split(separator: ".").last ?? Substring(name))
                if knownProtocols.contains(name) || knownProtocols.contains(last) || commonProtocols.contains(last) {
                    return false
                }
                return !(last.hasSuffix("Delegate") || last.hasSuffix("DataSource") || last.hasSuffix("Protocol"))
            }
        }
        return true
    }

    static let commonProtocols: Set<String> = [
        "AnyObject", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Sendable",
        "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "ObservableObject", "CaseIterable", "RawRepresentable", "NSObjectProtocol", "View", "App", "Scene",
        "Actor", "Sequence", "Collection", "IteratorProtocol",
    ]
}
