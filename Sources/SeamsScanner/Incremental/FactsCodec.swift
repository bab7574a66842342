import SeamsGraph

// A file's facts as bytes, for the cache. Parts, each with its own string table so that one
// can be read without the others:
// - the head: line count and diagnostics;
// - the surface: imports and the declarations without their code bodies — what other files
//   can see, and all the symbol table needs. Of a type's or extension's members it holds only
//   their count and the type aliases among them; the file's top-level members are whole;
// - the members of the types and extensions, in the surface's order: read when one of them is
//   first asked for (`LazyMembers`). A warm scan reads every file's surface but asks for few
//   types' members, and the members were two thirds of reading a surface. The hash of the
//   surface and these members tells whether other files' references may resolve differently;
// - the bodies: the code of each declaration, in the surface's order, read only for a file
//   whose references must be resolved again;
// - the names the file mentions: a hash of each string of the surface and of the bodies, read
//   only when another file's surface changed (`SurfaceChange`).

enum FactsCodec {
    static let format: UInt8 = 6

    struct Encoded {
        var bytes: [UInt8]
        var surfaceDigest: String
    }

    /// A file's facts read back: the bodies stay bytes until `fillBodies`.
    struct Decoded {
        var facts: FileFacts
        var surfaceDigest: String
        var entry: [UInt8]
        var bodies: Range<Int>
        /// The mentioned names' hashes: the surface's, then the bodies'.
        var mentions: Range<Int>
        var bodiesFilled = false
    }

    /// What a file mentions (`StringTable.mention` hashes of its strings): in its surface,
    /// and in its bodies.
    struct Mentions {
        var surface: [UInt32]
        var bodies: [UInt32]

        func mentionsAny(of names: MentionedNames, inSurface: Bool) -> Bool {
            surface.contains(where: names.contains) || (!inSurface && bodies.contains(where: names.contains))
        }
    }

    static func encode(_ facts: FileFacts) -> Encoded {
        // The surface's locations go apart: a line added above a declaration moves it, but
        // changes nothing another file's references resolve to.
        var surface = ByteWriter(capacity: 4096, separateLocations: true)
        var members = ByteWriter(capacity: 4096, separateLocations: true)
        surface.list(facts.imports) { $0.string($1) }
        writeSurface(facts.top, &surface, members: &members)
        var bodies = ByteWriter(capacity: 8192)
        writeBodies(facts.top, &bodies)
        var hash = StableHash()
        hash.combine(surface.bytes)
        hash.combine(members.bytes)
        let digest = hash.hex
        let surfaceLocations = surface.locations!.bytes
        let memberLocations = members.locations!.bytes

        var head = ByteWriter(capacity: surface.bytes.count + bodies.bytes.count + 256)
        head.uint(UInt64(facts.lines))
        head.list(facts.diagnostics) { GraphCodec.writeDiagnostic($1, &$0) }
        head.string(digest)
        head.count(surface.bytes.count)
        head.raw(surface.bytes)
        head.count(surfaceLocations.count)
        head.raw(surfaceLocations)
        head.count(members.bytes.count)
        head.raw(members.bytes)
        head.count(memberLocations.count)
        head.raw(memberLocations)
        head.count(bodies.bytes.count)
        head.raw(bodies.bytes)
        // The members are of the surface: what they mention, it does.
        head.words(surface.mentions + members.mentions)
        head.words(bodies.mentions)
        return Encoded(bytes: EntryFrame.wrap(head.bytes, format: format), surfaceDigest: digest)
    }

