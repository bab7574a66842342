import SeamsGraph

/// Judges a scan's uses: which block unit tests of the type that makes them, why, what each
/// costs, and the recipe that opens it.
///
/// Weights (each distinct kind and target counted once per type, however many sites):
/// - system service: 10 (its own weight: the platform is all it drags in);
/// - global access: 3 × (1 + the scanned types the target reaches);
/// - construction: 2 × (1 + reach);  downcast: 2 × (1 + reach);
/// - static call: 1 × (1 + reach);  hidden state: 5.
/// "Reach" is the number of scanned types reachable from the target along hard edges: a
/// singleton that holds the whole app costs as much as the app.
public struct TestabilityAnalysis: Sendable {
    /// The weight of one blocker of `kind`, as the table above says. A switch, so that a new
    /// blocker kind does not compile until it is weighed.
    public static func weight(of kind: BlockerKind) -> Int {
        switch kind {
        case .systemService: 10
        case .globalAccess: 3
        case .construction, .downcast: 2
        case .staticCall: 1
        case .hiddenState: 5
        }
    }

    /// Operand names that stand for whoever presents, owns or registers the type: a downcast of
    /// one ties the type to a concrete screen or service.
    static let collaboratorNames: Set<String> = [
        "presenter", "presentingViewController", "presentedViewController", "parent", "parentViewController",
        "delegate", "dataSource", "navigationController", "tabBarController", "splitViewController",
        "rootViewController", "topViewController", "visibleViewController", "viewControllers", "window",
        "superview", "next", "destination", "source", "coordinator", "owner", "container", "registry",
        "instantiateViewController()", "instantiateInitialViewController()", "resolve()", "instance()",
        "service()", "get()", "object()",
    ]

    public let services: ServiceTable
    public let benign: BenignTable

    public init(services: ServiceTable = .standard(), benign: BenignTable = .standard()) {
        self.services = services
        self.benign = benign
    }

    /// Static properties a framework requires a type to declare (App Intents' metadata, SwiftUI's
    /// previews and environment keys, NSSecureCoding): declarations, not state a test shares.
    static let frameworkStatics: Set<String> = [
        "title", "description", "openAppWhenRun", "parameterSummary", "typeDisplayRepresentation",
        "caseDisplayRepresentations", "defaultQuery", "authenticationPolicy", "isDiscoverable", "defaultValue",
        "previews", "supportsSecureCoding", "persistentIdentifier", "searchScopes", "intentClassName",
    ]

    /// Static members that hand out a shared instance when called: Objective-C style singletons
    /// (`XManager.shared()`, `Store.sharedInstance()`).
    static let sharedAccessors: Set<String> = [
        "shared", "sharedInstance", "sharedManager", "defaultManager", "default", "current", "standard", "instance",
    ]

