import SeamsGraph

/// A `Project(…)` value of ProjectDescription's API read into an `XcodeProject`: what a target's
/// arguments mean (`sources:` globs, `buildableFolders:`, `dependencies:`, `product:`).
///
/// A target's name and Swift files must be known, or the manifest is reported as unreadable.
/// Dependencies and local packages that cannot be evaluated are left out: they change which
/// modules a target links, not which files it compiles.
struct TuistProjectMapping {
    let manifest: String
    /// The manifest's folder: plain paths and globs are relative to it.
    let folder: String
    /// The Tuist root (the folder holding `Tuist/`): `.relativeToRoot(…)` paths start there.
    let root: String
    var matcher: TuistFileMatcher

    private struct SourceGlob {
        var pattern: String
        var excluding: [String]
    }

    mutating func project(from value: TuistValue) throws -> XcodeProject {
        guard let project = TuistCall(value), project.makesProject else {
            throw failure("the project", why: reason(value, expected: "a `Project(…)`"))
        }
        let targetValues: [TuistValue]
        switch project.argument("targets") ?? .array([]) {
        case .array(let elements): targetValues = elements
        case let other: throw failure("the targets of the project", why: reason(other, expected: "a list of targets"))
        }
        var targets: [XcodeProject.Target] = []
        for (index, value) in targetValues.enumerated() {
            targets.append(try target(from: value, number: index + 1))
        }
        return XcodeProject(
            path: manifest, targets: targets, localPackages: localPackages(project.argument("packages")))
    }

    private mutating func target(from value: TuistValue, number: Int) throws -> XcodeProject.Target {
        guard let call = TuistCall(value), call.makesTarget else {
            throw failure("target \(number) of the project", why: reason(value, expected: "a target"))
        }
        guard let name = call.argument("name")?.string else {
            throw failure(
                "the name of target \(number)", why: reason(call.argument("name") ?? .none, expected: "a name"))
        }
        var files: [String] = []
        do {
            if let sources = call.argument("sources") {
                for glob in try sourceGlobs(sources) {
                    files += matcher.files(matching: glob.pattern, excluding: glob.excluding)
                }
            }
            if let folders = call.argument("buildableFolders") {
                files += try buildableFolderFiles(folders)
            }
        } catch let why as Unreadable {
            throw failure("the sources of target \(name)", why: why.reason)
        }
        var dependencies: [String] = []
        var products: [String] = []
        for dependency in call.argument("dependencies")?.elements ?? [] {
            guard let d = TuistCall(dependency) else { continue }
            switch d.name {
            case "target", "macro":
                if let target = (d.argument("name") ?? d.unlabeled)?.string { dependencies.append(target) }
            case "project":
                if let target = d.argument("target")?.string { dependencies.append(target) }
            case "external":
                if let product = d.argument("name")?.string { products.append(product) }
            case "package":
                if let product = d.argument("product")?.string { products.append(product) }
            default: break
            }
        }
        let productName = call.argument("productName")?.string ?? name
        return XcodeProject.Target(
            name: name, moduleName: XcodeProjectReader.c99Identifier(productName),
            swiftFiles: Array(Set(files)).sorted(),
            dependencies: Array(Set(dependencies)).sorted(), packageProducts: Array(Set(products)).sorted(),
            productType: Self.productType(of: call.argument("product")))
    }

    /// Xcode's product type for a case of Tuist's `Product`; nil when unsaid or not known.
    static func productType(of value: TuistValue?) -> String? {
        guard case .member(let product)? = value else { return nil }
        let base = "com.apple.product-type."
        switch product {
        case "app": return base + "application"
        case "staticLibrary": return base + "library.static"
        case "dynamicLibrary": return base + "library.dynamic"
        case "framework": return base + "framework"
        case "staticFramework": return base + "framework.static"
        case "unitTests": return base + "bundle.unit-test"
        case "uiTests": return base + "bundle.ui-testing"
        case "bundle": return base + "bundle"
        case "commandLineTool": return base + "tool"
        case "appExtension": return base + "app-extension"
        case "appClip": return base + "application.on-demand-install-capable"
        case "watch2App": return base + "application.watchapp2"
        case "watch2Extension": return base + "watchkit2-extension"
        case "tvTopShelfExtension": return base + "tv-app-extension"
        case "messagesExtension": return base + "app-extension.messages"
        case "stickerPackExtension": return base + "app-extension.messages-sticker-pack"
        case "xpc": return base + "xpc-service"
        case "systemExtension": return base + "system-extension"
        case "extensionKitExtension": return base + "extensionkit-extension"
        case "macro": return base + "macro"
        default: return nil
        }
    }

    // MARK: Sources

    /// Why a target's sources could not be read.
    private struct Unreadable: Error {
        var reason: String
    }