    /// The head and surface of an entry; nil when it is torn, foreign or not this format.
    static func decode(_ entry: [UInt8], path: String) -> Decoded? {
        guard let payload = EntryFrame.unwrap(entry, format: format) else { return nil }
        do {
            var r = ByteReader(entry, from: payload.lowerBound)
            let lines = Int(truncatingIfNeeded: try r.uint())
            let diagnostics = try r.list { try GraphCodec.readDiagnostic(&$0) }
            let digest = try r.string()
            let surfaceLength = try r.count()
            let surfaceStart = r.offset
            var l = ByteReader(entry, from: surfaceStart + surfaceLength, to: payload.upperBound)
            let locationsLength = try l.count()
            let locationsStart = l.offset
            guard locationsStart + locationsLength <= payload.upperBound else { throw CorruptEntry() }
            var s = ByteReader(entry, from: surfaceStart, to: surfaceStart + surfaceLength)
            s.readLocations(from: locationsStart..<locationsStart + locationsLength)
            let imports = try s.list { try $0.string() }
            var lazy: [LaterMembers] = []
            let top = try readSurface(&s, lazy: &lazy)
            guard s.atEnd, s.locationsAtEnd else { throw CorruptEntry() }
            var rest = ByteReader(entry, from: locationsStart + locationsLength, to: payload.upperBound)
            let membersLength = try rest.count()
            let members = rest.offset..<rest.offset + membersLength
            var ml = ByteReader(entry, from: members.upperBound, to: payload.upperBound)
            let memberLocationsLength = try ml.count()
            let memberLocations = ml.offset..<ml.offset + memberLocationsLength
            guard memberLocations.upperBound <= payload.upperBound,
                lazy.reduce(0, { $0 + $1.count }) <= membersLength
            else { throw CorruptEntry() }
            if !lazy.isEmpty {
                let source = LazyMembers(
                    entry: entry, range: members, locations: memberLocations, count: lazy.count,
                    readList: { r in try r.list { try readMember(&$0) } })
                for (k, (d, count, aliases)) in lazy.enumerated() {
                    d.membersLater(source, index: k, count: count, aliases: aliases)
                }
            }
            rest = ByteReader(entry, from: memberLocations.upperBound, to: payload.upperBound)
            let bodiesLength = try rest.count()
            let bodies = rest.offset..<rest.offset + bodiesLength
            guard bodies.upperBound <= payload.upperBound else { throw CorruptEntry() }
            var m = ByteReader(entry, from: bodies.upperBound, to: payload.upperBound)
            try m.skipWords()
            try m.skipWords()
            guard m.atEnd else { throw CorruptEntry() }
            let facts = FileFacts(path: path, imports: imports, top: top, diagnostics: diagnostics, lines: lines)
            return Decoded(
                facts: facts, surfaceDigest: digest, entry: entry, bodies: bodies,
                mentions: bodies.upperBound..<payload.upperBound)
        } catch {
            return nil
        }
    }

    /// The names the file mentions; nil once its bytes were let go (bodies read) or damaged.
    static func mentions(_ decoded: Decoded) -> Mentions? {
        guard !decoded.entry.isEmpty else { return nil }
        var r = ByteReader(decoded.entry, from: decoded.mentions.lowerBound, to: decoded.mentions.upperBound)
        guard let surface = try? r.words(), let bodies = try? r.words() else { return nil }
        return Mentions(surface: surface, bodies: bodies)
    }

    /// Reads the code bodies into the decoded declarations; false when they do not fit.
    static func fillBodies(_ decoded: inout Decoded) -> Bool {
        if decoded.bodiesFilled { return true }
        var r = ByteReader(decoded.entry, from: decoded.bodies.lowerBound, to: decoded.bodies.upperBound)
        do {
            try readBodies(decoded.facts.top, &r)
            guard r.atEnd else { return false }
        } catch {
            return false
        }
        decoded.bodiesFilled = true
        decoded.entry = []
        return true
    }

    // MARK: declarations

    private static func writeSurface(_ d: DeclFact, _ w: inout ByteWriter, members m: inout ByteWriter) {
        switch d.kind {
        case .nominal(let kind, let name):
            w.byte(0)
            w.string(kind.rawValue)
            w.string(name)
        case .extension(let t):
            w.byte(1)
            writeType(t, &w)
        case .file:
            w.byte(2)
        }
        writeLoc(d.loc, &w)
        w.bool(d.isFilePrivate)
        w.list(d.genericNames) { $0.string($1) }
        w.list(d.inherits) { writeType($1, &$0) }
        if case .file = d.kind {
            w.list(d.members) { writeMember($1, &$0) }
        } else {
            // Their count and type aliases here; all of them in the members' part.
            w.count(d.members.count)
            w.list(d.aliasMembers) { w, alias in
                w.count(alias.index)
                writeMember(alias.member, &w)
            }
            m.list(d.members) { writeMember($1, &$0) }
        }
        w.list(d.nested) { writeSurface($1, &$0, members: &m) }
    }

