import SeamsGraph
import SeamsTestability

/// How a tangle (a strongly connected component) is cut, in one place: `seams untangle` plans
/// with it, and `seams check` points each cycle at the cut untangle would make first, so the
/// line a CI annotation names is the line to change.
///
/// The edges are weighed by `untangle:` in seams.yml (the work of removing each site), a light
/// feedback arc set is found, and `CutOrder` orders it so each cut buys the most.
public struct CycleCuts: Sendable {
    public var settings: UntangleSettings
    /// Core Data entities (`NSManagedObject` subclasses): their relationships to each other are
    /// the model, held rather than cut (see `HeldEdge.modelRelationship`).
    public var entities: Set<String> = []
    /// The app's composition roots (`Graph.compositionRoots`): what they build, register or
    /// hand out is held, whatever the sites (see `HeldEdge.compositionRoot`).
    public var roots: Set<String> = []
    /// Edges every site of which is a benign use (a log line through an environment): held.
    public var benign: Set<EdgeKey> = []
    /// Edges held for what their sites do (`HeldEdge.byUse`): a default argument.
    public var byUse: [EdgeKey: HeldEdge] = [:]
    /// The app's replaceable environment (`TestabilityAnalysis.environment`): reads of it are
    /// held (see `HeldEdge.environment`).
    public var environment: Set<String> = []
    /// App Intents types (`HeldEdge.appIntents`): their edges to each other are held.
    public var appIntents: Set<String> = []
    public var limits = FeedbackArcSet.Limits()
    /// Work allowed to the greedy ordering of one component's cuts (see `CutOrder`).
    public var orderWork = 50_000_000

    public init(settings: UntangleSettings) {
        self.settings = settings
    }

    /// One component's cuts. Arc `i` of the planned graph is edge `edgeOfArc[i]` of the input.
    public struct Plan: Sendable {
        public var edgeOfArc: [Int]
        /// Each arc's weight before `keep` pins raise it.
        public var base: [Int]
        /// Arcs pinned by `untangle.keep`, and those held for their structure (`held`).
        public var kept: Set<Int>
        /// Arcs held rather than cut, and why: structure an engineer keeps.
        public var held: [Int: HeldEdge]
        /// Arcs decided by `untangle.cut`, in the order to make them.
        public var decided: [CutOrder.Step]
        /// The planned cuts, in order, after the decided ones.
        public var planned: [CutOrder.Step]
        /// Every planned arc, whether or not `steps` ordered it.
        public var plannedArcs: [Int]
        /// Held arcs that alone close cycles: left in place, not proposed.
        public var heldLeft: [Int]
        /// Whether the planned cuts' weight is proven minimal (with the decided cuts made).
        public var exact: Bool
        /// The pins that matched an edge, as `keep#i` and `cut#i`.
        public var pins: Set<String>

        /// The cut to make first: a decided one, else the first planned.
        public var first: CutOrder.Step? { decided.first ?? planned.first }
    }

