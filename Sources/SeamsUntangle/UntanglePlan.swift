import SeamsGraph
import SeamsTestability

/// What `seams untangle` found: per tangle (strongly connected component of hard edges), the
/// edges to cut, in order, with how and what each buys. The JSON contract of `untangle --format json`.
public struct UntanglePlan: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = UntanglePlan.currentSchemaVersion
    public var root: String
    public var scope: Granularity
    /// Points per site kind, as used.
    public var weights: [String: Int]
    /// Biggest first; ties by first member.
    public var components: [Component]
    /// Cycles of a type and its own nested types: reported, never planned.
    public var nesting: [Nesting]
    /// Pins of `untangle:` that matched no edge on a cycle, and other remarks.
    public var notes: [String]
    /// Test, preview and generated types left out of the plan (absent when none were).
    public var leftOut: LeftOut? = nil

    public var isAcyclic: Bool { components.isEmpty }

    public struct Component: Codable, Sendable, Equatable {
        public var members: [String]
        public var size: Int
        /// Edges inside the component.
        public var edges: Int
        /// Edges decided in `untangle.cut`, cut first.
        public var decided: [Cut]
        /// The plan, in order.
        public var cuts: [Cut]
        /// The total weight of the planned cuts.
        public var weight: Int
        /// Whether `weight` is proven minimal for this component (with the decided cuts made).
        public var exact: Bool
        /// Whether the plan leaves the component acyclic: false only when `untangle.keep` pins a cycle.
        public var acyclic: Bool
        /// Kept edges the plan had to cut anyway, because they alone close a cycle.
        public var keptButCut: Int
        /// Edges held for their structure that alone close cycles: left in place, never proposed
        /// (absent when none).
        public var heldLeft: [HeldLeft]? = nil

        /// A held edge left in a cycle, and why it is held.
        public struct HeldLeft: Codable, Sendable, Equatable {
            public var from: String
            public var to: String
            public var reason: String
        }
    }

    public struct Cut: Codable, Sendable, Equatable {
        /// 1-based, over decided and planned cuts of the component.
        public var order: Int
        public var from: String
        public var to: String
        public var weight: Int
        public var kinds: [SiteKind]
        public var sites: [Site]
        /// The technique for most of the sites; `recipes` lists each one with its site count.
        public var recipe: Recipe
        public var recipes: [RecipeUse]
        /// A soft edge (notification, callback) already couples the two ends, either way.
        public var soft: [SiteKind]
        /// After this cut and the ones before it.
        public var largestAfter: Int
        public var freedAfter: Int
        public var componentsAfter: Int
    }

    public struct RecipeUse: Codable, Sendable, Equatable {
        public var recipe: Recipe
        public var sites: Int
        public var lesson: String
    }

    public struct Nesting: Codable, Sendable, Equatable {
        public var root: String
        public var members: [String]
    }
}
