import SeamsGraph

/// Why a unit test cannot make a type on its own and control what it does.
public enum BlockerKind: String, Codable, Sendable, CaseIterable, Comparable {
    /// Reads a singleton, a static variable, a global variable, or an accessor that reaches one.
    case globalAccess = "global-access"
    /// Uses a platform service a test cannot control: network, clock, file system, location…
    case systemService = "system-service"
    /// Makes its own collaborator, one that drags in blockers or ties back into the type.
    case construction
    /// Downcasts a presenter, delegate, parent or registry result to a concrete app type.
    case downcast
    /// Calls another type's static function that does work.
    case staticCall = "static-call"
    /// Declares static mutable state of its own, which outlives every test.
    case hiddenState = "hidden-state"

    public static func < (a: BlockerKind, b: BlockerKind) -> Bool { a.rawValue < b.rawValue }
}

/// One reason, at one site.
public struct Blocker: Hashable, Codable, Sendable, Comparable {
    public var kind: BlockerKind
    /// The node that is reached (a type or an extension), or for a system service its pattern
    /// (`URLSession.shared`).
    public var target: String
    /// What was written: `UIApplication.appDelegate.api.signIn`, `Connector()`, `presenter`.
    public var path: String
    /// For a system service, what it stands for (`network`, `clock`); else nil.
    public var service: String?
    public var file: String
    public var line: Int
    public var column: Int
    /// The member of the type the site sits in (`Site.member`), and what kind of member it is:
    /// `init`, `method`, `property`, `subscript`, `deinit`, `closure` (a closure in the member),
    /// `declaration`.
    public var member: String?
    public var memberKind: String
    public var recipe: Recipe
    /// Why this counts, in a sentence.
    public var reason: String

    public var location: String { "\(file):\(line):\(column)" }

    public static func < (a: Blocker, b: Blocker) -> Bool {
        (a.file, a.line, a.column, a.kind, a.target, a.path) < (b.file, b.line, b.column, b.kind, b.target, b.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(target, forKey: .target)
        try c.encode(path, forKey: .path)
        try c.encode(service, forKey: .service)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(member, forKey: .member)
        try c.encode(memberKind, forKey: .memberKind)
        try c.encode(recipe, forKey: .recipe)
        try c.encode(reason, forKey: .reason)
    }
}

/// What stops one type from being unit-tested, and what it costs.
public struct TypeTestability: Hashable, Codable, Sendable {
    public var id: String
    public var name: String
    public var module: String?
    public var kind: NodeKind
    public var file: String?
    /// Sum of the blockers' costs, each distinct kind and target counted once.
    public var cost: Int
    public var blockers: [Blocker]

    public var isTestableInIsolation: Bool { blockers.isEmpty }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(module, forKey: .module)
        try c.encode(kind, forKey: .kind)
        try c.encode(file, forKey: .file)
        try c.encode(cost, forKey: .cost)
        try c.encode(blockers, forKey: .blockers)
    }
}

/// Every type of a scan, ranked by cost (highest first, then by id).
public struct TestabilityReport: Hashable, Codable, Sendable {
    public static let currentSchemaVersion = 1
    public var schemaVersion = TestabilityReport.currentSchemaVersion
    public var root: String
    public var types: [TypeTestability]
    /// The recipes the blockers name, in catalog order.
    public var recipes: [RecipeInfo]
    /// Test, preview and generated types not reported (absent when none were left out).
    public var leftOut: LeftOut?
    /// Production types judged but not advised on (absent when there are none).
    public var notAdvised: NotAdvised?

    public init(root: String, types: [TypeTestability], leftOut: LeftOut? = nil, notAdvised: NotAdvised? = nil) {
        self.root = root
        self.types = types
        self.leftOut = leftOut
        self.notAdvised = notAdvised
        let used = Set(types.flatMap { $0.blockers.map(\.recipe) })
        self.recipes = Recipe.allCases.filter(used.contains).map(RecipeInfo.init)
    }

    public func type(_ id: String) -> TypeTestability? { types.first { $0.id == id } }
    public var blockedCount: Int { types.filter { !$0.isTestableInIsolation }.count }
}

/// Production types a report judges but gives no advice on, each for its reason.
public struct NotAdvised: Hashable, Codable, Sendable {
    /// SwiftUI views, styles, modifiers and shapes: composition; their models are the unit to test.
    public var views = 0
    /// Composition roots with no state of their own: wiring the app is their job.
    public var roots = 0
    /// Debug screens and tools, and stand-ins (`Mock…`, `…Fake`) shipped in production targets.
    public var debug = 0
    /// Extensions of SDK types (`Date+Helpers`, `UIApplication+AppDelegate`): no unit of the
    /// app's; what they reach blocks their callers.
    public var extensions = 0
    /// Adapters to the platform (behind a protocol of the app, or held by its replaceable
    /// environment) whose only blockers are the platform calls they exist to make.
    public var adapters = 0
    /// Types the system makes with no arguments (WidgetKit timeline providers and entries, App
    /// Intents, SwiftUI menu commands): nothing can be injected; their logic belongs in a type
    /// they call, which is advised on.
    public var systemMade = 0

    public init(
        views: Int = 0, roots: Int = 0, debug: Int = 0, extensions: Int = 0, adapters: Int = 0, systemMade: Int = 0
    ) {
        (self.views, self.roots, self.debug, self.extensions, self.adapters) = (
            views, roots, debug, extensions, adapters
        )
        self.systemMade = systemMade
    }

    enum CodingKeys: String, CodingKey { case views, roots, debug, extensions, adapters, systemMade }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func count(_ key: CodingKeys) throws -> Int { try c.decodeIfPresent(Int.self, forKey: key) ?? 0 }
        self.init(
            views: try count(.views), roots: try count(.roots), debug: try count(.debug),
            extensions: try count(.extensions), adapters: try count(.adapters), systemMade: try count(.systemMade))
    }

    public var isEmpty: Bool { views + roots + debug + extensions + adapters + systemMade == 0 }

    /// "not advised on: 212 SwiftUI views (their models are the unit), 1 composition root, 9 debug tools".
    public var sentence: String? {
        var parts: [String] = []
        if views > 0 { parts.append("\(views) SwiftUI view\(views == 1 ? "" : "s") (their models are the unit)") }
        if roots > 0 { parts.append("\(roots) composition root\(roots == 1 ? "" : "s") (wiring is their job)") }
        if debug > 0 { parts.append("\(debug) debug tool\(debug == 1 ? "" : "s") or stand-in\(debug == 1 ? "" : "s")") }
        if extensions > 0 {
            parts.append(
                "\(extensions) extension\(extensions == 1 ? "" : "s") of SDK types (their callers are the unit)")
        }
        if adapters > 0 {
            parts.append("\(adapters) adapter\(adapters == 1 ? "" : "s") to the platform (calling it is their job)")
        }
        if systemMade > 0 {
            parts.append(
                "\(systemMade) type\(systemMade == 1 ? "" : "s") the system makes (widget providers, app intents, commands: their logic belongs in a type they call)"
            )
        }
        return parts.isEmpty ? nil : "not advised on: " + parts.joined(separator: ", ")
    }
}
