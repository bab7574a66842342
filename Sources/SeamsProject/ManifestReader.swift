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

/// What a manifest's syntax tells of its targets.
public struct ManifestSyntax: Sendable {
    /// Every target call spelled out with a literal name, wherever it is written.
    public var targets: [ManifestTarget]
    /// The syntax says all SwiftPM would: one `Package(…)` whose `targets:` is an array of such
    /// calls, each with a literal name and path, and no code that adds to a package's targets.
    /// Then files no target compiles are left out by SwiftPM too, and it need not be asked.
    public var isComplete: Bool
}

/// Reads the targets of a package manifest from its syntax: the manifest is never run.
public enum ManifestReader {
    public static func targets(inManifest source: String) -> [ManifestTarget] {
        read(manifest: source).targets
    }

    public static func read(manifest source: String) -> ManifestSyntax {
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: source))
        let complete = finder.packageCalls.count == 1 && finder.packageCalls[0] && !finder.targetsChanged
        return ManifestSyntax(targets: finder.targets, isComplete: complete)
    }

    private final class TargetFinder: SyntaxVisitor {
        var targets: [ManifestTarget] = []
        /// For each `Package(…)` call: whether its `targets:` (if any) is an array of literal target calls.
        var packageCalls: [Bool] = []
        /// Some code reads `x.targets` other than to loop over it (it may add targets).
        var targetsChanged = false
        private static let kinds: [String: ManifestTarget.Kind] = [
            "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
            "plugin": .plugin,
        ]

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
                packageCalls.append(
                    node.arguments.allSatisfy { arg in
                        guard arg.label?.text == "targets" else { return true }
                        guard let array = arg.expression.as(ArrayExprSyntax.self) else { return false }
                        return array.elements.allSatisfy { isLiteralTarget($0.expression) }
                    })
            }
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

        /// `x.targets` in a `for … in` sequence or before `.forEach`/`.filter` only reads it; anywhere
        /// else (`+=`, `.append`, passed on) it may change.
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.declName.baseName.text == "targets", node.base != nil else { return .visitChildren }
            let readOnly: Bool
            if let loop = node.parent?.as(ForStmtSyntax.self) {
                readOnly = loop.sequence.id == node.id
            } else if let outer = node.parent?.as(MemberAccessExprSyntax.self) {
                readOnly = ["forEach", "filter"].contains(outer.declName.baseName.text)
            } else {
                readOnly = false
            }
            if !readOnly { targetsChanged = true }
            return .visitChildren
        }

        /// Targets that compile no Swift file: they may sit in a literal list too.
        private static let withoutSources: Set<String> = ["binaryTarget", "systemLibrary"]

        private func isLiteralTarget(_ e: ExprSyntax) -> Bool {
            guard let call = e.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
                Self.kinds[callee.declName.baseName.text] != nil
                    || Self.withoutSources.contains(callee.declName.baseName.text),
                callee.base == nil || callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
            else { return false }
            var named = false
            for arg in call.arguments {
                switch arg.label?.text {
                case "name":
                    guard literal(arg.expression) != nil else { return false }
                    named = true
                case "path":
                    guard literal(arg.expression) != nil else { return false }
                default: break
                }
            }
            return named
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
