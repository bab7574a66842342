import Foundation

/// A violation as the baseline remembers it: by meaning (rule, from, to; a cycle's members;
/// a count's node and size), so editing lines, moving files or rewording messages never
/// makes it stale.
public struct BaselineEntry: Hashable, Codable, Sendable {
    public var rule: String
    public var from: String?
    public var to: String?
    public var members: [String]?
    public var count: Int?

    public init(rule: String, from: String? = nil, to: String? = nil, members: [String]? = nil, count: Int? = nil) {
        self.rule = rule
        self.from = from
        self.to = to
        self.members = members
        self.count = count
    }

    /// A total order key, written the same on every run.
    var sortKey: String {
        [rule, from ?? "", to ?? "", members?.joined(separator: ",") ?? "", count.map(String.init) ?? ""]
            .joined(separator: "\u{0}")
    }

    /// The entry's line in a baseline file: compact JSON with sorted keys.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    public var summary: String {
        if let members { return "cycle of \(members.joined(separator: ", "))" }
        if let count { return "\(from ?? "?") with \(count)" }
        return "\(from ?? "?") → \(to ?? "?")"
    }
}

/// Known violations a codebase has accepted for now: new ones fail, fixed ones must be removed.
public struct Baseline: Sendable, Equatable {
    public static let version = 1
    public var entries: [BaselineEntry]
    /// The file's lines as read, to point at a stale entry's own line; empty when built in memory.
    public private(set) var lines: [String] = []

    public init(entries: [BaselineEntry]) {
        self.entries = Array(Set(entries)).sorted { $0.sortKey < $1.sortKey }
    }

    public init(violations: [Violation]) {
        self.init(entries: violations.map(\.key))
    }

    /// Only the entries of these rules, still pointing at their lines in the file: what one
    /// rule checked alone is held to (its entries of other rules are not its business).
    public func restricted(to rules: Set<String>) -> Baseline {
        var copy = self
        copy.entries = entries.filter { rules.contains($0.rule) }
        return copy
    }

    /// One entry per line, so that a reviewer sees in a diff exactly which violations came or went.
    public func encoded() -> Data {
        var text = "{\n  \"tool\": \"seams\",\n  \"version\": \(Baseline.version),\n  \"entries\": ["
        text += entries.isEmpty ? "" : "\n" + entries.map { "    " + $0.line }.joined(separator: ",\n") + "\n  "
        text += "]\n}\n"
        return Data(text.utf8)
    }

    private struct File: Decodable {
        var version: Int
        var entries: [BaselineEntry]
    }

    /// Reads a baseline; `display` is how problems name the file.
    public static func load(path: String, display: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(problems: [
                ConfigProblem(
                    file: display, at: .start,
                    "cannot read the baseline file; write one with --write-baseline \(display)")
            ])
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ConfigError(problems: [
                ConfigProblem(
                    file: display, at: .start,
                    "not a seams baseline (\(Baseline.describe(error))); write one with --write-baseline")
            ])
        }
        guard file.version == Baseline.version else {
            throw ConfigError(problems: [
                ConfigProblem(
                    file: display, at: .start,
                    "baseline version \(file.version) is not supported (this seams writes version \(Baseline.version))")
            ])
        }
        var baseline = Baseline(entries: file.entries)
        baseline.lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        return baseline
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "unexpected value at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "invalid JSON"
        }
    }
}

/// A baseline entry that no longer matches what the code does.
public struct StaleEntry: Hashable, Codable, Sendable {
    public var entry: BaselineEntry
    public var reason: String
    public var location: Location

    public init(entry: BaselineEntry, reason: String, location: Location) {
        self.entry = entry
        self.reason = reason
        self.location = location
    }
}

extension Baseline {
    /// Marks the violations the baseline accepts and finds its entries that match nothing.
    ///
    /// Dependencies match on (rule, from, to). A cycle is accepted when an entry's member set
    /// holds the whole component, so a cycle that grew is new. Counts are accepted up to the
    /// recorded number. An entry that is only partly used (a smaller cycle, a lower count) is
    /// stale too: the baseline must be tightened so the code cannot slide back.
    public func apply(
        to violations: [Violation], rules: Set<String>, file: String
    ) -> (violations: [Violation], stale: [StaleEntry]) {
        var out = violations
        var exact: Set<BaselineEntry> = []
        var partly: [BaselineEntry: [String]] = [:]
        let byRule = Dictionary(grouping: entries, by: \.rule)
        for i in out.indices {
            let v = out[i]
            let candidates = byRule[v.rule] ?? []
            switch v.subject {
            case .dependency:
                if candidates.contains(v.key) {
                    out[i].baselined = true
                    exact.insert(v.key)
                }
            case .cycle:
                let members = Set(v.members ?? [])
                let holding = candidates.filter { $0.members.map { members.isSubset(of: Set($0)) } ?? false }
                for entry in holding {
                    out[i].baselined = true
                    if Set(entry.members ?? []) == members {
                        exact.insert(entry)
                    } else {
                        partly[entry, default: []].append("now \(v.members?.joined(separator: ", ") ?? "")")
                    }
                }
            case .count:
                for entry in candidates where entry.from == v.from && entry.count != nil {
                    guard let count = v.count, let allowed = entry.count, count <= allowed else { continue }
                    out[i].baselined = true
                    if count == allowed {
                        exact.insert(entry)
                    } else {
                        partly[entry, default: []].append("now \(count)")
                    }
                }
            }
        }
        var stale: [StaleEntry] = []
        for entry in entries where !exact.contains(entry) {
            let reason: String
            if !rules.contains(entry.rule) {
                reason = "rule '\(entry.rule)' is no longer in the config"
            } else if let how = partly[entry] {
                reason =
                    "it improved (\(how.sorted().joined(separator: "; "))): write the baseline again to keep the gain"
            } else {
                reason = "no violation matches it any more: remove the entry or write the baseline again"
            }
            // Point at the entry's own line when the file is as seams writes it; else at the top.
            var location = Location(file: file, line: 1, column: 1, inSources: false)
            if let i = lines.firstIndex(where: { $0.contains(entry.line) }) {
                let indent = lines[i].prefix { $0 == " " || $0 == "\t" }.count
                location.line = i + 1
                location.column = indent + 1
            }
            stale.append(StaleEntry(entry: entry, reason: reason, location: location))
        }
        return (out, stale)
    }
}