    /// Plans the cuts of a component. `edges` lie inside `members`; `nodes` gives their kinds and
    /// the pins their nodes. With `groups`, members of one group are held together as one node
    /// (their edges among themselves are neither planned nor cut): `check` uses it to find what
    /// undoes a cycle's growth beyond the cycles a baseline accepted. `steps` bounds how many
    /// cuts are ordered; the ones it gives are those of a whole plan.
    public func plan(
        _ members: [String], edges: [Edge], nodes: [String: Node], groups: [String: Int]? = nil,
        steps: Int = .max
    ) -> Plan {
        var index: [String: Int] = [:]
        var count = 0
        if let groups {
            // Groups first, numbered as given; every other member alone after them.
            count = (groups.values.max() ?? -1) + 1
            for m in members {
                if let g = groups[m] {
                    index[m] = g
                } else {
                    index[m] = count
                    count += 1
                }
            }
        } else {
            for (i, m) in members.enumerated() { index[m] = i }
            count = members.count
        }
        let edgeOfArc = edges.indices.filter {
            guard let a = index[edges[$0].from], let b = index[edges[$0].to] else { return false }
            return groups == nil || a != b
        }
        let pairs = Set(edges.map { EdgeKey($0) })
        let base = edgeOfArc.map { i -> Int in
            let e = edges[i]
            let part = nodes[e.to].map { $0.kind == .class || $0.kind == .actor } ?? false
            let w = settings.weight(of: e, callsBack: part && pairs.contains(EdgeKey(from: e.to, to: e.from)))
            // A file's globals are declared with their types: the uses of the global are what to cut.
            return nodes[e.from]?.kind == .fileScope ? w * settings.ownerFactor : w
        }
        // A kept arc costs more than every other arc together: cut only when nothing else breaks its cycle.
        let keepCost = base.reduce(1, +)
        var kept = Set<Int>(), decided = Set<Int>(), pins = Set<String>()
        var held: [Int: HeldEdge] = [:]
        let tangleRoots = HeldEdge.compositionRoots(edges, nodes: nodes)
        for (arc, i) in edgeOfArc.enumerated() {
            if let why = HeldEdge.of(
                edges[i], nodes: nodes, roots: tangleRoots, entities: entities, appRoots: roots, benign: benign,
                environment: environment, appIntents: appIntents, byUse: byUse)
            {
                held[arc] = why
                kept.insert(arc)
            }
            guard let a = nodes[edges[i].from], let b = nodes[edges[i].to] else { continue }
            for (p, pin) in settings.keep.enumerated() where pin.matches(from: a, to: b) {
                kept.insert(arc)
                pins.insert("keep#\(p)")
            }
            for (p, pin) in settings.cut.enumerated() where pin.matches(from: a, to: b) {
                decided.insert(arc)
                pins.insert("cut#\(p)")
            }
        }
        decided.subtract(kept)
        let arcs = edgeOfArc.enumerated().map { arc, i in
            WeightedDigraph.Arc(
                from: index[edges[i].from]!, to: index[edges[i].to]!, weight: kept.contains(arc) ? keepCost : base[arc])
        }
        let whole = WeightedDigraph(count: count, arcs: arcs)
        // The plan is made on what the decided cuts leave; arc indices of `rest` map back through `restArcs`.
        let restArcs = arcs.indices.filter { !decided.contains($0) }
        let rest = WeightedDigraph(count: count, arcs: restArcs.map { arcs[$0] })
        let solution = FeedbackArcSet.solve(rest, limits: limits)
        // Structure an engineer keeps is never proposed, even when it alone closes a cycle: that
        // cycle is left, and said to be structure (a type and its nested type, a delegate and its owner).
        let solved = solution.arcs.map { restArcs[$0] }
        let planned = solved.filter { held[$0] == nil }
        let heldLeft = solved.filter { held[$0] != nil }
        let decidedSteps = CutOrder.order(decided.sorted(), in: whole, work: orderWork, steps: steps)
        let plannedSteps =
            decidedSteps.count >= steps
            ? []
            : CutOrder.order(
                planned, in: whole, removedBefore: decided, work: orderWork, steps: steps - decidedSteps.count)
        return Plan(
            edgeOfArc: edgeOfArc, base: base, kept: kept, held: held, decided: decidedSteps, planned: plannedSteps,
            plannedArcs: planned, heldLeft: heldLeft, exact: solution.exact, pins: pins)
    }
}

/// A dependency an engineer keeps whatever the cycle: cut plans go around it, as around an
/// `untangle.keep` pin, and cut it only when nothing else breaks its cycle. Each kind carries
/// its reason, as rules and recipes do.
public enum HeldEdge: String, CaseIterable, Sendable, Codable {
    /// A type and a type nested in it.
    case nesting
    /// Two types declared in one file: written to go together.
    case sameFile = "same-file"
    /// Only inheritance, conformance, refinement or an extension of the type: its shape.
    case shape
    /// Only attributes (a global actor, a property wrapper's type).
    case attribute
    /// The composition root building what it owns: the direction to keep.
    case compositionRoot = "composition-root"
    /// A delegate or data-source protocol naming the type it serves (its sender): the Cocoa
    /// pattern, written to go with its owner.
    case delegate
    /// Two Core Data entities: a relationship (and its inverse) is the data model, not a call.
    case modelRelationship = "model-relationship"
    /// Only members a framework requires (an App Intents entity's `defaultQuery`), or two App
    /// Intents types naming each other: the pair is the framework's design.
    case framework
    /// Only benign uses (a log line through the app's environment): nothing to cut.
    case benign
    /// A read of the app's replaceable environment (`Current.date()`, state its tests set):
    /// the seam the app chose, not a dependency to cut.
    case environment
    /// An enum named as a value (its type in a signature, its cases): data, not a dependency
    /// to inject.
    case value
    /// Every site in a default argument or a fallback the caller can replace: the seam is there.
    case seam

