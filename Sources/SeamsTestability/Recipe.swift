/// A refactoring technique that removes a dependency or a blocker of unit tests, named after the
/// seam it opens, with the lesson of the teaching sample that shows it done. One catalog for
/// `seams untangle` (which cut, how) and `seams testability` (which blocker, how).
public enum Recipe: String, Codable, Sendable, CaseIterable, Comparable {
    case commandObject = "command-object"
    case notifyOwner = "notify-owner"
    case injectThroughInit = "inject-through-init"
    case wrapSystemService = "wrap-system-service"
    case factoryClosure = "factory-closure"
    case extractProtocol = "extract-protocol"
    case injectedRepository = "injected-repository"
    case stateValue = "state-value"

    public var title: String {
        switch self {
        case .commandObject: "replace the downcast with a command object or a protocol"
        case .notifyOwner: "replace the call back into the owner with a notification, a delegate protocol or a closure"
        case .injectThroughInit: "inject it through init instead of reading a singleton, a static or an accessor"
        case .wrapSystemService: "wrap the system service behind a protocol"
        case .factoryClosure: "pass a factory closure instead of constructing it inside"
        case .extractProtocol: "extract a protocol of what is used, and depend on that"
        case .injectedRepository:
            "receive a protocol of the calls made through init instead of reaching a .shared singleton or making the store"
        case .stateValue: "keep what the two share in one State value with pure transitions and one render(_:)"
        }
    }

    /// Where in `Samples/` the technique is shown.
    public var lesson: String {
        switch self {
        case .commandObject: "Samples/README.md#stage-1-four-seams (4. a command object instead of a downcast)"
        case .notifyOwner: "Samples/README.md#stage-1-four-seams (2. events instead of calls back)"
        case .injectThroughInit: "Samples/README.md#stage-1-four-seams (1. configuration through init)"
        case .wrapSystemService: "Samples/Seams/1-WrapSystemService"
        case .factoryClosure: "Samples/Seams/2-FactoryClosure"
        case .extractProtocol: "Samples/README.md#stage-1-four-seams (3. inject the collaborator)"
        case .injectedRepository: "Samples/Seams/3-InjectedRepositories"
        case .stateValue: "Samples/Seams/4-StateDrivenScreen"
        }
    }

    public static func < (a: Recipe, b: Recipe) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A recipe as reports list it: its id, what to do, and where it is shown.
public struct RecipeInfo: Hashable, Codable, Sendable {
    public var id: Recipe
    public var title: String
    public var lesson: String

    public init(_ recipe: Recipe) {
        id = recipe
        title = recipe.title
        lesson = recipe.lesson
    }
}
