/// Something a type's code does that a unit test cannot replace from outside, as the scanner
/// saw it: read a static member, call one, construct a type, read a global, call a free
/// function, downcast a value, or declare static stored state. The scanner records what was
/// written and what it knows of the target; whether a use blocks tests is the testability
/// analysis's judgement (`SeamsTestability`), which may also consult tables the scan never saw.
public struct Use: Hashable, Codable, Sendable, Comparable {
    public enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
        /// `T.name`, a static property or case of another type, read.
        case staticRead = "static-read"
        /// `T.name(…)`, a static function of another type, called.
        case staticCall = "static-call"
        /// `T(…)`.
        case construct
        /// A global variable of the scanned code, read.
        case globalRead = "global-read"
        /// A free function no scanned file declares: `SecItemAdd(…)`.
        case call
        /// `x as? T`, `x as! T`.
        case downcast
        /// The type's own `static var` (or `static let` of a reference), declared.
        case staticState = "static-state"
        /// A static or global stored property assigned, or changed through (`X.shared.name = …`,
        /// `X.items.append(…)`), by any code, the declaring type's own included.
        case staticWrite = "static-write"

        /// In the order of the raw values (the JSON's), told by rank rather than by comparing strings.
        public static func < (a: Kind, b: Kind) -> Bool { a.rank < b.rank }