    /// A type's or extension's members as the surface tells of them, read later: the declaration,
    /// how many, and its type aliases.
    private typealias LaterMembers = (decl: DeclFact, count: Int, aliases: [(index: Int, member: MemberFact)])

    private static func readSurface(
        _ r: inout ByteReader, lazy: inout [LaterMembers]
    ) throws -> DeclFact {
        let kind: DeclFact.Kind
        switch try r.byte() {
        case 0:
            guard let k = NodeKind(rawValue: try r.string()) else { throw CorruptEntry() }
            kind = .nominal(k, try r.string())
        case 1: kind = .extension(try readType(&r))
        case 2: kind = .file
        default: throw CorruptEntry()
        }
        let d = DeclFact(kind: kind, loc: try readLoc(&r))
        d.isFilePrivate = try r.bool()
        d.genericNames = try r.list { try $0.string() }
        d.inherits = try r.list { try readType(&$0) }
        if case .file = kind {
            d.members = try r.list { try readMember(&$0) }
        } else {
            // Counted against the members' part (below), not this one.
            let count = Int(clamping: try r.uint())
            let aliases = try r.list { r in (index: Int(clamping: try r.uint()), member: try readMember(&r)) }
            guard aliases.allSatisfy({ $0.index < count }) else { throw CorruptEntry() }
            lazy.append((d, count, aliases))
        }
        d.nested = try r.list { try readSurface(&$0, lazy: &lazy) }
        return d
    }

    private static func writeBodies(_ d: DeclFact, _ w: inout ByteWriter) {
        w.list(d.code) { writeCode($1, &$0) }
        for n in d.nested { writeBodies(n, &w) }
    }

    private static func readBodies(_ d: DeclFact, _ r: inout ByteReader) throws {
        d.code = try r.list { try readCode(&$0) }
        for n in d.nested { try readBodies(n, &r) }
    }

    /// A member kind's byte in an entry, and back: switches, so that a new kind does not compile
    /// until it has its byte (a table looked up at run time would trap on it instead).
    private static func code(of kind: MemberKind) -> UInt8 {
        switch kind {
        case .property: 0
        case .function: 1
        case .enumCase: 2
        case .subscript: 3
        case .initializer: 4
        case .typeAlias: 5
        case .associatedType: 6
        }
    }

    private static func memberKind(_ code: UInt8) throws -> MemberKind {
        switch code {
        case 0: .property
        case 1: .function
        case 2: .enumCase
        case 3: .subscript
        case 4: .initializer
        case 5: .typeAlias
        case 6: .associatedType
        default: throw CorruptEntry()
        }
    }

    static func writeMember(_ m: MemberFact, _ w: inout ByteWriter) {
        w.string(m.name)
        w.byte(code(of: m.kind))
        w.bool(m.isStatic)
        writeOptionalType(m.type, &w)
        w.bool(m.initializer != nil)
        if let e = m.initializer { writeExpr(e, &w) }
        w.list(m.params) { w, p in
            w.optionalString(p.label)
            writeType(p.type, &w)
        }
        w.list(m.genericNames) { $0.string($1) }
        w.bool(m.isStoredInstance)
        w.bool(m.isLet)
        w.bool(m.isStored)
        w.bool(m.isVar)
    }

    private static func readMember(_ r: inout ByteReader) throws -> MemberFact {
        let name = try r.string()
        let kind = try memberKind(try r.byte())
        let isStatic = try r.bool()
        let type = try readOptionalType(&r)
        let initializer = try r.bool() ? try readExpr(&r) : nil
        let params = try r.list { r in ParamFact(label: try r.optionalString(), type: try readType(&r)) }
        let generics = try r.list { try $0.string() }
        let (isStoredInstance, isLet) = (try r.bool(), try r.bool())
        let (isStored, isVar) = (try r.bool(), try r.bool())
        return MemberFact(
            name: name, kind: kind, isStatic: isStatic, type: type, initializer: initializer,
            params: params, genericNames: generics, isStoredInstance: isStoredInstance, isLet: isLet,
            isStored: isStored, isVar: isVar)
    }

