import Foundation

/// The parts of an Xcode project (`*.xcodeproj/project.pbxproj`) that decide what compiles
/// where: its native targets, each with the Swift files of its Sources build phase or its
/// synchronized folders, the targets it depends on and the package products it links.
public struct XcodeProject: Sendable, Equatable, Codable {
    public struct Target: Sendable, Equatable, Codable {
        public var name: String
        /// The name `import` uses: PRODUCT_MODULE_NAME when written out, else the target name,
        /// as a C99 identifier (Xcode's own rule: `NetNewsWire iOS` imports as `NetNewsWire_iOS`).
        public var moduleName: String
        /// Absolute paths of the Swift files it compiles, sorted.
        public var swiftFiles: [String]
        /// Names of the targets of this project it depends on.
        public var dependencies: [String]
        /// Names of the package products it links.
        public var packageProducts: [String]
        /// Its `productType` (`com.apple.product-type.application`, `….bundle.unit-test`); nil if unsaid.
        public var productType: String? = nil

        /// The product types of test bundles: unit tests and UI tests.
        public static let testProductTypes: Set<String> = [
            "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
        ]

        /// A unit-test or UI-test bundle.
        public var isTest: Bool { productType.map(Self.testProductTypes.contains) ?? false }
    }

    /// Absolute path of the `.xcodeproj` folder.
    public var path: String
    public var targets: [Target]
    /// Absolute folders of the local Swift packages it references.
    public var localPackages: [String]

    public var name: String { PathTools.baseName(path) }

    /// What describes a project: a committed `.xcodeproj`, an XcodeGen spec, a Tuist manifest.
    public enum Kind: String, CaseIterable, Sendable {
        case xcodeproj, xcodegen, tuist
    }

    /// Told from the path the project was read from.
    public var kind: Kind {
        if path.hasSuffix(".xcodeproj") { return .xcodeproj }
        return path.hasSuffix(".swift") ? .tuist : .xcodegen
    }
}

public enum XcodeProjectError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case notAProject(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot be read"
        case .notAProject(let path, let why): return "\(path): not an Xcode project file (\(why))"
        }
    }
}

/// A project file's bytes as objects, with Foundation's property-list reader (it is an OpenStep
/// plist): what `XcodeProjectReader` reads and `ProjectPrefetch` parses ahead.
enum ProjectFile {
    /// The objects of a project file, and the root object's id.
    struct Parsed {
        var objects: [String: [String: Any]]
        var rootID: String
    }

    static func parse(_ data: Data, file: String) -> Result<Parsed, XcodeProjectError> {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            return .failure(.notAProject(file, "it does not parse as a property list"))
        }
        guard let top = plist as? [String: Any], let objects = top["objects"] as? [String: [String: Any]],
            let rootID = top["rootObject"] as? String, objects[rootID] != nil
        else { return .failure(.notAProject(file, "no objects or root object")) }
        return .success(Parsed(objects: objects, rootID: rootID))
    }

    /// What the answers of an earlier read are keyed by: the project's path and bytes.
    static func answerInputs(_ xcodeproj: String, _ data: Data) -> [(String, Data)] {
        [("xcodeproj", Data(xcodeproj.utf8)), ("pbxproj", data)]
    }
}

/// Project files parsed ahead, on threads of their own, as discovery's walk finds them: a large
/// one takes a good part of a second to parse, and the walk leaves a core idle. A reader takes
/// from here only what parsing the very bytes it read gives.
public final class ProjectPrefetch: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var data: Data?
        var parsed: Result<ProjectFile.Parsed, XcodeProjectError>?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let answers: ManifestAnswers?

    /// With `answers`, a project an earlier read answered for is not parsed ahead: it will be
    /// taken from the answers.
    public init(answers: ManifestAnswers?) {
        self.answers = answers
    }

    /// Starts parsing `xcodeproj`'s project file, unless it was started already.
    public func start(_ xcodeproj: String) {
        lock.lock()
        guard entries[xcodeproj] == nil else {
            lock.unlock()
            return
        }
        let entry = Entry()
        entries[xcodeproj] = entry
        lock.unlock()
        let answers = answers
        let thread = Thread {
            defer { entry.done.signal() }
            let file = xcodeproj + "/project.pbxproj"
            guard let data = FileManager.default.contents(atPath: file) else { return }
            let folders = ProjectFile.answerInputs(xcodeproj, data) + [("folders", Data())]
            if let answers, answers.answer(forInputs: folders) != nil { return }
            entry.data = data
            entry.parsed = ProjectFile.parse(data, file: file)
        }
        thread.start()
    }

    /// What parsing `data` gives, when it was parsed ahead from these very bytes (waits for it).
    func parsed(_ xcodeproj: String, data: Data) -> Result<ProjectFile.Parsed, XcodeProjectError>? {
        lock.lock()
        let entry = entries[xcodeproj]
        lock.unlock()
        guard let entry else { return nil }
        entry.done.wait()
        entry.done.signal()
        guard entry.data == data else { return nil }
        return entry.parsed
    }
}

