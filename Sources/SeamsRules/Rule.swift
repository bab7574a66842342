import SeamsGraph

/// What a rule kind is for, which keys it takes, and the examples that are both its
/// documentation and its tests (each is run by one generic test).
public struct RuleDescription: Sendable {
    /// The `kind:` a rule names in seams.yml.
    public let kind: String
    public let summary: String
    public let rationale: String
    /// Rule keys beyond id, kind, severity, because, via and inferred.
    public let keys: [String]
    /// Keys a rule of this kind cannot do without.
    public let required: [String]
    public let examples: [RuleExample]
}

/// Tiny sources and a config, and the violations they must give (by `Violation.summary`).
/// Source paths start with their module's folder: `Networking/API.swift` is in Networking.
public struct RuleExample: Sendable {
    public let name: String
    public let sources: [String: String]
    public let config: String
    public let expected: [String]

    public init(_ name: String, sources: [String: String], config: String, expected: [String]) {
        self.name = name
        self.sources = sources
        self.config = config
        self.expected = expected
    }
}

/// A rule kind: reads the graph through a context and names what breaks the rule.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    var spec: RuleSpec { get }
    init(spec: RuleSpec)
    func violations(in context: RuleContext) -> [Violation]
}

/// Every rule kind, in the order the docs list them.
public enum RuleCatalog {
    public static let kinds: [any Rule.Type] = [
        NoCyclesRule.self,
        ForbiddenRule.self,
        OnlyRule.self,
        LayersRule.self,
        IndependentRule.self,
        MaxDependenciesRule.self,
        MaxDependentsRule.self,
        TestableRule.self,
    ]

    public static func kind(named name: String) -> (any Rule.Type)? {
        kinds.first { $0.description.kind == name }
    }

    public static func rule(for spec: RuleSpec) -> (any Rule)? {
        kind(named: spec.kind).map { $0.init(spec: spec) }
    }
}