        private var rank: Int {
            switch self {
            case .call: 0
            case .construct: 1
            case .downcast: 2
            case .globalRead: 3
            case .staticCall: 4
            case .staticRead: 5
            case .staticState: 6
            case .staticWrite: 7
            }
        }
    }

    /// What the scanner knows of the target, each a plain word so the JSON stays readable.
    public enum Trait: String, Codable, Sendable, CaseIterable, Comparable {
        /// The use sits in a closure inside the member.
        case closure
        /// A stored property (static or global), not a computed one.
        case stored
        /// A computed property: an accessor whose body the analysis can follow.
        case computed
        /// `var`: the value can change under a test.
        case mutable
        /// The value is of a class, actor or protocol type: an object shared by every user.
        case reference
        /// The function returns nothing (or `Void`): it is called for what it does.
        case void
        /// The function returns its own type (`Self`): a factory.
        case factory
        /// A construction with no arguments: `Date()`.
        case noArguments = "no-arguments"
        /// `self` is one of the construction's arguments.
        case passesSelf = "passes-self"
        /// `as!`.
        case forced
        /// In a default argument value, or an argument an initializer hands to `self.init(…)`:
        /// the caller can pass something else.
        case defaultArgument = "default-argument"

        /// In the order of the raw values (the JSON's), told by rank rather than by comparing strings.
        public static func < (a: Trait, b: Trait) -> Bool { a.rank < b.rank }

        private var rank: Int {
            switch self {
            case .closure: 0
            case .computed: 1
            case .defaultArgument: 2
            case .factory: 3
            case .forced: 4
            case .mutable: 5
            case .noArguments: 6
            case .passesSelf: 7
            case .reference: 8
            case .stored: 9
            case .void: 10
            }
        }
    }

    /// The node whose code makes the use.
    public var from: String
    /// The node that declares what is used (for a downcast, the type cast to; for a free
    /// function, nil).
    public var to: String?
    public var kind: Kind
    /// What was written, from the type on: `URLSession.shared`, `DispatchQueue.main.asyncAfter`,
    /// `Date()`, `SecItemAdd()`; for a downcast, the operand's last name: `presentingViewController`.
    public var path: String
    /// The member of `to` that is used, as Swift names it (`shared`, `style(_:)`), when known.
    public var targetMember: String?
    /// The type of the value a static or global member gives, when known: an accessor's result.
    public var valueType: String?
    public var traits: [Trait]
    public var file: String
    public var line: Int
    public var column: Int
    /// The member of `from` the use sits in (see `Site.member`).
    public var member: String?

    public init(
        from: String, to: String?, kind: Kind, path: String, targetMember: String? = nil, valueType: String? = nil,
        traits: [Trait] = [], file: String, line: Int, column: Int, member: String?
    ) {
        self.from = from
        self.to = to
        self.kind = kind
        self.path = path
        self.targetMember = targetMember
        self.valueType = valueType
        self.traits = Use.normalized(traits)
        self.file = file
        self.line = line
        self.column = column
        self.member = member
    }

    public func has(_ trait: Trait) -> Bool { traits.contains(trait) }

    /// Traits sorted and each once: a use has a handful, so no set is built.
    public static func normalized(_ traits: [Trait]) -> [Trait] {
        // Already so when sorted and each once (as read back): no copy to sort.
        if zip(traits, traits.dropFirst()).allSatisfy({ $0 < $1 }) { return traits }
        var out = traits.sorted()
        var i = 1
        while i < out.count {
            if out[i] == out[i - 1] { out.remove(at: i) } else { i += 1 }
        }
        return out
    }

    enum CodingKeys: String, CodingKey {
        case from, to, kind, path, targetMember, valueType, traits, file, line, column, member
    }

    // Optional keys are written as null rather than left out, as everywhere in the scan.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(kind, forKey: .kind)
        try c.encode(path, forKey: .path)
        try c.encode(targetMember, forKey: .targetMember)
        try c.encode(valueType, forKey: .valueType)
        try c.encode(traits, forKey: .traits)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(member, forKey: .member)
    }

    /// Total order: where, then what.
    public static func < (a: Use, b: Use) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in precedes(a, b) } }
    }

    /// `<` on uses where they lie: taken from a buffer as values, each use was copied first,
    /// retaining its eight strings (a twentieth of resolving an app's bodies went to that).
    static func precedes(_ a: UnsafePointer<Use>, _ b: UnsafePointer<Use>) -> Bool {
        if a.pointee.file != b.pointee.file { return a.pointee.file < b.pointee.file }
        if a.pointee.line != b.pointee.line { return a.pointee.line < b.pointee.line }
        if a.pointee.column != b.pointee.column { return a.pointee.column < b.pointee.column }
        if a.pointee.kind != b.pointee.kind { return a.pointee.kind < b.pointee.kind }
        if a.pointee.from != b.pointee.from { return a.pointee.from < b.pointee.from }
        if a.pointee.path != b.pointee.path { return a.pointee.path < b.pointee.path }
        if (a.pointee.to ?? "") != (b.pointee.to ?? "") { return (a.pointee.to ?? "") < (b.pointee.to ?? "") }
        if (a.pointee.targetMember ?? "") != (b.pointee.targetMember ?? "") {
            return (a.pointee.targetMember ?? "") < (b.pointee.targetMember ?? "")
        }
        if (a.pointee.valueType ?? "") != (b.pointee.valueType ?? "") {
            return (a.pointee.valueType ?? "") < (b.pointee.valueType ?? "")
        }
        if (a.pointee.member ?? "") != (b.pointee.member ?? "") {
            return (a.pointee.member ?? "") < (b.pointee.member ?? "")
        }
        return a.pointee.traits.map(\.rawValue).joined(separator: ",")
            < b.pointee.traits.map(\.rawValue).joined(separator: ",")
    }

    /// `==` on uses where they lie (see `precedes`).
    static func same(_ a: UnsafePointer<Use>, _ b: UnsafePointer<Use>) -> Bool {
        return a.pointee.file == b.pointee.file && a.pointee.line == b.pointee.line
            && a.pointee.column == b.pointee.column && a.pointee.kind == b.pointee.kind
            && a.pointee.from == b.pointee.from
            && a.pointee.path == b.pointee.path && a.pointee.to == b.pointee.to
            && a.pointee.targetMember == b.pointee.targetMember && a.pointee.valueType == b.pointee.valueType
            && a.pointee.member == b.pointee.member && a.pointee.traits == b.pointee.traits
    }

    /// `uses` sorted: their order is found on their positions, then each use is moved
    /// once to its place. Sorting the uses themselves copied each use at every step (eleven
    /// fields, eight of them strings to retain): a tenth of that part of a scan.
    private static func sortInPlace(_ uses: inout [Use]) {
        uses.withUnsafeMutableBufferPointer { b in
            // `<` tells every field apart, so uses it does not order are equal: any order of them will do.
            guard let base = UnsafePointer(b.baseAddress), b.count > 1 else { return }
            let order = b.indices.sorted { precedes(base + $0, base + $1) }
            // Slot k takes the use at order[k]: each cycle of that permutation is walked once.
            var placed = [Bool](repeating: false, count: b.count)
            for start in b.indices where !placed[start] {
                var k = start
                placed[k] = true
                while order[k] != start {
                    b.swapAt(k, order[k])
                    k = order[k]
                    placed[k] = true
                }
            }
        }
    }

    /// Sorted and free of duplicates.
    /// Given a list no one else holds, it is sorted where it is.
    public static func canonical(_ uses: consuming [Use]) -> [Use] {
        var out = uses
        // Compared and moved in their buffer: each copy of a use retains its eight strings.
        let inOrder = out.withUnsafeBufferPointer { b in
            b.indices.dropFirst().allSatisfy { !precedes(b.baseAddress! + $0, b.baseAddress! + $0 - 1) }
        }
        if !inOrder { sortInPlace(&out) }
        let kept = out.withUnsafeMutableBufferPointer { b -> Int in
            var kept = 0
            for i in b.indices where kept == 0 || !same(b.baseAddress! + kept - 1, b.baseAddress! + i) {
                b.swapAt(kept, i)
                kept += 1
            }
            return kept
        }
        out.removeLast(out.count - kept)
        return out
    }
}
