import SeamsGraph

/// Modules in layers from the top down: each may depend only on the layers below it.
public struct LayersRule: Rule {
    public static let description = RuleDescription(
        kind: "layers",
        summary: "A module may depend only on modules in the layers after its own.",
        rationale: """
            The layering of an app written down: the app on top, features, shared UI, \
            networking at the bottom. A dependency upwards, or between two sibling modules \
            listed in one entry, breaks it. Modules not listed are not constrained. The list \
            is the config's 'layers:' unless the rule gives its own; a config with 'layers:' \
            and no rule of this kind gets one, with the id 'layers'.
            """,
        keys: ["layers"],
        required: [],
        examples: [
            RuleExample(
                "networking reaches up into the app",
                sources: [
                    "App/AppDelegate.swift": "class AppDelegate { let api = API() }",
                    "Networking/API.swift": "class API { weak var app: AppDelegate? }",
                ],
                config: "layers: [App, Networking]",
                expected: ["Networking.API → App.AppDelegate"]),
            RuleExample(
                "siblings in one layer must not know each other; skipping a layer downwards is fine",
                sources: [
                    "App/Root.swift": "class Root { let s = SignIn(); let api = API() }",
                    "SignIn/SignIn.swift": "class SignIn { var settings: Settings? }",
                    "Settings/Settings.swift": "class Settings {}",
                    "Networking/API.swift": "class API {}",
                ],
                config: """
                    rules:
                      - id: app-layers
                        kind: layers
                        layers: [App, [SignIn, Settings], Networking]
                    """,
                expected: ["SignIn.SignIn → Settings.Settings"]),
        ])

    public let spec: RuleSpec
    public init(spec: RuleSpec) { self.spec = spec }

    public func violations(in context: RuleContext) -> [Violation] {
        let layers = spec.layers ?? context.config.layers
        var layerOf: [String: Int] = [:]
        for (i, layer) in layers.enumerated() { for m in layer { layerOf[m] = i } }
        let graph = context.graph(for: spec)
        return graph.edges.compactMap { edge in
            guard let a = context.node(edge.from)?.module, let b = context.node(edge.to)?.module, a != b,
                let la = layerOf[a], let lb = layerOf[b], lb <= la
            else { return nil }
            let why =
                lb == la
                ? "\(a) and \(b) are siblings in one layer"
                : "\(a) (layer \(la + 1)) must not depend on \(b) (layer \(lb + 1), above it)"
            return context.dependency(edge, spec: spec, message: "\(edge.from) → \(edge.to): \(why)")
        }
    }
}
