import Foundation
import SeamsProject
import SeamsRules
import SeamsScanner

/// What one run of `seams watch` found, against the run before it.
public struct WatchReport: Sendable {
    /// Violations that were not there before (all of them on the first run).
    public var new: [Violation] = []
    /// Violations that are gone.
    public var fixed: [Violation] = []
    /// Violations now, baselined ones aside.
    public var total = 0
    /// Baseline entries whose violation is gone, and those whose violation shrank: the ones
    /// that appeared since the last run (all of them on the first).
    public var stale: [StaleEntry] = []
    public var improved: [StaleEntry] = []
    /// How many of each there are now.
    public var staleTotal = 0
    public var improvedTotal = 0
    /// Whether `seams check` would fail on this state.
    public var failing = false
    /// Why the check could not run (a config mid-edit, no files): the watch goes on.
    public var problem: String?
    public var seconds = 0.0
    public var first = false
    /// What `--map` drew this run (`drew 21 nodes and 36 edges (dot) to map.svg`), or why it could not.
    public var map: String?

    /// What `seams watch` prints for this run, the verdicts `seams check` gives: `+ file:line:
    /// severity: [rule] summary` for each new violation (`+ grew: …` for a baselined cycle or
    /// count that grew), `- fixed: …` for each fixed one, `! stale: …` and `~ shrank: …` for
    /// baseline entries that became so, then a summary line.
    public var text: String {
        var out = ""
        let stamp = String(format: "%.2f s", seconds)
        if let problem {
            return "seams watch: could not check (\(stamp)):\n\(problem)\n"
        }
        for v in new { out += (v.grewFrom == nil ? "+ " : "+ grew: ") + "\(Self.line(v))\n" }
        for v in fixed { out += "- fixed: \(Self.line(v))\n" }
        for s in stale { out += "! stale: \(Self.line(s))\n" }
        for s in improved { out += "~ shrank: \(Self.line(s))\n" }
        if let map { out += "seams watch: \(map)\n" }
        let grown = new.filter { $0.grewFrom != nil }.count
        let changes = first ? "" : "\(new.count) new\(grown > 0 ? " (\(grown) grown)" : ""), \(fixed.count) fixed; "
        var state = "\(total) violation\(total == 1 ? "" : "s")"
        if staleTotal > 0 { state += ", \(staleTotal) stale" }
        if improvedTotal > 0 { state += ", \(improvedTotal) to tighten" }
        out += "seams watch: \(changes)\(state); check \(failing ? "fails" : "passes") (\(stamp))\n"
        return out
    }

    static func line(_ s: StaleEntry) -> String {
        "\(s.location.file):\(s.location.line): [\(s.entry.rule)] \(s.entry.summary): \(s.reason)"
    }

    static func line(_ v: Violation) -> String {
        let place = v.location.line > 0 ? "\(v.location.file):\(v.location.line)" : v.location.file
        return "\(place): \(v.severity.rawValue): [\(v.rule)] \(v.summary)"
    }
}

/// `seams watch`: the check again whenever a watched file changes, with the scan kept warm in
/// memory (each file's facts and sites), reporting what changed since the last run.
public final class Watcher {
    public let request: CheckRequest
    /// Where to write the map after each check (its format from the extension), if anywhere.
    public let mapPath: String?
    /// How the map is drawn (`seams graph`'s options: focus, collapse, cuts…); its scan and
    /// format are the watch's.
    public let map: MapRequest
    /// The scan's cache, kept in memory between checks.
    private let cache: DiskCache
    private var previous: [BaselineEntry: Violation]?
    private var previousEntries: Set<String> = []

    public init(request: CheckRequest, cache: DiskCache, mapPath: String? = nil, map: MapRequest? = nil) {
        var r = request
        cache.keepInMemory()
        r.scan.cache = cache
        self.cache = cache
        self.request = r
        self.mapPath = mapPath
        var drawing = map ?? MapRequest(scan: r.scan)
        drawing.scan = r.scan
        self.map = drawing
    }

