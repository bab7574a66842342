import Foundation
import SeamsGraph
import SeamsProject
import SeamsReport
import SeamsRules

// Rules written in code rather than in seams.yml: what SeamsTesting asserts, and what a script
// may check. Each rule becomes the same `RuleSpec` seams.yml gives, and is checked by the same
// rule engine; only how the failures are reported differs.

/// A kind of declared type, to select types by.
public enum TypeKind: String, CaseIterable, Sendable {
    case `class`, `struct`, `enum`, `protocol`, actor
    /// An extension of a type another module declares.
    case `extension`

    var node: NodeKind { NodeKind(rawValue: rawValue)! }
}

/// Which types a rule is about. Every part given must hold; with none, every scanned type.
public struct TypeSelection: Sendable, Hashable, CustomStringConvertible {
    /// Types declared in one of these modules.
    public var modules: [String]?
    /// An anchored regular expression on the type's id (`Module.Type`) or its name.
    public var namePattern: String?
    public var kinds: [TypeKind]?
    /// Globs on the declaring file's path, relative to the scan root (`Networking/**`).
    public var folders: [String]?
    /// Types that inherit from or conform to one of these (names or ids), directly or through
    /// their supertypes and extensions.
    public var conformingTo: [String]?

    public init(
        modules: [String]? = nil, namePattern: String? = nil, kinds: [TypeKind]? = nil, folders: [String]? = nil,
        conformingTo: [String]? = nil
    ) {
        self.modules = modules
        self.namePattern = namePattern
        self.kinds = kinds
        self.folders = folders
        self.conformingTo = conformingTo
    }

    /// Every scanned type.
    public static let all = TypeSelection()

    public var description: String {
        var parts: [String] = []
        if let modules { parts.append("module \(modules.joined(separator: ", "))") }
        if let namePattern { parts.append("name \(namePattern)") }
        if let kinds { parts.append("kind \(kinds.map(\.rawValue).joined(separator: ", "))") }
        if let folders { parts.append("folder \(folders.joined(separator: ", "))") }
        if let conformingTo { parts.append("conforming to \(conformingTo.joined(separator: ", "))") }
        return parts.isEmpty ? "every type" : parts.joined(separator: "; ")
    }
}

/// An architecture rule written in code, with the meaning of the seams.yml kind it names.
public struct ArchitectureRule: Sendable {
    enum Body: Sendable {
        case forbidden(from: TypeSelection, to: TypeSelection)
        case only(from: TypeSelection, to: TypeSelection)
        case onlyDependOn(TypeSelection, modules: [String])
        case noCycles(TypeSelection, scope: Level)
        case layers([[String]])
        case independent([String])
        case maxDependencies(TypeSelection, limit: Int)
        case testable(TypeSelection)
    }

    /// The rule's id: what failures and baseline entries name.
    public var id: String
    public var because: String?
    let body: Body

    init(_ body: Body, id: String, because: String?) {
        self.body = body
        self.id = id
        self.because = because
    }

    /// `forbidden`: types of `from` must not depend on types of `to`.
    public static func forbidden(
        from: TypeSelection, to: TypeSelection, id: String? = nil, because: String? = nil
    ) -> ArchitectureRule {
        ArchitectureRule(.forbidden(from: from, to: to), id: id ?? "\(from) must not depend on \(to)", because: because)
    }

    /// `only`: of all the scanned types, only those of `from` may depend on types of `to`.
    public static func only(
        from: TypeSelection, mayDependOn to: TypeSelection, id: String? = nil, because: String? = nil
    ) -> ArchitectureRule {
        ArchitectureRule(.only(from: from, to: to), id: id ?? "only \(from) may depend on \(to)", because: because)
    }

    /// Types of `selection` depend on scanned types of their own modules and of `modules` only.
    public static func onlyDependOn(
        _ selection: TypeSelection, modules: [String], id: String? = nil, because: String? = nil
    ) -> ArchitectureRule {
        ArchitectureRule(
            .onlyDependOn(selection, modules: modules),
            id: id ?? "\(selection) may only depend on module \(modules.joined(separator: ", "))", because: because)
    }

    /// `no-cycles`: no dependency cycle through types of `selection`, or between modules.
    public static func noCycles(
        _ selection: TypeSelection = .all, scope: Level = .type, id: String? = nil, because: String? = nil
    ) -> ArchitectureRule {
        ArchitectureRule(
            .noCycles(selection, scope: scope), id: id ?? "no \(scope.rawValue) cycles in \(selection)",
            because: because)
    }

    /// `layers`: from the top down; a layer may depend only on layers below it, and modules in
    /// one layer are siblings that must not know each other.
    public static func layers(_ layers: [[String]], id: String? = nil, because: String? = nil) -> ArchitectureRule {
        ArchitectureRule(
            .layers(layers), id: id ?? "layers \(layers.map { $0.joined(separator: "|") }.joined(separator: " > "))",
            because: because)
    }

    /// `independent`: none of these modules depends on another of them.
    public static func independent(_ modules: [String], id: String? = nil, because: String? = nil) -> ArchitectureRule {
        ArchitectureRule(
            .independent(modules), id: id ?? "independent \(modules.joined(separator: ", "))", because: because)
    }

    /// `max-dependencies`: no type of `selection` depends on more than `limit` scanned types.
    public static func maxDependencies(
        _ selection: TypeSelection, limit: Int, id: String? = nil, because: String? = nil
    ) -> ArchitectureRule {
        ArchitectureRule(
            .maxDependencies(selection, limit: limit), id: id ?? "at most \(limit) dependencies for \(selection)",
            because: because)
    }

    /// `testable`: every type of `selection` can be unit-tested in isolation (no blocker).
    public static func testable(_ selection: TypeSelection, id: String? = nil, because: String? = nil)
        -> ArchitectureRule
    {
        ArchitectureRule(.testable(selection), id: id ?? "\(selection) testable in isolation", because: because)
    }
}

/// One reason a rule failed, at the place to look.
public struct RuleFinding: Sendable, Hashable {
    /// The message, as `seams check` words it, with the rule's id in brackets.
    public var message: String
    /// The file to point at, absolute; nil when the finding has no place (a module that does not exist).
    public var path: String?
    /// The file as the scan names it, relative to its root.
    public var file: String?
    public var line: Int
    public var column: Int
    /// The module of the file, when known (`Module/File.swift` is how test frameworks name files).
    public var module: String?

    public init(
        message: String, path: String? = nil, file: String? = nil, line: Int = 0, column: Int = 0,
        module: String? = nil
    ) {
        self.message = message
        self.path = path
        self.file = file
        self.line = line
        self.column = column
        self.module = module
    }
}

/// What checking one rule gave.
public struct RuleVerdict: Sendable {
    public var rule: String
    /// Violations the baseline does not accept, stale baseline entries, and rules that check nothing.
    public var failures: [RuleFinding]
    /// Violations the baseline accepts.
    public var baselined: Int
    /// Set when the violations were recorded into the baseline instead of checked.
    public var recorded: String?

    public var passed: Bool { failures.isEmpty }
}