    public var reason: String {
        switch self {
        case .nesting: return "a type and its own nested type belong together; move the nested type out if it must go"
        case .sameFile: return "two types declared in one file were written to go together"
        case .shape:
            return "inheritance, conformance and extensions are the types' shape, not a call to replace"
        case .attribute: return "an attribute (a global actor, a wrapper) is a declaration, not a dependency to inject"
        case .compositionRoot:
            return "the composition root building what it owns is the direction to keep; cut the calls back into it"
        case .delegate:
            return
                "a delegate protocol that passes its sender goes with its owner; narrow the parameter to a protocol if it must go"
        case .modelRelationship:
            return
                "Core Data entities related to each other are the data model (relationships and their inverses), not a plan to cut"
        case .framework:
            return
                "App Intents pairs these types by design (an entity's defaultQuery, a query's entities, an intent's parameters)"
        case .benign:
            return "only log lines (or theming, localized strings) reach the type: a team keeps them"
        case .environment:
            return
                "the app's replaceable environment, which its tests set, is its seam: reading it is not a dependency to cut"
        case .value:
            return
                "an enum used as a value (its cases, its type in a signature) is data: cut what the enum itself reaches"
        case .seam:
            return "a default argument or a fallback the caller can replace is already the seam: nothing to cut"
        }
    }

    /// An extension node's type (`App.Order+CoreDataProperties` → `App.Order`).
    public static func owner(_ id: String) -> String {
        guard let plus = id.lastIndex(of: "+"), let dot = id.lastIndex(of: "."), dot < plus else { return id }
        return String(id[..<plus])
    }

    /// The Core Data entities of a graph that has its external supertypes: `NSManagedObject`
    /// subclasses, directly or through scanned base classes.
    public static func entities(of graph: Graph) -> Set<String> {
        graph.subtypes(of: ["NSManagedObject"])
    }

    /// The App Intents types of a graph that has its external supertypes: intents, entities,
    /// their queries and options providers, app enums and shortcuts providers, directly or
    /// through the app's own protocols. Their edges to each other (an intent's `@Parameter`, a
    /// query returning its entities, `@IntentParameterDependency`) are the framework's shape.
    public static func appIntents(of graph: Graph) -> Set<String> {
        graph.subtypes(of: appIntentsProtocols)
    }

    /// App Intents' protocols a type adopts to take part (facts about the SDK).
    static let appIntentsProtocols: Set<String> = [
        "AppIntent", "AppEntity", "TransientAppEntity", "IndexedEntity", "URLRepresentableEntity", "EntityQuery",
        "EntityStringQuery", "EntityPropertyQuery", "EnumerableEntityQuery", "UniqueAppEntityQuery",
        "DynamicOptionsProvider", "AppEnum", "WidgetConfigurationIntent", "ControlConfigurationIntent",
        "AudioPlaybackIntent", "LiveActivityIntent", "ForegroundContinuableIntent", "SetValueIntent", "OpenIntent",
        "DeleteIntent", "ProgressReportingIntent", "AppShortcutsProvider",
    ]

    /// Edges every site of which sits on a line where the type makes a benign use (a log call)
    /// that reaches the edge's target: `Current.Log.error(…)` ties a type to the environment
    /// only through its logger.
    public static func benignEdges(_ graph: Graph, table: BenignTable) -> Set<EdgeKey> {
        var lines: [String: Set<String>] = [:]  // "from\0to" → "file:line" of its benign uses
        for use in graph.uses where table.category(of: use) != nil {
            for target in [use.to, use.valueType].compactMap({ $0 }) {
                lines[use.from + "\u{0}" + target, default: []].insert("\(use.file):\(use.line)")
            }
        }
        guard !lines.isEmpty else { return [] }
        var out = Set<EdgeKey>()
        for e in graph.edges {
            guard let at = lines[e.from + "\u{0}" + e.to] else { continue }
            if e.sites.allSatisfy({ at.contains("\($0.file):\($0.line)") }) { out.insert(EdgeKey(e)) }
        }
        return out
    }

