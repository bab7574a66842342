import Foundation

/// What a scan does with what the last scan of the same place left, and why: decided in one place
/// (`ScanPlan.beforeReading`, then `ScanPlan.afterReading` once the files' facts are read), before
/// anything is resolved, and then carried out as decided. `seams scan --explain-cache` prints it;
/// the statistics of every scan hold it.
///
/// - reuse: the last graph is the answer (no file changed, or none whose facts did).
/// - patch: the last graph with the named files resolved again, each with the reason it is.
/// - build: every file resolved (from the cache's sites where they still hold), for a reason.
///
/// A patch or a reuse can still meet a cache entry that does not read back (the last graph, a
/// file's bodies): the plan then falls back to a build and says so (`fellBack`); a build whose
/// cached bodies do not read falls back to a build without the cache. Neither is a retry of
/// the whole scan.
public struct ScanPlan: Sendable, Equatable, CustomStringConvertible {
    public enum Mode: String, Sendable {
        case reuse, patch, build
    }

    /// Why the scan reuses, patches or builds.
    public enum Reason: Sendable, Equatable {
        /// Build: no cache was given (`--no-cache`, or a caller without one).
        case noCache
        /// Build: the cache holds no scan of this place (the first scan, or the files' frame changed).
        case noLastScan
        /// Reuse: every file's signature (size, times, inode) is the last scan's.
        case nothingChanged
        /// Reuse: some files were saved again, but every file's facts are the last scan's.
        case sameFacts
        /// Patch: this many files are resolved again (and this many are gone).
        case changed(files: Int, removed: Int)
        /// Build: more files changed or are reached than a patch is worth (`limit` at most).
        case tooMany(limit: Int)
        /// Build: a file that could not be read before can be now, or the other way round.
        case readabilityChanged(path: String)
        /// Build: what the last scan's files declared could not be read back from the cache.
        case lastDeclarationsUnreadable
        /// Build (a fall back from a patch or a reuse): a cache entry it needed (the last graph,
        /// a changed file's cached code) did not read back.
        case cacheEntryUnreadable
        /// Build (a fall back): the bodies of a file whose facts came from the cache did not
        /// read back; its entry is gone and the scan is made without the cache.
        case cachedBodiesUnreadable
    }

    /// Why a patch resolves a file again.
    public enum Why: String, Sendable, Comparable {
        /// Its code changed, not what it declares.
        case code
        /// What it declares changed (a type, member, extension or import added, removed or changed).
        case declarations
        /// The last scan did not have it (added, or moved to other targets).
        case added
        /// The last scan had it and this one has not (removed, or moved): its sites go.
        case removed
        /// Unchanged, but it names something a changed file declares or declared.
        case reached

        public static func < (a: Why, b: Why) -> Bool { a.rawValue < b.rawValue }
    }

    /// A file a patch resolves again (or takes out), and why.
    public struct File: Sendable, Equatable {
        public var path: String
        public var why: Why

        public init(path: String, why: Why) {
            self.path = path
            self.why = why
        }
    }

    public var mode: Mode
    public var reason: Reason
    /// For a patch: the files resolved again or taken out, by path. Empty otherwise.
    public var files: [File]
    /// The plan carried out is not the one first made: this was (a patch or a reuse whose
    /// cache entries did not read back).
    public var fellBack: Mode?

    public init(_ mode: Mode, _ reason: Reason, files: [File] = [], fellBack: Mode? = nil) {
        self.mode = mode
        self.reason = reason
        self.files = files.sorted { ($0.path, $0.why) < ($1.path, $1.why) }
        self.fellBack = fellBack
    }

    /// Whether the scan read every file's facts: all but a reuse of the last graph because no
    /// file's signature changed.
    public var readEveryFile: Bool { !(mode == .reuse && reason == .nothingChanged) }

    /// The build a planned reuse or patch falls back to when the cache does not read back.
    func fallingBack(_ reason: Reason) -> ScanPlan {
        ScanPlan(.build, reason, fellBack: fellBack ?? (mode == .build ? nil : mode))
    }

