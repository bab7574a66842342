import SeamsGraph
import SeamsTestability

public enum RuleSeverity: String, Codable, Sendable, CaseIterable, Comparable {
    case error, warning

    public static func < (a: RuleSeverity, b: RuleSeverity) -> Bool {
        (a == .error ? 0 : 1) < (b == .error ? 0 : 1)
    }
}

/// What no-cycles does with a cycle made only of a type and its own nested types (a view and
/// its `Coordinator`): Swift's idiom, not a tangle to untangle.
public enum NestingMode: String, Sendable, CaseIterable {
    case report, ignore
}

/// A rule as written in `seams.yml`, checked for shape but not yet against the scanned code.
public struct RuleSpec: Sendable {
    public var id: String
    public var kind: String
    public var severity: RuleSeverity = .error
    /// no-cycles and max-*: whether types or modules are counted.
    public var scope: Granularity = .type
    public var from: Matcher?
    public var to: Matcher?
    public var because: String?
    /// Only sites of these kinds make an edge; all kinds when nil.
    public var via: Set<SiteKind>?
    /// Whether sites found by type inference (member, implicit-member) count.
    public var inferred = true
    /// Whether soft sites (notification, callback) count.
    public var includeSoft = false
    /// no-cycles: whether a cycle of a type and its own nested types is reported.
    public var nesting: NestingMode = .report
    public var limit: Int?
    /// independent: the modules that must not depend on each other.
    public var modules: [String] = []
    /// layers: the rule's own list; the config's `layers:` when nil.
    public var layers: [[String]]?
    /// testable: the blocker kinds that break the rule; every kind when nil.
    public var forbid: Set<BlockerKind>?
    /// Where the rule starts in the config file.
    public var location: ConfigLocation

    public init(id: String, kind: String, location: ConfigLocation = .start) {
        self.id = id
        self.kind = kind
        self.location = location
    }

    /// Whether a site is one this rule looks at.
    public func counts(_ site: Site) -> Bool {
        (inferred || !site.inferred) && (includeSoft || !site.kind.isSoft) && (via?.contains(site.kind) ?? true)
    }

    /// Whether the rule looks at every site, so the graph can be used unfiltered.
    public var countsEverySite: Bool { inferred && via == nil && includeSoft }
}
