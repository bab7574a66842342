import ArgumentParser
import Foundation
import SeamsKit

extension ManifestReading: ExpressibleByArgument {}

extension Level: ExpressibleByArgument {}

/// A command that scans sources first. Its option groups stand side by side, never one inside
/// another: in a debug build, ArgumentParser checks each group again for every group around it,
/// and groups four deep cost 0.8 s a run (half a second of every test that runs seams).
protocol ScansSources {
    /// Folders or .swift files to scan.
    var paths: [String] { get }
    var source: SourceFlags { get }
    var cache: CacheFlags { get }
    var level: ScanFlags { get }
}

extension ScansSources {
    var scanRequest: ScanRequest { level.request(source.request(paths: paths, cache: cache)) }
}

/// Which files to read, whatever is done with them.
struct SourceFlags: ParsableArguments {
    @Option(help: "Skip files matching this glob (relative to the scan root); repeatable.")
    var exclude: [String] = []

    @Option(help: "Config file (default: seams.yml at the scan root, if present).", completion: .file())
    var config: String?

    // Unconditional: `--max-file-size -1` is a wrong value to explain, not a missing one.
    @Option(parsing: .unconditional, help: "Skip files larger than this many megabytes (generated code).")
    var maxFileSize = 10

    @Option(name: .customLong("target"), help: "Scan this Xcode target (and the packages in the tree); repeatable.")
    var targets: [String] = []

    @Option(
        help: "How to read Package.swift: auto (as syntax, asking SwiftPM when that leaves files out), syntax or swift."
    )
    var manifest: ManifestReading = .auto

    func validate() throws {
        guard (1...65536).contains(maxFileSize) else {
            throw ValidationError("--max-file-size must be a number of megabytes from 1 to 65536, not \(maxFileSize)")
        }
    }

    /// What to read, and the cache to keep it in (a group of its own, beside this one).
    func request(paths: [String], cache: CacheFlags) -> ScanRequest {
        var r = ScanRequest(paths: paths)
        r.excludes = exclude
        r.configPath = config
        r.maxFileBytes = maxFileSize << 20
        r.targets = targets
        r.manifest = manifest
        r.cache = cache.diskCache()
        return r
    }
}

/// Where the scan cache lives, and whether to use it.
struct CacheFlags: ParsableArguments {
    @Option(
        help: "Cache folder for what was learnt of each file (default: $XDG_CACHE_HOME/seams or ~/.cache/seams).",
        completion: .directory)
    var cacheDir: String?

    @Flag(help: "Neither read nor write the cache: parse and resolve every file.")
    var noCache = false

    @Option(
        parsing: .unconditional,
        help: "Size limit of the cache folder in megabytes; least recently used entries go first.")
    var cacheLimit = DiskCache.defaultLimitBytes >> 20

    func validate() throws {
        guard (1...1_048_576).contains(cacheLimit) else {
            throw ValidationError("--cache-limit must be a number of megabytes from 1 to 1048576, not \(cacheLimit)")
        }
        if noCache && cacheDir != nil { throw ValidationError("--no-cache and --cache-dir contradict each other") }
    }

    /// The cache folder to use: --cache-dir, else the default one.
    var root: String? { cacheDir ?? DiskCache.defaultRoot() }

    func diskCache() -> DiskCache? {
        guard !noCache, let root else { return nil }
        let cwd = FileManager.default.currentDirectoryPath
        return DiskCache(
            root: root.hasPrefix("/") ? root : cwd + "/" + root, limitBytes: cacheLimit << 20,
            report: { Console.toStandardError("seams: \($0)\n") })
    }
}

/// How to scan for a graph to show (beside `SourceFlags` and `CacheFlags`).
struct ScanFlags: ParsableArguments {
    @Option(help: "Level of the graph: type, file or module.")
    var granularity: Level = .type

    @Flag(help: "Also list types that no scanned file declares (UIKit, Foundation, third-party).")
    var includeExternal = false

    func request(_ scan: ScanRequest) -> ScanRequest {
        var r = scan
        r.includeExternal = includeExternal
        r.granularity = granularity
        return r
    }
}

/// `--focus`, `--depth`, `--direction`: the neighbourhood of some types, for graph and diff.
struct FocusFlags: ParsableArguments {
    @Option(help: "Only the neighbourhood of these types (comma-separated names or ids).")
    var focus: String?

    @Option(parsing: .unconditional, help: "How many edges away from --focus to go.")
    var depth = 1

    @Option(help: "With --focus, follow edges out (dependencies), in (dependents) or both.")
    var direction: Direction = .both

    func validate() throws {
        if depth < 0 { throw ValidationError("--depth must be 0 or more, not \(depth)") }
    }

    /// The names given to --focus.
    var names: [String] {
        focus.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
    }
}