    /// Every type of `graph` judged; with `includeTests` false, only production types reported
    /// (test, preview and generated ones are judged too, since what production code makes of them
    /// can block it, then counted in `leftOut`).
    public func analyse(_ graph: Graph, includeTests: Bool = true) -> TestabilityReport {
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let subjects = graph.nodes.filter(Self.isSubject)
        var edgeSet = Set<String>()
        for e in graph.edges where !e.soft { edgeSet.insert(e.from + "\u{0}" + e.to) }
        var usesByType: [String: [Use]] = [:]
        for use in graph.uses { usesByType[use.from, default: []].append(use) }

        // Blockers that stand on their own first; then, until nothing changes, those that are
        // blockers because what they reach is blocked (a construction, an accessor, a call).
        var blockers: [String: [Blocker]] = [:]
        var pending: [(String, Use)] = []
        // The composition root wires the app: what it makes and the singletons it hands out are
        // its job, not blockers; its own static state still is.
        let roots = graph.compositionRoots()
        // A type is its own owner; an extension's is the type it extends.
        let extended = graph.extendedTypes()
        // Shared state the app's own tests set is the app's seam: reading it blocks nothing.
        let replaceable = Self.replaceable(graph, nodes: nodes)
        // Static and global stored properties some code assigns or changes through: a `static
        // var` nothing writes is a constant, as a `let` is.
        let written = Self.written(graph)
        for subject in subjects {
            let isRoot = roots.contains(extended[subject.id] ?? subject.id)
            // What a team accepts in a test (logging, theming, localized strings) blocks nothing.
            for use in usesByType[subject.id] ?? []
            where benign.category(of: use) == nil && !replaceable.contains(Self.stateKey(use)) {
                if isRoot && use.kind != .staticState { continue }
                if use.kind == .staticState, let name = use.targetMember, Self.frameworkStatics.contains(name) {
                    continue
                }
                if Self.isFrameworkFactory(use) { continue }
                if let b = direct(use, nodes: nodes, written: written) {
                    blockers[subject.id, default: []].append(b)
                } else if dependsOnReach(use, nodes: nodes) {
                    pending.append((subject.id, use))
                }
            }
        }
        var blocked = Set(blockers.keys)
        // The members whose own code meets a blocker: an accessor read or a static call
        // propagates only when the member it reaches is one of them.
        var blockedMembers: [String: Set<String>] = [:]
        for (id, list) in blockers { for b in list { blockedMembers[id, default: []].insert(b.member ?? "") } }
        // Uses made by nodes that are not subjects (file scopes of accessors) count for reach.
        for (from, list) in usesByType where nodes[from].map(Self.isSubject) != true {
            for use in list
            where benign.category(of: use) == nil && !replaceable.contains(Self.stateKey(use))
                && direct(use, nodes: nodes, written: written) != nil
            {
                blocked.insert(from)
                blockedMembers[from, default: []].insert(use.member ?? "")
            }
        }
        // Types blocked while they are made (in `init` or a property): constructing a value type
        // carries its blockers only then; its methods' blockers are its own.
        var blockedWhenMade = Set(
            blockers.filter { $0.value.contains(where: Self.isSetup) }.keys)
        let views = ViewTypes.of(graph)
        let adapters = Self.adapters(graph, nodes: nodes, environment: Self.environment(graph))
        var changed = true
        while changed {
            changed = false
            var rest: [(String, Use)] = []
            for (id, use) in pending {
                if let b = reaching(
                    use, from: id, blocked: blocked, members: blockedMembers, whenMade: blockedWhenMade, views: views,
                    edges: edgeSet, nodes: nodes)
                {
                    blockers[id, default: []].append(b)
                    if blockedMembers[id, default: []].insert(b.member ?? "").inserted { changed = true }
                    if Self.isSetup(b) && blockedWhenMade.insert(id).inserted { changed = true }
                    if blocked.insert(id).inserted { changed = true }
                } else {
                    rest.append((id, use))
                }
            }
            pending = rest
        }

        let reach = Reach(graph)

        var types: [TypeTestability] = []
        for subject in subjects {
            var list = (blockers[subject.id] ?? []).sorted()
            // An adapter's calls into the platform are its job (see `adapters`).
            if adapters.contains(extended[subject.id] ?? subject.id) { list.removeAll { $0.kind == .systemService } }
            var counted = Set<String>()
            var cost = 0
            for b in list where counted.insert(b.kind.rawValue + "\u{0}" + b.target).inserted {
                let w = Self.weight(of: b.kind)
                switch b.kind {
                case .systemService, .hiddenState: cost += w
                default: cost += w * (1 + reach(b.target))
                }
            }
            types.append(
                TypeTestability(
                    id: subject.id, name: subject.name, module: subject.module, kind: subject.kind, file: subject.file,
                    cost: cost, blockers: list))
        }
        types.sort { ($0.cost, $1.id) > ($1.cost, $0.id) }
        // What is judged but never advised on: SwiftUI's declarative types, the composition
        // root, debug tools and stand-ins shipped in production targets, extensions of SDK types,
        // and adapters whose only blockers are the platform calls they exist to make.
        let swiftUI = ViewTypes.declarative(graph)
        let systemMade = graph.subtypes(of: Self.systemMadeProtocols)
        var aside = NotAdvised()
        var advised = Set<String>()
        for subject in subjects where includeTests || subject.isProduction {
            let owner = extended[subject.id] ?? subject.id
            if swiftUI.contains(owner) {
                aside.views += 1
            } else if roots.contains(owner) && (blockers[subject.id] ?? []).isEmpty {
                aside.roots += 1
            } else if subject.isProduction && Self.isDebugTool(nodes[owner]?.name ?? subject.name) {
                aside.debug += 1
            } else if subject.kind == .extension, extended[subject.id].flatMap({ nodes[$0] })?.external ?? true {
                // An extension of an SDK type (external, or not resolved to any scanned type).
                aside.extensions += 1
            } else if systemMade.contains(owner) {
                aside.systemMade += 1
            } else if adapters.contains(owner), let own = blockers[subject.id], !own.isEmpty,
                own.allSatisfy({ $0.kind == .systemService })
            {
                aside.adapters += 1
            } else {
                advised.insert(subject.id)
            }
        }
        let leftOut = includeTests ? LeftOut() : LeftOut(subjects.filter { !$0.isProduction })
        return TestabilityReport(
            root: graph.root, types: types.filter { advised.contains($0.id) },
            leftOut: leftOut.isEmpty ? nil : leftOut, notAdvised: aside.isEmpty ? nil : aside)
    }