    /// Edges held for what the uses on their sites' lines do: `seam` when on every site's line
    /// the type makes a use of the target in a default argument, a fallback a caller can
    /// replace, or an initializer handing off to `self.init(…)`. (An edge that reads only
    /// constants is still a cut: the constants are in the wrong place.)
    public static func byUse(_ graph: Graph) -> [EdgeKey: HeldEdge] {
        var onLine: [String: [Use]] = [:]  // "from\0file:line" → its uses
        for use in graph.uses { onLine["\(use.from)\u{0}\(use.file):\(use.line)", default: []].append(use) }
        guard !onLine.isEmpty else { return [:] }
        func reaches(_ use: Use, _ target: String) -> Bool {
            use.to.map(Self.owner) == target || use.valueType.map(Self.owner) == target
        }
        var out: [EdgeKey: HeldEdge] = [:]
        for e in graph.edges where !e.soft && !e.sites.isEmpty {
            let lines = e.sites.map { onLine["\(e.from)\u{0}\($0.file):\($0.line)"] ?? [] }
            if lines.allSatisfy({ $0.contains { $0.has(.defaultArgument) && reaches($0, e.to) } }) {
                out[EdgeKey(e)] = .seam
            }
        }
        return out
    }

    /// Members a framework makes a type declare, naming a partner type.
    static let frameworkMembers: Set<String> = ["defaultQuery"]

    /// How many distinct types a type must construct, within one tangle, to be taken for its
    /// composition root (an app environment, a service locator, an app delegate that builds the app).
    public static let rootConstructions = 6

    /// The types of a tangle that construct at least `rootConstructions` of its other types.
    static func compositionRoots(_ edges: [Edge], nodes: [String: Node]) -> Set<String> {
        var built: [String: Int] = [:]
        for e in edges where e.sites.contains(where: { $0.kind == .construct }) { built[e.from, default: 0] += 1 }
        return Set(
            built.filter { id, count in
                count >= rootConstructions && nodes[id].map { $0.kind != .module && $0.kind != .file } ?? false
            }.keys)
    }

    /// Why `edge` is held, if it is.
    static func of(
        _ edge: Edge, nodes: [String: Node], roots: Set<String>, entities: Set<String> = [],
        appRoots: Set<String> = [], benign: Set<EdgeKey> = [], environment: Set<String> = [],
        appIntents: Set<String> = [], byUse: [EdgeKey: HeldEdge] = [:]
    ) -> HeldEdge? {
        let kinds = Set(edge.sites.map(\.kind))
        if kinds.isSubset(of: [.inherit, .extends]) { return .shape }
        // A subclass and its base class: what it uses of its base is what it inherits.
        if kinds.contains(.inherit), nodes[edge.to]?.kind == .class { return .shape }
        if kinds == [.attribute] { return .attribute }
        if entities.contains(Self.owner(edge.from)) && entities.contains(Self.owner(edge.to)) {
            return .modelRelationship
        }
        if edge.sites.allSatisfy({ $0.member.map(Self.frameworkMembers.contains) ?? false }) { return .framework }
        if appIntents.contains(Self.owner(edge.from)) && appIntents.contains(Self.owner(edge.to)) { return .framework }
        if benign.contains(EdgeKey(edge)) { return .benign }
        if let why = byUse[EdgeKey(edge)] { return why }
        if environment.contains(Self.owner(edge.to)) && !kinds.contains(.construct) { return .environment }
        // The environment (and the types nested in it) wires the live services, as a
        // composition root does: the cut belongs on the edges back into it.
        if isInEnvironment(Self.owner(edge.from), environment) { return .compositionRoot }
        // The app's composition root builds, registers and hands out what it owns: every edge
        // out of it is wiring; the cut belongs on the edges back into it.
        if appRoots.contains(Self.owner(edge.from)) { return .compositionRoot }
        guard let a = nodes[edge.from], let b = nodes[edge.to], a.kind != .module, a.kind != .file else { return nil }
        if edge.from.hasPrefix(edge.to + ".") || edge.to.hasPrefix(edge.from + ".") { return .nesting }
        if let file = a.file, file == b.file { return .sameFile }
        if a.kind == .protocol, ["Delegate", "DataSource"].contains(where: { a.name.hasSuffix($0) }),
            kinds.isSubset(of: [.type, .member, .implicitMember])
        {
            return .delegate
        }
        if roots.contains(edge.from) && kinds.contains(.construct) && kinds.isSubset(of: [.construct, .type]) {
            return .compositionRoot
        }
        if b.kind == .enum, kinds.isSubset(of: [.type, .implicitMember, .member]) { return .value }
        return nil
    }

    /// Whether `id` is a type of the replaceable environment or one nested in it.
    private static func isInEnvironment(_ id: String, _ environment: Set<String>) -> Bool {
        if environment.contains(id) { return true }
        var rest = Substring(id)
        while let dot = rest.lastIndex(of: ".") {
            rest = rest[..<dot]
            if environment.contains(String(rest)) { return true }
        }
        return false
    }
}
