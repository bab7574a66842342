import Foundation
import SeamsProject
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
    private(set) var units: [CompilationUnit] = []
    private(set) var diagnostics: [Diagnostic] = []

    private var visitedDirs: Set<String> = []
    private var seenFiles: Set<String> = []

    init(root: String, config: SeamsConfig, extraExcludes: [String]) {
        self.root = root
        self.config = config
        self.extraExcludes = extraExcludes.map(Glob.init)
    }

    private struct Found {
        var absolute: String
        var display: String
        var pathRoot: String
        var package: Int?
    }

    /// Xcode targets to scan (`--target`, `targets:`); all when empty.
    var targets: [String] = []
    var manifest: ManifestMode = .auto
    /// Where the modules came from, for the summary line.
    private(set) var origin = "folders"
    private var packageDirs: [String] = []
    private var xcodeProjects: [String] = []
    private var workspaces: [String] = []

    mutating func run(paths: [String], cwd: String) throws {
        var found: [Found] = []
        for given in paths {
            let abs = PathTools.absolute(given, base: cwd)
            guard let isDir = PathTools.isDirectory(abs) else {
                diagnostics.append(Diagnostic(file: given, message: "path does not exist", severity: .error))
                continue
            }
            if isDir {
                let before = found.count
                walk(abs, pathRoot: abs, insidePackage: nil, isPathRoot: true, found: &found)
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
        try assign(found)
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
        _ dir: String, pathRoot: String, insidePackage: Int?, isPathRoot: Bool, found: inout [Found]
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
            package = packageDirs.count
            packageDirs.append(dir)
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
                // Project files are read, not walked; a package's own are not the app's.
                if name.hasSuffix(".xcodeproj") {
                    if package == nil { xcodeProjects.append(path) }
                    continue
                }
                if name.hasSuffix(".xcworkspace") {
                    if package == nil { workspaces.append(path) }
                    continue
                }
                if isExcluded(PathTools.relative(path, to: root) + "/") { continue }
                walk(path, pathRoot: pathRoot, insidePackage: package, isPathRoot: false, found: &found)
            } else if name.hasSuffix(".swift"), name != "Package.swift", !name.hasPrefix("Package@swift") {
                // Non-regular files are passed on: the scanner reports them without opening them.
                add(path, pathRoot: pathRoot, package: package, found: &found)
            }
        }
    }

    /// Compilation units from the project files (SeamsProject), then `modules:` from the config.
    private mutating func assign(_ found: [Found]) throws {
        var input = LayoutInput(
            files: found.map { LayoutInput.File(absolute: $0.absolute, pathRoot: $0.pathRoot, package: $0.package) },
            packages: packageDirs, xcodeProjects: xcodeProjects, root: root)
        input.workspaces = workspaces
        input.targets = targets
        input.manifest = manifest
        let layout: ProjectLayout
        do {
            layout = try ProjectLayout.plan(input)
        } catch let error as LayoutError {
            throw SeamsError.input(error.description)
        }
        diagnostics += layout.diagnostics
        origin = layout.origin
        units = layout.units.map { CompilationUnit(importName: $0.importName, sees: $0.sees) }
        for (i, unit) in layout.assignments.sorted(by: { ($0.file, $0.unit) < ($1.file, $1.unit) }) {
            let f = found[i]
            var module = layout.folderModules[i] ?? layout.units[unit].name
            if let configured = config.module(for: f.display) { module = configured }
            files.append(SourceFile(path: f.display, location: f.absolute, module: module, unit: unit))
        }
    }
}