    /// One line, then a line per file of a patch.
    public var description: String {
        var text = "\(mode.rawValue): "
        switch reason {
        case .noCache: text += "no cache"
        case .noLastScan: text += "the cache holds no scan of these files"
        case .nothingChanged: text += "no file changed since the last scan"
        case .sameFacts: text += "files were saved again, but none changed what it says"
        case .changed(let n, let removed):
            text += "\(n) file(s) resolved again" + (removed > 0 ? ", \(removed) gone" : "")
        case .tooMany(let limit):
            text += "more files changed or reached than a patch is worth (\(limit) at most)"
        case .readabilityChanged(let path): text += "\(path) could not be read before, or cannot now"
        case .lastDeclarationsUnreadable: text += "the last scan's declarations did not read back from the cache"
        case .cacheEntryUnreadable: text += "a cache entry the plan needed did not read back"
        case .cachedBodiesUnreadable: text += "cached code did not read back; scanned without the cache"
        }
        if let fellBack { text += " (planned: \(fellBack.rawValue))" }
        for file in files { text += "\n  \(file.path): \(file.why.rawValue)" }
        return text
    }
}

extension ScanPlan {
    /// How many of `count` files a patch resolves again at most: an eighth. Past that, building
    /// anew costs about the same.
    static func mostPatched(of count: Int) -> Int { count / 8 }

    /// Before the files are read: the last graph as it is when no file's signature changed;
    /// otherwise nil (read the files, then `afterReading`), or a build when there is no last
    /// scan to start from.
    static func beforeReading(
        hasCache: Bool, previous: ScanSnapshot?, ofOtherFiles: Bool, signatures: [FileSignature?]
    ) -> ScanPlan? {
        guard hasCache else { return ScanPlan(.build, .noCache) }
        guard let previous else { return ScanPlan(.build, .noLastScan) }
        if !ofOtherFiles, previous.unchanged(signatures) { return ScanPlan(.reuse, .nothingChanged) }
        return nil
    }

    /// Once the files are read: which changed since the last scan (`alignment` places each among
    /// the last scan's files), which unchanged files their new declarations reach, and so whether
    /// to reuse, patch or build. `reach` answers the files a set of surface changes reaches
    /// (`.unreadable`: the last declarations did not read back; `.tooMany`: past the limit).
    static func afterReading(
        previous: ScanSnapshot, parsed: [FileCollection.Outcome], alignment: [Int?], signatures: [FileSignature?],
        paths: [String], reach: (_ surfaceChanged: [Int], _ removed: [Int], _ changed: Set<Int>) -> Reached
    ) -> (plan: ScanPlan, changed: Set<Int>, removed: [Int]) {
        let limit = mostPatched(of: parsed.count)
        let build = { (reason: Reason) in (ScanPlan(.build, reason), Set<Int>(), [Int]()) }
        guard alignment.count == parsed.count else { return build(.noLastScan) }
        var why: [Int: Why] = [:]
        var surfaceChanged: [Int] = []
        for (k, outcome) in parsed.enumerated() {
            guard let p = alignment[k] else {
                guard case .success = outcome else { return build(.readabilityChanged(path: paths[k])) }
                why[k] = .added
                surfaceChanged.append(k)
                continue
            }
            let was = previous.files[p]
            switch outcome {
            case .failure:
                // Unreadable before too, and not changed since: for the same reason.
                guard was.key.isEmpty, let signature = was.signature, signature == signatures[k] else {
                    return build(.readabilityChanged(path: paths[k]))
                }
            case .success(let collected):
                if collected.key == was.key { continue }
                guard !was.key.isEmpty else { return build(.readabilityChanged(path: paths[k])) }
                if collected.surfaceDigest != was.surfaceDigest {
                    surfaceChanged.append(k)
                    why[k] = .declarations
                } else {
                    why[k] = .code
                }
            }
        }
        // Files the last scan had and this one has not (removed, or moved): their sites go, and
        // what they declared is gone.
        let aligned = Set(alignment.compactMap { $0 })
        let removed = previous.files.indices.filter { !aligned.contains($0) }
        var changed = Set(why.keys)
        if !surfaceChanged.isEmpty || !removed.isEmpty {
            switch reach(surfaceChanged, removed, changed) {
            case .unreadable: return build(.lastDeclarationsUnreadable)
            case .tooMany: return build(.tooMany(limit: limit))
            case .files(let reached):
                for k in reached where why[k] == nil { why[k] = .reached }
                changed.formUnion(reached)
            }
        }
        if changed.isEmpty && removed.isEmpty { return (ScanPlan(.reuse, .sameFacts), [], []) }
        guard changed.count + removed.count <= limit else {
            return build(.tooMany(limit: limit))
        }
        let files =
            why.map { File(path: paths[$0.key], why: $0.value) }
            + removed.map { File(path: previous.files[$0].path, why: .removed) }
        return (
            ScanPlan(.patch, .changed(files: changed.count, removed: removed.count), files: files), changed, removed
        )
    }

    /// What the changed declarations reach among the unchanged files.
    enum Reached {
        case files(Set<Int>)
        case unreadable
        case tooMany
    }
}
