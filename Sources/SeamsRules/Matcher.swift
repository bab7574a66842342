import SeamsGraph

/// Which nodes a rule's `from:` or `to:` side means. Every field given must hold.
///
/// A matcher with no fields means every type of the scanned code. External types (UIKit,
/// Foundation) have no module and no file, so only `type:` or `kind: external` can reach them.
public struct Matcher: Sendable, CustomStringConvertible {
    /// An anchored regular expression on the type's id (`Module.Type`) or its name.
    public var type: TypePattern?
    public var modules: [String]?
    public var paths: [Glob]?
    public var kinds: [NodeKind]?

    public init(type: TypePattern? = nil, modules: [String]? = nil, paths: [Glob]? = nil, kinds: [NodeKind]? = nil) {
        self.type = type
        self.modules = modules
        self.paths = paths
        self.kinds = kinds
    }

    public func matches(_ node: Node) -> Bool {
        if node.external && type == nil && kinds?.contains(.external) != true { return false }
        if let type, !type.matches(node) { return false }
        if let modules, !modules.contains(node.module ?? "") { return false }
        if let paths {
            guard let file = node.file, paths.contains(where: { $0.matches(file) }) else { return false }
        }
        if let kinds, !kinds.contains(node.kind) { return false }
        return true
    }

    public var description: String {
        var parts: [String] = []
        if let type { parts.append("type: \(type.pattern)") }
        if let modules { parts.append("module: \(modules.joined(separator: ", "))") }
        if let paths { parts.append("path: \(paths.map(\.pattern).joined(separator: ", "))") }
        if let kinds { parts.append("kind: \(kinds.map(\.rawValue).joined(separator: ", "))") }
        return parts.isEmpty ? "any type" : parts.joined(separator: "; ")
    }
}