    /// Protocols of types the system makes with no arguments of the app's (facts about the SDK):
    /// WidgetKit's providers and entries, App Intents' intents, SwiftUI's menu commands.
    static let systemMadeProtocols: Set<String> = [
        "TimelineProvider", "AppIntentTimelineProvider", "IntentTimelineProvider", "TimelineEntry", "AppIntent",
        "WidgetConfigurationIntent",
        "ControlConfigurationIntent", "AudioPlaybackIntent", "LiveActivityIntent", "ForegroundContinuableIntent",
        "SetValueIntent", "OpenIntent", "DeleteIntent", "ProgressReportingIntent", "Commands",
    ]

    /// A debug screen, menu or tool, or a stand-in (mock, fake, stub, spy) that ships in a
    /// production target: nobody unit-tests it, and its shortcuts are on purpose.
    static func isDebugTool(_ name: String) -> Bool {
        if name.contains("Debug") { return true }
        if name.hasSuffix("Fixture") || name.hasSuffix("Fixtures") { return true }
        return ["Mock", "Fake", "Stub", "Spy", "Dummy"].contains { name.hasPrefix($0) || name.hasSuffix($0) }
    }

    /// Methods a framework calls to have the type build its parts (`makeCoordinator()` of a
    /// representable, `makeUIView(context:)`, a content configuration's `makeContentView()`):
    /// what they construct is the shape the framework asks for, not a collaborator to inject.
    static let frameworkFactories: Set<String> = [
        "makeCoordinator()", "makeUIView(context:)", "makeNSView(context:)", "makeUIViewController(context:)",
        "makeNSViewController(context:)", "makeContentView()", "makeBody(configuration:)",
    ]

    /// A construction in a framework factory method (see `frameworkFactories`).
    static func isFrameworkFactory(_ use: Use) -> Bool {
        use.kind == .construct && use.member.map(frameworkFactories.contains) == true
    }

    /// Classes of the SDK whose shared instances are used as values: a `static let` formatter,
    /// expression or coder that no code changes through holds nothing a test could see change.
    static let immutableWhenUnwritten: Set<String> = [
        "NSRegularExpression", "NSPredicate", "NSDataDetector", "DateFormatter", "NumberFormatter",
        "ISO8601DateFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter", "MeasurementFormatter",
        "DateComponentsFormatter", "DateIntervalFormatter", "RelativeDateTimeFormatter", "ListFormatter",
        "LengthFormatter", "MassFormatter", "EnergyFormatter", "Formatter", "JSONDecoder", "JSONEncoder",
        "PropertyListDecoder", "PropertyListEncoder", "NSCharacterSet", "NSAttributedString", "NSNumberFormatter",
    ]

    /// Static and global stored properties that some code assigns or changes through, as
    /// `stateKey` names them.
    public static func written(_ graph: Graph) -> Set<String> {
        var keys = Set<String>()
        for use in graph.uses where use.kind == .staticWrite { keys.insert(stateKey(use)) }
        keys.remove("")
        return keys
    }

    /// The shared state a use reads, as `node\0member`, for comparing with what tests set.
    public static func stateKey(_ use: Use) -> String {
        switch use.kind {
        case .staticRead, .globalRead, .staticState, .staticWrite:
            guard let to = use.to else { return "" }
            return to + "\u{0}" + (use.targetMember ?? ServicePattern.chain(use.path).dropFirst().first ?? "")
        case .staticCall, .construct, .call, .downcast:
            return ""
        }
    }

