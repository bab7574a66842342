import SwiftParser
import SwiftSyntax

/// A target declared in a `Package.swift`.
public struct ManifestTarget: Hashable, Sendable {
    public enum Kind: String, Sendable { case regular, executable, test, macro, plugin }
    public var name: String
    public var kind: Kind
    /// The `path:` argument, if the manifest gives one.
    public var path: String?
}

/// Reads the targets of a package manifest from its syntax: the manifest is never run.
public enum ManifestReader {
    public static func targets(inManifest source: String) -> [ManifestTarget] {
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: source))
        return finder.targets
    }

    private final class TargetFinder: SyntaxVisitor {
        var targets: [ManifestTarget] = []
        private static let kinds: [String: ManifestTarget.Kind] = [
            "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
            "plugin": .plugin,
        ]

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
                let kind = Self.kinds[callee.declName.baseName.text],
                callee.base == nil || callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
            else { return .visitChildren }
            var name: String?
            var path: String?
            for arg in node.arguments {
                switch arg.label?.text {
                case "name": name = literal(arg.expression)
                case "path": path = literal(arg.expression)
                default: break
                }
            }
            if let name { targets.append(ManifestTarget(name: name, kind: kind, path: path)) }
            return .visitChildren
        }

        private func literal(_ e: ExprSyntax) -> String? {
            guard let s = e.as(StringLiteralExprSyntax.self) else { return nil }
            var out = ""
            for segment in s.segments {
                guard case .stringSegment(let text) = segment else { return nil }
                out += text.content.text
            }
            return out
        }
    }
}
