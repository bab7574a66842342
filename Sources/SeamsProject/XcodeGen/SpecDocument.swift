import Foundation

/// A spec and the files it includes, merged into one map as XcodeGen merges them: each file's
/// includes in order, then the file itself on top. The paths a target or package names are made
/// absolute first, from the folder of the file that wrote them (or, for a file included with
/// `relativePaths: false`, from where its includer's paths start).
enum SpecDocument {
    static func load(spec: String, witness: FileWitness?) throws -> [String: SpecValue] {
        var merged: Set<String> = []
        let value = try load(file: spec, base: PathTools.parent(spec), from: nil, stack: [], merged: &merged, witness)
        return value.map ?? [:]
    }

    /// `base`: the folder this file's paths start from. `merged`: files merged already; one
    /// included twice is merged the first time only, as XcodeGen does.
    private static func load(
        file: String, base: String, from: String?, stack: [String], merged: inout Set<String>, _ witness: FileWitness?
    ) throws -> SpecValue {
        if let start = stack.firstIndex(of: file) {
            throw XcodeGenSpecError.includeCycle(Array(stack[start...]) + [file])
        }
        guard let data = PathTools.contents(of: file, witness: witness) else {
            throw from.map { XcodeGenSpecError.missingInclude(file, from: $0) } ?? .unreadable(file)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw XcodeGenSpecError.notYAML(file, "the file is not UTF-8 text")
        }
        let top: [String: SpecValue]
        switch try SpecValue.parse(yaml: text, file: file) {
        case .null: top = [:]
        case .map(let entries): top = entries
        default: throw XcodeGenSpecError.wrongType(file, "the top level", "a mapping")
        }
        merged.insert(file)

        var under = SpecValue.map([:])
        for include in try includes(top["include"], file: file) where include.enabled {
            let path = PathTools.absolute(include.path, base: base)
            guard !merged.contains(path) || stack.contains(path) || path == file else { continue }
            let value = try load(
                file: path, base: include.relativePaths ? PathTools.parent(path) : base, from: file,
                stack: stack + [file], merged: &merged, witness)
            under = value.merged(onto: under)
        }
        return SpecValue.map(absolutePaths(in: top, base: base)).merged(onto: under)
    }

    private struct Include {
        var path: String
        var relativePaths = true
        var enabled = true
    }

    /// `include:` as one entry or a list, each a path or a map with `path`, `relativePaths`, `enable`.
    private static func includes(_ value: SpecValue?, file: String) throws -> [Include] {
        guard let value, value != .null else { return [] }
        let entries = value.list ?? [value]
        return try entries.enumerated().map { index, entry in
            if let path = entry.string { return Include(path: path) }
            guard let path = entry["path"]?.string else {
                throw XcodeGenSpecError.wrongType(file, "include[\(index)]", "a path or a map with `path`")
            }
            // An `enable` that is not a flag (`${INCLUDE_EXTRA}` with the variable unset) is off,
            // as XcodeGen reads it.
            return Include(
                path: path, relativePaths: entry["relativePaths"]?.flag ?? true,
                enabled: entry["enable"].map { $0.flag ?? false } ?? true)
        }
    }

    /// The paths of targets' and templates' sources, of local packages and of `localPackages`,
    /// made absolute from `base`. Keys are matched with or without a `:REPLACE` mark.
    private static func absolutePaths(in top: [String: SpecValue], base: String) -> [String: SpecValue] {
        func absolute(_ value: SpecValue) -> SpecValue {
            value.string.map { .scalar(PathTools.absolute($0, base: base)) } ?? value
        }
        func sourcePaths(_ value: SpecValue) -> SpecValue {
            switch value {
            case .scalar: return absolute(value)
            case .list(let items): return .list(items.map(sourcePaths))
            case .map(var source):
                if let path = source["path"] { source["path"] = absolute(path) }
                return .map(source)
            case .null: return value
            }
        }
        func targets(_ value: SpecValue) -> SpecValue {
            mapEntries(value) { target in
                mapEntries(target, only: "sources") { sourcePaths($0) }
            }
        }
        var out = top
        for (key, value) in top {
            switch plainKey(key) {
            case "targets", "targetTemplates": out[key] = targets(value)
            case "packages": out[key] = mapEntries(value) { mapEntries($0, only: "path", absolute) }
            case "localPackages": out[key] = value.list.map { .list($0.map(absolute)) } ?? absolute(value)
            default: break
            }
        }
        return out
    }

    /// A map with each value (or only those under `only`) changed; anything else as it was.
    private static func mapEntries(_ value: SpecValue, only: String? = nil, _ change: (SpecValue) -> SpecValue)
        -> SpecValue
    {
        guard case .map(var entries) = value else { return value }
        for (key, entry) in entries where only == nil || plainKey(key) == only {
            entries[key] = change(entry)
        }
        return .map(entries)
    }

    static func plainKey(_ key: String) -> String {
        key.hasSuffix(":REPLACE") ? String(key.dropLast(":REPLACE".count)) : key
    }
}
