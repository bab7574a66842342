import Foundation
import SeamsGraph

/// How a `Package.swift` is read.
public enum ManifestMode: String, Sendable, CaseIterable {
    /// As syntax; SwiftPM is asked only when that leaves files under Sources/ or Tests/ out and
    /// the syntax does not say all (targets built in code, a `targets:` that is not a literal list).
    case auto
    /// As syntax only, never run.
    case syntax
    /// Always by asking SwiftPM (`swift package dump-package`).
    case swift
}

/// The targets of one package and how they were found.
public struct PackageTargets: Sendable {
    public struct Target: Sendable {
        public var name: String
        public var kind: ManifestTarget.Kind
        /// Absolute folder of its sources (a snippet's: its file).
        public var dir: String
        /// Absolute paths under `dir` that it does not compile.
        public var excluded: [String] = []
    }

    public enum Method: String, Sendable {
        case syntax, swift
        /// Syntax left files out and no toolchain could be asked: `Sources/<Name>`, `Tests/<Name>`.
        case conventions
    }

    public var dir: String
    /// Longest folder first, so a file belongs to the innermost target folder.
    public var targets: [Target]
    public var method: Method
    public var diagnostics: [Diagnostic] = []

    /// The target that compiles `file`, if any.
    public func target(compiling file: String) -> Target? {
        targets.first { t in
            (file == t.dir || file.hasPrefix(t.dir + "/"))
                && !t.excluded.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
    }
}

/// Answers SwiftPM gave before (`dump-package` takes a second or more per manifest), and Xcode
/// projects read before (a large project file takes a good part of a second), keyed by
/// everything the answer depends on: the folder, the files' bytes, the toolchain or listings.
public protocol ManifestAnswers: AnyObject, Sendable {
    func answer(forInputs inputs: [(String, Data)]) -> Data?
    func store(_ answer: Data, forInputs inputs: [(String, Data)])
}

public enum PackageReader {
    /// Reads the package in `dir`; `files` are the Swift files found below it (absolute), used
    /// to tell whether reading the manifest as syntax missed targets computed in code.
    /// `swift` is the toolchain's `swift` executable, nil when there is none.
    public static func read(
        dir: String, files: [String], mode: ManifestMode, swift: String? = PackageReader.swiftOnPath(),
        display: String, answers: ManifestAnswers? = nil, witness: FileWitness? = nil
    ) -> PackageTargets {
        var result = PackageTargets(dir: dir, targets: [], method: .syntax)
        guard let data = PathTools.contents(of: dir + "/Package.swift", witness: witness),
            let text = String(data: data, encoding: .utf8)
        else {
            result.diagnostics.append(Diagnostic(file: display, message: "manifest cannot be read", severity: .error))
            return result
        }
        let syntax = ManifestReader.read(manifest: text)
        result.targets = syntax.targets.map {
            PackageTargets.Target(
                name: $0.name, kind: $0.kind, dir: folder(of: $0.name, $0.kind, $0.path, in: dir, witness: witness))
        }
        // SwiftPM builds each file of Snippets/ as a small program of its own.
        for file in files where PathTools.parent(file) == dir + "/Snippets" {
            let name = String(PathTools.baseName(file).dropLast(".swift".count))
            result.targets.append(.init(name: name, kind: .executable, dir: file))
        }
        result.targets.sort { $0.dir.count > $1.dir.count }
        let missed = files.filter { f in
            (f.hasPrefix(dir + "/Sources/") || f.hasPrefix(dir + "/Tests/")) && result.target(compiling: f) == nil
        }
        // A manifest whose syntax says it all leaves out what SwiftPM would: asking it (a second or
        // more) would only say so again.
        guard mode == .swift || (mode == .auto && !missed.isEmpty && !syntax.isComplete) else { return result }
        if let swift {
            do {
                result.targets = try describe(dir: dir, swift: swift, answers: answers).sorted {
                    $0.dir.count > $1.dir.count
                }
                result.method = .swift
                return result
            } catch {
                result.diagnostics.append(
                    Diagnostic(
                        file: display, message: "SwiftPM could not describe this package (\(error)); read as syntax",
                        severity: .warning))
            }
        } else if mode == .swift {
            result.diagnostics.append(
                Diagnostic(
                    file: display, message: "no Swift toolchain on PATH to describe this package; read as syntax",
                    severity: .warning))
        }
        guard !missed.isEmpty else { return result }
        // Without SwiftPM: each folder under Sources/ or Tests/ with missed files is a target.
        var added: Set<String> = []
        for file in missed {
            let relative = file.dropFirst(dir.count + 1).split(separator: "/")
            guard relative.count > 2 else { continue }
            let name = String(relative[1])
            let kind: ManifestTarget.Kind = relative[0] == "Tests" ? .test : .regular
            if added.insert("\(relative[0])/\(name)").inserted {
                result.targets.append(.init(name: name, kind: kind, dir: "\(dir)/\(relative[0])/\(name)"))
            }
        }
        result.targets.sort { $0.dir.count > $1.dir.count }
        result.method = .conventions
        return result
    }

