import Foundation
import SeamsGraph
import SeamsRules
import SeamsScanner

/// Finds the Swift files under the scan paths and assigns each a module and a compilation unit.
struct Discovery {
    /// Folders that never hold the project's own sources.
    static let alwaysSkipped: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    let root: String
    let config: SeamsConfig
    let extraExcludes: [Glob]

    private(set) var files: [SourceFile] = []
    private(set) var unitNames: [String?] = []
    private(set) var diagnostics: [Diagnostic] = []

    private var visitedDirs: Set<String> = []
    private var seenFiles: Set<String> = []

    init(root: String, config: SeamsConfig, extraExcludes: [String]) {
        self.root = root
        self.config = config
        self.extraExcludes = extraExcludes.map(Glob.init)
    }

    /// A package found during the walk, with its targets' folders.
    private struct Package {
        let dir: String
        /// (absolute folder, target name, unit index), longest folder first.
        var targets: [(dir: String, name: String, unit: Int)]
        var strayFiles = 0
    }

    private struct Found {
        var absolute: String
        var display: String
        var pathRoot: String
        var package: Int?
    }

    mutating func run(paths: [String], cwd: String) {
        var found: [Found] = []
        var packages: [Package] = []
        for given in paths {
            let abs = PathTools.absolute(given, base: cwd)
            guard let isDir = PathTools.isDirectory(abs) else {
                diagnostics.append(Diagnostic(file: given, message: "path does not exist", severity: .error))
                continue
            }
            if isDir {
                let before = found.count
                walk(abs, pathRoot: abs, insidePackage: nil, isPathRoot: true, found: &found, packages: &packages)
                if found.count == before {
                    diagnostics.append(
                        Diagnostic(file: given, message: "no Swift files found in this folder", severity: .warning))
                }
            } else if abs.hasSuffix(".swift") {
                add(
                    abs, pathRoot: URL(fileURLWithPath: abs).deletingLastPathComponent().path, package: nil,
                    found: &found)
            } else {
                diagnostics.append(Diagnostic(file: given, message: "not a folder or a .swift file", severity: .error))
            }
        }
        assign(found, packages: &packages)
        for p in packages where p.strayFiles > 0 {
            diagnostics.append(
                Diagnostic(
                    file: manifestPath(p.dir),
                    message: "\(p.strayFiles) Swift file(s) outside every target of this package were not scanned",
                    severity: .note))
        }
    }

    private func manifestPath(_ dir: String) -> String {
        let rel = PathTools.relative(dir, to: root)
        return rel == "." ? "Package.swift" : rel + "/Package.swift"
    }

    private func isExcluded(_ display: String) -> Bool {
        config.isExcluded(display) || extraExcludes.contains { $0.matches(display) }
    }

    private mutating func add(_ abs: String, pathRoot: String, package: Int?, found: inout [Found]) {
        let real = PathTools.realPath(abs) ?? abs
        guard seenFiles.insert(real).inserted else { return }
        let display = PathTools.relative(abs, to: root)
        if isExcluded(display) { return }
        found.append(Found(absolute: abs, display: display, pathRoot: pathRoot, package: package))
    }

    private mutating func walk(
        _ dir: String, pathRoot: String, insidePackage: Int?, isPathRoot: Bool,
        found: inout [Found], packages: inout [Package]
    ) {
        guard let real = PathTools.realPath(dir) else { return }
        guard visitedDirs.insert(real).inserted else {
            diagnostics.append(
                Diagnostic(
                    file: PathTools.relative(dir, to: root),
                    message: "folder already scanned through another path (symlink loop?); skipped", severity: .warning)
            )
            return
        }
        let fm = FileManager.default
        var package = insidePackage
        if fm.fileExists(atPath: dir + "/Package.swift") {
            if insidePackage != nil && !isPathRoot {
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(dir, to: root),
                        message: "nested package skipped; name it as a path to scan it", severity: .note))
                return
            }
            package = packages.count
            packages.append(readPackage(dir))
        }
        let entries: [String]
        do {
            entries = try fm.contentsOfDirectory(atPath: dir).sorted()
        } catch {
            diagnostics.append(
                Diagnostic(
                    file: PathTools.relative(dir, to: root), message: "folder cannot be read; skipped", severity: .error
                ))
            return
        }
        for name in entries {
            let path = dir + "/" + name
            guard let isDir = PathTools.isDirectory(path) else {
                if name.hasSuffix(".swift"), (try? fm.destinationOfSymbolicLink(atPath: path)) != nil {
                    diagnostics.append(
                        Diagnostic(file: PathTools.relative(path, to: root), message: "broken symbolic link; skipped"))
                }
                continue
            }
            if isDir {
                if Self.alwaysSkipped.contains(name) || name.hasPrefix(".build") { continue }
                if isExcluded(PathTools.relative(path, to: root) + "/") { continue }
                walk(
                    path, pathRoot: pathRoot, insidePackage: package, isPathRoot: false, found: &found,
                    packages: &packages)
            } else if name.hasSuffix(".swift"), name != "Package.swift", !name.hasPrefix("Package@swift") {
                // Non-regular files are passed on: the scanner reports them without opening them.
                add(path, pathRoot: pathRoot, package: package, found: &found)
            }
        }
    }

    private mutating func readPackage(_ dir: String) -> Package {
        var package = Package(dir: dir, targets: [])
        guard let data = FileManager.default.contents(atPath: dir + "/Package.swift"),
            let text = String(data: data, encoding: .utf8)
        else {
            diagnostics.append(
                Diagnostic(
                    file: manifestPath(dir),
                    message: "manifest cannot be read", severity: .error))
            return package
        }
        for target in ManifestReader.targets(inManifest: text) {
            let folder: String
            if let path = target.path {
                folder = PathTools.absolute(path, base: dir)
            } else {
                let candidates: [String]
                switch target.kind {
                case .test: candidates = ["Tests"]
                case .plugin: candidates = ["Plugins"]
                default: candidates = ["Sources", "Source", "src", "srcs"]
                }
                folder =
                    candidates.map { "\(dir)/\($0)/\(target.name)" }.first { PathTools.isDirectory($0) == true }
                    ?? "\(dir)/\(candidates[0])/\(target.name)"
            }
            unitNames.append(target.name)
            package.targets.append((folder, target.name, unitNames.count - 1))
        }
        package.targets.sort { $0.dir.count > $1.dir.count }
        return package
    }

    /// Modules: a package's targets; else the top-level folders of each scanned path.
    /// Compilation units: each target; else the whole scanned folder (an Xcode app is one module).
    private mutating func assign(_ found: [Found], packages: inout [Package]) {
        var folderUnits: [String: Int] = [:]
        for f in found {
            var module: String
            var unit: Int
            if let p = f.package {
                guard let target = packages[p].targets.first(where: { f.absolute.hasPrefix($0.dir + "/") }) else {
                    packages[p].strayFiles += 1
                    continue
                }
                module = target.name
                unit = target.unit
            } else {
                if let u = folderUnits[f.pathRoot] {
                    unit = u
                } else {
                    unitNames.append(nil)
                    unit = unitNames.count - 1
                    folderUnits[f.pathRoot] = unit
                }
                let inRoot = PathTools.relative(f.absolute, to: f.pathRoot).split(separator: "/")
                module =
                    inRoot.count > 1
                    ? String(inRoot[0]) : PathTools.baseName(PathTools.realPath(f.pathRoot) ?? f.pathRoot)
            }
            if let configured = config.module(for: f.display) { module = configured }
            files.append(SourceFile(path: f.display, location: f.absolute, module: module, unit: unit))
        }
    }
}
