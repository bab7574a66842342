import SeamsGraph
import SeamsTestability

/// Nodes of a map filled by testability cost (`seams graph --testability`), with a legend of
/// the bands. Bands are fixed, so one type keeps its colour between runs and between apps.
public enum TestabilityMap {
    /// Upper bound of each band (inclusive), its fill and its name; the last band is open.
    public static let bands: [(limit: Int, fill: String, name: String)] = [
        (0, "#b7e4c7", "testable in isolation"),
        (20, "#fff3b0", "cost 1–20"),
        (100, "#ffc97a", "cost 21–100"),
        (Int.max, "#f4978e", "cost over 100"),
    ]

    public static func band(of cost: Int) -> (limit: Int, fill: String, name: String) {
        bands.first { cost <= $0.limit } ?? bands[bands.count - 1]
    }

    /// The map's options coloured by testability: each type's band as its fill, its cost and first
    /// blockers as its tooltip; white for the nodes of `graph` no type stands for (protocols,
    /// file scopes), so no module colour is read as a band.
    public static func apply(_ report: TestabilityReport, graph: Graph, to options: inout MapOptions) {
        for node in graph.nodes where !node.external { options.nodeFills[node.id] = "#ffffff" }
        for t in report.types {
            var tip = "\(t.id) (\(t.kind.rawValue))\n"
            tip +=
                t.isTestableInIsolation
                ? "testable in isolation"
                : "testability cost \(t.cost): \(TestabilityReporter.summary(t))"
            for b in t.blockers.prefix(DOTEncoder.tooltipSites) {
                tip += "\n\(b.location) \(b.kind.rawValue): \(b.path)"
            }
            if t.blockers.count > DOTEncoder.tooltipSites {
                tip += "\n… and \(t.blockers.count - DOTEncoder.tooltipSites) more"
            }
            options.nodeFills[t.id] = band(of: t.cost).fill
            options.nodeTooltips[t.id] = tip
        }
        options.customLegend = legend
    }

    /// The legend: one swatch per band.
    public static var legend: String {
        var rows = bands.map { MapLegend.Row(.fill($0.fill), $0.name) }
        rows.append(MapLegend.Row(.fill("#ffffff"), "protocol: not judged"))
        return MapLegend.node(title: "Testability", rows: rows)
    }
}
