import Foundation
import SeamsGraph

extension Scanner {
    /// The last scan's graph with the files the plan names resolved again and put in its place
    /// (`GraphPatch`): `changed` (by place among the distinct paths) are the files that changed
    /// and the unchanged ones a change to what they declare reaches; `removed` (by place among
    /// the last scan's files) take their sites with them. Their posts and observations of
    /// notifications are paired with the other files' as the snapshot kept them, and the pairs
    /// that came or went are patched too, wherever their sites are. The last graph as it is when
    /// both are empty. nil when a cache entry did not read back (the last graph, a file's
    /// bodies): then nothing the caller passed has been changed but the statistics.
    static func patch(
        _ previous: ScanSnapshot, last: LastGraph, changed: Set<Int>, removed: [Int],
        parsed: [FileCollection.Outcome],
        files: [(FileFacts, FileContext)], owner: [Int], units: [CompilationUnit], threads: Int,
        stats: inout ScanStatistics, cache: (store: ScanCacheStore, collected: [Collected]),
        notifications: inout [NotificationUse],
        delta: inout GraphDelta?, leftovers: inout Leftovers
    ) -> Graph? {
        // Every file's facts are what they were: only some signatures were not known (a file
        // saved just before the last scan, whose times could not vouch for it then). The last
        // graph stands as it is, and its base is kept (an empty delta).
        if changed.isEmpty && removed.isEmpty {
            guard let graph = last.take() else { return nil }
            delta = GraphDelta()
            notifications = previous.notifications
            return graph
        }
        let indices = owner.indices.filter { changed.contains(owner[$0]) }
        let paths = Set(indices.map { files[$0].1.path } + removed.map { previous.files[$0].path })
        var timings = stats
        var kept = Leftovers()
        var changes: GraphDelta?
        var met: [NotificationUse] = []
        // Declaring is serial: the last graph is decoded on the core it leaves idle.
        last.start()
        let graph = ParallelMap.onLargeStack { () -> Graph? in
            // On one thread, while the last graph is decoded beside it. A few files' bodies ask
            // for few types' members: those are registered when asked for.
            let resolver = declaring(
                files, units: units, threads: 1, lazily: indices.count <= 4, seconds: &timings.declareSeconds)
            defer { kept.items.append(resolver) }
            var clock = DispatchTime.now()
            for i in indices where !cache.collected[i].fillBodies() { return nil }
            let resolved = resolver.resolve(files: indices, threads: threads)
            defer { kept.items.append(resolved) }
            var sites = resolver.marks.sites().filter { paths.contains($0.2.file) }
            var uses: [Use] = []
            for i in indices {
                guard let r = resolved[i] else { return nil }
                for group in r.groups {
                    for site in group.sites { sites.append((group.from, group.to, site)) }
                }
                uses += r.uses
            }
            // Notifications pair across files: the changed files' new posts and observations
            // with the others' as they were. Pairs whose sites lie in the changed files come with
            // their other sites; those elsewhere (another file observing what a changed file
            // posts) are added or taken out one by one.
            met = previous.notifications.filter { !paths.contains($0.site.file) }
            met += resolver.notifications.filter { paths.contains($0.site.file) }
            for i in indices { met += resolved[i]!.notifications }
            met = NotificationUse.canonical(met)
            let pairs = PairedNotifications(before: previous.notifications, now: met, changedFiles: paths)
            sites += pairs.inChangedFiles
            sites += pairs.added
            let keys = resolutionKeys(files, units: units, collected: cache.collected)
            for i in indices {
                cache.store.write(kind: CacheKind.sites, key: keys[i], bytes: ResolutionCodec.encode(resolved[i]!))
            }
            // The other files' sites are in the graph; their entries stay for a scan that builds anew.
            let changedIndices = Set(indices)
            cache.store.keep(
                kind: CacheKind.sites, keys: keys.indices.filter { !changedIndices.contains($0) }.map { keys[$0] })
            timings.filesResolved = indices.count
            timings.resolveSeconds = since(clock)
            clock = DispatchTime.now()
            var diagnostics: [Diagnostic] = []
            for k in changed {
                if case .success(let collected) = parsed[k] { diagnostics += collected.facts.diagnostics }
            }
            // The last graph was decoded meanwhile on the core declaring (which is serial) left
            // idle; this thread helps with what is left. Handed over: the patch edits it in place.
            guard let lastGraph = last.take() else { return nil }
            let made = GraphPatch(
                paths: paths, sites: sites, removed: pairs.removed, uses: uses, diagnostics: diagnostics
            ).delta(from: lastGraph, table: resolver.table)
            changes = made
            let patched = made.apply(to: consume lastGraph)
            timings.graphSeconds = since(clock)
            return patched
        }
        stats = timings
        if graph != nil { delta = changes }
        // The last graph too is freed on another thread.
        leftovers.items += kept.items + [last]
        if graph != nil { notifications = met }
        return graph
    }