    // MARK: small values

    private static func writeLoc(_ l: Loc, _ w: inout ByteWriter) {
        w.location(l.line, l.column)
    }

    private static func readLoc(_ r: inout ByteReader) throws -> Loc {
        let (line, column) = try r.location()
        var loc = Loc(line: 0, column: 0)
        loc.line = line
        loc.column = column
        return loc
    }

    private static func writeOptionalType(_ t: TypeExpr?, _ w: inout ByteWriter) {
        w.bool(t != nil)
        if let t { writeType(t, &w) }
    }

    private static func readOptionalType(_ r: inout ByteReader) throws -> TypeExpr? {
        try r.bool() ? try readType(&r) : nil
    }

    private static func writeOptionalExpr(_ e: Expr?, _ w: inout ByteWriter) {
        w.bool(e != nil)
        if let e { writeExpr(e, &w) }
    }

    private static func readOptionalExpr(_ r: inout ByteReader) throws -> Expr? {
        try r.bool() ? try readExpr(&r) : nil
    }

    // MARK: types

    static func writeType(_ t: TypeExpr, _ w: inout ByteWriter) {
        switch t {
        case .named(let comps):
            w.byte(0)
            w.list(comps) { w, c in
                w.string(c.name)
                writeLoc(c.loc, &w)
                w.list(c.genericArgs) { writeType($1, &$0) }
            }
        case .optional(let x):
            w.byte(1)
            writeType(x, &w)
        case .array(let x):
            w.byte(2)
            writeType(x, &w)
        case .dictionary(let k, let v):
            w.byte(3)
            writeType(k, &w)
            writeType(v, &w)
        case .tuple(let xs):
            w.byte(4)
            w.list(xs) { writeType($1, &$0) }
        case .function(let params, let result):
            w.byte(5)
            w.list(params) { writeType($1, &$0) }
            writeType(result, &w)
        case .composition(let xs):
            w.byte(6)
            w.list(xs) { writeType($1, &$0) }
        case .metatype(let x):
            w.byte(7)
            writeType(x, &w)
        case .attributed(let attrs, let x):
            w.byte(8)
            w.list(attrs) { writeType($1, &$0) }
            writeType(x, &w)
        case .unknown:
            w.byte(9)
        }
    }

    private static func readType(_ r: inout ByteReader) throws -> TypeExpr {
        switch try r.byte() {
        case 0:
            return .named(
                try r.list { r in
                    TypeComponent(
                        name: try r.string(), loc: try readLoc(&r), genericArgs: try r.list { try readType(&$0) })
                })
        case 1: return .optional(try readType(&r))
        case 2: return .array(try readType(&r))
        case 3: return .dictionary(try readType(&r), try readType(&r))
        case 4: return .tuple(try r.list { try readType(&$0) })
        case 5: return .function(try r.list { try readType(&$0) }, try readType(&r))
        case 6: return .composition(try r.list { try readType(&$0) })
        case 7: return .metatype(try readType(&r))
        case 8: return .attributed(try r.list { try readType(&$0) }, try readType(&r))
        case 9: return .unknown
        default: throw CorruptEntry()
        }
    }

    // MARK: code

    private static func writeCode(_ c: Code, _ w: inout ByteWriter) {
        w.list(c.events) { writeEvent($1, &$0) }
        writeOptionalType(c.returnType, &w)
        w.list(c.genericNames) { $0.string($1) }
        w.optionalString(c.member)
    }

    private static func readCode(_ r: inout ByteReader) throws -> Code {
        Code(
            events: try r.list { try readEvent(&$0) }, returnType: try readOptionalType(&r),
            genericNames: try r.list { try $0.string() }, member: try r.optionalString())
    }

    private static let siteKinds = SiteKind.allCases

