import SeamsGraph

/// One edge of a cycle's witness path, with the sites that make it.
public struct CycleStep: Hashable, Codable, Sendable {
    public var from: String
    public var to: String
    public var sites: [Site]

    public init(from: String, to: String, sites: [Site]) {
        self.from = from
        self.to = to
        self.sites = sites
    }
}

/// A place to point at: a reference site, a declaration, or the rule in the config.
public struct Location: Hashable, Codable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int
    /// Whether `file` is relative to the scan root (a source) or to the current folder (config, baseline).
    public var inSources: Bool

    public init(file: String, line: Int, column: Int, inSources: Bool) {
        self.file = file
        self.line = line
        self.column = column
        self.inSources = inSources
    }

    /// Where a reference site is.
    public init(_ site: Site) {
        self.init(file: site.file, line: site.line, column: site.column, inSources: true)
    }

    public static func < (a: Location, b: Location) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A broken rule: what depends on what, and every site that makes it so.
public struct Violation: Hashable, Codable, Sendable {
    public enum Subject: String, Codable, Sendable {
        /// One dependency, from → to.
        case dependency
        /// A strongly connected component.
        case cycle
        /// A node with too many dependencies or dependents.
        case count
    }

    public var rule: String
    public var severity: RuleSeverity
    public var subject: Subject
    public var message: String
    public var because: String?
    /// The depending node; for count violations, the node counted.
    public var from: String?
    public var to: String?
    /// Cycle: the component's members in canonical order.
    public var members: [String]?
    /// Cycle: how many members the component has.
    public var size: Int?
    /// Cycle: a cycle through the component, as its edges, starting with the cut `untangle`
    /// would make first (for a grown cycle, the first that undoes the growth).
    public var cycle: [CycleStep]?
    /// A cycle or count that grew past what the baseline accepted: the entries it grew from.
    public var grewFrom: [BaselineEntry]?
    /// Cycle grown: the members none of `grewFrom` held.
    public var joined: [String]?
    /// Count: how many, the limit, and the nodes counted.
    public var count: Int?
    public var limit: Int?
    public var related: [String]?
    /// Dependency: the edge's sites. Cycle: the witness's sites.
    public var sites: [Site]
    /// Where to point first.
    public var location: Location
    /// Accepted by the baseline: reported for the record, never failing.
    public var baselined = false

    public init(rule: RuleSpec, subject: Subject, message: String, location: Location) {
        self.rule = rule.id
        self.severity = rule.severity
        self.subject = subject
        self.message = message
        self.because = rule.because
        self.sites = []
        self.location = location
    }

    /// What the baseline records: meaning, never line numbers or wording.
    public var key: BaselineEntry {
        switch subject {
        case .dependency: return BaselineEntry(rule: rule, from: from, to: to)
        case .cycle: return BaselineEntry(rule: rule, members: members)
        case .count: return BaselineEntry(rule: rule, from: from, count: count)
        }
    }

    /// A one-line account of what is broken, without rule or location.
    public var summary: String {
        switch subject {
        case .dependency: return "\(from ?? "?") → \(to ?? "?")"
        case .cycle:
            guard let cycle, let first = cycle.first else { return members?.joined(separator: ", ") ?? "" }
            return ([first.from] + cycle.map(\.to)).joined(separator: " → ")
        case .count: return "\(from ?? "?"): \(count ?? 0) (limit \(limit ?? 0))"
        }
    }

    /// A total order for reports: by subject, then location.
    static func canonicalOrder(_ a: Violation, _ b: Violation) -> Bool {
        let ka = a.key.sortKey, kb = b.key.sortKey
        if ka != kb { return ka < kb }
        return a.location < b.location
    }
}
