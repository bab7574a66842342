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
    /// What was found and what of it is to be scanned (the scanner's unread files are its to add).
    private(set) var scope = ScanScope(found: 0, scanned: 0, sources: [], leftOut: [])
    /// Swift files found and left out before the layout, with why (display paths).
    private var leftOutPaths: [(path: String, reason: ScanScope.Reason)] = []

    private var visitedDirs: Set<String> = []
    private var seenFiles: Set<String> = []
    /// Files reached a second time (a path given twice, or inside another): not new, not missing.
    private var alreadyFound = 0
    /// Folders reached again that an earlier path had scanned (not through a symbolic link).
    private var revisited = 0

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
        /// Other paths of the same file in its package (symbolic links).
        var aliases: [String] = []
    }
    /// Index into the files found, by resolved path.
    private var foundIndex: [String: Int] = [:]

    /// Xcode targets to scan (`--target`, `targets:`); all when empty.
    var targets: [String] = []
    var manifest: ManifestMode = .auto
    /// SwiftPM's answers kept from earlier runs (the scan cache).
    var manifestAnswers: ManifestAnswers?
    /// Notes every path discovery asks the file system about (see `DiscoveryMemo`).
    let witness = FileWitness()
    /// Whether a manifest was read otherwise than as syntax: then the answer depends on the
    /// toolchain too (whether there is one, what it says), not only on the files.
    private(set) var askedToolchain = false
    /// Where the modules came from, for the summary line.
    private(set) var origin = "folders"
    private var packageDirs: [String] = []
    private var xcodeProjects: [String] = []
    /// Packages (indices into `packageDirs`) whose folder also holds an Xcode project or workspace.
    private var packagesBesideProjects: Set<Int> = []
    /// Takes each Swift file found, to collect its facts while discovery goes on.
    var ahead: CollectAhead?
    /// The project files found, parsed while the walk goes on.
    private lazy var projectPrefetch = ProjectPrefetch(answers: manifestAnswers)
    private var workspaces: [String] = []
    /// XcodeGen specs found where no committed project stands beside them.
    private var xcodegenSpecs: [String] = []
    /// Tuist `Project.swift` manifests found where no committed project stands beside them.
    private var tuistManifests: [String] = []
    /// Tuist folders (`Tuist/` beside a manifest): the Swift files of their
    /// `ProjectDescriptionHelpers`, which manifests below the folder's parent may call.
    private var tuistHelpers: [(root: String, files: [String])] = []

    mutating func run(paths: [String], cwd: String) throws {
        var found: [Found] = []
        var named: [String: String] = [:]
        for given in paths {
            let abs = PathTools.absolute(given, base: cwd)
            if let real = PathTools.realPath(abs, witness: witness) {
                if let first = named[real] {
                    diagnostics.append(
                        Diagnostic(
                            file: given,
                            message:
                                "names the same \(PathTools.isDirectory(abs, witness: witness) == true ? "folder" : "file") as \(first); scanned once",
                            severity: .note))
                    continue
                }
                named[real] = given
            }
            guard let isDir = PathTools.isDirectory(abs, witness: witness) else {
                diagnostics.append(
                    Diagnostic(file: given, message: "path does not exist", severity: .error, unread: true))
                continue
            }
            if isDir {
                let before = (found.count, alreadyFound, revisited)
                walk(abs, pathRoot: abs, insidePackage: nil, isPathRoot: true, found: &found)
                if (found.count, alreadyFound, revisited) == before {
                    diagnostics.append(
                        Diagnostic(file: given, message: "no Swift files found in this folder", severity: .warning))
                }
            } else if abs.hasSuffix(".swift") {
                add(
                    abs, pathRoot: URL(fileURLWithPath: abs).deletingLastPathComponent().path, package: nil,
                    found: &found)
            } else {
                diagnostics.append(
                    Diagnostic(file: given, message: "not a folder or a .swift file", severity: .error, unread: true))
            }
        }
        try assign(found)
    }

    private func isExcluded(_ display: String) -> Bool {
        config.isExcluded(display) || extraExcludes.contains { $0.matches(display) }
    }

    /// `real`: the file's resolved path when the caller knows it (a file that is no link, in a
    /// folder resolved already), which spares a `realpath` of every component.
    private mutating func add(
        _ abs: String, real known: String? = nil, pathRoot: String, package: Int?, found: inout [Found]
    ) {
        let real = known ?? PathTools.realPath(abs, witness: witness) ?? abs
        guard seenFiles.insert(real).inserted else {
            alreadyFound += 1
            // A file linked into a second folder of the same package (one source shared by two
            // targets) is compiled by both: the layout places it by each path.
            if let first = foundIndex[real], package != nil, found[first].package == package,
                found[first].absolute != abs
            {
                found[first].aliases.append(abs)
            }
            return
        }
        let display = PathTools.relative(abs, to: root)
        if isExcluded(display) {
            leftOutPaths.append((display, .excluded))
            return
        }
        foundIndex[real] = found.count
        found.append(Found(absolute: abs, display: display, pathRoot: pathRoot, package: package))
        ahead?.offer(path: display, location: abs)
    }

    /// `real`: the folder's resolved path when the caller knows it (a folder that is no link,
    /// in a folder resolved already), which spares a `realpath` of every component.
    private mutating func walk(
        _ dir: String, real known: String? = nil, pathRoot: String, insidePackage: Int?, isPathRoot: Bool,
        found: inout [Found]
    ) {
        guard let real = known ?? PathTools.realPath(dir, witness: witness) else { return }
        guard visitedDirs.insert(real).inserted else {
            witness.saw(dir)
            var info = stat()
            let isLink = lstat(dir, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
            if !isLink { revisited += 1 }
            if isPathRoot {
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(dir, to: root),
                        message: "lies inside another path given; scanned once", severity: .note))
            } else if isLink {
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(dir, to: root),
                        message: "folder already scanned through another path (symlink loop?); skipped",
                        severity: .warning))
            }
            // Otherwise a path given earlier was this folder inside this one: already scanned.
            return
        }
        let entries = PathTools.entries(of: dir, witness: witness)
        var package = insidePackage
        let hasManifest =
            entries.map { $0.contains { $0.name == "Package.swift" && $0.exists } }
            ?? PathTools.exists(dir + "/Package.swift", witness: witness)
        if hasManifest {
            if let outer = insidePackage, !isPathRoot, !packagesBesideProjects.contains(outer) {
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(dir, to: root),
                        message: "nested package skipped; name it as a path to scan it", severity: .note))
                noteLeftOut(below: dir, reason: .nestedPackage)
                return
            }
            package = packageDirs.count
            packageDirs.append(dir)
            // A `Package.swift` beside a project (committed, or an XcodeGen or Tuist description)
            // is one more thing the folder builds (tools, a library): the project's targets are
            // read too, and packages below are the project's local ones, not nested ones.
            if let entries, entries.contains(where: Self.describesProject) {
                packagesBesideProjects.insert(package!)
            }
        }
        // A committed project beside a spec or manifest is what builds: it is read, not them.
        let committedProject = entries?.first { $0.isDirectory && $0.name?.hasSuffix(".xcodeproj") == true }?.name
        let readsProjects = package.map(packagesBesideProjects.contains) ?? true
        guard let entries else {
            diagnostics.append(
                Diagnostic(
                    file: PathTools.relative(dir, to: root), message: "folder cannot be read; skipped",
                    severity: .error,
                    unread: true))
            return
        }
        for entry in entries {
            guard let name = entry.name else {
                // Swift paths are text: a name that is not UTF-8 cannot be carried through the
                // graph, so it is named (escaped) rather than dropped without a word.
                if entry.endsWithSwift || entry.isDirectory {
                    diagnostics.append(
                        Diagnostic(
                            file: PathTools.relative(dir + "/" + entry.escaped, to: root),
                            message: "\(entry.isDirectory ? "folder" : "file") name is not valid UTF-8 "
                                + "(shown with \\x escapes); skipped: rename it to scan it",
                            severity: .error, unread: true))
                }
                continue
            }
            let path = dir + "/" + name
            if entry.isLink, let outside = Self.leavesRoot(path, pathRoot: pathRoot, witness: witness) {
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(path, to: root),
                        message: "symbolic link to \(outside), outside the scanned folder; not followed",
                        severity: .note))
                continue
            }
            guard entry.exists else {
                if entry.endsWithSwift && entry.isLink {
                    diagnostics.append(
                        Diagnostic(
                            file: PathTools.relative(path, to: root), message: "broken symbolic link; skipped",
                            unread: true))
                }
                continue
            }
            if entry.isDirectory {
                if Self.alwaysSkipped.contains(name) || name.hasPrefix(".build") { continue }
                // Project files are read, not walked; a package's own are not the app's.
                if name.hasSuffix(".xcodeproj") {
                    if readsProjects {
                        xcodeProjects.append(path)
                        projectPrefetch.start(path)
                    } else if let package {
                        // An example app or a tool of the package: not what the package builds.
                        diagnostics.append(
                            Diagnostic(
                                file: PathTools.relative(path, to: root),
                                message:
                                    "a project inside the package \(PathTools.relative(packageDirs[package], to: root)) "
                                    + "(an example or a tool of it) is not read; name its folder as a path to scan it",
                                severity: .note))
                    }
                    continue
                }
                if name.hasSuffix(".xcworkspace") {
                    if readsProjects { workspaces.append(path) }
                    continue
                }
                // Tuist's own folder (manifest helpers, templates, its dependencies' package):
                // code only Tuist compiles. The helpers are kept for the manifests to call.
                if name == "Tuist", entries.contains(where: { Self.tuistRootFiles.contains($0.name ?? "") }) {
                    tuistHelpers.append(
                        (dir, PathTools.swiftFilesBelow(path + "/ProjectDescriptionHelpers", witness: witness)))
                    continue
                }
                if isExcluded(PathTools.relative(path, to: root) + "/") {
                    noteLeftOut(below: path, reason: .excluded)
                    continue
                }
                walk(
                    path, real: entry.isLink ? nil : (real == "/" ? "" : real) + "/" + name, pathRoot: pathRoot,
                    insidePackage: package, isPathRoot: false, found: &found)
            } else if XcodeGenSpecReader.isSpecName(name) {
                if let committedProject {
                    diagnostics.append(
                        Diagnostic(
                            file: PathTools.relative(path, to: root),
                            message: "XcodeGen spec beside the committed \(committedProject), which is read instead",
                            severity: .note))
                } else if readsProjects {
                    xcodegenSpecs.append(path)
                }
            } else if Self.tuistRootFiles.contains(name), isTuistSource(path) {
                // A Tuist manifest is Tuist's code, not the app's; a project's manifest is read.
                guard name == "Project.swift" else { continue }
                if let committedProject {
                    diagnostics.append(
                        Diagnostic(
                            file: PathTools.relative(path, to: root),
                            message: "Tuist manifest beside the committed \(committedProject), which is read instead",
                            severity: .note))
                } else if readsProjects {
                    tuistManifests.append(path)
                }
            } else if name.hasSuffix(".swift"), name != "Package.swift", !name.hasPrefix("Package@swift") {
                // Non-regular files are passed on: the scanner reports them without opening them.
                add(
                    path, real: entry.isLink ? nil : (real == "/" ? "" : real) + "/" + name, pathRoot: pathRoot,
                    package: package,
                    found: &found)
            }
        }
    }

    /// Names of the files Tuist reads at a project's or workspace's root.
    static let tuistRootFiles: Set<String> = ["Project.swift", "Workspace.swift", "Tuist.swift"]

    /// A folder entry that says how the folder builds: a committed project or workspace, an
    /// XcodeGen spec, or a Tuist manifest (by name; its content is checked when read).
    static func describesProject(_ e: PathTools.Entry) -> Bool {
        guard let name = e.name else { return false }
        if e.isDirectory { return name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") }
        return XcodeGenSpecReader.isSpecName(name) || name == "Project.swift" || name == "Workspace.swift"
    }

    /// Whether a Swift file is Tuist's (it imports ProjectDescription) rather than the app's.
    private func isTuistSource(_ path: String) -> Bool {
        guard let data = PathTools.contents(of: path, witness: witness) else { return false }
        return TuistManifestReader.isTuistSource(String(decoding: data, as: UTF8.self))
    }

    /// The helper files a Tuist manifest may call: those of the nearest Tuist folder above it.
    private func helpers(of manifest: String) -> [String] {
        tuistHelpers.filter { PathTools.isWithin(manifest, $0.root) }.max { $0.root.count < $1.root.count }?.files ?? []
    }

    /// The Swift files below a folder not walked, counted for the scope.
    private mutating func noteLeftOut(below dir: String, reason: ScanScope.Reason) {
        for file in PathTools.swiftFilesBelow(dir, witness: witness) where !file.hasSuffix("/Package.swift") {
            leftOutPaths.append((PathTools.relative(file, to: root), reason))
        }
    }

    /// Where the symbolic link at `path` leads when that is outside `pathRoot` (both resolved);
    /// nil when it stays inside. A link inside the tree that points up (`up -> ..`) would
    /// otherwise take the scan out of the folder it was asked to read.
    static func leavesRoot(_ path: String, pathRoot: String, witness: FileWitness? = nil) -> String? {
        guard let target = PathTools.realPath(path, witness: witness),
            let base = PathTools.realPath(pathRoot, witness: witness)
        else { return nil }
        return target == base || target.hasPrefix(base == "/" ? "/" : base + "/") ? nil : target
    }

    /// A top-level folder that holds tests when no project file says: `Tests`, `AppTests`,
    /// `AppUITests` (a `Tests` folder deeper inside a module is that module's, and stays so).
    static func isTestFolder(_ name: String) -> Bool {
        name.hasSuffix("Tests")
    }

    /// A library built for tests to link: its stand-ins and fixtures are test code
    /// (`WaitlistMocks`, `NetworkingTestingUtils`, `StoreTestSupport`).
    static func isTestSupport(_ name: String) -> Bool {
        [
            "Mocks", "TestSupport", "TestingSupport", "TestUtils", "TestingUtils", "TestUtilities", "TestingUtilities",
            "TestHelpers", "TestingHelpers", "Fixtures",
        ].contains { name.hasSuffix($0) }
    }

    /// Compilation units from the project files (SeamsProject), then `modules:` from the config.
    private mutating func assign(_ found: [Found]) throws {
        var input = LayoutInput(
            files: found.map {
                LayoutInput.File(absolute: $0.absolute, pathRoot: $0.pathRoot, package: $0.package, aliases: $0.aliases)
            },
            packages: packageDirs, xcodeProjects: xcodeProjects, root: root)
        input.workspaces = workspaces
        input.xcodegenSpecs = xcodegenSpecs
        input.tuistManifests = tuistManifests.map { ($0, helpers(of: $0)) }
        input.packagesBesideProjects = packagesBesideProjects
        input.targets = targets
        input.manifest = manifest
        input.manifestAnswers = manifestAnswers
        input.witness = witness
        input.projectPrefetch = projectPrefetch
        let layout: ProjectLayout
        do {
            layout = try ProjectLayout.plan(input)
        } catch let error as LayoutError {
            throw SeamsError.input(error.description)
        }
        diagnostics += layout.diagnostics
        origin = layout.origin
        askedToolchain = layout.askedToolchain
        units = layout.units.map { CompilationUnit(importName: $0.importName, sees: $0.sees) }
        var leftOut = leftOutPaths
        for (i, reason) in layout.leftOut { leftOut.append((found[i].display, reason)) }
        let scanned = Set(layout.assignments.map(\.file)).count
        scope = ScanScope(
            found: found.count + leftOutPaths.count, scanned: scanned, sources: layout.sources,
            leftOut: ScanScope.Reason.allCases.flatMap { reason in
                ScanScope.leftOut(leftOut.filter { $0.reason == reason }.map(\.path), reason: reason)
            })
        for (i, unit) in layout.assignments.sorted(by: { ($0.file, $0.unit) < ($1.file, $1.unit) }) {
            let f = found[i]
            var module = layout.folderModules[i] ?? layout.units[unit].name
            // Test code: the project says so; with modules from folders, the folder's name.
            let test =
                layout.units[unit].isTest || layout.folderModules[i].map(Self.isTestFolder) == true
                || Self.isTestSupport(layout.units[unit].name)
            if let configured = config.module(for: f.display) { module = configured }
            files.append(SourceFile(path: f.display, location: f.absolute, module: module, unit: unit, test: test))
        }
    }
}