    private static func writeEvent(_ e: Event, _ w: inout ByteWriter) {
        switch e {
        case .push: w.byte(0)
        case .pop: w.byte(1)
        case .bind(let name, let type, let value):
            w.byte(2)
            w.string(name)
            writeOptionalType(type, &w)
            writeOptionalExpr(value, &w)
        case .forIn(let names, let sequence):
            w.byte(3)
            w.list(names) { $0.string($1) }
            writeExpr(sequence, &w)
        case .eval(let x):
            w.byte(4)
            writeExpr(x, &w)
        case .ret(let x):
            w.byte(5)
            writeExpr(x, &w)
        case .typeUse(let t, let kind):
            w.byte(6)
            writeType(t, &w)
            w.byte(UInt8(siteKinds.firstIndex(of: kind)!))
        case .shadow(let name):
            w.byte(7)
            w.string(name)
        case .switchOn(let x):
            w.byte(8)
            writeExpr(x, &w)
        case .casePattern(let x):
            w.byte(9)
            writeExpr(x, &w)
        case .endSwitch: w.byte(10)
        case .code(let c):
            w.byte(11)
            writeCode(c, &w)
        case .declareStatic(let name, let l, let mutable):
            w.byte(12)
            w.string(name)
            writeLoc(l, &w)
            w.bool(mutable)
        case .inDefault(let on):
            w.byte(13)
            w.bool(on)
        case .attributeArguments(let t, let args):
            w.byte(14)
            writeType(t, &w)
            writeArgs(args, &w)
        }
    }

    private static func readEvent(_ r: inout ByteReader) throws -> Event {
        switch try r.byte() {
        case 0: return .push
        case 1: return .pop
        case 2: return .bind(try r.string(), try readOptionalType(&r), try readOptionalExpr(&r))
        case 3: return .forIn(try r.list { try $0.string() }, try readExpr(&r))
        case 4: return .eval(try readExpr(&r))
        case 5: return .ret(try readExpr(&r))
        case 6:
            let t = try readType(&r)
            let k = Int(try r.byte())
            guard k < siteKinds.count else { throw CorruptEntry() }
            return .typeUse(t, siteKinds[k])
        case 7: return .shadow(try r.string())
        case 8: return .switchOn(try readExpr(&r))
        case 9: return .casePattern(try readExpr(&r))
        case 10: return .endSwitch
        case 11: return .code(try readCode(&r))
        case 12: return .declareStatic(try r.string(), try readLoc(&r), mutable: try r.bool())
        case 13: return .inDefault(try r.bool())
        case 14: return .attributeArguments(try readType(&r), try readArgs(&r))
        default: throw CorruptEntry()
        }
    }

    /// A cast kind's byte in an entry, and back (switches, as for member kinds).
    private static func code(of kind: CastKind) -> UInt8 {
        switch kind {
        case .as: 0
        case .asOptional: 1
        case .asForced: 2
        case .is: 3
        }
    }

    private static func castKind(_ code: UInt8) throws -> CastKind {
        switch code {
        case 0: .as
        case 1: .asOptional
        case 2: .asForced
        case 3: .is
        default: throw CorruptEntry()
        }
    }

    private static func writeArgs(_ args: [Arg], _ w: inout ByteWriter) {
        w.list(args) { w, a in
            w.optionalString(a.label)
            writeExpr(a.value, &w)
        }
    }

    private static func readArgs(_ r: inout ByteReader) throws -> [Arg] {
        try r.list { r in Arg(label: try r.optionalString(), value: try readExpr(&r)) }
    }

