import Foundation

/// An XcodeGen spec (`project.yml` and the files it includes) read into the targets the project
/// it generates would have: the same shape as a committed `.xcodeproj`'s, so layout treats both
/// alike. Read with Yams; XcodeGen itself is never run.
public enum XcodeGenSpecReader {
    /// `spec`: the absolute path of the spec file. `listFiles`: the Swift files below a folder
    /// (absolute). Every file read goes through `witness`, so an edit to the spec or an included
    /// file is seen by the discovery memo.
    /// The result's `path` is the spec's path; its targets' files are absolute and sorted.
    public static func read(
        spec: String, listFiles: (String) -> [String] = { PathTools.swiftFilesBelow($0) },
        witness: FileWitness? = nil
    ) throws -> XcodeProject {
        let spec = PathTools.absolute(spec, base: FileManager.default.currentDirectoryPath)
        let top = try SpecDocument.load(spec: spec, witness: witness)
        let bodies = try SpecTargets.resolve(top, file: spec)
        var sources = SpecSources(options: top["options"]?.map ?? [:], file: spec, witness: witness)
        let settings = SpecSettings(top)

        // A legacy target is an external build, not a native target: Xcode projects' readers
        // leave those out too. A target's `name` renames it.
        let named = bodies.filter { $0.value["legacy"] == nil }.map { key, body in
            (name: body["name"]?.string ?? key, key: key, body: body)
        }.sorted { $0.name < $1.name }
        let names = Set(named.map(\.name))

        var targets: [XcodeProject.Target] = []
        for (name, key, body) in named {
            let place = "targets.\(key)"
            let (dependencies, products) = try links(body, place: place, file: spec)
            targets.append(
                XcodeProject.Target(
                    name: name, moduleName: settings.moduleName(body["settings"], targetName: name),
                    swiftFiles: try sources.swiftFiles(of: body["sources"], target: key, listFiles: listFiles).sorted(),
                    dependencies: Set(dependencies.filter(names.contains)).sorted(),
                    packageProducts: Set(products).sorted(),
                    productType: try productType(body["type"], place: place, file: spec)))
        }
        return XcodeProject(path: spec, targets: targets, localPackages: localPackages(top))
    }

    /// Whether a file name is one XcodeGen reads as a spec when run without `--spec`.
    public static func isSpecName(_ name: String) -> Bool {
        name == "project.yml" || name == "project.yaml"
    }

    /// The targets and package products a target's `dependencies:` name. Frameworks, SDKs,
    /// Carthage and bundles are neither. A dependency for other `platforms` than the target's
    /// is dropped, as XcodeGen drops it.
    private static func links(_ body: [String: SpecValue], place: String, file: String) throws -> ([String], [String]) {
        guard let value = body["dependencies"] else { return ([], []) }
        guard let entries = value.list else {
            throw XcodeGenSpecError.wrongType(file, "\(place).dependencies", "a list")
        }
        var targets: [String] = []
        var products: [String] = []
        for (index, entry) in entries.enumerated() {
            guard entry.map != nil else {
                throw XcodeGenSpecError.wrongType(file, "\(place).dependencies[\(index)]", "a mapping")
            }
            if let platforms = entry["platforms"]?.list, let platform = body["platform"]?.string,
                !platforms.contains(.scalar(platform))
            {
                continue
            }
            if let target = entry["target"]?.string {
                targets.append(target)
            } else if let package = entry["package"]?.string {
                let named = entry["products"]?.list?.compactMap(\.string) ?? entry["product"]?.string.map { [$0] }
                products += named ?? [package]
            }
        }
        return (targets, products)
    }

    /// XcodeGen's product types (`type:`), each Xcode's `com.apple.product-type.` and the name.
    static let productTypes: Set<String> = [
        "application", "application.on-demand-install-capable", "application.messages", "application.watchapp",
        "application.watchapp2", "application.watchapp2-container", "app-extension", "app-extension.intents-service",
        "app-extension.messages", "app-extension.messages-sticker-pack", "bundle", "bundle.ocunit-test",
        "bundle.ui-testing", "bundle.unit-test", "extensionkit-extension", "framework", "framework.static",
        "instruments-package", "library.dynamic", "library.static", "metal-library", "tool", "tv-app-extension",
        "watchkit-extension", "watchkit2-extension", "xcode-extension", "driver-extension", "system-extension",
        "xpc-service",
    ]

    /// `type: bundle.unit-test` as Xcode writes it; Xcode's own spelling is taken as it is.
    /// nil when unsaid; an unknown name is an error, as it is to XcodeGen.
    private static func productType(_ value: SpecValue?, place: String, file: String) throws -> String? {
        guard let value, value.string != "" else { return nil }
        let prefix = "com.apple.product-type."
        if let type = value.string, productTypes.contains(type) { return prefix + type }
        if let type = value.string, type.hasPrefix(prefix), productTypes.contains(String(type.dropFirst(prefix.count)))
        {
            return type
        }
        throw XcodeGenSpecError.wrongType(file, "\(place).type", "an XcodeGen product type (application, framework, …)")
    }

    /// The folders of `packages:` given by `path` (unless left out of the project) and of the
    /// older `localPackages:` list.
    private static func localPackages(_ top: [String: SpecValue]) -> [String] {
        var out: Set<String> = []
        for (_, package) in top["packages"]?.map ?? [:] {
            guard let path = package["path"]?.string, package["excludeFromProject"]?.flag != true else { continue }
            out.insert(path)
        }
        for path in top["localPackages"]?.list ?? [] { path.string.map { _ = out.insert($0) } }
        return out.sorted()
    }
}

/// Build settings as a spec writes them, for the module name: a target's `settings` is either
/// the settings themselves or `groups` (from `settingGroups`), `base` and `configs`, applied in
/// that order; a `configs` key applies to every configuration whose name contains it, ignoring case.
struct SpecSettings {
    let groups: [String: SpecValue]
    let configurations: [String]

    init(_ top: [String: SpecValue]) {
        groups = top["settingGroups"]?.map ?? [:]
        let named = top["configs"]?.map?.keys.sorted() ?? []
        configurations = named.isEmpty ? ["Debug", "Release"] : named
    }

    /// PRODUCT_MODULE_NAME, else PRODUCT_NAME, when one literal wherever it is set; else the
    /// target's name. As for an Xcode project's targets (`XcodeProjectReader`).
    func moduleName(_ settings: SpecValue?, targetName: String) -> String {
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            let values = Set(configurations.compactMap { value(of: key, in: settings, configuration: $0) })
            if values.count == 1, let value = values.first, !value.contains("$") {
                return XcodeProjectReader.c99Identifier(value)
            }
        }
        return XcodeProjectReader.c99Identifier(targetName)
    }

    private func value(of key: String, in settings: SpecValue?, configuration: String, depth: Int = 0) -> String? {
        guard depth < 32, let entries = settings?.map else { return nil }
        let structured = ["base", "configs", "groups", "presets"].contains { entries[$0] != nil }
        guard structured else { return entries[key]?.string }
        var found: String?
        let named = entries["groups"] ?? entries["presets"]
        for group in named?.list?.compactMap(\.string) ?? [] {
            if let v = value(of: key, in: groups[group], configuration: configuration, depth: depth + 1) { found = v }
        }
        if let v = entries["base"]?[key]?.string { found = v }
        let lowered = configuration.lowercased()
        for (name, sub) in (entries["configs"]?.map ?? [:]).sorted(by: { $0.key < $1.key })
        where lowered.contains(name.lowercased()) {
            if let v = value(of: key, in: sub, configuration: configuration, depth: depth + 1) { found = v }
        }
        return found
    }
}
