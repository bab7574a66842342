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
        var tool: String
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
        guard file.tool == "seams" else {
            throw ConfigError(problems: [
                ConfigProblem(
                    file: display, at: .start,
                    "a baseline of '\(file.tool)', not of seams; write a seams baseline with --write-baseline")
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

/// What a baseline says of a check's violations.
public struct BaselineVerdict: Sendable {
    /// The violations, those the baseline accepts marked; a cycle or count that grew past its
    /// entries carries them in `grewFrom` and is not accepted.
    public var violations: [Violation]
    /// Entries whose violation is gone (or whose rule is), to remove.
    public var stale: [StaleEntry]
    /// Entries whose violation shrank or split: accepted, and the baseline can be tightened.
    public var improved: [StaleEntry]
}

extension Baseline {
    /// Marks the violations the baseline accepts and says what became of each entry.
    ///
    /// Dependencies match on (rule, from, to). A cycle is accepted when one entry's members
    /// hold all of it: exactly, or more (it shrank or split: progress, to tighten). A cycle that
    /// holds members of entries and more, or joins several, grew: it fails, named by the entries
    /// it grew from, and they are not stale. Counts are accepted up to the recorded number, and
    /// a count above it grew. Only an entry whose violation is gone is stale. Each violation
    /// looks up its entries by key or member, so the work is linear in both lists.
    public func apply(to violations: [Violation], rules: Set<String>, file: String) -> BaselineVerdict {
        var out = violations
        var exact: Set<BaselineEntry> = []
        var consumed: Set<BaselineEntry> = []
        var partly: [BaselineEntry: [String]] = [:]
        let keys = Set(entries)
        var byMember: [String: [BaselineEntry]] = [:]
        var countsByNode: [String: [BaselineEntry]] = [:]
        for entry in entries {
            let rule = entry.rule + "\u{0}"
            for m in entry.members ?? [] { byMember[rule + m, default: []].append(entry) }
            if entry.count != nil, let from = entry.from { countsByNode[rule + from, default: []].append(entry) }
        }
        for i in out.indices {
            let v = out[i]
            let rule = v.rule + "\u{0}"
            switch v.subject {
            case .dependency:
                if keys.contains(v.key) {
                    out[i].baselined = true
                    exact.insert(v.key)
                }
            case .cycle:
                let members = v.members ?? []
                var touched: [BaselineEntry] = []
                var seen: Set<BaselineEntry> = []
                for m in members {
                    for entry in byMember[rule + m] ?? [] where seen.insert(entry).inserted { touched.append(entry) }
                }
                let holding = touched.filter { ($0.members?.count ?? 0) >= members.count && contains($0, members) }
                if !holding.isEmpty {
                    out[i].baselined = true
                    for entry in holding {
                        if entry.members?.count == members.count {
                            exact.insert(entry)
                        } else {
                            partly[entry, default: []].append("now \(members.joined(separator: ", "))")
                        }
                    }
                } else if !touched.isEmpty {
                    out[i].grewFrom = touched.sorted { $0.sortKey < $1.sortKey }
                    consumed.formUnion(touched)
                }
            case .count:
                for entry in countsByNode[rule + (v.from ?? "")] ?? [] {
                    guard let count = v.count, let allowed = entry.count else { continue }
                    if count > allowed {
                        out[i].grewFrom = [entry]
                        consumed.insert(entry)
                    } else {
                        out[i].baselined = true
                        if count == allowed {
                            exact.insert(entry)
                        } else {
                            partly[entry, default: []].append("now \(count)")
                        }
                    }
                }
            }
        }
        let places = entryLines()
        func location(_ entry: BaselineEntry) -> Location {
            // The entry's own line when the file is as seams writes it; else the top.
            guard let i = places[entry.line] else { return Location(file: file, line: 1, column: 1, inSources: false) }
            let indent = lines[i].prefix { $0 == " " || $0 == "\t" }.count
            return Location(file: file, line: i + 1, column: indent + 1, inSources: false)
        }
        var stale: [StaleEntry] = []
        var improved: [StaleEntry] = []
        for entry in entries where !exact.contains(entry) && !consumed.contains(entry) {
            if !rules.contains(entry.rule) {
                stale.append(
                    StaleEntry(
                        entry: entry, reason: "rule '\(entry.rule)' is no longer in the config: remove the entry",
                        location: location(entry)))
            } else if let how = partly[entry] {
                improved.append(
                    StaleEntry(
                        entry: entry,
                        reason:
                            "it shrank (\(how.sorted().joined(separator: "; "))): --write-baseline would tighten the "
                            + "baseline to keep the gain",
                        location: location(entry)))
            } else {
                stale.append(
                    StaleEntry(
                        entry: entry,
                        reason:
                            "its violation is gone: the baseline can be tightened (remove the entry, or --write-baseline)",
                        location: location(entry)))
            }
        }
        return BaselineVerdict(violations: out, stale: stale, improved: improved)
    }

    /// Whether an entry's members hold every one of `members`.
    private func contains(_ entry: BaselineEntry, _ members: [String]) -> Bool {
        let held = Set(entry.members ?? [])
        return members.allSatisfy(held.contains)
    }

    /// Each entry line of the file, as seams writes them, by its text: the line's index.
    private func entryLines() -> [String: Int] {
        var places: [String: Int] = [:]
        for (i, raw) in lines.enumerated() {
            var text = raw.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(",") { text.removeLast() }
            if text.hasPrefix("{") && places[text] == nil { places[text] = i }
        }
        return places
    }
}
