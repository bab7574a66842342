import Foundation

/// What a node of the dependency graph stands for.
public enum NodeKind: String, Codable, Sendable, CaseIterable, Comparable {
    case `class`, `struct`, `enum`, `protocol`, actor
    /// Code in an extension of a type declared outside the module that compiles the extension:
    /// a type no scanned file declares (UIKit's), or one of another scanned module.
    case `extension`
    /// Top-level code, free functions and globals of one file.
    case fileScope = "file-scope"
    /// A type referenced by the scanned code but declared nowhere in it.
    case external
    /// A source file (file granularity).
    case file
    /// A module (module granularity).
    case module
    /// A folder of source files (the explorer's folder level).
    case folder

    public static func < (lhs: NodeKind, rhs: NodeKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a reference site depends on its target.
public enum SiteKind: String, Codable, Sendable, CaseIterable, Comparable {
    case inherit, type, construct, `static`, cast, metatype, keypath, attribute
    /// An extension node to the type it extends.
    case extends
    case member
    case implicitMember = "implicit-member"
    /// Soft: the observer of a notification to the type that posts it (same name).
    case notification
    /// Soft: the type that assigns a closure to the type that stores and calls it.
    case callback

    /// Inferred kinds come from type inference, not from the target's name being spelled.
    public var isInferred: Bool { self == .member || self == .implicitMember }

    /// Soft kinds are coupling at run time that no compiler sees: a refactoring moves it rather
    /// than removes it. Rules and cycles leave them out unless asked.
    public var isSoft: Bool { self == .notification || self == .callback }

    /// The order of their raw values, by rank: without making and comparing strings.
    public static func < (lhs: SiteKind, rhs: SiteKind) -> Bool { lhs.rank < rhs.rank }

    /// Its place in the order of raw values (a test keeps the two alike).
    var rank: Int {
        switch self {
        case .attribute: 0
        case .callback: 1
        case .cast: 2
        case .construct: 3
        case .extends: 4
        case .implicitMember: 5
        case .inherit: 6
        case .keypath: 7
        case .member: 8
        case .metatype: 9
        case .notification: 10
        case .static: 11
        case .type: 12
        }
    }

    /// Every kind in order, computed once.
    static let sortedCases = allCases.sorted()

    /// For each set of kinds (a mask of their `bit`s): its kinds in order, and whether all are
    /// soft. Made once, so that an edge made or read back shares its list of kinds rather than
    /// filtering one of its own. It has 2^n entries for n kinds (4,096 for today's 12): a kind
    /// or two more is fine, many more would want a cache of the masks met instead.
    static let byMask: [(kinds: [SiteKind], soft: Bool)] = (0..<(1 << allCases.count)).map { mask in
        let kinds = sortedCases.filter { mask & $0.bit != 0 }
        return (kinds, !kinds.isEmpty && kinds.allSatisfy { $0.isSoft })
    }

    /// A bit of its own, for sets of kinds without a `Set`: its place among the kinds (comparing
    /// a dozen cases is cheaper than hashing one, and this runs for every site of a graph).
    var bit: Int { 1 << Self.inOrder.firstIndex(of: self)! }
    private static let inOrder = allCases
}

/// One place in the sources where a dependency is made.
public struct Site: Hashable, Codable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int
    public var kind: SiteKind
    public var inferred: Bool
    /// The member of the referring type the site sits in, as Swift names it: `init(api:)`,
    /// `viewDidLoad()`, `title` (a property's type, initializer or accessors), `subscript(_:)`,
    /// `deinit`; nil in a declaration's header (inheritance, attributes) or top-level code.
    public var member: String?

    public init(file: String, line: Int, column: Int, kind: SiteKind, member: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.inferred = kind.isInferred
        self.member = member
    }

    enum CodingKeys: String, CodingKey { case file, line, column, kind, inferred, member }

    /// Scans saved before sites named their member still read.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try c.decode(String.self, forKey: .file), line: try c.decode(Int.self, forKey: .line),
            column: try c.decode(Int.self, forKey: .column), kind: try c.decode(SiteKind.self, forKey: .kind),
            member: try c.decodeIfPresent(String.self, forKey: .member))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(kind, forKey: .kind)
        try c.encode(inferred, forKey: .inferred)
        try c.encode(member, forKey: .member)
    }

    /// A total order: where, what kind, then the member it sits in (none first). Two sites at one
    /// place and of one kind can differ in their member alone: without it, their order was
    /// whichever the sort left, and a patched graph could list them unlike a built one.
    public static func < (a: Site, b: Site) -> Bool {
        // Field by field: a tuple of them compared them all for equality, then again for order.
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.kind != b.kind { return a.kind < b.kind }
        switch (a.member, b.member) {
        case (nil, nil), (_, nil): return false
        case (nil, _): return true
        case (let x?, let y?): return x < y
        }
    }
}

