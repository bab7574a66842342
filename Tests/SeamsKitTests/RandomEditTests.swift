import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import SeamsTestSupport
import Testing

/// Proof by random edits: seeded sequences of the edits people make (types, members, extensions,
/// imports and `#if` branches added, removed or renamed; files added, removed and moved between
/// folders and targets; bodies and comments changed) applied to a small app of three targets,
/// and after every step the warm scan (with the cache that followed every step before) is
/// byte-identical to a scan without the cache.
///
/// `SEAMS_RANDOM_EDITS=N` sets the steps per seed (default 40) and `SEAMS_RANDOM_EDIT_SEEDS=a,b,…`
/// the seeds, for a long run:
///
///     SEAMS_RANDOM_EDITS=2500 SEAMS_RANDOM_EDIT_SEEDS=11,12,13,14 swift test --filter RandomEditTests
@Suite struct RandomEditTests {
    static var steps: Int { Int(ProcessInfo.processInfo.environment["SEAMS_RANDOM_EDITS"] ?? "") ?? 40 }
    static var seeds: [UInt64] {
        (ProcessInfo.processInfo.environment["SEAMS_RANDOM_EDIT_SEEDS"] ?? "1,2")
            .split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
    }

    @Test func warmScansAfterRandomEditsAreColdScans() throws {
        for seed in Self.seeds {
            let dir = try TempDir()
            var corpus = EditCorpus(seed: seed)
            try corpus.writeAll(to: dir.path + "/app")
            let cache = dir.path + "/cache"
            var log: [String] = []
            var modes: [ScanPlan.Mode: Int] = [:]
            _ = try Self.scan(dir.path + "/app", cache: cache)
            for step in 1...Self.steps {
                let edit = corpus.randomEdit()
                log.append("\(step): \(edit)")
                try corpus.write(to: dir.path + "/app")
                let warm = try Self.scan(dir.path + "/app", cache: cache)
                let cold = try Self.scan(dir.path + "/app", cache: nil)
                modes[warm.statistics.plan.mode, default: 0] += 1
                let (warmJSON, coldJSON) = (GraphJSONReporter.render(warm.graph), GraphJSONReporter.render(cold.graph))
                guard warmJSON == coldJSON, warm.graph == cold.graph else {
                    let diff = Self.firstDifference(warmJSON, coldJSON)
                    Issue.record(
                        """
                        seed \(seed), step \(step): the warm graph is not the cold one (plan: \(warm.statistics.plan))
                        first difference: \(diff)
                        the last edits:
                        \(log.suffix(8).joined(separator: "\n"))
                        """)
                    return
                }
            }
            // The sequence took each way a scan can go, so each was compared.
            #expect(modes[.patch, default: 0] > 0 && modes[.build, default: 0] > 0, "seed \(seed): \(modes)")
        }
    }

    static func scan(_ tree: String, cache: String?) throws -> ScanOutcome {
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = tree
        request.cache = cache.map { DiskCache(root: $0) }
        request.includeExternal = true
        request.manifest = .syntax
        request.readsConfig = false
        return try ScanPipeline.run(request)
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let (x, y) = (a.split(separator: "\n"), b.split(separator: "\n"))
        for i in 0..<max(x.count, y.count) {
            let (l, r) = (i < x.count ? String(x[i]) : "(end)", i < y.count ? String(y[i]) : "(end)")
            if l != r { return "line \(i + 1): warm \(l.prefix(300)) / cold \(r.prefix(300))" }
        }
        return "none in the text (the graphs differ in what JSON does not show)"
    }
}

/// A small app as a model that edits render to files: three targets (Core; Feature, which
/// imports Core; App, which imports both), each file a list of imports and declarations.
struct EditCorpus {
    static let targets = ["Core", "Feature", "App"]
    static let folders = ["", "Models/", "Screens/"]

    enum Kind: String, CaseIterable {
        case `struct`, `class`, `enum`, `protocol`
    }

    /// A member as written inside its type or extension; `name` identifies it for edits.
    struct Member {
        var name: String
        var text: String
    }

    indirect enum Part {
        case type(Kind, String, [Member])
        case `extension`(String, conformance: String?, [Member])
        case ifDebug(Part)
    }

    struct File {
        var target: String
        var folder: String
        var name: String
        var imports: [String]
        var parts: [Part]
        var comments = 0
        var path: String { "Sources/\(target)/\(folder)\(name).swift" }
    }

    var files: [File] = []
    var random: SeededRandom
    var fresh = 0
    /// Paths to delete at the next write (files removed or moved away).
    var gone: Set<String> = []
    /// Paths to write at the next write.
    var dirty: Set<String> = []

