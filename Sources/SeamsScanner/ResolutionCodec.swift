import SeamsGraph

/// One file's resolved sites and notification uses as bytes, for the cache.
enum ResolutionCodec {
    static let format: UInt8 = 2

    private static let siteKinds = SiteKind.allCases

    static func encode(_ r: FileResolution) -> [UInt8] {
        var w = ByteWriter(capacity: r.sites.count * 12 + 64)
        w.list(r.sites) { w, s in
            w.string(s.0)
            w.string(s.1)
            writeSite(s.2, &w)
        }
        w.list(r.notifications) { w, n in
            w.string(n.name)
            w.bool(n.observes)
            w.string(n.owner)
            writeSite(n.site, &w)
        }
        return EntryFrame.wrap(w.bytes, format: format)
    }

    static func decode(_ entry: [UInt8]) -> FileResolution? {
        guard let payload = EntryFrame.unwrap(entry, format: format) else { return nil }
        var r = ByteReader(entry, from: payload.lowerBound)
        do {
            let sites = try r.list { r in (try r.string(), try r.string(), try readSite(&r)) }
            let notifications = try r.list { r in
                NotificationUse(
                    name: try r.string(), observes: try r.bool(), owner: try r.string(), site: try readSite(&r))
            }
            guard r.atEnd else { return nil }
            return FileResolution(sites: sites, notifications: notifications)
        } catch {
            return nil
        }
    }

    private static func writeSite(_ s: Site, _ w: inout ByteWriter) {
        w.string(s.file)
        w.int(s.line)
        w.int(s.column)
        w.byte(UInt8(siteKinds.firstIndex(of: s.kind)!))
    }

    private static func readSite(_ r: inout ByteReader) throws -> Site {
        let file = try r.string()
        let line = try r.int()
        let column = try r.int()
        let k = Int(try r.byte())
        guard k < siteKinds.count else { throw CorruptEntry() }
        return Site(file: file, line: line, column: column, kind: siteKinds[k])
    }
}