    /// Shared state that test code reads or sets, and can replace: a `static var` or global
    /// `var` (`Environment.current = .mock`), or a global accessor such as an app environment
    /// resolved through a dependency system (`Current.date = { … }`). The app's own replaceable
    /// environment: production code reading it is reading a seam. A `static let` singleton that
    /// tests also use is not: they cannot replace it.
    static func replaceable(_ graph: Graph, nodes: [String: Node]) -> Set<String> {
        var keys = Set<String>()
        for use in graph.uses
        where (use.has(.mutable) && use.has(.stored)) || (use.kind == .globalRead && use.has(.computed)) {
            guard use.kind == .staticRead || use.kind == .globalRead, let from = nodes[use.from], from.role == .test
            else { continue }
            keys.insert(stateKey(use))
        }
        // A `static var` tests assign is a knob they turn (`Signaler.interval = 0.1`); a `static
        // let` they change through (`Store.shared.name = …`) is still the one shared object.
        for use in graph.uses where use.kind == .staticWrite && use.has(.mutable) && nodes[use.from]?.role == .test {
            keys.insert(stateKey(use))
        }
        keys.remove("")
        return keys
    }

    /// The app's replaceable environment: the scanned types of the shared state its tests set
    /// (`Current`'s `AppEnvironment`, the type of an `Environment.current` that tests assign),
    /// and the file scopes declaring such globals. Reading it is reading the app's seam, and
    /// what it holds is what tests replace. A declaration compiled into several targets (an
    /// iOS and a watchOS copy of one file) is one environment: its copies count too.
    public static func environment(_ graph: Graph) -> Set<String> {
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var out = Set<String>()
        for use in graph.uses
        where (use.has(.mutable) && use.has(.stored)) || (use.kind == .globalRead && use.has(.computed)) {
            guard use.kind == .staticRead || use.kind == .globalRead, nodes[use.from]?.role == .test else { continue }
            for id in [use.valueType, use.kind == .globalRead ? use.to : nil].compactMap({ $0 })
            where nodes[id].map({ !$0.external }) ?? false {
                out.insert(id)
            }
        }
        let declarations = Set(out.compactMap { nodes[$0].map(declaration) })
        for node in graph.nodes where !node.external && declarations.contains(declaration(node)) { out.insert(node.id) }
        return out
    }

    /// Where a node is declared, whichever target compiles it.
    private static func declaration(_ node: Node) -> String {
        "\(node.file ?? "")\u{0}\(node.line ?? 0)\u{0}\(node.name)\u{0}\(node.kind.rawValue)"
    }

    /// Types that are the app's adapters to the platform: a type that implements a protocol
    /// of the app which other production code depends on (`AudioPlayer: AudioPlayerProtocol`),
    /// or one the replaceable environment holds or nests (`Current.device`'s `DeviceWrapper`).
    /// Calling the platform is their job: their system-service uses are not advised on (they
    /// still block the types that make them).
    static func adapters(_ graph: Graph, nodes: [String: Node], environment: Set<String>) -> Set<String> {
        // A protocol is its declaration: the copy another target compiles (a bundle's own copy
        // of the app's protocol file) has the same users.
        var dependents: [String: Set<String>] = [:]  // declaration → production types using it
        var held = Set<String>()
        for e in graph.edges where !e.soft {
            if let from = nodes[e.from], from.isProduction, let to = nodes[e.to] {
                dependents[declaration(to), default: []].insert(e.from)
            }
            // What the environment holds, not the environment itself (its file scope makes it).
            if environment.contains(e.from), !environment.contains(e.to) { held.insert(e.to) }
        }
        let extended = graph.extendedTypes()
        var out = Set<String>()
        for e in graph.edges where e.sites.contains(where: { $0.kind == .inherit }) {
            guard let p = nodes[e.to], p.kind == .protocol, !p.external else { continue }
            let adopter = extended[e.from] ?? e.from
            let users = (dependents[declaration(p)] ?? []).filter { $0 != adopter && extended[$0] != adopter }
            if !users.isEmpty { out.insert(adopter) }
        }
        for id in held where nodes[id].map(isSubject) ?? false { out.insert(id) }
        for id in environment { for node in graph.nodes where node.id.hasPrefix(id + ".") { out.insert(node.id) } }
        return out
    }

