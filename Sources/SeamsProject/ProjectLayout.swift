import Foundation
import SeamsGraph

/// What discovery found: Swift files, and the project files that say how they build.
public struct LayoutInput: Sendable {
    public struct File: Sendable {
        public var absolute: String
        /// The scanned folder it was found under (top-level folders name modules there).
        public var pathRoot: String
        /// Index into `packages` of the package whose folder holds it.
        public var package: Int?
        /// Other paths of the same file in its package (symbolic links), by which other
        /// targets may compile it too.
        public var aliases: [String]

        public init(absolute: String, pathRoot: String, package: Int?, aliases: [String] = []) {
            self.absolute = absolute
            self.pathRoot = pathRoot
            self.package = package
            self.aliases = aliases
        }
    }

    public var files: [File]
    /// Folders holding a `Package.swift`.
    public var packages: [String]
    /// `.xcodeproj` folders found under the scanned paths.
    public var xcodeProjects: [String]
    /// `.xcworkspace` folders found under the scanned paths (not those inside a project).
    public var workspaces: [String] = []
    /// XcodeGen specs (`project.yml`) with no committed project beside them.
    public var xcodegenSpecs: [String] = []
    /// Tuist `Project.swift` manifests with no committed project beside them, each with the
    /// helper files it may call.
    public var tuistManifests: [(manifest: String, helpers: [String])] = []
    /// Packages (indices into `packages`) whose folder also holds an Xcode project or workspace:
    /// their files that no package target compiles are the project's to place.
    public var packagesBesideProjects: Set<Int> = []
    /// Xcode targets to scan; all when empty.
    public var targets: [String] = []
    public var manifest: ManifestMode = .auto
    /// For messages: paths are shown relative to it.
    public var root: String
    public var swift: String? = PackageReader.swiftOnPath()
    /// SwiftPM's answers kept from earlier runs.
    public var manifestAnswers: ManifestAnswers?
    /// Notes every path the layout asks the file system about.
    public var witness: FileWitness?
    /// Project files whose parsing began while the files were found.
    public var projectPrefetch: ProjectPrefetch?

    public init(files: [File], packages: [String], xcodeProjects: [String], root: String) {
        self.files = files
        self.packages = packages
        self.xcodeProjects = xcodeProjects
        self.root = root
    }
}

/// A file that describes an Xcode project: the project itself, or what generates it.
enum ProjectSource {
    case xcodeproj(String)
    case xcodegen(String)
    case tuist(String, helpers: [String])

    var path: String {
        switch self {
        case .xcodeproj(let path), .xcodegen(let path), .tuist(let path, _): return path
        }
    }
}

/// A compilation unit: one module as the compiler builds it.
public struct UnitInfo: Sendable, Equatable {
    /// The module name shown in the graph.
    public var name: String
    /// The name other files `import` it by; nil for a folder module nobody imports.
    public var importName: String?
    /// Units it can see (target dependencies, linked package products); nil: any.
    public var sees: Set<Int>?
    /// A test target: a SwiftPM `.testTarget`, an Xcode unit-test or UI-test bundle.
    public var isTest = false
}

