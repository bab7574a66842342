/// What a scan read, out of what it found: where its modules came from, and the Swift files
/// under the scanned paths that it left out, by folder and reason. A scan that read a small
/// tools package at an app's root says so here rather than looking clean.
public struct ScanScope: Hashable, Codable, Sendable {
    /// Why a Swift file found under the scanned paths was not scanned.
    public enum Reason: String, Codable, CaseIterable, Comparable, Sendable {
        /// Matched by `exclude:` in seams.yml or `--exclude`.
        case excluded
        /// Inside a package nested in a scanned package, which is skipped.
        case nestedPackage
        /// Under a project or package none of whose targets compiles it.
        case noTarget
        /// Compiled only by targets that `--target` / `targets:` did not choose.
        case notChosen
        /// Given to the scanner, which could not read it (see the diagnostics).
        case unread

        public static func < (a: Reason, b: Reason) -> Bool { a.rawValue < b.rawValue }

        /// What to do to scan such files, for the warning.
        public var remedy: String {
            switch self {
            case .excluded: return "excluded by seams.yml or --exclude: drop the pattern to scan them"
            case .nestedPackage: return "a package inside the scanned package: name its folder as a path to scan it"
            case .noTarget:
                return "no target compiles them: scan the project or package that builds them, or name the folder as the path"
            case .notChosen: return "compiled only by targets not chosen: name them with --target or drop the selection"
            case .unread: return "not readable (see the diagnostics above)"
            }
        }
    }

    /// A project file or manifest that gave modules, or the scanned folders when none did.
    public struct Source: Hashable, Codable, Sendable, Comparable {
        /// `xcodeproj`, `package` or `folders`.
        public var kind: String
        /// Relative to the scan root: `App.xcodeproj`, `Package.swift`, `Modules/Kit/Package.swift`, `.`.
        public var path: String
        /// The targets (modules) it gave, sorted.
        public var targets: [String]

        public init(kind: String, path: String, targets: [String]) {
            (self.kind, self.path, self.targets) = (kind, path, targets.sorted())
        }

        public static func < (a: Source, b: Source) -> Bool { (a.path, a.kind) < (b.path, b.kind) }
    }

    /// Swift files of one top folder (relative to the root; `.` for the root's own) left out for one reason.
    public struct LeftOut: Hashable, Codable, Sendable, Comparable {
        public var folder: String
        public var reason: Reason
        public var files: Int

        public init(folder: String, reason: Reason, files: Int) {
            (self.folder, self.reason, self.files) = (folder, reason, files)
        }

        public static func < (a: LeftOut, b: LeftOut) -> Bool { (a.folder, a.reason) < (b.folder, b.reason) }
    }

    /// Swift files found under the scanned paths (outside `.build`, `Pods`, `Carthage` and the like).
    public var found: Int
    /// Swift files scanned.
    public var scanned: Int
    public var sources: [Source]
    /// Sorted by folder, then reason.
    public var leftOut: [LeftOut]

    public init(found: Int, scanned: Int, sources: [Source], leftOut: [LeftOut]) {
        self.found = found
        self.scanned = scanned
        self.sources = sources.sorted()
        self.leftOut = Self.merged(leftOut)
    }

    /// Files left out for each reason, every reason listed.
    public var leftOutByReason: [Reason: Int] {
        var out = Dictionary(uniqueKeysWithValues: Reason.allCases.map { ($0, 0) })
        for l in leftOut { out[l.reason, default: 0] += l.files }
        return out
    }

    /// Files found that the user did not exclude: what a scan is expected to read.
    public var expected: Int { found - leftOut.filter { $0.reason == .excluded }.reduce(0) { $0 + $1.files } }

    /// The share of the files expected that were scanned (1 when none were): an exclude is the
    /// user's choice, not something missed.
    public var share: Double { expected == 0 ? 1 : Double(scanned) / Double(expected) }

    /// Files left out, grouped as `LeftOut`s of their top folder (relative to the root).
    public static func leftOut(_ paths: [String], reason: Reason) -> [LeftOut] {
        var byFolder: [String: Int] = [:]
        for p in paths { byFolder[topFolder(p), default: 0] += 1 }
        return byFolder.map { LeftOut(folder: $0.key, reason: reason, files: $0.value) }.sorted()
    }

    /// The first component of a root-relative path, `.` for a file at the root.
    public static func topFolder(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.count > 1 ? String(parts[0]) : "."
    }

    /// Same folder and reason summed; sorted.
    static func merged(_ items: [LeftOut]) -> [LeftOut] {
        var sum: [LeftOut: Int] = [:]
        for l in items where l.files > 0 { sum[LeftOut(folder: l.folder, reason: l.reason, files: 0), default: 0] += l.files }
        return sum.map { LeftOut(folder: $0.key.folder, reason: $0.key.reason, files: $0.value) }.sorted()
    }

    enum CodingKeys: String, CodingKey { case found, scanned, sources, leftOut, leftOutByReason }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            found: try c.decode(Int.self, forKey: .found), scanned: try c.decode(Int.self, forKey: .scanned),
            sources: try c.decode([Source].self, forKey: .sources), leftOut: try c.decode([LeftOut].self, forKey: .leftOut))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(found, forKey: .found)
        try c.encode(scanned, forKey: .scanned)
        try c.encode(sources, forKey: .sources)
        try c.encode(leftOut, forKey: .leftOut)
        try c.encode(
            Dictionary(uniqueKeysWithValues: leftOutByReason.map { ($0.key.rawValue, $0.value) }), forKey: .leftOutByReason)
    }
}
