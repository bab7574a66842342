/// Which files a change to some files' declarations can reach, so that a warm scan resolves
/// those again and patches the last graph, rather than resolving every file.
///
/// A reference in another file resolves differently only through a name it mentions: the
/// changed declaration's own (`foo()`, `.foo`, `Foo`), or the name of a declaration whose
/// meaning depends on a changed one (`var shared: Foo` when `Foo` changed: a file writing
/// `X.shared.bar()` mentions `shared`, not `Foo`). So:
/// - the changed names are those of the declarations that differ between the old and the new
///   surface (a type's header, a member, a global), locations left out;
/// - a declaration (anywhere, the changed files' own too) whose type, inheritance, parameters
///   or initial value mention a changed name changes meaning: its names are changed names too,
///   until no more are added; the files declaring such are reached;
/// - then every file that mentions a changed name anywhere is reached.
/// Initializers and subscripts are looked up without their name written (`T(…)`, `t[…]`), and
/// a stored property is a parameter of a memberwise initializer: their changes change the name
/// of the type instead (an initializer's own name, `init`, is not counted: nearly every file
/// writes `.init(` or `super.init(`, and those reach the type through a name too, a contextual
/// type's declaration or an inheritance clause).
///
/// Names are compared by their `StringTable.mention` hash: two names with one hash only reach
/// more files.
enum SurfaceChange {
    /// One declaration as other files see it: the names it is reached by; its identity under
    /// its owner's and its content, without locations (`FactsCodec`); and the names its
    /// content mentions.
    struct Entry {
        var names: [UInt32]
        var key: [UInt8]
        var mentions: [UInt32]
    }

    /// Every declaration in `top`: type headers and extension headers, members and globals.
    static func entries(_ top: DeclFact) -> [Entry] {
        var out: [Entry] = []
        collect(top, owner: [], into: &out)
        return out
    }

    private static func collect(_ d: DeclFact, owner: [UInt8], into out: inout [Entry]) {
        // Who the declaration is: its name, or the type it extends, under its owner's.
        var identity = ByteWriter(capacity: 64, separateLocations: true)
        var names: [UInt32] = []
        // A type's or an extension's own line: what it is, its generics and what it inherits.
        var header: ByteWriter? = ByteWriter(capacity: 128, separateLocations: true)
        switch d.kind {
        case .nominal(let kind, let name):
            identity.byte(0)
            identity.string(name)
            names = [StringTable.mention(name)]
            header?.string(kind.rawValue)
        case .extension(let t):
            identity.byte(1)
            identity.bool(d.isFilePrivate)
            FactsCodec.writeType(t, &identity)
            names = identity.mentions
            // A plain `extension T` changes nothing of `T` but through its members, which have
            // entries of their own: adding or removing one does not change `T`'s name.
            if d.inherits.isEmpty && d.genericNames.isEmpty { header = nil }
        case .file:
            identity.byte(2)
            header = nil
        }
        var joined = ByteWriter(capacity: owner.count + identity.bytes.count + 4)
        joined.raw(owner)
        joined.count(identity.bytes.count)
        joined.raw(identity.bytes)
        let path = joined.bytes
        func entry(_ names: [UInt32], _ content: ByteWriter, mentions: [UInt32]) -> Entry {
            var key = ByteWriter(capacity: path.count + content.bytes.count + 4)
            key.raw(path)
            key.count(content.bytes.count)
            key.raw(content.bytes)
            return Entry(names: names, key: key.bytes, mentions: mentions)
        }
        if var header {
            header.bool(d.isFilePrivate)
            header.list(d.genericNames) { $0.string($1) }
            header.list(d.inherits) { FactsCodec.writeType($1, &$0) }
            out.append(entry(names, header, mentions: header.mentions))
        }
        for m in d.members {
            // The name first, so that it is the first string the member's mentions list: a
            // member's own name is not something it mentions (every `title` would otherwise
            // change its type's name when one `title` changed).
            var content = ByteWriter(capacity: 128, separateLocations: true)
            content.string(m.name)
            FactsCodec.writeMember(m, &content)
            var memberNames = m.kind == .initializer ? [] : [StringTable.mention(m.name)]
            if m.kind == .initializer || m.kind == .subscript || m.isStoredInstance { memberNames += names }
            out.append(entry(memberNames, content, mentions: Array(content.mentions.dropFirst())))
        }
        for n in d.nested { collect(n, owner: path, into: &out) }
    }

