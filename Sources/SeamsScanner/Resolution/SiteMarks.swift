import SeamsGraph

/// A resolver's sites as it finds them, each a few integers with its names kept once in a table:
/// sorting and grouping a file's sites then copies no strings. Copying the sites themselves,
/// each with its ends' ids, retained four strings a copy, and grouping hashed both ends of
/// every site.
struct SiteMarks {
    struct Mark {
        var from: Int32
        var to: Int32
        var file: Int32
        /// -1: no member (a declaration's header, top-level code).
        var member: Int32
        var line: Int32
        var column: Int32
        var kind: SiteKind
    }

    private var marks: [Mark] = []
    /// Every name met, each once: node ids, files, members.
    private var names: [String] = []
    private var ids: [String: Int32] = [:]
    /// Symbols' node ids by symbol, each held so that its address names no other.
    private var symbolIDs: [ObjectIdentifier: (TypeSymbol, Int32)] = [:]
    /// The scope of the last mark and its names' ids: consecutive sites mostly share it. Held,
    /// so that a scope made later at its address is not taken for it.
    private var lastScope: (scope: Scope, owner: Int32, file: Int32, member: Int32)?

    var isEmpty: Bool { marks.isEmpty }
    var count: Int { marks.count }

    mutating func reserve(names count: Int) {
        names.reserveCapacity(count)
        ids.reserveCapacity(count)
    }

    mutating func id(_ name: String) -> Int32 {
        if let known = ids[name] { return known }
        let id = Int32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }

    mutating func id(of symbol: TypeSymbol) -> Int32 {
        if let known = symbolIDs[ObjectIdentifier(symbol)] { return known.1 }
        let id = id(symbol.nodeID)
        symbolIDs[ObjectIdentifier(symbol)] = (symbol, id)
        return id
    }

    /// The ids of the scope's owner, site file and member.
    private mutating func ids(of scope: Scope) -> (owner: Int32, file: Int32, member: Int32) {
        guard let last = lastScope else { return remember(scope, id(scope.owner), id(scope.siteFile), memberID(scope)) }
        if last.scope === scope { return (last.owner, last.file, last.member) }
        // A member's body has a scope of its own, mostly of the last one's type and file.
        let was = last.scope
        return remember(
            scope, was.owner == scope.owner ? last.owner : id(scope.owner),
            was.siteFile == scope.siteFile ? last.file : id(scope.siteFile),
            was.member == scope.member ? last.member : memberID(scope))
    }

    private mutating func memberID(_ scope: Scope) -> Int32 { scope.member.map { id($0) } ?? -1 }

    private mutating func remember(
        _ scope: Scope, _ owner: Int32, _ file: Int32, _ member: Int32
    ) -> (owner: Int32, file: Int32, member: Int32) {
        let found = (owner: owner, file: file, member: member)
        lastScope = (scope, found.owner, found.file, found.member)
        return found
    }

    /// A site in `scope` from its owner to `to`.
    mutating func add(to: Int32, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        let s = ids(of: scope)
        marks.append(
            Mark(from: s.owner, to: to, file: s.file, member: s.member, line: loc.line, column: loc.column, kind: kind))
    }

    /// A site in `scope` from `from` to `to`, whatever the scope's owner (a callback's).
    mutating func add(from: Int32, to: Int32, _ loc: Loc, _ kind: SiteKind, _ scope: Scope) {
        let s = ids(of: scope)
        marks.append(
            Mark(from: from, to: to, file: s.file, member: s.member, line: loc.line, column: loc.column, kind: kind))
    }

    /// Every site marked, in the order marked, with its ends: the declarations' (on the resolver
    /// that builds the table), which the graph and a patch take as they come.
    func sites() -> [(String, String, Site)] {
        marks.map { (names[Int($0.from)], names[Int($0.to)], site($0)) }
    }

    private func site(_ mark: Mark) -> Site {
        Site(
            file: names[Int(mark.file)], line: Int(mark.line), column: Int(mark.column), kind: mark.kind,
            member: mark.member < 0 ? nil : names[Int(mark.member)])
    }

    /// The sites marked since the last call: sorted in site order (equal sites in the order
    /// marked), grouped by edge in the order each edge first appears, each site once, none from
    /// a node to itself. The marks are let go; the names stay.
    mutating func takeGroups() -> [SiteGroup] {
        var taken: [Mark] = []
        swap(&taken, &marks)
        lastScope = nil
        let names = self.names
        // Site order (`Site.<`): file, line, column, kind, member (none first). Names compare
        // only when their ids differ.
        taken.sort { a, b in
            if a.file != b.file { return names[Int(a.file)] < names[Int(b.file)] }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.member == b.member || b.member < 0 { return false }
            if a.member < 0 { return true }
            return names[Int(a.member)] < names[Int(b.member)]
        }
        var index: [Int64: Int] = [:]
        var ends: [(from: Int32, to: Int32)] = []
        var lists: [[Mark]] = []
        for mark in taken where mark.from != mark.to {
            let key = Int64(mark.from) << 32 | Int64(UInt32(bitPattern: mark.to))
            if let i = index[key] {
                if !Self.same(lists[i][lists[i].count - 1], mark) { lists[i].append(mark) }
            } else {
                index[key] = lists.count
                ends.append((mark.from, mark.to))
                lists.append([mark])
            }
        }
        return lists.indices.map { i in
            SiteGroup(
                from: names[Int(ends[i].from)], to: names[Int(ends[i].to)],
                sites: lists[i].map(site))
        }
    }

    /// The same site (the ends aside): names are kept once, so equal ids are equal names.
    private static func same(_ a: Mark, _ b: Mark) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.kind == b.kind && a.member == b.member
    }
}
