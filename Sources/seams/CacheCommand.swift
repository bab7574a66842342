import ArgumentParser
import Foundation
import SeamsKit

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or empty the scan cache.",
        discussion: """
            What seams learnt of each file (its facts, and what its code resolved to) is kept by \
            content, so that a scan of code that hardly changed parses and resolves only what did. \
            The cache is $XDG_CACHE_HOME/seams or ~/.cache/seams unless --cache-dir says otherwise; \
            each build of seams has its own folder in it, and the least recently used entries go \
            when it grows over --cache-limit.

            EXAMPLES:
              seams cache
              seams cache clean
              seams cache info
            """,
        subcommands: [CacheInfo.self, CacheClean.self],
        defaultSubcommand: CacheInfo.self
    )
}

struct CacheLocation: ParsableArguments {
    @Option(help: "Cache folder (default: $XDG_CACHE_HOME/seams or ~/.cache/seams).", completion: .directory)
    var cacheDir: String?

    func root() throws -> String {
        guard let root = cacheDir ?? DiskCache.defaultRoot() else {
            throw ValidationError("no cache folder: set HOME or XDG_CACHE_HOME, or give --cache-dir")
        }
        return root
    }
}

struct CacheInfo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Where the cache is and how big.")

    @OptionGroup var location: CacheLocation

    func run() throws {
        let root = try location.root()
        let s = DiskCache.summary(root: root)
        print("cache:    \(root)")
        print("entries:  \(s.files) (\(String(format: "%.1f", Double(s.bytes) / 1_048_576)) MB)")
        print("versions: \(s.versions.isEmpty ? "none" : s.versions.joined(separator: ", "))")
        print("this one: \(DiskCache.buildIdentity())")
    }
}

struct CacheClean: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clean", abstract: "Remove every cache entry.")

    @OptionGroup var location: CacheLocation

    func run() throws {
        let root = try location.root()
        let removed = try DiskCache.clean(root: root)
        print(
            "removed \(removed.files) entr\(removed.files == 1 ? "y" : "ies") "
                + "(\(String(format: "%.1f", Double(removed.bytes) / 1_048_576)) MB) from \(root)")
    }
}