    private static func writeExpr(_ e: Expr, _ w: inout ByteWriter) {
        switch e {
        case .name(let n, let loc):
            w.byte(0)
            w.string(n)
            writeLoc(loc, &w)
        case .member(let base, let n, let loc):
            w.byte(1)
            writeExpr(base, &w)
            w.string(n)
            writeLoc(loc, &w)
        case .implicitMember(let n, let loc):
            w.byte(2)
            w.string(n)
            writeLoc(loc, &w)
        case .call(let callee, let args):
            w.byte(3)
            writeExpr(callee, &w)
            writeArgs(args, &w)
        case .subscriptCall(let base, let args):
            w.byte(4)
            writeExpr(base, &w)
            writeArgs(args, &w)
        case .selfRef: w.byte(5)
        case .superRef: w.byte(6)
        case .specialize(let base, let types):
            w.byte(7)
            writeExpr(base, &w)
            w.list(types) { writeType($1, &$0) }
        case .type(let t, let loc):
            w.byte(8)
            writeType(t, &w)
            writeLoc(loc, &w)
        case .cast(let x, let t, let kind):
            w.byte(9)
            writeExpr(x, &w)
            writeType(t, &w)
            w.byte(code(of: kind))
        case .binary(let l, let op, let rhs):
            w.byte(10)
            writeExpr(l, &w)
            w.string(op)
            writeExpr(rhs, &w)
        case .ternary(let c, let a, let b):
            w.byte(11)
            writeExpr(c, &w)
            writeExpr(a, &w)
            writeExpr(b, &w)
        case .keyPath(let root, let comps):
            w.byte(12)
            writeOptionalType(root, &w)
            w.list(comps) { w, c in
                w.string(c.0)
                writeLoc(c.1, &w)
            }
        case .literal(let type, let parts):
            w.byte(13)
            w.string(type)
            w.list(parts) { writeExpr($1, &$0) }
        case .array(let xs):
            w.byte(14)
            w.list(xs) { writeExpr($1, &$0) }
        case .dictionary(let pairs):
            w.byte(15)
            w.list(pairs) { w, p in
                writeExpr(p.0, &w)
                writeExpr(p.1, &w)
            }
        case .closure(let c):
            w.byte(16)
            writeCode(c, &w)
        case .inline(let events):
            w.byte(17)
            w.list(events) { writeEvent($1, &$0) }
        case .bindNames(let names):
            w.byte(18)
            w.list(names) { $0.string($1) }
        case .tuple(let args):
            w.byte(19)
            writeArgs(args, &w)
        case .other(let xs):
            w.byte(20)
            w.list(xs) { writeExpr($1, &$0) }
        }
    }

    private static func readExpr(_ r: inout ByteReader) throws -> Expr {
        switch try r.byte() {
        case 0: return .name(try r.string(), try readLoc(&r))
        case 1: return .member(try readExpr(&r), try r.string(), try readLoc(&r))
        case 2: return .implicitMember(try r.string(), try readLoc(&r))
        case 3: return .call(try readExpr(&r), try readArgs(&r))
        case 4: return .subscriptCall(try readExpr(&r), try readArgs(&r))
        case 5: return .selfRef
        case 6: return .superRef
        case 7: return .specialize(try readExpr(&r), try r.list { try readType(&$0) })
        case 8: return .type(try readType(&r), try readLoc(&r))
        case 9:
            let x = try readExpr(&r)
            let t = try readType(&r)
            return .cast(x, t, try castKind(try r.byte()))
        case 10: return .binary(try readExpr(&r), try r.string(), try readExpr(&r))
        case 11: return .ternary(try readExpr(&r), try readExpr(&r), try readExpr(&r))
        case 12:
            return .keyPath(try readOptionalType(&r), try r.list { r in (try r.string(), try readLoc(&r)) })
        case 13: return .literal(try r.string(), try r.list { try readExpr(&$0) })
        case 14: return .array(try r.list { try readExpr(&$0) })
        case 15: return .dictionary(try r.list { r in (try readExpr(&r), try readExpr(&r)) })
        case 16: return .closure(try readCode(&r))
        case 17: return .inline(try r.list { try readEvent(&$0) })
        case 18: return .bindNames(try r.list { try $0.string() })
        case 19: return .tuple(try readArgs(&r))
        case 20: return .other(try r.list { try readExpr(&$0) })
        default: throw CorruptEntry()
        }
    }
}

/// Names asked about (hashes of `StringTable.mention`), with a mask of their low bits: a
/// few names are asked about and a file mentions hundreds, so the mask turns most words away
/// before any hashing. Kept as the names grow, rather than made again for every file asked.
struct MentionedNames {
    private var all = Set<UInt32>()
    private var mask: UInt64 = 0

    init(_ names: Set<UInt32>) { formUnion(names) }

    func contains(_ word: UInt32) -> Bool { mask & (1 << UInt64(word & 63)) != 0 && all.contains(word) }

    mutating func formUnion(_ more: some Sequence<UInt32>) {
        for name in more {
            all.insert(name)
            mask |= 1 << UInt64(name & 63)
        }
    }
}