    /// `"Sources/**"`, `["A/**", .glob("B/**", excluding: […])]`, `.sourceFilesList(globs: […])`,
    /// `SourceFilesList(globs: […], excluding: […])`, `.paths([…])`: absolute globs.
    private func sourceGlobs(_ value: TuistValue) throws -> [SourceGlob] {
        switch value {
        case .none:
            return []
        case .array(let elements):
            return try elements.flatMap { try sourceGlobs($0) }
        case .call where ["SourceFilesList", "sourceFilesList", "init"].contains(TuistCall(value)!.name):
            let call = TuistCall(value)!
            let globs = try sourceGlobs(call.argument("globs") ?? call.unlabeled ?? .none)
            let excluding = try paths(call.argument("excluding") ?? .none)
            return globs.map { SourceGlob(pattern: $0.pattern, excluding: $0.excluding + excluding) }
        case .call(_, "paths", _, _):
            return try paths(TuistCall(value)!.unlabeled ?? .none).map { SourceGlob(pattern: $0, excluding: []) }
        case .call(_, "glob", _, _), .call(_, "generated", _, _):
            let call = TuistCall(value)!
            let pattern = try path(call.unlabeled ?? call.argument("pattern") ?? .none)
            return [SourceGlob(pattern: pattern, excluding: try paths(call.argument("excluding") ?? .none))]
        default:
            return [SourceGlob(pattern: try path(value), excluding: [])]
        }
    }

    /// `buildableFolders: ["Sources", .folder("App", exceptions: [.exception(excluded: […])])]`:
    /// every Swift file below each folder, less its exclusions. An exclusion is read relative to
    /// the folder and to the manifest's folder (Tuist's own examples write both).
    private mutating func buildableFolderFiles(_ value: TuistValue) throws -> [String] {
        guard case .array(let folders) = value else {
            throw Unreadable(reason: reason(value, expected: "a list of buildable folders"))
        }
        var out: [String] = []
        for entry in folders {
            var excluded: [String] = []
            let dir: String
            if let call = TuistCall(entry), call.name == "folder" {
                dir = try path(call.unlabeled ?? call.argument("path") ?? .none)
                var exceptions = call.argument("exceptions") ?? .array([])
                if let list = TuistCall(exceptions), list.name == "exceptions" { exceptions = list.unlabeled ?? .none }
                guard case .array(let items) = exceptions else {
                    throw Unreadable(reason: reason(exceptions, expected: "the folder's exceptions"))
                }
                for exception in items.compactMap(TuistCall.init) {
                    for relative in try strings(exception.argument("excluded") ?? .array([])) {
                        excluded += [
                            PathTools.absolute(relative, base: dir), PathTools.absolute(relative, base: folder),
                        ]
                    }
                }
            } else {
                dir = try path(entry)
            }
            let exclusions = TuistFileMatcher.exclusions(excluded)
            out += matcher.files(below: dir).filter { file in !exclusions.contains { $0.matches(file) } }
        }
        return out
    }

    /// An absolute path for a `Path` value: a string or `.relativeToManifest` from the manifest's
    /// folder, `.relativeToRoot` from the Tuist root. `.relativeToCurrentFile` is taken from the
    /// manifest's folder too: where a helper wrote it, that is not the helper's folder, a known
    /// gap.
    private func path(_ value: TuistValue) throws -> String {
        switch value {
        case .string(let s):
            return PathTools.absolute(s, base: folder)
        case .call:
            let call = TuistCall(value)!
            guard let s = call.unlabeled?.string else { break }
            switch call.name {
            case "relativeToRoot": return PathTools.absolute(s, base: root)
            case "relativeToManifest", "relativeToCurrentFile", "path", "Path", "init":
                return PathTools.absolute(s, base: folder)
            default: break
            }
        default: break
        }
        throw Unreadable(reason: reason(value, expected: "a path"))
    }

    private func paths(_ value: TuistValue) throws -> [String] {
        switch value {
        case .none: return []
        case .array(let elements): return try elements.map(path)
        default: return [try path(value)]
        }
    }

    private func strings(_ value: TuistValue) throws -> [String] {
        guard case .array(let elements) = value else { throw Unreadable(reason: reason(value, expected: "a list")) }
        return try elements.map {
            guard let s = $0.string else { throw Unreadable(reason: reason($0, expected: "a string")) }
            return s
        }
    }

    // MARK: Packages

    /// `packages: [.local(path:), .package(path:)]`: absolute folders. Remote packages, and lists
    /// the evaluator could not follow, give none.
    private func localPackages(_ value: TuistValue?) -> [String] {
        var out: Set<String> = []
        for call in (value?.elements ?? []).compactMap(TuistCall.init) where ["local", "package"].contains(call.name) {
            guard let location = call.argument("path"), let folder = try? path(location) else { continue }
            out.insert(folder)
        }
        return out.sorted()
    }

    // MARK: Errors

    private func failure(_ what: String, why: String) -> TuistManifestError {
        .unsupported(manifest: manifest, what: what, why: why)
    }

    private func reason(_ value: TuistValue, expected: String) -> String {
        switch value {
        case .unknown(let why): return why
        case .call:
            return
                "`\(TuistCall(value)!.spelled)` is not \(expected), nor a helper function found in Tuist/ProjectDescriptionHelpers"
        case .none: return "it is missing"
        default: return "it is not \(expected)"
        }
    }
}