    /// A digest of the watched files' names, sizes and times: Swift sources, manifests, Xcode
    /// projects, configs and baselines under the scanned paths, and the config named.
    public func fingerprint() -> String {
        let cwd = request.scan.workingDirectory ?? FileManager.default.currentDirectoryPath
        var rows: [String] = []
        func add(_ path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                rows.append("\(path)\t\(info.st_size)\t\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\t\(info.st_ino)")
            }
        }
        for path in request.scan.paths {
            let root = PathTools.absolute(path, base: cwd)
            add(root)
            guard PathTools.isDirectory(root) == true, let walker = FileManager.default.enumerator(atPath: root) else {
                continue
            }
            while let rel = walker.nextObject() as? String {
                let name = PathTools.baseName(rel)
                if name.hasPrefix(".") || name == "DerivedData" || name == "Pods" {
                    if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                        walker.skipDescendants()
                    }
                    continue
                }
                if name.hasSuffix(".swift") || name.hasSuffix(".yml") || name.hasSuffix(".json")
                    || name == "project.pbxproj" || name.hasSuffix(".xcworkspacedata")
                {
                    add(root + "/" + rel)
                }
            }
        }
        for extra in [request.scan.configPath, request.baselinePath].compactMap({ $0 }) {
            add(PathTools.absolute(extra, base: cwd))
        }
        var h = StableHash()
        for row in rows.sorted() { h.combine(row) }
        return h.hex
    }

    /// Runs the check and compares it with the last run.
    public func check() -> WatchReport {
        var report = WatchReport()
        let start = DispatchTime.now()
        let outcome: CheckOutcome
        do {
            outcome = try CheckPipeline.run(request)
        } catch {
            report.problem = (error as? SeamsError)?.description ?? "\(error)"
            report.seconds = secondsSince(start)
            return report
        }
        // The files' earlier versions go: a watch holds one of each, however long it runs. After
        // a scan that did not read the files (nothing changed but the config), every entry stays.
        if outcome.scanned?.statistics.plan.readEveryFile == true { cache.forgetUnused() }
        let now = outcome.result.violations.filter { !$0.baselined }
        var byKey: [BaselineEntry: Violation] = [:]
        for v in now where byKey[v.key] == nil { byKey[v.key] = v }
        report.total = byKey.count
        report.first = previous == nil
        let before = previous ?? [:]
        report.new = now.filter { before[$0.key] == nil && byKey[$0.key] == $0 }
        report.fixed = before.values.filter { byKey[$0.key] == nil }.sorted {
            ($0.location, $0.rule, $0.summary) < ($1.location, $1.rule, $1.summary)
        }
        previous = byKey
        let result = outcome.result
        let seen = previousEntries
        report.stale = result.stale.filter { !seen.contains("stale\u{0}" + $0.entry.line) }
        report.improved = result.improved.filter { !seen.contains("improved\u{0}" + $0.entry.line) }
        report.staleTotal = result.stale.count
        report.improvedTotal = result.improved.count
        report.failing = result.failed
        previousEntries = Set(
            result.stale.map { "stale\u{0}" + $0.entry.line } + result.improved.map { "improved\u{0}" + $0.entry.line })
        if let mapPath, let scanned = outcome.scanned { report.map = drawMap(scanned, to: mapPath) }
        report.seconds = secondsSince(start)
        HeapTuning.releaseFreeMemory()
        return report
    }

    /// The map of the scan the check just ran, as `seams graph` would draw it, written whole.
    private func drawMap(_ scanned: ScanOutcome, to path: String) -> String {
        guard let format = MapRequest.format(forPath: path) else {
            return "cannot draw \(path): name \(MapRequest.fileKinds)"
        }
        var map = self.map
        map.format = format
        // The check scanned with externals, by type; the map shows what `seams graph` would.
        var viewed = scanned
        viewed.graph = ScanPipeline.view(scanned.graph, as: request.scan, config: scanned.config)
        let cwd = request.scan.workingDirectory ?? FileManager.default.currentDirectoryPath
        do {
            let drawn = try MapPipeline.draw(viewed, map)
            try AtomicFile.write(drawn.bytes, to: PathTools.absolute(path, base: cwd))
            return "\(drawn.summary) to \(path)"
        } catch {
            return "could not draw the map: \((error as? SeamsError)?.description ?? "\(error)")"
        }
    }
}
