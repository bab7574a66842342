import SeamsGraph

/// `untangle:` in `seams.yml`: how `seams untangle` weighs the work of removing a dependency,
/// and which edges a team has already decided on.
public struct UntangleSettings: Sendable {
    /// The work of removing one reference site of each kind, in points. An edge weighs the sum
    /// of its sites. A type annotation or a member call is the cheapest to put behind a
    /// protocol; a downcast or a static read asks a new collaborator; a construction moves
    /// creation elsewhere; an extension and an inheritance change the shape of the types.
    /// A switch, so that a new site kind does not compile until it is given its weight.
    public static func defaultWeight(of kind: SiteKind) -> Int {
        switch kind {
        case .type, .metatype, .keypath, .attribute, .member, .implicitMember: 1
        case .cast, .static: 2
        case .construct: 4
        case .extends: 5
        case .inherit: 8
        case .notification, .callback: 1
        }
    }

    /// The weights `untangle.weights` in `seams.yml` sets; every other kind weighs its default.
    public var weights: [SiteKind: Int] = [:]

    /// The points of one site of `kind`: the config's weight, or the default.
    public func weight(of kind: SiteKind) -> Int { weights[kind] ?? Self.defaultWeight(of: kind) }

    /// A construction of a class or actor that calls back into its maker counts this many times:
    /// the owner making its parts is the direction to keep; the call back is the edge to cut.
    /// The edges out of a file's top-level code (a global declared with its type) are
    /// multiplied by it too: the uses of the global are the edges to cut.
    public var ownerFactor = 2
    /// Edges that must stay: never proposed as cuts.
    public var keep: [EdgePin] = []
    /// Edges already decided: cut first, and the plan is made for what is left.
    public var cut: [EdgePin] = []

    public init() {}

    /// The weight of an edge: the sum of its sites' weights, at least 1; `callsBack` when the
    /// edge's target also depends on its source.
    public func weight(of edge: Edge, callsBack: Bool = false) -> Int {
        max(
            1,
            edge.sites.reduce(0) {
                $0 + weight(of: $1.kind) * ($1.kind == .construct && callsBack ? ownerFactor : 1)
            })
    }
}

/// An edge named in the config: `From -> To` (type patterns) or `{ from: …, to: … }` (matchers).
public struct EdgePin: Sendable, CustomStringConvertible {
    public var from: Matcher
    public var to: Matcher
    public var location: ConfigLocation

    public init(from: Matcher, to: Matcher, location: ConfigLocation) {
        self.from = from
        self.to = to
        self.location = location
    }

    public func matches(from a: Node, to b: Node) -> Bool { from.matches(a) && to.matches(b) }

    public var description: String { "\(from) -> \(to)" }
}
