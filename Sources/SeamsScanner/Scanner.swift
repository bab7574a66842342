import Foundation
import SeamsGraph

/// Counts from a scan, for the benchmark and the summary line.
public struct ScanStatistics: Sendable {
    public var filesScanned: Int
    public var lines: Int
    /// Seconds spent finding the files and modules (project files, manifests), before the scan.
    public var discoverSeconds: Double = 0
    /// Seconds spent reading, parsing and collecting facts (parallel).
    public var collectSeconds: Double = 0
    /// Seconds spent building the symbol table from every file's declarations (serial).
    public var declareSeconds: Double = 0
    /// Seconds spent resolving the code bodies into reference sites (parallel).
    public var resolveSeconds: Double = 0
    /// Files whose facts came from the cache, and files whose bodies were resolved (the
    /// others' sites came from the cache).
    public var filesFromCache = 0
    public var filesResolved = 0
    /// Files whose facts were collected (or read from the cache) while discovery still ran.
    public var filesCollectedAhead = 0
    /// Seconds spent turning sites into the sorted graph.
    public var graphSeconds: Double = 0
    /// Seconds spent after the scan: dropping externals, regrouping.
    public var finishSeconds: Double = 0
    /// What the scan did with the last scan, and why (`--explain-cache`): the plan as carried out.
    public var plan = ScanPlan(.build, .noCache)
    /// How the graph came to be: built from every file's sites, or the last scan's graph
    /// (its snapshot) reused as it was or patched with the files that changed. The plan's mode.
    public var graphFrom: GraphSource {
        switch plan.mode {
        case .build: .built
        case .patch: .patched
        case .reuse: .reused
        }
    }
    /// Whether the files and their units were the last discovery's, as the cache kept them
    /// (no path it asked the file system about had changed), rather than found anew.
    public var discoveryRemembered = false

    public enum GraphSource: String, Sendable {
        case built, patched, reused
    }
}

