import SwiftParser
import SwiftSyntax

/// A protocol as the mock writer needs it: where it is declared and the text of that file.
public struct ProtocolSource: Sendable {
    /// The protocol's name, qualified by the types it is nested in (`APIClient.Request`).
    public var name: String
    /// The module that compiles it: the mock imports it.
    public var module: String
    /// Its file, as seams names it (relative to the scan's root).
    public var file: String
    /// The line of its declaration (1-based), which tells two protocols of one name in one file apart.
    public var line: Int
    /// The whole file's text.
    public var text: String

    public init(name: String, module: String, file: String, line: Int, text: String) {
        self.name = name
        self.module = module
        self.file = file
        self.line = line
        self.text = text
    }

    /// Its name without the types it is nested in.
    var simpleName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    /// The declaration in the parsed file: the protocol of this name nearest its line.
    func declaration() throws(MockRefusal) -> (decl: ProtocolDeclSyntax, imports: [String]) {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let finder = ProtocolFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        let named = finder.found.filter { $0.name.text == simpleName }
        func distance(_ p: ProtocolDeclSyntax) -> Int {
            abs(converter.location(for: p.protocolKeyword.positionAfterSkippingLeadingTrivia).line - line)
        }
        guard let decl = named.min(by: { distance($0) < distance($1) }) else {
            throw MockRefusal("\(file) declares no protocol \(name) (has it changed since the scan?)")
        }
        return (decl, finder.imports)
    }
}

/// Why a protocol is not mocked as it is declared.
public struct MockRefusal: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Every protocol declaration of a file, nested ones among them, and the modules it imports.
private final class ProtocolFinder: SyntaxVisitor {
    var found: [ProtocolDeclSyntax] = []
    var imports: [String] = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { imports.append(first.name.text) }
        return .skipChildren
    }

    // Code holds no protocol declarations: skipped.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
