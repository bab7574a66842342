import Foundation
import SeamsGraph
import SeamsProject
import SeamsScanner

/// What discovery found last time for the same request, kept in the cache with the state of
/// every path it asked the file system about (the folders it listed, the project files and
/// manifests it read, the paths it resolved, the config file). When each is as it was, the
/// same questions would get the same answers, and the files, units and notes are taken as
/// they are. Any change (a file added, removed or renamed, a project file saved, a link made
/// again) shows in some path's state, and discovery runs anew.
///
/// A folder whose times moved but whose entries are the same by name and kind (a file saved by
/// writing a new one and renaming it over the old, as Xcode and many editors do, or a branch
/// switch that rewrote files) is listed again and vouches for itself: which files there are has
/// not changed.
///
/// Not kept when a path changed within two seconds before discovery began (its times could
/// hide a later change), or when a manifest was read otherwise than as syntax (SwiftPM's
/// answer depends on the toolchain, not only on the files).
struct DiscoveryMemo {
    let cache: DiskCache
    let name: String

    init(cache: DiskCache, root: String, rootLabel: String, cwd: String, request: ScanRequest) {
        self.cache = cache
        var h = StableHash()
        h.combine("discovery")
        for part in [root, rootLabel, cwd, request.configPath ?? "", request.readsConfig ? "config" : "no config"] {
            h.combine(part)
        }
        for list in [request.paths, request.excludes, request.targets] {
            h.combine(list.count)
            for item in list { h.combine(item) }
        }
        h.combine(request.manifest.rawValue)
        h.combine(request.maxFileBytes)
        name = "discovery-" + h.hex
    }

    /// The last discovery's findings, when no path it asked about has changed since.
    func recall() -> InputMemo? {
        guard let bytes = cache.readSnapshot(name) else { return nil }
        guard let memo = InputMemo.decode(bytes) else {
            cache.discard(kind: "snapshot", key: name)
            return nil
        }
        // Each path's state, in two halves at once (an app's thousand folders took 6 ms one by one):
        // those that moved, with their state now.
        let moved = ConcurrentMap.halves(memo.paths.count) { range in
            range.compactMap { i -> (Int, [Int])? in
                let now = Self.numbers(memo.paths[i], read: memo.states[i].first == 1)
                return now == memo.states[i] ? nil : (i, now)
            }
        }.flatMap { $0 }
        for (i, now) in moved {
            guard let listing = memo.listings[i], Self.sameIdentity(memo.states[i], now),
                PathTools.listingDigest(of: memo.paths[i]) == listing
            else { return nil }
        }
        return memo
    }

    /// Keeps what `discovery` found, unless some path it asked about may yet change unseen.
    func store(_ discovery: Discovery, extraPaths: [String], start: Int64) {
        guard !discovery.askedToolchain else { return }
        let witness = discovery.witness
        for path in extraPaths { witness.saw(path, read: true) }
        var paths = witness.paths
        var states = paths.map { PathState(of: $0.path, read: $0.read) }
        guard !states.contains(where: { $0.isRecent(before: start) }) else { return }
        // A file or folder (no link) only resolved, in a folder that was listed, leads where
        // that folder does: replacing it by a link, or removing it, changes the folder's
        // listing. Leaving it out spares the next scan two stats per scanned file.
        let listed = Set(paths.filter(\.read).map(\.path))
        let needed = paths.indices.filter { i in
            guard !paths[i].read, states[i].own.count == 3, (states[i].own[2] & Int64(S_IFMT)) != Int64(S_IFLNK),
                let slash = paths[i].path.lastIndex(of: "/")
            else { return true }
            return !listed.contains(String(paths[i].path[..<slash]))
        }
        paths = needed.map { paths[$0] }
        states = needed.map { states[$0] }
        let memo = InputMemo(
            paths: paths.map(\.path), states: zip(paths, states).map { Self.numbers($1, read: $0.read) },
            listings: paths.map { $0.read ? witness.listing(of: $0.path) : nil },
            files: discovery.files, units: discovery.units, diagnostics: discovery.diagnostics,
            origin: discovery.origin,
            scope: discovery.scope)
        cache.writeSnapshot(name) { memo.encode() }
    }

    /// Whether two states of a read path are of the same folder (device, inode and kind of the
    /// path and of what it names), whatever their sizes and times.
    private static func sameIdentity(_ a: [Int], _ b: [Int]) -> Bool {
        a.count == 13 && b.count == 13 && a[0] == b[0] && a[1...3] == b[1...3] && a[7...9] == b[7...9]
    }

    /// A path's state as the memo keeps it: whether its contents count, then the numbers.
    private static func numbers(_ state: PathState, read: Bool) -> [Int] {
        [read ? 1 : 0] + (state.own + state.named).map { Int($0) }
    }

    private static func numbers(_ path: String, read: Bool) -> [Int] {
        numbers(PathState(of: path, read: read), read: read)
    }

    /// Now, in nanoseconds since 1970, as file times are given.
    static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }
}
