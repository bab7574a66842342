import Foundation
import Yams

/// A YAML value as an XcodeGen spec holds it. Every scalar is kept as its text: `PRODUCT_NAME:
/// 1.10` is the name `1.10`, not the number 1.1, and a flag is read as a flag only where one is
/// expected.
indirect enum SpecValue: Equatable {
    case null
    case scalar(String)
    case list([SpecValue])
    case map([String: SpecValue])

    /// The text of a scalar.
    var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    var map: [String: SpecValue]? {
        if case .map(let entries) = self { return entries }
        return nil
    }

    var list: [SpecValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    subscript(key: String) -> SpecValue? {
        guard case .map(let entries) = self, let value = entries[key], value != .null else { return nil }
        return value
    }

    /// A scalar read as a flag the way XcodeGen reads one (YAML's words, else Foundation's
    /// `NSString.boolValue`: a leading `Y`, `T` or non-zero digit). nil for anything else.
    var flag: Bool? {
        guard let text = string?.trimmingCharacters(in: .whitespaces) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n", "": return false
        default:
            guard let first = text.first else { return false }
            return "YyTt123456789".contains(first)
        }
    }

    /// The YAML text of one spec file. Scalars are not resolved (so all stay text); merge keys
    /// (`<<: *defaults`) are applied here.
    static func parse(yaml: String, file: String) throws -> SpecValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml, Yams.Resolver.basic)
        } catch {
            throw XcodeGenSpecError.notYAML(file, "\(error)")
        }
        return try node.map { try SpecValue(node: $0, file: file) } ?? .null
    }

    private init(node: Node, file: String) throws {
        switch node {
        case .scalar(let scalar):
            let isNull =
                scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        case .sequence(let sequence):
            self = .list(try sequence.map { try SpecValue(node: $0, file: file) })
        case .mapping(let mapping):
            var entries: [String: SpecValue] = [:]
            // Entries merged in with `<<` give way to the mapping's own; among several merged
            // mappings the first to name a key wins.
            var merged: [String: SpecValue] = [:]
            for (key, value) in mapping {
                if let scalar = key.scalar, scalar.string == "<<", scalar.style == .plain {
                    let sources = value.sequence.map(Array.init) ?? [value]
                    for source in sources.reversed() {
                        guard case .map(let more) = try SpecValue(node: source, file: file) else {
                            throw XcodeGenSpecError.wrongType(file, "<<", "a mapping or a list of mappings")
                        }
                        merged.merge(more) { _, new in new }
                    }
                    continue
                }
                guard let name = key.scalar?.string else {
                    throw XcodeGenSpecError.wrongType(file, "a mapping key", "a plain text key")
                }
                entries[name] = try SpecValue(node: value, file: file)
            }
            self = .map(merged.merging(entries) { _, own in own })
        case .alias:
            // The composer replaces aliases by the nodes they name; one left over names nothing.
            throw XcodeGenSpecError.notYAML(file, "an alias names no anchor")
        }
    }

    /// XcodeGen's merge of a spec onto what it includes: maps merge key by key, lists append,
    /// anything else replaces; a key ending in `:REPLACE` replaces whatever was there.
    func merged(onto base: SpecValue) -> SpecValue {
        switch (self, base) {
        case (.map(let own), .map(let under)):
            var out = under
            for (key, value) in own {
                if key.hasSuffix(":REPLACE") {
                    out[String(key.dropLast(":REPLACE".count))] = value.withoutReplaceMarks()
                } else if let earlier = out[key] {
                    out[key] = value.merged(onto: earlier)
                } else {
                    out[key] = value.withoutReplaceMarks()
                }
            }
            return .map(out)
        case (.list(let own), .list(let under)):
            return .list(under + own)
        default:
            return withoutReplaceMarks()
        }
    }

    /// `:REPLACE` marks with nothing under them to replace: the key as if unmarked.
    private func withoutReplaceMarks() -> SpecValue {
        switch self {
        case .map(let entries):
            var out: [String: SpecValue] = [:]
            for (key, value) in entries {
                let plain = key.hasSuffix(":REPLACE") ? String(key.dropLast(":REPLACE".count)) : key
                out[plain] = value.withoutReplaceMarks()
            }
            return .map(out)
        case .list(let items): return .list(items.map { $0.withoutReplaceMarks() })
        default: return self
        }
    }

    /// Every `${name}` in keys and texts replaced by its value in `variables`; other `${…}` kept.
    func expanding(_ variables: [String: String]) -> SpecValue {
        guard !variables.isEmpty else { return self }
        switch self {
        case .null: return self
        case .scalar(let text): return .scalar(Self.expand(text, variables))
        case .list(let items): return .list(items.map { $0.expanding(variables) })
        case .map(let entries):
            var out: [String: SpecValue] = [:]
            for (key, value) in entries { out[Self.expand(key, variables)] = value.expanding(variables) }
            return .map(out)
        }
    }

    static func expand(_ text: String, _ variables: [String: String]) -> String {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[start.upperBound..<end])
            out += variables[name] ?? String(rest[start.lowerBound...end])
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}