/// Reads `project.pbxproj` with Foundation's property-list reader (it is an OpenStep plist).
public enum XcodeProjectReader {
    /// `listFiles` lists the Swift files under a synchronized folder; the file system by default.
    /// With `answers`, a project read before from the same bytes, whose synchronized folders
    /// list the same files, is taken from there rather than read again.
    /// `prefetch`: projects parsed ahead; one parsed from the same bytes is taken from there.
    public static func read(
        xcodeproj: String, listFiles: (String) -> [String] = { PathTools.swiftFilesBelow($0) },
        answers: ManifestAnswers? = nil, witness: FileWitness? = nil, prefetch: ProjectPrefetch? = nil
    ) throws -> XcodeProject {
        let file = xcodeproj + "/project.pbxproj"
        guard let data = PathTools.contents(of: file, witness: witness) else {
            throw XcodeProjectError.unreadable(file)
        }
        guard let answers else {
            return try read(xcodeproj: xcodeproj, data: data, prefetch: prefetch, listFiles: listFiles)
        }
        // Two answers: the folders the project lists, then the project for those listings.
        let inputs = ProjectFile.answerInputs(xcodeproj, data)
        func keyed(_ listings: [(String, [String])]) -> [(String, Data)] {
            inputs + listings.map { ($0.0, Data($0.1.joined(separator: "\n").utf8)) }
        }
        if let folders = answers.answer(forInputs: inputs + [("folders", Data())]).flatMap({
            try? JSONDecoder().decode([String].self, from: $0)
        }),
            let known = answers.answer(forInputs: keyed(folders.map { ($0, listFiles($0)) })),
            let project = try? JSONDecoder().decode(XcodeProject.self, from: known)
        {
            return project
        }
        var listed: [String: [String]] = [:]
        let project = try read(xcodeproj: xcodeproj, data: data, prefetch: prefetch) { dir in
            let files = listFiles(dir)
            listed[dir] = files
            return files
        }
        let folders = listed.keys.sorted()
        if let foldersData = try? JSONEncoder().encode(folders), let projectData = try? JSONEncoder().encode(project) {
            answers.store(foldersData, forInputs: inputs + [("folders", Data())])
            answers.store(projectData, forInputs: keyed(folders.map { ($0, listed[$0]!) }))
        }
        return project
    }