    init(seed: UInt64) {
        random = SeededRandom(seed)
        for target in Self.targets {
            for _ in 0..<16 { addFile(in: target) }
        }
        dirty = Set(files.map(\.path))
    }

    mutating func name(_ prefix: String) -> String {
        fresh += 1
        return "\(prefix)\(fresh)"
    }

    mutating func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &random)] }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Every type name declared now (with its kind), and the protocols among them.
    var typeNames: [String] {
        files.flatMap { $0.parts.flatMap(Self.declared) }.map(\.1)
    }
    var protocolNames: [String] {
        files.flatMap { $0.parts.flatMap(Self.declared) }.filter { $0.0 == .protocol }.map(\.1)
    }

    static func declared(_ part: Part) -> [(Kind, String)] {
        switch part {
        case .type(let kind, let name, _): [(kind, name)]
        case .extension: []
        case .ifDebug(let inner): declared(inner)
        }
    }

    /// A name to refer to: mostly a type that exists, sometimes one that does not (yet).
    mutating func someType() -> String {
        let names = typeNames
        return names.isEmpty || chance(8) ? "Missing\(Int.random(in: 0..<4, using: &random))" : pick(names)
    }

    mutating func member(in kind: Kind) -> Member {
        let t = someType()
        let n = name(kind == .protocol ? "req" : "m")
        if kind == .protocol {
            return chance(50)
                ? Member(name: n, text: "func \(n)() -> \(t)?") : Member(name: n, text: "var \(n): \(t)? { get }")
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return Member(name: n, text: kind == .enum ? "static var \(n): \(t)? { nil }" : "var \(n): \(t)? = nil")
        case 1: return Member(name: n, text: "func \(n)() -> \(t)? { nil }")
        case 2: return Member(name: n, text: "func \(n)() { _ = \(t).self }")
        case 3: return Member(name: n, text: "static func \(n)() { _ = \(t).shared }")
        case 4: return Member(name: n, text: "func \(n)(_ x: \(t)) { x.\(pickMemberName())() }")
        default: return Member(name: n, text: "func \(n)() -> Any { \(t)() }")
        }
    }

    /// The name of some member anywhere (a call another file's change can rebind).
    mutating func pickMemberName() -> String {
        let names = files.flatMap { $0.parts.flatMap(Self.members) }.map(\.name)
        return names.isEmpty ? "missing" : pick(names)
    }

    static func members(_ part: Part) -> [Member] {
        switch part {
        case .type(_, _, let m), .extension(_, _, let m): m
        case .ifDebug(let inner): members(inner)
        }
    }

    mutating func newType() -> Part {
        let kind = pick(Kind.allCases)
        let n = name(kind == .protocol ? "P" : "T")
        var members: [Member] = []
        for _ in 0..<Int.random(in: 0...2, using: &random) { members.append(member(in: kind)) }
        return .type(kind, n, members)
    }

    mutating func addFile(in target: String) {
        var imports: [String] = []
        if target != "Core" && chance(70) { imports.append("Core") }
        if target == "App" && chance(60) { imports.append("Feature") }
        var parts: [Part] = [newType()]
        if chance(40) { parts.append(newType()) }
        let file = File(target: target, folder: pick(Self.folders), name: name("File"), imports: imports, parts: parts)
        files.append(file)
        dirty.insert(file.path)
    }

    /// One random edit, applied to the model; what it was, for the log.
    mutating func randomEdit() -> String {
        let f = Int.random(in: 0..<files.count, using: &random)
        let path = files[f].path
        func touch() { dirty.insert(files[f].path) }
        switch Int.random(in: 0..<15, using: &random) {
        case 0:
            files[f].parts.append(newType())
            touch()
            return "a type added to \(path)"
        case 1:
            guard files[f].parts.count > 1 else { return randomEdit() }
            files[f].parts.remove(at: Int.random(in: 0..<files[f].parts.count, using: &random))
            touch()
            return "a declaration removed from \(path)"
        case 2:
            let k = Int.random(in: 0..<files[f].parts.count, using: &random)
            guard case .type(let kind, let old, let members) = files[f].parts[k] else { return randomEdit() }
            let new = name(kind == .protocol ? "P" : "T")
            files[f].parts[k] = .type(kind, new, members)
            touch()
            return "\(old) renamed \(new) in \(path)"
        case 3, 4:
            let k = Int.random(in: 0..<files[f].parts.count, using: &random)
            switch files[f].parts[k] {
            case .type(let kind, let n, var members):
                members.append(member(in: kind))
                files[f].parts[k] = .type(kind, n, members)
            case .extension(let t, let c, var members):
                members.append(member(in: .struct))
                files[f].parts[k] = .extension(t, conformance: c, members)
            case .ifDebug: return randomEdit()
            }
            touch()
            return "a member added in \(path)"
        case 5:
            let k = Int.random(in: 0..<files[f].parts.count, using: &random)
            switch files[f].parts[k] {
            case .type(let kind, let n, var members) where !members.isEmpty:
                members.remove(at: Int.random(in: 0..<members.count, using: &random))
                files[f].parts[k] = .type(kind, n, members)
            case .extension(let t, let c, var members) where !members.isEmpty:
                members.removeLast()
                files[f].parts[k] = .extension(t, conformance: c, members)
            default: return randomEdit()
            }
            touch()
            return "a member removed in \(path)"
        case 6:
            let t = someType()
            let protocols = protocolNames
            let conformance = !protocols.isEmpty && chance(40) ? pick(protocols) : nil
            files[f].parts.append(
                .extension(t, conformance: conformance, conformance == nil ? [member(in: .struct)] : []))
            touch()
            return "an extension of \(t)\(conformance.map { ": " + $0 } ?? "") added to \(path)"
        case 7:
            let all = Self.targets.filter { $0 != files[f].target }
            let module = pick(all)
            if let i = files[f].imports.firstIndex(of: module) {
                files[f].imports.remove(at: i)
            } else {
                files[f].imports.append(module)
            }
            touch()
            return "import \(module) toggled in \(path)"
        case 8:
            let k = Int.random(in: 0..<files[f].parts.count, using: &random)
            if case .ifDebug(let inner) = files[f].parts[k] {
                files[f].parts[k] = inner
            } else {
                files[f].parts[k] = .ifDebug(files[f].parts[k])
            }
            touch()
            return "#if DEBUG toggled around a declaration in \(path)"
        case 9:
            let target = pick(Self.targets)
            addFile(in: target)
            return "\(files.last!.path) added"
        case 10:
            guard files.count > 20 else { return randomEdit() }
            gone.insert(path)
            dirty.remove(path)
            files.remove(at: f)
            return "\(path) removed"
        case 11:
            gone.insert(path)
            dirty.remove(path)
            if chance(50) {
                files[f].folder = pick(Self.folders)
            } else {
                files[f].target = pick(Self.targets)
            }
            touch()
            return "\(path) moved to \(files[f].path)"
        case 12:
            // A body: the same member with another type in its code (or the same declaration
            // with another statement).
            let k = Int.random(in: 0..<files[f].parts.count, using: &random)
            guard case .type(let kind, let n, var members) = files[f].parts[k], kind != .protocol, !members.isEmpty
            else { return randomEdit() }
            let m = Int.random(in: 0..<members.count, using: &random)
            members[m].text = "func \(members[m].name)() { _ = \(someType()).self }"
            files[f].parts[k] = .type(kind, n, members)
            touch()
            return "the body of \(n).\(members[m].name) changed in \(path)"
        case 13:
            files[f].comments += 1
            touch()
            return "a comment added to \(path)"
        default:
            // Two files at once, as a refactoring or a branch switch does.
            let first = randomEdit()
            return first + "; " + randomEdit()
        }
    }

    static func render(_ part: Part, into out: inout String) {
        switch part {
        case .type(let kind, let name, let members):
            out += "\(kind.rawValue) \(name) {\n"
            for m in members { out += "    \(m.text)\n" }
            out += "}\n"
        case .extension(let type, let conformance, let members):
            out += "extension \(type)\(conformance.map { ": " + $0 } ?? "") {\n"
            for m in members { out += "    \(m.text)\n" }
            out += "}\n"
        case .ifDebug(let inner):
            out += "#if DEBUG\n"
            render(inner, into: &out)
            out += "#endif\n"
        }
    }

    func text(of file: File) -> String {
        var out = file.imports.sorted().map { "import \($0)\n" }.joined()
        for part in file.parts { Self.render(part, into: &out) }
        for c in 0..<file.comments { out += "// note \(c)\n" }
        return out
    }

    static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Corpus",
            targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
                .executableTarget(name: "App", dependencies: ["Core", "Feature"]),
            ]
        )

        """

    /// The whole app, written afresh.
    mutating func writeAll(to root: String) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Self.manifest.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        dirty = Set(files.map(\.path))
        try write(to: root)
    }

    /// What changed since the last write: files removed or moved away go, changed ones are
    /// written whole, as an editor saves.
    mutating func write(to root: String) throws {
        for path in gone.subtracting(Set(files.map(\.path))) {
            try? FileManager.default.removeItem(atPath: root + "/" + path)
        }
        for file in files where dirty.contains(file.path) {
            let url = URL(fileURLWithPath: root + "/" + file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text(of: file).utf8).write(to: url, options: .atomic)
        }
        (gone, dirty) = ([], [])
    }
}
