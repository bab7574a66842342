/// A type many others depend on (fan-in) or that depends on many (fan-out): where a legacy app's
/// app-wide singletons and god objects show.
public struct Hub: Codable, Sendable, Equatable {
    public var id: String
    public var kind: NodeKind
    public var module: String?
    /// Scanned nodes with an edge to this one.
    public var fanIn: Int
    /// Scanned nodes this one has an edge to.
    public var fanOut: Int
    /// Reference sites on the edges in and out.
    public var sitesIn: Int
    public var sitesOut: Int

    enum CodingKeys: String, CodingKey { case id, kind, module, fanIn, fanOut, sitesIn, sitesOut }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(module, forKey: .module)
        try c.encode(fanIn, forKey: .fanIn)
        try c.encode(fanOut, forKey: .fanOut)
        try c.encode(sitesIn, forKey: .sitesIn)
        try c.encode(sitesOut, forKey: .sitesOut)
    }
}

public struct HubList: Codable, Sendable, Equatable {
    public var byFanIn: [Hub]
    public var byFanOut: [Hub]

    /// The `top` of `counts` by fan-in and by fan-out; ties by sites, then by id. Nodes with none
    /// are left out.
    public init(ranking counts: [Hub], top: Int) {
        let byIn = counts.filter { $0.fanIn > 0 }.sorted {
            ($1.fanIn, $1.sitesIn, $0.id) < ($0.fanIn, $0.sitesIn, $1.id)
        }
        let byOut = counts.filter { $0.fanOut > 0 }.sorted {
            ($1.fanOut, $1.sitesOut, $0.id) < ($0.fanOut, $0.sitesOut, $1.id)
        }
        byFanIn = Array(byIn.prefix(max(0, top)))
        byFanOut = Array(byOut.prefix(max(0, top)))
    }
}

extension Graph {
    /// Every scanned node's fan-in and fan-out, counting distinct scanned neighbours (external
    /// types and a node's own edges are left out), in node order.
    public func fanCounts() -> [Hub] {
        var inFrom: [String: Set<String>] = [:]
        var outTo: [String: Set<String>] = [:]
        var sitesIn: [String: Int] = [:]
        var sitesOut: [String: Int] = [:]
        let scanned = Set(nodes.filter { !$0.external }.map(\.id))
        for e in edges where e.from != e.to && scanned.contains(e.from) && scanned.contains(e.to) {
            outTo[e.from, default: []].insert(e.to)
            inFrom[e.to, default: []].insert(e.from)
            sitesOut[e.from, default: 0] += e.count
            sitesIn[e.to, default: 0] += e.count
        }
        return nodes.filter { !$0.external }.map {
            Hub(
                id: $0.id, kind: $0.kind, module: $0.module, fanIn: inFrom[$0.id]?.count ?? 0,
                fanOut: outTo[$0.id]?.count ?? 0, sitesIn: sitesIn[$0.id] ?? 0, sitesOut: sitesOut[$0.id] ?? 0)
        }
    }

    /// The `top` nodes by fan-in and by fan-out.
    public func hubs(top: Int) -> HubList { HubList(ranking: fanCounts(), top: top) }
}