public struct Node: Hashable, Codable, Sendable {
    public var id: String
    public var name: String
    public var module: String?
    public var kind: NodeKind
    public var file: String?
    public var line: Int?
    public var external: Bool
    /// Test, preview or generated code; nil for production code (and external types).
    public var role: NodeRole?

    public init(
        id: String, name: String, module: String?, kind: NodeKind, file: String?, line: Int?, role: NodeRole? = nil
    ) {
        self.id = id
        self.name = name
        self.module = module
        self.kind = kind
        self.file = file
        self.line = line
        self.external = kind == .external
        self.role = role
    }

    /// Production code: no role.
    public var isProduction: Bool { role == nil }

    // Optional keys are written as null rather than left out: the JSON shape is a contract.
    // `role` alone is left out for production code, the common case, so scans of production
    // code read as they did before roles.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(module, forKey: .module)
        try c.encode(kind, forKey: .kind)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(external, forKey: .external)
        try c.encodeIfPresent(role, forKey: .role)
    }
}

public struct Edge: Hashable, Codable, Sendable {
    enum CodingKeys: String, CodingKey { case from, to, count, kinds, soft, sites }

    public var from: String
    public var to: String
    /// Number of reference sites.
    public var count: Int
    public var kinds: [SiteKind]
    /// Every site is soft (notification, callback): drawn dashed, left out of rules by default.
    public var soft: Bool
    public var sites: [Site]

    public init(from: String, to: String, sites: [Site]) {
        self.init(from: from, to: to, sortedUniqueSites: Array(Set(sites)).sorted())
    }

    /// Counts, kinds and softness follow from the sites, so scans saved before a key existed still read.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            from: try c.decode(String.self, forKey: .from), to: try c.decode(String.self, forKey: .to),
            sortedUniqueSites: try c.decode([Site].self, forKey: .sites))
    }

    /// For sites already sorted and free of duplicates.
    public init(from: String, to: String, sortedUniqueSites sites: [Site]) {
        self.from = from
        self.to = to
        self.sites = sites
        self.count = sites.count
        var present = 0
        // By index: only the kind is read, no site is copied.
        for i in sites.indices { present |= sites[i].kind.bit }
        (self.kinds, self.soft) = SiteKind.byMask[present]
    }
}

public struct ModuleInfo: Hashable, Codable, Sendable {
    public var name: String
    public var files: Int
    public init(name: String, files: Int) {
        self.name = name
        self.files = files
    }
}

public struct Diagnostic: Hashable, Codable, Sendable, Comparable {
    public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
        case error, warning, note
        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
    }
    public var file: String?
    public var line: Int?
    public var message: String
    public var severity: Severity
    /// A Swift file (or a part of one, or a folder that may hold some) the scan did not fully
    /// read: `check` will not pass on it unless it is excluded or allowed.
    public var unread: Bool

    public init(file: String?, line: Int? = nil, message: String, severity: Severity = .warning, unread: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.severity = severity
        self.unread = unread
    }

    enum CodingKeys: String, CodingKey { case file, line, message, severity, unread }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try c.decodeIfPresent(String.self, forKey: .file),
            line: try c.decodeIfPresent(Int.self, forKey: .line),
            message: try c.decode(String.self, forKey: .message),
            severity: try c.decode(Severity.self, forKey: .severity),
            unread: try c.decodeIfPresent(Bool.self, forKey: .unread) ?? false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(message, forKey: .message)
        try c.encode(severity, forKey: .severity)
        if unread { try c.encode(unread, forKey: .unread) }
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file ?? "", a.line ?? 0, a.message, a.severity) < (b.file ?? "", b.line ?? 0, b.message, b.severity)
    }
}

