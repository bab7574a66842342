import SeamsGraph

/// One file's resolved sites and notification uses as bytes, for the cache.
enum ResolutionCodec {
    static let format: UInt8 = 6

    static func encode(_ r: FileResolution) -> [UInt8] {
        var w = ByteWriter(capacity: r.groups.reduce(64) { $0 + 16 + $1.sites.count * 12 })
        w.list(r.groups) { w, g in
            w.string(g.from)
            w.string(g.to)
            GraphCodec.writeSites(g.sites, &w)
        }
        w.list(r.notifications) { w, n in
            w.string(n.name)
            w.bool(n.observes)
            w.string(n.owner)
            GraphCodec.writeSite(n.site, &w)
            w.bool(n.production)
        }
        GraphCodec.writeUses(r.uses, &w)
        return EntryFrame.wrap(w.bytes, format: format)
    }

    static func decode(_ entry: [UInt8]) -> FileResolution? {
        guard let payload = EntryFrame.unwrap(entry, format: format) else { return nil }
        var r = ByteReader(entry, from: payload.lowerBound)
        do {
            let groups = try r.list { r in
                SiteGroup(from: try r.string(), to: try r.string(), sites: try r.list { try GraphCodec.readSite(&$0) })
            }
            let notifications = try r.list { r in
                NotificationUse(
                    name: try r.string(), observes: try r.bool(), owner: try r.string(),
                    site: try GraphCodec.readSite(&r), production: try r.bool())
            }
            let uses = try r.list { try GraphCodec.readUse(&$0) }
            guard r.atEnd else { return nil }
            return FileResolution(groups: groups, notifications: notifications, uses: uses)
        } catch {
            return nil
        }
    }
}