func since(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

public enum Scanner {
    /// Waits until what earlier scans left to free on other threads is freed: a benchmark
    /// calls it so that one run's freeing does not eat into the next run's time.
    package static func waitForFreeing() {
        Discard.waitForAll()
    }

    /// Scans the files and resolves the type-level dependency graph. With a cache, files
    /// whose bytes it has seen are not parsed again, and files whose references cannot have
    /// changed are not resolved again.
    /// `place` names the scan before its files are known (see `SnapshotPrefetch`), and
    /// `prefetched` is what was read for it meanwhile. `ahead` holds files collected while they
    /// were found, with the same cache and file size limit.
    ///
    /// The stages, in order, each needing what the ones before it made:
    /// 1. look: each file's signature and the last scan of these files (needs: the cache);
    /// 2. plan before reading (`ScanPlan.beforeReading`): reuse the last graph when no signature changed;
    /// 3. read: every file's facts, from the cache where its bytes were seen (needs: the look,
    ///    which knows each unchanged file's entry);
    /// 4. plan after reading (`ScanPlan.afterReading`): reuse, patch which files and why, or build;
    /// 5. carry the plan out (`patch`, or `resolve` for a build); a cache entry that does not
    ///    read back falls back to a build (the plan says so);
    /// 6. leave the snapshot for the next scan.
    public static func scan(
        _ input: ScanInput, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        cache: ScanCacheStore? = nil, place: String? = nil, prefetched: SnapshotPrefetch? = nil,
        ahead: CollectAhead? = nil
    ) -> (Graph, ScanStatistics) {
        if let result = scanOnce(
            input, threads: threads, cache: cache, place: place, prefetched: prefetched, ahead: ahead)
        {
            return result
        }
        // Some cached bodies did not read back (their entries are discarded): the planned fall
        // back is a build without the cache.
        var (graph, stats) = scanOnce(input, threads: threads, cache: nil, ahead: nil)!
        stats.plan = ScanPlan(.build, .cachedBodiesUnreadable)
        return (graph, stats)
    }

    /// One scan as planned; nil when a build's cached bodies did not read back.
    private static func scanOnce(
        _ input: ScanInput, threads: Int, cache: ScanCacheStore?, place: String? = nil,
        prefetched: SnapshotPrefetch? = nil, ahead: CollectAhead?
    ) -> (Graph, ScanStatistics)? {
        ahead?.close()
        let files = input.files.sorted { ($0.path, $0.unit) < ($1.path, $1.unit) }
        var stats = ScanStatistics(filesScanned: 0, lines: 0)
        let clock = DispatchTime.now()
        // A file compiled by several targets is parsed once; its facts serve each unit.
        var firstOfPath: [Int] = []
        for (i, f) in files.enumerated() where i == 0 || files[i - 1].path != f.path { firstOfPath.append(i) }
        let scanStart = wallClockNanoseconds()

        // 1. Look. Where each path builds, and the frame: the snapshot's name covers both.
        let frame = cache == nil ? "" : ScanSnapshot.frame(of: input)
        let placements: [(path: String, placement: String)] =
            cache == nil
            ? []
            : firstOfPath.indices.map { k in
                let end = k + 1 < firstOfPath.count ? firstOfPath[k + 1] : files.count
                return (files[firstOfPath[k]].path, ScanSnapshot.placement(files[firstOfPath[k]..<end]))
            }
        let snapshotName = cache == nil ? "" : ScanSnapshot.name(frame: frame, placements: placements)
        var signatures: [FileSignature?] = []
        var previous: ScanSnapshot?
        // The last graph, decoded when asked or started (stopped when it is not needed).
        var lastGraph: LastGraph?
        defer { lastGraph?.stop() }
        // The prefetch found this very snapshot: the place's pointer names it already.
        var fromPrefetch = false
        // Each file's place among the previous snapshot's files (nil: it had none such), and
        // whether that snapshot was of other files (some added, removed or moved since).
        var alignment: [Int?] = []
        var ofOtherFiles = false
        if let cache {
            signatures = ParallelMap.run(count: firstOfPath.count, threads: threads) {
                FileSignature(path: files[firstOfPath[$0]].location)
            }
            if let last = LastScan.find(named: snapshotName, frame: frame, cache: cache, prefetched: prefetched) {
                (previous, lastGraph) = (last.snapshot, last.graph)
                (fromPrefetch, ofOtherFiles) = (last.fromPrefetch, last.ofOtherFiles)
            }
            // The snapshot of these very files has them in the same order (its name covers their
            // paths and placements); another file list's is matched by path.
            if let previous {
                alignment = ofOtherFiles ? previous.alignment(placements) : previous.files.indices.map { $0 }
            }
        }

        // 2. Plan before reading: the last graph as it was when no file's signature changed.
        var plan = ScanPlan.beforeReading(
            hasCache: cache != nil, previous: previous, ofOtherFiles: ofOtherFiles, signatures: signatures)
        if let previous, plan?.mode == .reuse {
            if let graph = lastGraph?.take() {
                stats.filesScanned = previous.filesScanned
                stats.lines = previous.files.reduce(0) { $0 + $1.lines }
                stats.filesFromCache = previous.filesScanned
                stats.collectSeconds = since(clock)
                stats.plan = plan!
                return (graph, stats)
            }
            plan = ScanPlan(.reuse, .nothingChanged).fallingBack(.cacheEntryUnreadable)
        }
        // Few files changed: the last graph will likely be patched, so its decoding starts now,
        // on a thread of low priority that takes what the reading of the files leaves of the
        // cores (the patch started it after that reading, and then waited for it at the end).
        if plan == nil, let previous, let lastGraph,
            previous.changedCount(signatures) <= ScanPlan.mostPatched(of: signatures.count)
        {
            lastGraph.start()
        }

        // 3. Read every file's facts.
        var parsed = ParallelMap.run(count: firstOfPath.count, threads: threads) { k in
            ahead?.take(files[firstOfPath[k]])
                ?? FileCollection.read(
                    files[firstOfPath[k]], maxBytes: input.maxFileBytes, cache: cache,
                    known: alignment.isEmpty ? nil : alignment[k].flatMap { previous?.knownKey($0, signatures[k]) })
        }
        var diagnostics: [Diagnostic] = []
        var usable: [(FileFacts, FileContext)] = []
        var cached: [Collected] = []
        /// For each usable file, its path's place among the distinct paths.
        var owner: [Int] = []
        var moduleFiles: [String: Int] = [:]
        var lines = 0
        var readable = 0
        for (k, result) in parsed.enumerated() {
            let end = k + 1 < firstOfPath.count ? firstOfPath[k + 1] : files.count
            switch result {
            case .failure(let d):
                diagnostics.append(d)
            case .success(let collected):
                let facts = collected.facts
                diagnostics.append(contentsOf: facts.diagnostics)
                lines += facts.lines
                readable += 1
                if collected.fromCache { stats.filesFromCache += 1 }
                for file in files[firstOfPath[k]..<end] {
                    moduleFiles[file.module, default: 0] += 1
                    usable.append(
                        (facts, FileContext(path: file.path, module: file.module, unit: file.unit, test: file.test)))
                    cached.append(collected)
                    owner.append(k)
                }
            }
        }
        // Files collected now are encoded and written to the cache on a thread of their own:
        // beside the table's building, mostly serial, rather than beside their parsing, which
        // keeps every core busy. Their digests are read only after `storing` (below).
        let unstored = parsed.compactMap { outcome -> Collected? in
            if case .success(let collected) = outcome, collected.isUnstored { return collected }
            return nil
        }
        let storing = unstored.isEmpty ? nil : Background(separately: threads > 1) { for c in unstored { c.store() } }
        // Waited for on every way out, so that nothing writes to the cache after the scan.
        defer { storing?.value() }
        stats.collectSeconds = since(clock)
        stats.filesCollectedAhead = ahead?.handedOver ?? 0
        stats.filesScanned = readable
        stats.lines = lines
        let modules = moduleFiles.map { ModuleInfo(name: $0.key, files: $0.value) }

        // 4. Plan after reading: reuse, patch these files, or build.
        var patchSets: (changed: Set<Int>, removed: [Int]) = ([], [])
        if plan == nil, let cache, let previous {
            storing?.value()
            let decided = ScanPlan.afterReading(
                previous: previous, parsed: parsed, alignment: alignment, signatures: signatures,
                paths: placements.map(\.path)
            ) { surfaceChanged, removed, changed in
                reach(
                    from: surfaceChanged, removed: removed, alignment: alignment, changed: changed,
                    previous: previous, parsed: parsed, cache: cache)
            }
            plan = decided.plan
            patchSets = (decided.changed, decided.removed)
        }
        var carried = plan ?? ScanPlan(.build, .noLastScan)

        // 5. Carry it out.
        var leftovers = Leftovers()
        var notifications: [NotificationUse] = []
        var graph: Graph?
        var patchDelta: GraphDelta?
        if let cache, let previous, let lastGraph, carried.mode != .build {
            graph = patch(
                previous, last: lastGraph, changed: patchSets.changed, removed: patchSets.removed, parsed: parsed,
                files: usable, owner: owner, units: input.units, threads: threads, stats: &stats,
                cache: (cache, cached), notifications: &notifications, delta: &patchDelta, leftovers: &leftovers)
            if graph == nil {
                carried = carried.fallingBack(.cacheEntryUnreadable)
            } else if ofOtherFiles {
                // Files added or removed: the modules' counts are the new ones, and the next scan
                // gets a base of its own (the last one is another file list's).
                graph!.modules = modules.sorted { $0.name < $1.name }
                patchDelta = nil
            }
        }
        if graph == nil {
            // Built anew: the last graph is not needed.
            lastGraph?.stop()
            graph = resolve(
                usable, units: input.units, root: input.root, modules: modules, diagnostics: diagnostics,
                threads: threads, stats: &stats, cache: cache.map { ($0, cached, storing) },
                notifications: &notifications, leftovers: &leftovers)
        }
        stats.plan = carried

        // 6. Leave the snapshot for the next scan.
        storing?.value()
        if let cache, let graph {
            storeSnapshot(
                snapshotName, graph: graph, parsed: parsed, signatures: signatures, scanStart: scanStart,
                placements: placements, frame: frame, notifications: notifications, filesScanned: readable,
                previous: ofOtherFiles ? nil : previous, patchDelta: patchDelta,
                cache: cache,
                // The place's pointer, unless it names this snapshot already.
                place: fromPrefetch ? nil : place)
        }
        // Every file's facts and the resolver are freed on another thread: object by object, that
        // took a tenth of a second or more of a cold scan.
        leftovers.items += [usable, cached, parsed]
        (usable, cached, parsed) = ([], [], [])
        leftovers.dropElsewhere()
        return graph.map { ($0, stats) }
    }

    /// Phase 2, shared by every entry point: symbol table, then bodies on `threads` workers.
    private static func resolve(
        _ files: [(FileFacts, FileContext)], units: [CompilationUnit], root: String, modules: [ModuleInfo],
        diagnostics: [Diagnostic], threads: Int, stats: inout ScanStatistics,
        cache: (store: ScanCacheStore, collected: [Collected], storing: Background<Void>?)? = nil,
        notifications: inout [NotificationUse], leftovers: inout Leftovers
    ) -> Graph? {
        var timings = stats
        var kept = Leftovers()
        var met: [NotificationUse] = []
        let graph = ParallelMap.onLargeStack { () -> Graph? in
            let resolver = declaring(files, units: units, threads: threads, seconds: &timings.declareSeconds)
            defer { kept.items.append(resolver) }
            var clock = DispatchTime.now()
            var known: [FileResolution?]?
            var keys: [String] = []
            if let cache, !cache.collected.contains(where: \.fromCache) {
                // No file's facts came from the cache, so neither can its sites (their keys are
                // made from the facts'; sites whose facts entry was lost are found again): the keys
                // wait for the facts' digests, made meanwhile, until the sites are written.
                known = Array(repeating: nil, count: files.count)
            } else if let cache {
                cache.storing?.value()
                keys = resolutionKeys(files, units: units, collected: cache.collected)
                known = ParallelMap.run(count: files.count, threads: threads) { i in
                    readResolution(cache.store, key: keys[i])
                }
                // Files to resolve again whose facts came from the cache need their bodies.
                var seen = Set<ObjectIdentifier>()
                let needBodies = files.indices.filter {
                    known![$0] == nil && cache.collected[$0].fromCache
                        && seen.insert(ObjectIdentifier(cache.collected[$0])).inserted
                }
                let filled = ParallelMap.run(count: needBodies.count, threads: threads) { k in
                    cache.collected[needBodies[k]].fillBodies()
                }
                // Bodies that do not read (the frame's checksum makes this all but impossible):
                // those entries go, and the caller scans again without them.
                let bad = needBodies.indices.filter { !filled[$0] }.map { cache.collected[needBodies[$0]].key }
                if !bad.isEmpty {
                    for key in Set(bad) { cache.store.discard(kind: CacheKind.facts, key: key) }
                    return nil
                }
            }
            let resolutions = resolver.resolveAll(threads: threads, known: known)
            defer { kept.items += [resolutions, known as Any] }
            // Kept in the snapshot only: a later patch pairs them with its files' new ones.
            if cache != nil { met = NotificationUse.canonical(resolver.allNotifications(resolutions)) }
            // The new resolutions go into the cache beside the graph's building, which is
            // mostly serial (on one thread, before it), and then the run's pack.
            var writing: Background<Void>?
            if let cache, let known {
                let fresh = files.indices.filter { known[$0] == nil }
                timings.filesResolved = fresh.count
                writing = Background(separately: threads > 1) { [keys] in
                    cache.storing?.value()
                    let keys = keys.isEmpty ? resolutionKeys(files, units: units, collected: cache.collected) : keys
                    for i in fresh {
                        cache.store.write(
                            kind: CacheKind.sites, key: keys[i], bytes: ResolutionCodec.encode(resolutions[i]))
                    }
                    // The last entry of a full build: its pack is written here too, while the
                    // graph is built, rather than after it.
                    cache.store.flush()
                }
            } else {
                timings.filesResolved = files.count
            }
            timings.resolveSeconds = since(clock)
            clock = DispatchTime.now()
            let graph = resolver.graph(
                root: root, modules: modules, diagnostics: diagnostics, files: resolutions, threads: threads)
            writing?.value()
            timings.graphSeconds = since(clock)
            return graph
        }
        stats = timings
        notifications = met
        leftovers.items += kept.items
        return graph
    }

    /// A resolver with every file's declarations in its table (serial but for the members, on
    /// up to two of `threads`): how long it took goes into `seconds`.
    static func declaring(
        _ files: [(FileFacts, FileContext)], units: [CompilationUnit], threads: Int, lazily: Bool = false,
        seconds: inout Double
    ) -> Resolver {
        let clock = DispatchTime.now()
        let resolver = Resolver(units: units)
        resolver.declare(files: files, threads: threads, lazily: lazily)
        seconds = since(clock)
        return resolver
    }

    /// The key of each file's resolved sites: its own bytes and place, and the surface of
    /// every file (what declarations they make and import), which is all its references can
    /// resolve against.
    static func resolutionKeys(
        _ files: [(FileFacts, FileContext)], units: [CompilationUnit], collected: [Collected]
    ) -> [String] {
        var surface = StableHash()
        surface.combine("surface")
        for unit in units {
            surface.combine(unit.importName ?? "")
            surface.combine(unit.sees.map { $0.sorted().map(String.init).joined(separator: ",") } ?? "*")
        }
        for (i, (_, ctx)) in files.enumerated() {
            surface.combine(ctx.path)
            surface.combine(ctx.module)
            surface.combine(ctx.unit)
            surface.combine(ctx.test ? 1 : 0)
            surface.combine(collected[i].surfaceDigest)
        }
        let surfaceKey = surface.hex
        @Sendable func key(_ i: Int) -> String {
            var h = StableHash()
            h.combine(surfaceKey)
            h.combine(collected[i].key)
            h.combine(files[i].1.path)
            h.combine(files[i].1.module)
            h.combine(files[i].1.unit)
            h.combine(files[i].1.test ? 1 : 0)
            return h.hex
        }
        // Every file's, in two halves at once: a patch waits for them (6 ms for an app's 4,000).
        return ConcurrentMap.halves(files.count) { $0.map(key) }.flatMap { $0 }
    }

    private static func readResolution(_ store: ScanCacheStore, key: String) -> FileResolution? {
        guard let bytes = store.read(kind: CacheKind.sites, key: key) else { return nil }
        if let r = ResolutionCodec.decode(bytes) { return r }
        store.discard(kind: CacheKind.sites, key: key)
        return nil
    }

    /// The graph of source texts (no file system) as one module: for tests and tools.
    public static func graph(
        ofSources sources: [(path: String, text: String)], module: String = "App",
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Graph {
        graph(ofModules: [module: sources], importable: false, threads: threads)
    }

    /// The graph of source texts in several modules, each its own compilation unit that the
    /// others import by its name (when `importable`); the files of `testModules` are test code.
    public static func graph(
        ofModules modules: [String: [(path: String, text: String)]], importable: Bool = true,
        testModules: Set<String> = [], threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Graph {
        let names = modules.keys.sorted()
        let sorted = names.enumerated().flatMap { unit, name in
            modules[name]!.map { (path: $0.path, text: $0.text, module: name, unit: unit) }
        }.sorted { ($0.path, $0.unit) < ($1.path, $1.unit) }
        let collected = ParallelMap.run(count: sorted.count, threads: threads) {
            FactCollector.collect(path: sorted[$0].path, source: sorted[$0].text)
        }
        var stats = ScanStatistics(filesScanned: collected.count, lines: 0)
        var leftovers = Leftovers()
        var notifications: [NotificationUse] = []
        // Without a cache, nothing can fail to read.
        return resolve(
            zip(collected, sorted).map {
                (
                    $0,
                    FileContext(path: $1.path, module: $1.module, unit: $1.unit, test: testModules.contains($1.module))
                )
            },
            units: names.map { CompilationUnit(importName: importable ? $0 : nil) }, root: ".",
            modules: names.map { ModuleInfo(name: $0, files: modules[$0]!.count) },
            diagnostics: collected.flatMap(\.diagnostics), threads: threads, stats: &stats,
            notifications: &notifications,
            leftovers: &leftovers)!
    }
}