/// The dependency graph of a scanned tree: the JSON contract of `seams scan`.
public struct Graph: Hashable, Codable, Sendable {
    /// 2: sites name their member; `uses` lists what code does that a test cannot replace.
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var root: String
    public var modules: [ModuleInfo]
    public var nodes: [Node]
    public var edges: [Edge]
    public var diagnostics: [Diagnostic]
    /// Static reads and calls, constructions, global reads, free calls, downcasts and static
    /// state, for the testability analysis; empty in collapsed graphs.
    public var uses: [Use]
    /// What the scan read out of what it found; set by the scan pipeline, nil in derived graphs.
    public var scope: ScanScope?

    enum CodingKeys: String, CodingKey { case schemaVersion, root, modules, nodes, edges, diagnostics, uses, scope }

    /// Builds a graph in canonical order: everything sorted on total keys.
    public init(
        root: String, modules: [ModuleInfo], nodes: [Node], edges: [Edge], diagnostics: [Diagnostic],
        uses: [Use] = []
    ) {
        self.schemaVersion = Graph.currentSchemaVersion
        self.root = root
        self.modules = modules.sorted { $0.name < $1.name }
        self.diagnostics = Array(Set(diagnostics)).sorted()
        // Three independent sorts, side by side.
        let sorted = ConcurrentMap.run(3) { i -> SortedPart in
            switch i {
            case 0: return .nodes(nodes.sorted { $0.id < $1.id })
            case 1: return .edges(edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
            default: return .uses(Use.canonical(uses))
            }
        }
        (self.nodes, self.edges, self.uses) = ([], [], [])
        for part in sorted {
            switch part {
            case .nodes(let n): self.nodes = n
            case .edges(let e): self.edges = e
            case .uses(let u): self.uses = u
            }
        }
    }

    /// For parts already in canonical order (a filtered canonical graph, a saved one read
    /// back): no re-sorting. The caller vouches for the order.
    public init(
        canonicalRoot root: String, modules: [ModuleInfo], nodes: [Node], edges: [Edge], diagnostics: [Diagnostic],
        uses: [Use] = []
    ) {
        self.schemaVersion = Graph.currentSchemaVersion
        self.root = root
        self.modules = modules
        self.nodes = nodes
        self.edges = edges
        self.diagnostics = diagnostics
        self.uses = uses
    }

    /// Scans saved with schema 1 have no uses.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        root = try c.decode(String.self, forKey: .root)
        modules = try c.decode([ModuleInfo].self, forKey: .modules)
        nodes = try c.decode([Node].self, forKey: .nodes)
        edges = try c.decode([Edge].self, forKey: .edges)
        diagnostics = try c.decode([Diagnostic].self, forKey: .diagnostics)
        uses = try c.decodeIfPresent([Use].self, forKey: .uses) ?? []
        scope = try c.decodeIfPresent(ScanScope.self, forKey: .scope)
    }

    /// Uses are left out of the JSON when there are none (a scan written without `--uses`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(root, forKey: .root)
        try c.encode(modules, forKey: .modules)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(edges, forKey: .edges)
        try c.encode(diagnostics, forKey: .diagnostics)
        if !uses.isEmpty { try c.encode(uses, forKey: .uses) }
        if let scope { try c.encode(scope, forKey: .scope) }
    }

    /// The same graph without its uses: what `seams scan` writes unless asked for them.
    public func withoutUses() -> Graph {
        var g = Graph(canonicalRoot: root, modules: modules, nodes: nodes, edges: edges, diagnostics: diagnostics)
        g.scope = scope
        return g
    }

    /// The same graph with more diagnostics.
    public func adding(diagnostics more: [Diagnostic]) -> Graph {
        Graph(
            canonicalRoot: root, modules: modules, nodes: nodes, edges: edges,
            diagnostics: Array(Set(diagnostics + more)).sorted(), uses: uses)
    }

    public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
    public func edge(from: String, to: String) -> Edge? { edges.first { $0.from == from && $0.to == to } }
}

/// One of `Graph.init`'s concurrent sorts.
private enum SortedPart {
    case nodes([Node])
    case edges([Edge])
    case uses([Use])
}
