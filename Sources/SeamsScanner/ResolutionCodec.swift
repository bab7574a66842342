import SeamsGraph

/// One file's resolved sites and notification uses as bytes, for the cache.
enum ResolutionCodec {
    static let format: UInt8 = 4

    private static let siteKinds = SiteKind.allCases
    private static let useKinds = Use.Kind.allCases
    private static let traits = Use.Trait.allCases

    static func encode(_ r: FileResolution) -> [UInt8] {
        var w = ByteWriter(capacity: r.groups.reduce(64) { $0 + 16 + $1.sites.count * 12 })
        w.list(r.groups) { w, g in
            w.string(g.from)
            w.string(g.to)
            w.list(g.sites) { writeSite($1, &$0) }
        }
        w.list(r.notifications) { w, n in
            w.string(n.name)
            w.bool(n.observes)
            w.string(n.owner)
            writeSite(n.site, &w)
        }
        w.list(r.uses) { w, u in
            w.string(u.from)
            w.optionalString(u.to)
            w.byte(UInt8(useKinds.firstIndex(of: u.kind)!))
            w.string(u.path)
            w.optionalString(u.targetMember)
            w.optionalString(u.valueType)
            w.list(u.traits) { w, t in w.byte(UInt8(traits.firstIndex(of: t)!)) }
            w.string(u.file)
            w.int(u.line)
            w.int(u.column)
            w.optionalString(u.member)
        }
        return EntryFrame.wrap(w.bytes, format: format)
    }

    static func decode(_ entry: [UInt8]) -> FileResolution? {
        guard let payload = EntryFrame.unwrap(entry, format: format) else { return nil }
        var r = ByteReader(entry, from: payload.lowerBound)
        do {
            let groups = try r.list { r in
                SiteGroup(from: try r.string(), to: try r.string(), sites: try r.list { try readSite(&$0) })
            }
            let notifications = try r.list { r in
                NotificationUse(
                    name: try r.string(), observes: try r.bool(), owner: try r.string(), site: try readSite(&r))
            }
            let uses = try r.list { r in
                let from = try r.string()
                let to = try r.optionalString()
                let k = Int(try r.byte())
                guard k < useKinds.count else { throw CorruptEntry() }
                let path = try r.string()
                let targetMember = try r.optionalString()
                let valueType = try r.optionalString()
                let traitList = try r.list { r in
                    let t = Int(try r.byte())
                    guard t < traits.count else { throw CorruptEntry() }
                    return traits[t]
                }
                return Use(
                    from: from, to: to, kind: useKinds[k], path: path, targetMember: targetMember,
                    valueType: valueType, traits: traitList, file: try r.string(), line: try r.int(),
                    column: try r.int(), member: try r.optionalString())
            }
            guard r.atEnd else { return nil }
            return FileResolution(groups: groups, notifications: notifications, uses: uses)
        } catch {
            return nil
        }
    }

    private static func writeSite(_ s: Site, _ w: inout ByteWriter) {
        w.string(s.file)
        w.int(s.line)
        w.int(s.column)
        w.byte(UInt8(siteKinds.firstIndex(of: s.kind)!))
        w.optionalString(s.member)
    }

    private static func readSite(_ r: inout ByteReader) throws -> Site {
        let file = try r.string()
        let line = try r.int()
        let column = try r.int()
        let k = Int(try r.byte())
        guard k < siteKinds.count else { throw CorruptEntry() }
        return Site(file: file, line: line, column: column, kind: siteKinds[k], member: try r.optionalString())
    }
}
