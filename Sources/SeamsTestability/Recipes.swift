/// The seam that opens a blocker, named by id in reports and JSON.
public enum RecipeID: String, Codable, Sendable, CaseIterable, Comparable {
    case injectThroughInit = "inject-through-init"
    case wrapSystemService = "wrap-system-service"
    case factoryClosure = "factory-closure"
    case injectedRepository = "injected-repository"
    case commandInsteadOfDowncast = "command-instead-of-downcast"
    case stateValue = "state-value"

    public static func < (a: RecipeID, b: RecipeID) -> Bool { a.rawValue < b.rawValue }
}

/// A seam, what to do, and the lesson of the bundled sample that shows it done.
public struct Recipe: Hashable, Codable, Sendable {
    public var id: RecipeID
    public var seam: String
    public var advice: String
    /// A path in this repository, from its root.
    public var lesson: String

    public static let all: [Recipe] = [
        Recipe(
            id: .injectThroughInit, seam: "Inject through init",
            advice:
                "Pass what the type reads in through its initializer (a value, or a protocol of what it needs); "
                + "the composition root decides what it is.",
            lesson:
                "Samples/README.md#stage-1-four-seams, steps 1 (configuration through init) and 3 (inject the collaborator)"
        ),
        Recipe(
            id: .wrapSystemService, seam: "Wrap the system service behind a protocol",
            advice:
                "Declare the narrow protocol the type needs, make an adapter of the platform object conform to it, "
                + "and hand the type the protocol; tests hand it a double.",
            lesson: "Samples/Seams/1-WrapSystemService"),
        Recipe(
            id: .factoryClosure, seam: "Factory closure",
            advice:
                "Take `make…: () -> Collaborator` through init and call it where the method made the collaborator; "
                + "the smallest change to the method.",
            lesson: "Samples/Seams/2-FactoryClosure"),
        Recipe(
            id: .injectedRepository, seam: "Injected repository",
            advice:
                "Replace the `.shared` singleton with a protocol of the calls the type makes, received through init; "
                + "the app passes the singleton, tests a fake.",
            lesson: "Samples/Seams/3-InjectedRepositories"),
        Recipe(
            id: .commandInsteadOfDowncast, seam: "A command or protocol instead of a downcast",
            advice:
                "Let whoever presents or owns the type say what should happen (a command object or closure), "
                + "or downcast to a protocol of what is needed, never to a concrete screen.",
            lesson: "Samples/README.md#stage-1-four-seams, step 4 (a command object instead of a downcast)"),
        Recipe(
            id: .stateValue, seam: "One state value",
            advice:
                "Keep what the helper and the type share in one `State` value with pure transitions and one "
                + "`render(_:)`; the helper computes the next state instead of reaching back in.",
            lesson: "Samples/Seams/4-StateDrivenScreen"),
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// Every id has a recipe (a test holds the two lists together).
    public static func of(_ id: RecipeID) -> Recipe { byID[id]! }
}