    private static func read(
        xcodeproj: String, data: Data, prefetch: ProjectPrefetch? = nil, listFiles: (String) -> [String]
    ) throws -> XcodeProject {
        let file = xcodeproj + "/project.pbxproj"
        let parsed = try (prefetch?.parsed(xcodeproj, data: data) ?? ProjectFile.parse(data, file: file)).get()
        let objects = parsed.objects
        let root = objects[parsed.rootID]!
        var reader = Objects(objects: objects)
        let projectDir = PathTools.parent(xcodeproj)
        let sourceRoot = PathTools.absolute(root["projectDirPath"] as? String ?? "", base: projectDir)
        if let main = root["mainGroup"] as? String {
            reader.placeGroups(from: main, in: sourceRoot, sourceRoot: sourceRoot)
        }

        let folders = reader.synchronizedFolders()
        var listings: [String: [String]] = [:]
        var targets: [XcodeProject.Target] = []
        var byID: [String: String] = [:]
        for id in root["targets"] as? [String] ?? [] {
            if let t = objects[id], t["isa"] as? String == "PBXNativeTarget", let name = t["name"] as? String {
                byID[id] = name
            }
        }
        for id in root["targets"] as? [String] ?? [] {
            guard let t = objects[id], t["isa"] as? String == "PBXNativeTarget", let name = byID[id] else { continue }
            var files: Set<String> = []
            for phaseID in t["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID], phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let ref = objects[buildFileID]?["fileRef"] as? String,
                        let path = reader.paths[ref], path.hasSuffix(".swift")
                    else { continue }
                    files.insert(path)
                }
            }
            let owned = Set(t["fileSystemSynchronizedGroups"] as? [String] ?? [])
            for (groupID, folder) in folders where owned.contains(groupID) || folder.exceptions[id] != nil {
                if listings[folder.dir] == nil { listings[folder.dir] = listFiles(folder.dir) }
                files.formUnion(folder.files(of: id, owned: owned.contains(groupID), listing: listings[folder.dir]!))
            }
            let dependencies = (t["dependencies"] as? [String] ?? []).compactMap { dep -> String? in
                guard let targetID = objects[dep]?["target"] as? String else { return nil }
                return byID[targetID]
            }
            let products = (t["packageProductDependencies"] as? [String] ?? []).compactMap {
                objects[$0]?["productName"] as? String
            }
            targets.append(
                XcodeProject.Target(
                    name: name, moduleName: moduleName(of: t, targetName: name, objects: objects),
                    swiftFiles: files.sorted(), dependencies: dependencies.sorted(), packageProducts: products.sorted(),
                    productType: t["productType"] as? String)
            )
        }
        let packages = (root["packageReferences"] as? [String] ?? []).compactMap { id -> String? in
            guard let ref = objects[id], ref["isa"] as? String == "XCLocalSwiftPackageReference",
                let relative = ref["relativePath"] as? String
            else { return nil }
            return PathTools.absolute(relative, base: sourceRoot)
        }
        return XcodeProject(path: xcodeproj, targets: targets, localPackages: packages.sorted())
    }

    /// PRODUCT_MODULE_NAME, else PRODUCT_NAME, when the same literal in every configuration;
    /// otherwise the target's name. Build-setting references (`$(TARGET_NAME)`) mean the name.
    private static func moduleName(of target: [String: Any], targetName: String, objects: [String: [String: Any]])
        -> String
    {
        var chosen: String?
        if let listID = target["buildConfigurationList"] as? String,
            let configs = objects[listID]?["buildConfigurations"] as? [String]
        {
            for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
                let values = Set(
                    configs.compactMap { (objects[$0]?["buildSettings"] as? [String: Any])?[key] as? String })
                if values.count == 1, let v = values.first, !v.contains("$") {
                    chosen = v
                    break
                }
            }
        }
        return c99Identifier(chosen ?? targetName)
    }

    static func c99Identifier(_ name: String) -> String {
        var out = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if out.first?.isNumber == true { out = "_" + out }
        return out
    }

    /// A synchronized folder: all its files belong to the targets that list it, except those an
    /// exception set names for a target, whose membership is the other way round (left out of a
    /// target that has the folder, added to one that has not).
    struct SynchronizedFolder {
        var dir: String
        var exceptions: [String: [String]] = [:]

        func files(of target: String, owned: Bool, listing: [String]) -> [String] {
            let toggled = exceptions[target] ?? []
            guard owned || !toggled.isEmpty else { return [] }
            return listing.filter { file in owned != toggled.contains { file == $0 || file.hasPrefix($0 + "/") } }
        }
    }

    /// The object table, with the absolute path of every file reference and group placed.
    private struct Objects {
        let objects: [String: [String: Any]]
        var paths: [String: String] = [:]

        init(objects: [String: [String: Any]]) { self.objects = objects }

        /// Walks the group tree from the main group: `<group>` paths are relative to the
        /// enclosing group's folder, `SOURCE_ROOT` to the project's, `<absolute>` stand alone.
        mutating func placeGroups(from id: String, in parentDir: String, sourceRoot: String, depth: Int = 0) {
            guard depth < 64, let object = objects[id], paths[id] == nil else { return }
            let own = object["path"] as? String
            let dir: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>": dir = own.map { PathTools.absolute($0, base: parentDir) } ?? parentDir
            case "SOURCE_ROOT": dir = own.map { PathTools.absolute($0, base: sourceRoot) } ?? sourceRoot
            case "<absolute>": dir = own
            default: dir = nil  // SDKROOT, BUILT_PRODUCTS_DIR, DEVELOPER_DIR: never the app's sources
            }
            guard let dir else { return }
            paths[id] = dir
            for child in object["children"] as? [String] ?? [] {
                placeGroups(from: child, in: dir, sourceRoot: sourceRoot, depth: depth + 1)
            }
        }

        /// The synchronized folders (Xcode 16), each with its membership exceptions by target.
        func synchronizedFolders() -> [String: SynchronizedFolder] {
            var out: [String: SynchronizedFolder] = [:]
            for (id, group) in objects where group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
                guard let dir = paths[id] else { continue }
                var folder = SynchronizedFolder(dir: dir)
                for setID in group["exceptions"] as? [String] ?? [] {
                    guard let set = objects[setID], let target = set["target"] as? String,
                        set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet"
                    else { continue }
                    folder.exceptions[target, default: []] += (set["membershipExceptions"] as? [String] ?? []).map {
                        dir + "/" + $0
                    }
                }
                out[id] = folder
            }
            return out
        }
    }
}