    /// The unchanged files whose references the new declarations of `surfaceChanged` can
    /// change (`SurfaceChange`): `.unreadable` when the old declarations cannot be read back,
    /// `.tooMany` when so many are reached that building anew is the simpler answer.
    static func reach(
        from surfaceChanged: [Int], removed: [Int], alignment: [Int?], changed: Set<Int>, previous: ScanSnapshot,
        parsed: [FileCollection.Outcome], cache: ScanCacheStore
    ) -> ScanPlan.Reached {
        var names = Set<UInt32>()
        var declarations: [SurfaceChange.Entry] = []
        // What file `p` of the last scan declared, read back from the cache.
        func declaredBefore(_ p: Int) -> [SurfaceChange.Entry]? {
            let was = previous.files[p]
            if was.key.isEmpty { return [] }
            guard let bytes = cache.read(kind: CacheKind.facts, key: was.key),
                let before = FactsCodec.decode(bytes, path: was.path)
            else { return nil }
            return SurfaceChange.entries(before.facts.top)
        }
        for k in surfaceChanged {
            guard case .success(let now) = parsed[k] else { return .unreadable }
            // A file the last scan did not have declared nothing then.
            var old: [SurfaceChange.Entry] = []
            if let p = alignment[k] {
                guard let before = declaredBefore(p) else { return .unreadable }
                old = before
            }
            let new = SurfaceChange.entries(now.facts.top)
            names.formUnion(SurfaceChange.changedNames(old: old, new: new))
            declarations += new
        }
        for p in removed {
            guard let old = declaredBefore(p) else { return .unreadable }
            names.formUnion(SurfaceChange.changedNames(old: old, new: []))
        }
        func collected(_ k: Int) -> Collected? {
            if case .success(let c) = parsed[k] { return c }
            return nil
        }
        let reached = SurfaceChange.reach(
            names, changedDeclarations: declarations,
            candidates: parsed.indices.filter { !changed.contains($0) && collected($0) != nil },
            limit: ScanPlan.mostPatched(of: parsed.count) - changed.count - removed.count,
            mentions: { collected($0)?.mentions },
            declarations: { collected($0).map { SurfaceChange.entries($0.facts.top) } ?? [] })
        return reached.map { .files($0) } ?? .tooMany
    }

    /// Leaves the snapshot of this scan for the next one: each file's state, and the graph as a
    /// base and the changes since. After a patch, its changes join those since the base, until
    /// they are worth writing the whole graph again. Written while the caller goes on.
    static func storeSnapshot(
        _ name: String, graph: Graph, parsed: [FileCollection.Outcome], signatures: [FileSignature?], scanStart: Int,
        placements: [(path: String, placement: String)], frame: String, notifications: [NotificationUse],
        filesScanned: Int, previous: ScanSnapshot?, patchDelta: GraphDelta?,
        cache: ScanCacheStore,
        place: String?
    ) {
        let states = parsed.indices.map { k -> ScanSnapshot.FileState in
            let signature = signatures[k].flatMap { $0.isRacy(scanStart: scanStart) ? nil : $0 }
            guard case .success(let collected) = parsed[k] else {
                return ScanSnapshot.FileState(
                    path: placements[k].path, placement: placements[k].placement, signature: signature, key: "",
                    surfaceDigest: "", lines: 0)
            }
            return ScanSnapshot.FileState(
                path: placements[k].path, placement: placements[k].placement, signature: signature,
                key: collected.key, surfaceDigest: collected.surfaceDigest, lines: collected.facts.lines)
        }
        var head = ScanSnapshot(
            files: states, filesScanned: filesScanned, frame: frame, notifications: notifications, baseID: "",
            delta: GraphDelta())
        if let previous, let patchDelta {
            head.baseID = previous.baseID
            head.delta = previous.delta.merged(with: patchDelta)
        }
        if head.baseID.isEmpty || head.delta.weight > max(64, (graph.edges.count + graph.uses.count) / 16) {
            let id = ScanSnapshot.newBaseID()
            (head.baseID, head.delta) = (id, GraphDelta())
            cache.writeSnapshot(name + ".graph") { ScanSnapshot.encodeBase(id: id, graph: graph) }
        }
        if head.files != previous?.files || head.notifications != previous?.notifications
            || head.baseID != previous?.baseID || head.delta != previous?.delta
        {
            let written = head
            cache.writeSnapshot(name) { written.encode() }
        }
        if let place {
            cache.writeSnapshot(SnapshotPrefetch.pointerName(place)) { Array(name.utf8) }
        }
    }

    /// Nanoseconds since 1970, as file times count them.
    static func wallClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    }
}
