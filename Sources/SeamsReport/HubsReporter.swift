import SeamsGraph

/// `seams graph --hubs`: the types most depended on and the types that depend on the most.
public enum HubsReporter {
    public static func json(_ hubs: HubList) -> String { CanonicalJSON.encode(hubs) }

    public static func text(_ hubs: HubList) -> String {
        var out = ""
        for (title, list, fan, sites) in [
            ("by fan-in (how many scanned types depend on it)", hubs.byFanIn, \Hub.fanIn, \Hub.sitesIn),
            ("by fan-out (how many scanned types it depends on)", hubs.byFanOut, \Hub.fanOut, \Hub.sitesOut),
        ] {
            out += "Top \(list.count) \(title):\n"
            if list.isEmpty { out += "  (none)\n" }
            let width = list.map { String($0[keyPath: fan]).count }.max() ?? 1
            for hub in list {
                let n = String(hub[keyPath: fan])
                out += "  " + String(repeating: " ", count: width - n.count) + n + "  \(hub.id) (\(hub.kind.rawValue))"
                out += ", \(hub[keyPath: sites]) site\(hub[keyPath: sites] == 1 ? "" : "s")\n"
            }
        }
        return out
    }
}
