extension Graph {
    /// SDK types whose subtypes are where an app starts: app and scene delegates, a SwiftUI
    /// `App`, an `NSApplication` or `UIApplication` subclass.
    public static let appEntryPoints: Set<String> = [
        "UIApplicationDelegate", "NSApplicationDelegate", "App", "UIWindowSceneDelegate", "WKApplicationDelegate",
        "WKExtensionDelegate", "NSApplication", "UIApplication",
    ]

    /// How many distinct scanned types a type must make, while no other type makes it, to be
    /// taken for a composition root (an app environment, a service locator, a launch sequence).
    public static let rootConstructions = 6

    /// The app's composition roots, one definition for the testability advice and the cut
    /// plans: its entry points (with the external supertypes in the graph), and the types that
    /// make `rootConstructions` or more scanned types while no other type makes them (a file's
    /// globals do not count as a maker: `var Current = AppEnvironment()` leaves `AppEnvironment`
    /// a root; nor does test code). An extension makes things for the type it extends.
    public func compositionRoots() -> Set<String> {
        var roots = subtypes(of: Self.appEntryPoints)
        var kinds: [String: (kind: NodeKind, external: Bool, production: Bool)] = [:]
        for n in nodes { kinds[n.id] = (n.kind, n.external, n.isProduction) }
        let extended = extendedTypes()
        func owner(_ id: String) -> String { extended[id] ?? id }
        var made: [String: Set<String>] = [:]
        var madeByOthers = Set<String>()
        for e in edges where e.kinds.contains(.construct) {
            // Tests make their subjects: only production code counts as a maker.
            guard let from = kinds[e.from], from.production, let to = kinds[e.to], !to.external else { continue }
            switch from.kind {
            case .class, .struct, .enum, .actor, .extension:
                let maker = owner(e.from)
                guard maker != e.to else { continue }
                made[maker, default: []].insert(e.to)
                madeByOthers.insert(e.to)
            default:
                continue
            }
        }
        for (maker, list) in made where list.count >= Self.rootConstructions && !madeByOthers.contains(maker) {
            if kinds[maker].map({ !$0.external }) == true { roots.insert(maker) }
        }
        return roots
    }
}