    /// The names of the declarations that differ between `old` and `new` (one file's surface).
    static func changedNames(old: [Entry], new: [Entry]) -> Set<UInt32> {
        var balance: [[UInt8]: (names: [UInt32], count: Int)] = [:]
        for e in old { balance[e.key, default: (e.names, 0)].count += 1 }
        for e in new { balance[e.key, default: (e.names, 0)].count -= 1 }
        var names = Set<UInt32>()
        for (_, b) in balance where b.count != 0 { names.formUnion(b.names) }
        return names
    }

    /// Adds to `names` the names of the declarations among `entries` that mention one of them;
    /// true when it added any.
    static func widen(_ names: inout MentionedNames, through entries: [Entry]) -> Bool {
        var grew = false
        for e in entries where !e.names.allSatisfy(names.contains) && e.mentions.contains(where: names.contains) {
            names.formUnion(e.names)
            grew = true
        }
        return grew
    }

    /// The files among `candidates` that the `changed` names can reach (see above), given the
    /// changed files' new declarations; nil when more than `limit` are. `mentions(k)` nil: not
    /// known, so reached with every name it declares. `declarations(k)`: file k's entries.
    static func reach(
        _ changed: Set<UInt32>, changedDeclarations: [Entry], candidates: [Int], limit: Int,
        mentions: (Int) -> FactsCodec.Mentions?, declarations: (Int) -> [Entry]
    ) -> Set<Int>? {
        var names = MentionedNames(changed)
        // Names that joined and whose mentioners are still to be looked at: each name once.
        var pending = changed.sorted()
        func add(_ more: [UInt32]) {
            for n in more where !names.contains(n) {
                names.formUnion(CollectionOfOne(n))
                pending.append(n)
            }
        }
        var reached = Set<Int>()
        // Each candidate's mentions, by its place among the candidates.
        let known = candidates.map(mentions)
        for (c, k) in candidates.enumerated() where known[c] == nil {
            reached.insert(k)
            for e in declarations(k) { add(e.names) }
        }
        if reached.count > limit { return nil }
        // Which candidates' surfaces, and which of the changed declarations, mention each name:
        // made once, so that widening visits a name's mentioners once when the name joins. (Looking
        // at every candidate again each round was quadratic on a chain of types, each naming the
        // next: 20 s on 20,000 files, where a cold scan took one.)
        var surfacesMentioning: [UInt32: [Int]] = [:]
        for (c, m) in known.enumerated() {
            guard let m else { continue }
            for n in Set(m.surface) { surfacesMentioning[n, default: []].append(c) }
        }
        var changedMentioning: [UInt32: [Int]] = [:]
        for (i, e) in changedDeclarations.enumerated() {
            for n in Set(e.mentions) { changedMentioning[n, default: []].append(i) }
        }
        var entries: [Int: [Entry]] = [:]
        // Through declarations, until no more names change meaning: a declaration that mentions
        // a changed name changes meaning, and its names join.
        while let name = pending.popLast() {
            for i in changedMentioning[name] ?? [] { add(changedDeclarations[i].names) }
            for c in surfacesMentioning[name] ?? [] {
                let k = candidates[c]
                if entries[k] == nil { entries[k] = declarations(k) }
                for e in entries[k]! where e.mentions.contains(name) && !e.names.allSatisfy(names.contains) {
                    add(e.names)
                    reached.insert(k)
                }
            }
            if reached.count > limit { return nil }
        }
        for (c, k) in candidates.enumerated()
        where !reached.contains(k) && known[c]?.mentionsAny(of: names, inSurface: false) == true {
            reached.insert(k)
            if reached.count > limit { return nil }
        }
        return reached
    }
}