    /// `path:`, else SwiftPM's conventional folders.
    static func folder(
        of name: String, _ kind: ManifestTarget.Kind, _ path: String?, in dir: String, witness: FileWitness? = nil
    ) -> String {
        if let path { return PathTools.absolute(path, base: dir) }
        let candidates: [String]
        switch kind {
        case .test: candidates = ["Tests"]
        case .plugin: candidates = ["Plugins"]
        default: candidates = ["Sources", "Source", "src", "srcs"]
        }
        return candidates.map { "\(dir)/\($0)/\(name)" }.first { PathTools.isDirectory($0, witness: witness) == true }
            ?? "\(dir)/\(candidates[0])/\(name)"
    }

    struct DescribeError: Error, CustomStringConvertible {
        var description: String
    }

    /// Asks SwiftPM for the package's targets. Every scratch, cache and configuration path is in
    /// a temporary folder, so nothing is written into the scanned tree; bounded in time.
    static func describe(
        dir: String, swift: String, timeout: TimeInterval = 120, answers: ManifestAnswers? = nil
    ) throws -> [PackageTargets.Target] {
        let inputs = answerInputs(dir: dir, swift: swift)
        let known = answers?.answer(forInputs: inputs)
        let json = try known ?? dumpPackage(dir: dir, swift: swift, timeout: timeout)
        guard let top = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let targets = top["targets"] as? [[String: Any]]
        else { throw DescribeError(description: "its answer has no targets") }
        // Only a fresh answer that reads is kept.
        if known == nil { answers?.store(json, forInputs: inputs) }
        return targets.compactMap { t in
            guard let name = t["name"] as? String else { return nil }
            let kind: ManifestTarget.Kind
            switch t["type"] as? String {
            case "test": kind = .test
            case "executable": kind = .executable
            case "macro": kind = .macro
            case "plugin": kind = .plugin
            case "system", "binary": return nil
            default: kind = .regular
            }
            let folder = folder(of: name, kind, t["path"] as? String, in: dir)
            let excluded = (t["exclude"] as? [String] ?? []).map { PathTools.absolute($0, base: folder) }
            return PackageTargets.Target(name: name, kind: kind, dir: folder, excluded: excluded)
        }
    }

    /// What SwiftPM's answer depends on: the folder, every manifest's bytes, and the toolchain
    /// (its path, size and time).
    static func answerInputs(dir: String, swift: String) -> [(String, Data)] {
        var inputs: [(String, Data)] = [("dir", Data(dir.utf8))]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }.sorted()
        for name in names { inputs.append((name, FileManager.default.contents(atPath: dir + "/" + name) ?? Data())) }
        var info = stat()
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: swift)) ?? swift
        if stat(swift, &info) == 0 {
            inputs.append(("swift", Data("\(real) \(info.st_size) \(info.st_mtim.tv_sec)".utf8)))
        }
        return inputs
    }

    static func dumpPackage(dir: String, swift: String, timeout: TimeInterval) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "seams-describe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let arguments = [
            "package", "--package-path", dir,
            "--scratch-path", scratch.path + "/build", "--cache-path", scratch.path + "/cache",
            "--config-path", scratch.path + "/config", "--security-path", scratch.path + "/security",
            "--disable-sandbox", "dump-package",
        ]
        let run = try Subprocess.run(URL(fileURLWithPath: swift), arguments, in: scratch.path, timeout: timeout)
        if run.timedOut { throw DescribeError(description: "no answer in \(Int(timeout)) s") }
        guard run.status == 0 else {
            let message = String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").first ?? "failed"
            throw DescribeError(description: String(message))
        }
        return run.stdout
    }

    /// The `swift` executable on PATH, if any.
    public static func swiftOnPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