public struct LayoutError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Files assigned to compilation units: `modules:` aside (the config's, applied after), from
/// the project files (Xcode projects, `Package.swift`), else the top-level folders.
public struct ProjectLayout: Sendable {
    public var units: [UnitInfo] = []
    /// (index into the input's files, unit): a file compiled by two targets is there twice.
    public var assignments: [(file: Int, unit: Int)] = []
    public var diagnostics: [Diagnostic] = []
    /// Where the modules came from, for the summary line.
    public var origin: String = "folders"
    /// Whether a manifest was read otherwise than as syntax (by SwiftPM, or by conventions
    /// because there was no toolchain to ask).
    public var askedToolchain = false
    /// Files found but given no unit, and why (no target compiles them, or none chosen does).
    public var leftOut: [(file: Int, reason: ScanScope.Reason)] = []
    /// The project files and manifests that gave modules, with the targets each gave.
    public var sources: [ScanScope.Source] = []
    /// Module names of files placed by folder, which share their folder's unit.
    public var folderModules: [Int: String] = [:]
    /// The units of package targets, which products name.
    private var packageUnits: [Int] = []
    /// Xcode units and the package products they link, resolved once packages are read.
    private var linkedProducts: [(unit: Int, products: [String])] = []
    /// Local packages the Xcode projects reference, by project name.
    private var projectPackages: [(by: String, dir: String)] = []

    public static func plan(_ input: LayoutInput) throws -> ProjectLayout {
        var layout = ProjectLayout()
        var origins: [String] = []

        // Packages are read first (side by side: a manifest SwiftPM must describe takes a second
        // or more), for the files of a package beside a project are the project's unless a
        // package target compiles them.
        var filesByPackage: [Int: [Int]] = [:]
        for (i, f) in input.files.enumerated() { if let p = f.package { filesByPackage[p, default: []].append(i) } }
        var methods: [PackageTargets.Method: Int] = [:]
        let read = ConcurrentMap.run(input.packages.count) { [filesByPackage] p in
            PackageReader.read(
                dir: input.packages[p], files: (filesByPackage[p] ?? []).map { input.files[$0].absolute },
                mode: input.manifest, swift: input.swift, display: manifestDisplay(input.packages[p], root: input.root),
                answers: input.manifestAnswers, witness: input.witness)
        }
        // A file linked into several targets' folders belongs to each.
        var packageTarget: [Int: [String]] = [:]
        for (p, package) in read.enumerated() {
            for i in filesByPackage[p] ?? [] {
                let names = ([input.files[i].absolute] + input.files[i].aliases).compactMap {
                    package.target(compiling: $0)?.name
                }
                if !names.isEmpty { packageTarget[i] = names.sortedUnique() }
            }
        }
        // Xcode targets before the packages' units: an app's target keeps its name when a package
        // has a same-named one.
        let loose = input.files.indices.filter { i in
            input.files[i].package.map { input.packagesBesideProjects.contains($0) } ?? true
        }
        var xcodeOrigin: String?
        var placedByXcode: Set<Int> = []
        var xcodeTargets: Set<String> = []
        if !input.xcodeProjects.isEmpty || !input.xcodegenSpecs.isEmpty || !input.tuistManifests.isEmpty {
            // None read (each said why, as an error): the files fall back to folders.
            if let read = layout.assignXcodeTargets(loose, input, compiledElsewhere: Set(packageTarget.keys)) {
                (xcodeOrigin, placedByXcode, xcodeTargets) = read
            }
        }
        // `--target` / `targets:` name Xcode or package targets; a name that is neither is a mistake
        // whatever the modules come from, never a selection of nothing.
        let packageTargets = Set(read.flatMap { $0.targets.map(\.name) })
        if let unknown = input.targets.first(where: { !xcodeTargets.contains($0) && !packageTargets.contains($0) }) {
            throw unknownTarget(unknown, xcode: xcodeTargets, packages: packageTargets)
        }
        // Package targets are chosen when some are named; else all are scanned (local packages
        // of a chosen app target included).
        let chosenPackageTargets: Set<String>? =
            input.targets.contains(where: packageTargets.contains) ? Set(input.targets) : nil
        for (p, dir) in input.packages.enumerated() {
            let members = filesByPackage[p] ?? []
            let display = manifestDisplay(dir, root: input.root)
            let package = read[p]
            methods[package.method, default: 0] += 1
            if package.method != .syntax { layout.askedToolchain = true }
            layout.diagnostics += package.diagnostics
            var unitOf: [String: Int] = [:]
            for t in package.targets where chosenPackageTargets?.contains(t.name) ?? true {
                let unit = layout.addUnit(
                    name: t.name, importName: t.name, sees: nil, qualifier: PathTools.baseName(dir),
                    isTest: t.kind == .test)
                unitOf[t.name] = unit
                layout.packageUnits.append(unit)
            }
            layout.sources.append(
                ScanScope.Source(kind: "package", path: display, targets: unitOf.values.map { layout.units[$0].name }))
            var stray: [String] = []
            for i in members {
                if let names = packageTarget[i] {
                    // A target not chosen: its files are left out, not stray.
                    let chosen = names.compactMap { unitOf[$0] }
                    for u in chosen { layout.assignments.append((i, u)) }
                    if chosen.isEmpty { layout.leftOut.append((i, .notChosen)) }
                } else if !placedByXcode.contains(i), xcodeOrigin == nil || !input.packagesBesideProjects.contains(p) {
                    // Beside a project, the project's note names what neither compiles.
                    stray.append(input.files[i].absolute)
                    layout.leftOut.append((i, .noTarget))
                }
            }
            if let note = uncompiledNote(stray, below: dir, file: display) { layout.diagnostics.append(note) }
        }
        if !input.packages.isEmpty {
            let how = methods.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue): \(methods[$0]!)" }
            origins.append(
                "\(input.packages.count) package\(input.packages.count == 1 ? "" : "s") (manifests read by \(how.joined(separator: ", ")))"
            )
        }

        layout.resolveLinkedProducts()
        if let xcodeOrigin {
            origins.insert(xcodeOrigin, at: 0)
        } else {
            layout.assignFolders(loose.filter { input.files[$0].package == nil }, input)
        }
        layout.notePackagesOutside(input)
        layout.origin = origins.isEmpty ? "folders" : origins.joined(separator: " and ")
        return layout
    }

    /// The error for a target name that no project or package read here has.
    static func unknownTarget(_ name: String, xcode: Set<String>, packages: Set<String>) -> LayoutError {
        var known: [String] = []
        if !xcode.isEmpty { known.append("the Xcode targets are: \(xcode.sorted().joined(separator: ", "))") }
        if !packages.isEmpty { known.append("the package targets are: \(packages.sorted().joined(separator: ", "))") }
        guard !known.isEmpty else {
            return LayoutError(
                description:
                    "no target named \(name): no Xcode project or Package.swift gives targets here, so the modules are "
                    + "folders, which --target and `targets:` do not choose; drop the name to scan them all")
        }
        return LayoutError(
            description:
                "no target named \(name) (--target or `targets:` in seams.yml); \(known.joined(separator: "; "))")
    }

    /// A unit named `name`, or `name (qualifier)` when that is taken.
    private mutating func addUnit(
        name: String, importName: String?, sees: Set<Int>?, qualifier: String? = nil, isTest: Bool = false
    ) -> Int {
        var unique = name
        var n = 2
        while units.contains(where: { $0.name == unique }) {
            unique = n == 2 && qualifier != nil ? "\(name) (\(qualifier!))" : "\(name)-\(n)"
            n += 1
        }
        units.append(UnitInfo(name: unique, importName: importName, sees: sees, isTest: isTest))
        return units.count - 1
    }

    /// No project file: each scanned folder is one unit, its top-level folders the modules
    /// (an Xcode-style tree with no project file builds as one app module).
    private mutating func assignFolders(_ files: [Int], _ input: LayoutInput) {
        var unitOfRoot: [String: Int] = [:]
        var modulesOfRoot: [String: Set<String>] = [:]
        for i in files {
            let f = input.files[i]
            let inRoot = PathTools.relative(f.absolute, to: f.pathRoot).split(separator: "/")
            let module =
                inRoot.count > 1
                ? String(inRoot[0])
                : PathTools.baseName(PathTools.realPath(f.pathRoot, witness: input.witness) ?? f.pathRoot)
            // One compilation unit per scanned folder; the module is only its name in the graph.
            let unit: Int
            if let u = unitOfRoot[f.pathRoot] {
                unit = u
            } else {
                unit = units.count
                units.append(UnitInfo(name: PathTools.baseName(f.pathRoot), importName: nil, sees: nil))
                unitOfRoot[f.pathRoot] = unit
            }
            assignments.append((i, unit))
            folderModules[i] = module
            modulesOfRoot[f.pathRoot, default: []].insert(module)
        }
        for (root, modules) in modulesOfRoot {
            sources.append(
                ScanScope.Source(
                    kind: "folders", path: PathTools.relative(root, to: input.root), targets: Array(modules)))
        }
    }

    private mutating func resolveLinkedProducts() {
        for (unit, products) in linkedProducts {
            let linked = products.flatMap { p in packageUnits.filter { units[$0].importName == p } }
            units[unit].sees?.formUnion(linked)
        }
    }

    /// Xcode targets: each native target compiling Swift is a module; a variant whose Swift
    /// files another target compiles too is folded into it.
    ///
    /// `compiledElsewhere`: files a package target compiles, which no Xcode target needs to.
    /// Returns the origin, and the files some Xcode target compiles (chosen or not); nil when no
    /// project could be read.
    /// Names given that are no Xcode target are left for the caller to judge (a package's?);
    /// the target names are returned for it.
    private mutating func assignXcodeTargets(
        _ files: [Int], _ input: LayoutInput, compiledElsewhere: Set<Int>
    ) -> (String, Set<Int>, Set<String>)? {
        var projects: [XcodeProject] = []
        // Committed projects, XcodeGen specs and Tuist manifests alike give targets.
        let described =
            input.xcodeProjects.map { ProjectSource.xcodeproj($0) }
            + input.xcodegenSpecs.map { ProjectSource.xcodegen($0) }
            + input.tuistManifests.map { ProjectSource.tuist($0.manifest, helpers: $0.helpers) }
        // Side by side: a large project file takes a good part of a second to read.
        let listFiles = { @Sendable (dir: String) in PathTools.swiftFilesBelow(dir, witness: input.witness) }
        let read = ConcurrentMap.run(described.count) { i in
            Result {
                switch described[i] {
                case .xcodeproj(let path):
                    try XcodeProjectReader.read(
                        xcodeproj: path, listFiles: listFiles, answers: input.manifestAnswers, witness: input.witness,
                        prefetch: input.projectPrefetch)
                case .xcodegen(let spec):
                    try XcodeGenSpecReader.read(spec: spec, listFiles: listFiles, witness: input.witness)
                case .tuist(let manifest, let helpers):
                    try TuistManifestReader.read(
                        manifest: manifest, helpers: helpers, listFiles: listFiles, witness: input.witness)
                }
            }
        }
        for (path, result) in zip(described.map(\.path), read) {
            switch result {
            case .success(let project): projects.append(project)
            case .failure(let error):
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(path, to: input.root), message: "\(error); its files are not scanned",
                        severity: .error, unread: true))
            }
        }
        guard !projects.isEmpty else { return nil }
        var targets: [(project: XcodeProject, target: XcodeProject.Target, files: Set<String>)] = []
        // Targets share most files: each path is resolved once.
        var realPaths: [String: String] = [:]
        func real(_ path: String) -> String {
            if let known = realPaths[path] { return known }
            let resolved = PathTools.realPath(path, witness: input.witness) ?? path
            realPaths[path] = resolved
            return resolved
        }
        for p in projects {
            projectPackages += p.localPackages.map { (p.name, $0) }
            for t in p.targets where !t.swiftFiles.isEmpty {
                targets.append((p, t, Set(t.swiftFiles.map(real))))
            }
        }
        // Folding: larger targets first, so a variant folds into the fullest target holding it.
        targets.sort { ($0.files.count, $1.target.name) > ($1.files.count, $0.target.name) }
        var foldedInto: [Int: Int] = [:]
        for i in targets.indices {
            if let j = (0..<i).first(where: {
                foldedInto[$0] == nil && targets[i].files.isSubset(of: targets[$0].files)
            }) {
                foldedInto[i] = j
                diagnostics.append(
                    Diagnostic(
                        file: PathTools.relative(targets[i].project.path, to: input.root),
                        message:
                            "target \(targets[i].target.name) compiles only files of \(targets[j].target.name): folded into it",
                        severity: .note))
            }
        }
        // Selection by name (a folded variant selects its target).
        var chosen = Set(targets.indices.filter { foldedInto[$0] == nil })
        if !input.targets.isEmpty {
            chosen = []
            for name in input.targets {
                guard let i = targets.firstIndex(where: { $0.target.name == name }) else { continue }
                chosen.insert(foldedInto[i] ?? i)
            }
        }
        var unitOfTarget: [Int: Int] = [:]
        let order = chosen.sorted { targets[$0].target.name < targets[$1].target.name }
        for i in order {
            unitOfTarget[i] = addUnit(
                name: targets[i].target.name, importName: targets[i].target.moduleName, sees: [],
                isTest: targets[i].target.isTest)
        }
        // What each can see: the targets it depends on, and (once packages are read) the
        // package targets its products name.
        for i in order {
            let t = targets[i].target
            var sees: Set<Int> = []
            linkedProducts.append((unitOfTarget[i]!, t.packageProducts))
            for dep in t.dependencies {
                if let j = targets.firstIndex(where: { $0.target.name == dep }),
                    let u = unitOfTarget[foldedInto[j] ?? j]
                {
                    sees.insert(u)
                }
            }
            units[unitOfTarget[i]!].sees = sees
        }
        var unitsOfFile: [String: [Int]] = [:]
        for (i, u) in unitOfTarget.sorted(by: { $0.value < $1.value }) {
            for f in targets[i].files { unitsOfFile[f, default: []].append(u) }
        }
        var uncompiled: [String] = []
        var placed: Set<Int> = []
        for i in files {
            let f = input.files[i]
            let key = real(f.absolute)
            if let us = unitsOfFile[key] {
                for u in us { assignments.append((i, u)) }
                placed.insert(i)
            } else if targets.contains(where: { $0.files.contains(key) }) {
                placed.insert(i)  // compiled by a target that was not chosen
                leftOut.append((i, .notChosen))
            } else if !compiledElsewhere.contains(i) {
                uncompiled.append(f.absolute)
                leftOut.append((i, .noTarget))
            }
        }
        // One description names itself; several (a Tuist workspace's manifests) the root.
        let noteFile = described.count == 1 ? PathTools.relative(described[0].path, to: input.root) : "."
        if let note = Self.uncompiledNote(uncompiled, below: input.root, file: noteFile) {
            diagnostics.append(note)
        }
        for p in projects {
            sources.append(
                ScanScope.Source(
                    kind: p.kind.rawValue, path: PathTools.relative(p.path, to: input.root),
                    targets: order.filter { targets[$0].project.path == p.path }.map { units[unitOfTarget[$0]!].name }))
        }
        return (
            "\(Self.describe(projects, root: input.root)) (\(unitOfTarget.count) target\(unitOfTarget.count == 1 ? "" : "s"))",
            placed, Set(targets.map(\.target.name))
        )
    }

    /// The projects read, for the summary: committed projects by name, XcodeGen specs and Tuist
    /// manifests by path while few, by count when many.
    static func describe(_ projects: [XcodeProject], root: String) -> String {
        XcodeProject.Kind.allCases.compactMap { kind -> String? in
            let paths = projects.filter { $0.kind == kind }.map { p in
                kind == .xcodeproj ? p.name : PathTools.relative(p.path, to: root)
            }
            guard !paths.isEmpty else { return nil }
            let what: String
            switch kind {
            case .xcodeproj: what = ""
            case .xcodegen: what = "XcodeGen spec" + (paths.count == 1 ? " " : "s ")
            case .tuist: what = "Tuist manifest" + (paths.count == 1 ? " " : "s ")
            }
            return paths.count <= 3 ? what + paths.joined(separator: ", ") : "\(paths.count) \(what.dropLast())"
        }.joined(separator: ", ")
    }

    /// Local packages referenced by a project or workspace but outside every scanned folder.
    private mutating func notePackagesOutside(_ input: LayoutInput) {
        var referenced = projectPackages
        for ws in input.workspaces {
            referenced += WorkspaceReader.references(of: ws, witness: input.witness).filter {
                !$0.hasSuffix(".xcodeproj")
            }.map {
                (PathTools.baseName(ws), $0)
            }
        }
        let known = Set(input.packages.map { PathTools.realPath($0, witness: input.witness) ?? $0 })
        for (by, dir) in referenced where !known.contains(PathTools.realPath(dir, witness: input.witness) ?? dir) {
            guard PathTools.exists(dir + "/Package.swift", witness: input.witness) else { continue }
            diagnostics.append(
                Diagnostic(
                    file: PathTools.relative(dir, to: input.root),
                    message: "local package of \(by) lies outside the scanned folders; name it as a path to scan it",
                    severity: .note))
        }
    }

    /// One note for the Swift files under a project that none of its targets compiles: how
    /// many, and in which top folders.
    static func uncompiledNote(_ files: [String], below dir: String, file: String) -> Diagnostic? {
        guard !files.isEmpty else { return nil }
        var byFolder: [String: Int] = [:]
        for f in files {
            let relative = PathTools.relative(f, to: dir).split(separator: "/")
            byFolder[relative.count > 1 ? String(relative[0]) : ".", default: 0] += 1
        }
        let places = byFolder.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key): \($0.value)" }
        return Diagnostic(
            file: file,
            message:
                "\(files.count) Swift file(s) that no target compiles were not scanned (\(places.joined(separator: ", ")))",
            severity: .note)
    }

    private static func manifestDisplay(_ dir: String, root: String) -> String {
        let rel = PathTools.relative(dir, to: root)
        return rel == "." ? "Package.swift" : rel + "/Package.swift"
    }
}
