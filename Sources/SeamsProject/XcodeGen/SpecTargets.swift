import Foundation

/// The targets of a merged spec once XcodeGen's shorthands are spelled out: a target with a
/// list of platforms becomes one target per platform, and a target's templates are merged under
/// it. Platforms go first and last, as in XcodeGen, so that a template may list platforms and a
/// per-platform target may name a template after its platform (`templates: [${platform}]`).
enum SpecTargets {
    /// Each target by its key in `targets:` (after platform suffixes), as a map.
    static func resolve(_ top: [String: SpecValue], file: String) throws -> [String: [String: SpecValue]] {
        let targets = try maps(top["targets"], file: file, place: "targets")
        let templates = try maps(top["targetTemplates"], file: file, place: "targetTemplates")
        return try perPlatform(applyingTemplates(templates, to: perPlatform(targets, file: file)), file: file)
    }

    private static func maps(_ value: SpecValue?, file: String, place: String) throws -> [String: [String: SpecValue]] {
        guard let value else { return [:] }
        guard let entries = value.map else { throw XcodeGenSpecError.wrongType(file, place, "a mapping of names") }
        var out: [String: [String: SpecValue]] = [:]
        for (name, entry) in entries {
            switch entry {
            case .map(let target): out[name] = target
            case .null: out[name] = [:]
            default: throw XcodeGenSpecError.wrongType(file, "\(place).\(name)", "a mapping")
            }
        }
        return out
    }

    /// `platform: [iOS, macOS]`: one target per platform, named `<prefix><name><suffix>`
    /// (`_iOS` unless `platformSuffix` or `platformPrefix` say otherwise), with `${platform}`
    /// replaced throughout, and PRODUCT_NAME the unsuffixed name unless the target sets it, so
    /// that every platform's module imports under one name.
    private static func perPlatform(_ targets: [String: [String: SpecValue]], file: String) throws -> [String: [String:
        SpecValue]]
    {
        var out: [String: [String: SpecValue]] = [:]
        for (name, target) in targets {
            guard let platforms = target["platform"]?.list else {
                out[name] = target
                continue
            }
            for platform in platforms {
                guard let platform = platform.string else {
                    throw XcodeGenSpecError.wrongType(
                        file, "targets.\(name).platform", "a platform or a list of platforms")
                }
                var one = SpecValue.map(target).expanding(["platform": platform]).map ?? [:]
                one["platform"] = .scalar(platform)
                let prefix = one["platformPrefix"]?.string ?? ""
                let suffix = one["platformSuffix"]?.string ?? "_" + platform
                one["settings"] = settingProductName(name, in: one["settings"])
                out[prefix + name + suffix] = one
            }
        }
        return out
    }

    private static func settingProductName(_ name: String, in settings: SpecValue?) -> SpecValue {
        guard case .map(var entries) = settings ?? .map([:]) else { return settings ?? .null }
        if entries["base"] != nil || entries["configs"] != nil || entries["groups"] != nil {
            var base = entries["base"]?.map ?? [:]
            if base["PRODUCT_NAME"] == nil { base["PRODUCT_NAME"] = .scalar(name) }
            entries["base"] = .map(base)
        } else if entries["PRODUCT_NAME"] == nil {
            entries["PRODUCT_NAME"] = .scalar(name)
        }
        return .map(entries)
    }

    /// Each target merged onto its templates, a template's own templates coming before it; then
    /// `${target_name}` is the target's key and `${attribute}` its `templateAttributes`. A
    /// template named but not defined is passed over, as XcodeGen does.
    private static func applyingTemplates(
        _ templates: [String: [String: SpecValue]], to targets: [String: [String: SpecValue]]
    ) -> [String: [String: SpecValue]] {
        func names(_ value: SpecValue?) -> [String] {
            value.map { $0.list?.compactMap(\.string) ?? $0.string.map { [$0] } ?? [] } ?? []
        }
        var out: [String: [String: SpecValue]] = [:]
        for (name, target) in targets {
            var order: [String] = []
            var seen: Set<String> = []
            func visit(_ template: String) {
                guard let body = templates[template], seen.insert(template).inserted else { return }
                names(body["templates"]).forEach(visit)
                order.append(template)
            }
            names(target["templates"]).forEach(visit)
            guard !order.isEmpty else {
                out[name] = target
                continue
            }
            let base = order.reduce(SpecValue.map([:])) { SpecValue.map(templates[$1]!).merged(onto: $0) }
            var resolved = SpecValue.map(target).merged(onto: base).expanding(["target_name": name])
            if let attributes = resolved["templateAttributes"]?.map {
                resolved = resolved.expanding(attributes.compactMapValues(\.string))
            }
            out[name] = resolved.map ?? [:]
        }
        return out
    }
}