    /// Types whose tests are in question: declared types and extensions, not protocols (they
    /// have no code of their own to test), externals or file scopes.
    static func isSubject(_ node: Node) -> Bool {
        switch node.kind {
        case .class, .struct, .enum, .actor, .extension: return !node.external
        default: return false
        }
    }

    private func isScanned(_ id: String?, _ nodes: [String: Node]) -> Bool {
        guard let id, let node = nodes[id] else { return false }
        return !node.external
    }

    /// A blocker met while the type is made: in `init`, a property's initializer or accessors,
    /// or its declaration.
    static func isSetup(_ b: Blocker) -> Bool {
        // A type's own `static var` is declared, not met while a value of it is made.
        guard b.kind != .hiddenState else { return false }
        return b.memberKind == "init" || b.memberKind == "property" || b.memberKind == "declaration"
    }

    /// A blocker by itself, whatever else is blocked.
    func direct(_ use: Use, nodes: [String: Node], written: Set<String>) -> Blocker? {
        if use.has(.defaultArgument) { return nil }
        if use.kind != .downcast, use.kind != .staticState, use.kind != .staticWrite, use.kind != .globalRead,
            let p = services.match(use)
        {
            // Stopping an observation undoes a use; it is never one a test must control. A post
            // is an output a test observes (`expectation(forNotification:)`), not an input.
            let last = ServicePattern.chain(use.path).last
            if last == "removeObserver" || (p.service == "notification center" && last == "post") { return nil }
            return blocker(
                .systemService, target: p.pattern, use, recipe: .wrapSystemService, service: p.service,
                reason: "uses \(p.pattern) (\(p.service)), which a test cannot control")
        }
        switch use.kind {
        case .staticRead, .globalRead:
            guard isScanned(use.to, nodes), use.has(.stored) else { return nil }
            let what = use.kind == .globalRead ? "global variable" : "static property"
            // A `var` nothing assigns is read as the constant it is.
            let isWritten = written.contains(Self.stateKey(use))
            if use.has(.mutable) && isWritten {
                return blocker(
                    .globalAccess, target: use.to!, use, recipe: .injectThroughInit,
                    reason: "reads the \(what) \(use.targetMember ?? use.path), state every test shares")
            }
            if use.has(.reference) {
                if !isWritten, let value = use.valueType, Self.immutableWhenUnwritten.contains(value) { return nil }
                return blocker(
                    .globalAccess, target: use.valueType ?? use.to!, use,
                    recipe: use.kind == .staticRead ? .injectedRepository : .injectThroughInit,
                    reason: "reads the shared instance \(Self.firstHop(use.path)), which a test cannot replace")
            }
            return nil
        case .staticCall:
            // `XManager.shared()`: an Objective-C style singleton accessor of a class.
            if use.has(.factory), isScanned(use.to, nodes), nodes[use.to!]?.kind == .class,
                let member = use.targetMember?.split(separator: "(").first,
                Self.sharedAccessors.contains(String(member))
            {
                return blocker(
                    .globalAccess, target: use.to!, use, recipe: .injectedRepository,
                    reason: "reads the shared instance \(Self.firstHop(use.path))(), which a test cannot replace")
            }
            guard isScanned(use.to, nodes), use.has(.void) else { return nil }
            return blocker(
                .staticCall, target: use.to!, use, recipe: .injectThroughInit,
                reason: "calls \(Self.firstHop(use.path))(…), a static function run for what it does")
        case .downcast:
            guard isScanned(use.to, nodes) else { return nil }
            let operand = use.path
            let isCollaborator =
                Self.collaboratorNames.contains(operand) || operand.hasSuffix("Controller")
                || operand.lowercased().contains("delegate") || operand.lowercased().contains("presenter")
            guard isCollaborator else { return nil }
            return blocker(
                .downcast, target: use.to!, use, recipe: .commandObject,
                reason:
                    "downcasts \(operand) to \(nodes[use.to!]?.name ?? use.to!), so it works only with that one type")
        case .staticState:
            // One declared in a local type (`struct Debounce` in a method) is written where no
            // name reaches it: taken as written.
            let isLocal = use.member != use.targetMember
            guard use.has(.mutable), isLocal || written.contains(Self.stateKey(use)) else { return nil }
            return blocker(
                .hiddenState, target: use.from, use, recipe: .injectThroughInit,
                reason: "declares static var \(use.targetMember ?? use.path), which outlives every test")
        case .construct, .call, .staticWrite:
            return nil
        }
    }

