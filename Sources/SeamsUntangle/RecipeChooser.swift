import SeamsGraph
import SeamsTestability
import SeamsRules

/// Chooses the recipe for each site of a dependency `from → to` from what the site is and what
/// the graph says of the two ends.
public struct RecipeChooser: Sendable {
    /// Apple SDK types whose use makes tests slow, flaky or impossible: an app type that extends
    /// or subclasses one of them is a system service in disguise.
    public static let systemServices: Set<String> = [
        "URLSession", "UserDefaults", "FileManager", "NotificationCenter", "Bundle", "ProcessInfo",
        "CLLocationManager", "CLGeocoder", "UIDevice", "UIPasteboard", "UNUserNotificationCenter",
        "PHPhotoLibrary", "CNContactStore", "EKEventStore", "HKHealthStore", "LAContext", "AVAudioSession",
        "AVCaptureDevice", "CMMotionManager", "NWPathMonitor", "NSUbiquitousKeyValueStore", "WCSession",
        "CKContainer", "SKPaymentQueue", "NSPersistentContainer", "NSManagedObjectContext",
    ]

    /// (owner, owned): the owner constructs the owned class or actor.
    private let owns: Set<EdgeKey>
    private let nodes: [String: Node]
    /// App types that extend or subclass a system service.
    private let services: Set<String>
    /// The composition roots that are not entry points: an app environment or container
    /// reached as a locator.
    private let environments: Set<String>
    /// The app's entry points (its app delegate): a call back into one notifies its owner.
    private let entryPoints: Set<String>

    /// `roots`: the graph's composition roots when the caller has them (`Graph.compositionRoots`).
    public init(graph: Graph, roots: Set<String>? = nil) {
        var owns = Set<EdgeKey>()
        var services = Set<String>()
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for e in graph.edges {
            // A class or actor it makes is a part it owns; a struct or enum it makes is data.
            if e.kinds.contains(.construct), let made = nodes[e.to], made.kind == .class || made.kind == .actor {
                owns.insert(EdgeKey(e))
            }
            if e.kinds.contains(.inherit) || e.kinds.contains(.extends),
                let target = nodes[e.to], target.external, Self.systemServices.contains(target.name)
            {
                services.insert(e.from)
            }
        }
        for node in graph.nodes where node.kind == .extension {
            let base = node.name.split(separator: "+").first.map(String.init) ?? node.name
            if Self.systemServices.contains(base) { services.insert(node.id) }
        }
        self.owns = owns
        self.nodes = nodes
        self.services = services
        self.entryPoints = graph.subtypes(of: Graph.appEntryPoints)
        self.environments = (roots ?? graph.compositionRoots()).subtracting(entryPoints)
    }

    /// The recipe for one site of `edge`.
    public func recipe(for site: Site, of edge: Edge) -> Recipe {
        switch site.kind {
        case .cast: return .commandObject
        case .construct: return services.contains(edge.to) ? .wrapSystemService : .factoryClosure
        default: break
        }
        if services.contains(edge.to) { return .wrapSystemService }
        if site.kind == .static { return .injectThroughInit }
        // The app's environment reached as a locator: pass in the services read through it, not
        // a protocol over all of it nor a call back to it.
        if environments.contains(HeldEdge.owner(edge.to)) { return .injectThroughInit }
        // A global variable, or an accessor on another type (UIApplication.appDelegate): a global in disguise.
        if let kind = nodes[edge.to]?.kind, kind == .extension || kind == .fileScope { return .injectThroughInit }
        if owns.contains(EdgeKey(from: edge.to, to: edge.from)),
            [.member, .implicitMember, .keypath].contains(site.kind)
        {
            return .notifyOwner
        }
        // The app delegate reached as a locator (`Application.appDelegate.service`): the same.
        if entryPoints.contains(HeldEdge.owner(edge.to)) { return .injectThroughInit }
        return .extractProtocol
    }

    /// The recipes of an edge, the one that covers the most sites first (ties in catalog order).
    public func recipes(for edge: Edge) -> [(recipe: Recipe, sites: Int)] {
        var counts: [Recipe: Int] = [:]
        for site in edge.sites { counts[recipe(for: site, of: edge), default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }
}
