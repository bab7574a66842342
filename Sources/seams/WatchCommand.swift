import ArgumentParser
import Foundation
import SeamsKit

/// Set by SIGINT, SIGTERM or SIGHUP: the watch loop ends at its next turn.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check again whenever a Swift file or seams.yml changes; print only new and fixed violations.",
        discussion: """
            The scan stays warm in memory: a change parses and resolves again only what it can \
            affect. Watched: Swift files, Package.swift, Xcode projects, seams.yml and baselines under \
            the paths. With --map, the map is drawn again after each check, as 'seams graph' draws it \
            with the same map options. \
            A config that does not load is reported and the watch goes on. Ctrl-C stops it (exit 0).

            EXAMPLES:
              seams watch
              seams watch App --baseline seams-baseline.json --interval 2
              seams watch --map map.svg
              seams watch --map tangles.svg --only-cycles --cuts
            """
    )

    @Argument(help: "Folders or .swift files to watch and check.", completion: .directory)
    var paths: [String] = ["."]

    @OptionGroup var source: SourceFlags

    @OptionGroup var cache: CacheFlags

    @Option(help: "Accept the violations recorded in this file (default: 'baseline:' in seams.yml).")
    var baseline: String?

    @Option(
        help:
            "Also draw the map to this file after each check, as 'seams graph' would (svg, png, pdf, dot, mmd or html).",
        completion: .file())
    var map: String?

    @Option(
        help: ArgumentHelp(
            "Check even though files matching this glob could not be fully read; repeatable.", valueName: "glob"))
    var allowSkipped: [String] = []

    @Option(help: "Seconds between looks at the files.")
    var interval = 0.5

    @OptionGroup(title: "Map options (with --map)") var drawing: MapFlags

    @OptionGroup(title: "Map options (with --map)") var focus: FocusFlags

    func validate() throws {
        try drawing.validate(with: focus)
        guard interval >= 0.05 && interval <= 3600 else {
            throw ValidationError("--interval must be between 0.05 and 3600 seconds, not \(interval)")
        }
        if map == nil && drawing.isGiven(with: focus) {
            throw ValidationError("the map options draw the map: name it with --map FILE")
        }
        if let map {
            guard MapRequest.format(forPath: map) != nil else {
                throw ValidationError("--map \(map): name \(MapRequest.fileKinds)")
            }
            try Console.validateOutputPaths([map])
        }
    }

    func run() throws {
        var request = CheckRequest(scan: source.request(paths: paths, cache: cache))
        request.baselinePath = baseline
        request.allowSkipped = allowSkipped
        let report: @Sendable (String) -> Void = { Console.toStandardError("seams: \($0)\n") }
        let cache = request.scan.cache ?? DiskCache(inMemoryReporting: report)
        var drawn = MapRequest(scan: request.scan)
        drawing.apply(to: &drawn, focus: focus)
        let watcher = Watcher(request: request, cache: cache, mapPath: map, map: drawn)
        Self.catchStopSignals()
        Console.status("watching \(paths.joined(separator: " ")); Ctrl-C stops")
        var seen = ""
        while stopRequested == 0 {
            let now = watcher.fingerprint()
            if now != seen {
                seen = now
                try Console.toStandardOutput(Data(watcher.check().text.utf8))
            }
            var slept = 0.0
            while slept < interval && stopRequested == 0 {
                usleep(50_000)
                slept += 0.05
            }
        }
        Console.status("watch stopped")
    }

    /// Stop at the next turn of the loop rather than in the middle of a check. A runner that
    /// blocks these signals for its children is overruled: Ctrl-C must work.
    private static func catchStopSignals() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] { signal(sig) { _ in stopRequested = 1 } }
    }
}