    /// Whether a use may become a blocker once its target is known to be blocked.
    private func dependsOnReach(_ use: Use, nodes: [String: Node]) -> Bool {
        guard !use.has(.defaultArgument), isScanned(use.to, nodes) else { return false }
        switch use.kind {
        case .construct: return true
        case .staticRead, .globalRead: return use.has(.computed)
        case .staticCall: return !use.has(.factory)
        default: return false
        }
    }

    /// A construction, accessor or static call whose target is blocked; a construction that
    /// passes `self` to a type that depends back on this one.
    /// A construction of a view is composition; of a value type, it carries only the blockers
    /// met while the value is made (`whenMade`).
    private func reaching(
        _ use: Use, from id: String, blocked: Set<String>, members: [String: Set<String>], whenMade: Set<String>,
        views: Set<String>, edges: Set<String>, nodes: [String: Node]
    ) -> Blocker? {
        guard let to = use.to else { return nil }
        // An accessor or a static function carries blockers only when its own code meets one: a
        // pure helper of a type whose other members read a singleton blocks nothing.
        func reachesBlocked() -> Bool {
            guard blocked.contains(to) else { return false }
            guard let member = use.targetMember else { return true }
            return members[to]?.contains(member) ?? true
        }
        let name = nodes[to]?.name ?? to
        switch use.kind {
        case .construct:
            if views.contains(to) { return nil }
            if use.has(.passesSelf), edges.contains(to + "\u{0}" + id) {
                return blocker(
                    .construction, target: to, use, recipe: .stateValue,
                    reason: "makes a \(name) with self, which reaches back into it: the two share state")
            }
            guard blocked.contains(to) else { return nil }
            if let kind = nodes[to]?.kind, kind == .struct || kind == .enum, !whenMade.contains(to) { return nil }
            let inSetup =
                !use.has(.closure)
                && (Self.memberKind(use.member) == "init"
                    || Self.memberKind(use.member) == "property")
            let isRepository = ["Repository", "Store"].contains { name.hasSuffix($0) }
            return blocker(
                .construction, target: to, use,
                recipe: isRepository ? .injectedRepository : inSetup ? .injectThroughInit : .factoryClosure,
                reason: "makes its own \(name), which is not testable in isolation")
        case .staticRead, .globalRead:
            guard reachesBlocked() else { return nil }
            let value = use.valueType.flatMap { nodes[$0]?.name }
            return blocker(
                .globalAccess, target: use.valueType ?? to, use, recipe: .injectThroughInit,
                reason:
                    "reads \(Self.firstHop(use.path)), an accessor that reaches global state\(value.map { " (it gives \($0))" } ?? "")"
            )
        case .staticCall:
            guard reachesBlocked() else { return nil }
            return blocker(
                .staticCall, target: to, use, recipe: .injectThroughInit,
                reason: "calls \(Self.firstHop(use.path))(…), which reaches what \(name) cannot do in a test")
        default:
            return nil
        }
    }

    private func blocker(
        _ kind: BlockerKind, target: String, _ use: Use, recipe: Recipe, service: String? = nil, reason: String
    ) -> Blocker {
        Blocker(
            kind: kind, target: target, path: use.path, service: service, file: use.file, line: use.line,
            column: use.column, member: use.member,
            memberKind: use.has(.closure) ? "closure" : Self.memberKind(use.member), recipe: recipe, reason: reason)
    }

    /// `init`, `method`, `property`, `subscript`, `deinit` or `declaration`, from how Swift names the member.
    static func memberKind(_ member: String?) -> String {
        guard let m = member else { return "declaration" }
        if m.hasPrefix("init(") { return "init" }
        if m == "deinit" { return "deinit" }
        if m.hasPrefix("subscript(") { return "subscript" }
        return m.contains("(") ? "method" : "property"
    }

    /// `UIApplication.appDelegate.api.signIn()` → `UIApplication.appDelegate`.
    static func firstHop(_ path: String) -> String {
        let parts = ServicePattern.chain(path)
        return parts.prefix(2).joined(separator: ".")
    }
}
