import Foundation
import SeamsGraph

/// The snapshot a scan starts from: the one of these very files, else (`ofOtherFiles`) the
/// place's last one when it has the same frame, its files since added, removed or moved.
struct LastScan {
    var snapshot: ScanSnapshot
    /// Its graph (`take`, once: handed over, a patch edits it in place; `stop` when it will not
    /// be asked for).
    var graph: LastGraph
    /// The prefetch found it: the place's pointer names it already.
    var fromPrefetch = false
    var ofOtherFiles = false

    /// The last scan to start from; the prefetch's graph is stopped unless it is that one's.
    static func find(
        named name: String, frame: String, cache: ScanCacheStore, prefetched: SnapshotPrefetch?
    ) -> LastScan? {
        let early = prefetched?.head.value()
        if let prefetched, let early, early.name == name {
            return LastScan(snapshot: early.snapshot, graph: prefetched.graph, fromPrefetch: true)
        }
        if let bytes = cache.readSnapshot(name) {
            if let snapshot = ScanSnapshot.decode(bytes) {
                prefetched?.graph.stop()
                let graph = LastGraph { crew in
                    snapshot.graph(baseBytes: cache.readSnapshot(name + ".graph"), in: cache, name: name, crew: crew)
                }
                return LastScan(snapshot: snapshot, graph: graph)
            }
            cache.discard(kind: "snapshot", key: name)
        }
        if let prefetched, let early, early.snapshot.frame == frame {
            return LastScan(snapshot: early.snapshot, graph: prefetched.graph, ofOtherFiles: true)
        }
        prefetched?.graph.stop()
        return nil
    }
}

/// The last snapshot of a tree, read before the tree's files are known: while the scan finds
/// them (project files, manifests, folders: mostly one core), another thread reads the head
/// and then the bytes of the graph the last scan of the same place left (decoded when the scan
/// needs the graph). The scan uses them only if the files it found make the same snapshot
/// name; otherwise they are dropped.
public final class SnapshotPrefetch: @unchecked Sendable {
    let head: Background<(name: String, snapshot: ScanSnapshot)?>
    /// The graph of the snapshot the head names, from the base's bytes read meanwhile: decoded
    /// when the scan starts it (`LastGraph`), so that it does not compete with reading the
    /// files' facts.
    let graph: LastGraph

    /// `place`: what names the scan before its files are known (its folder and the options
    /// that choose files); the last scan with the same place said which snapshot it left.
    public init(place: String, cache: ScanCacheStore) {
        let pointer = SnapshotPrefetch.pointerName(place)
        let head = Background { () -> (name: String, snapshot: ScanSnapshot)? in
            guard let bytes = cache.readSnapshot(pointer), let name = String(validating: bytes, as: UTF8.self),
                !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x2F }),
                let headBytes = cache.readSnapshot(name), let snapshot = ScanSnapshot.decode(headBytes)
            else { return nil }
            return (name, snapshot)
        }
        self.head = head
        let baseBytes = Background { head.value().flatMap { cache.readSnapshot($0.name + ".graph") } }
        graph = LastGraph { crew in
            guard let early = head.value(), let bytes = baseBytes.take() else { return nil }
            return early.snapshot.graph(baseBytes: bytes, in: cache, name: early.name, crew: crew)
        }
    }

    /// The name under which the last scan of `place` says which snapshot it left.
    static func pointerName(_ place: String) -> String {
        var h = StableHash()
        h.combine("last snapshot of")
        h.combine(place)
        return "place-" + h.hex
    }
}

/// The last scan's graph, decoded when asked for, on every core; or, once started, on a thread
/// of low priority that takes the core declaring (serial) leaves idle, by a crew that the
/// thread asking for the graph joins: it helps with the parts left, then takes the graph.
final class LastGraph: @unchecked Sendable {
    /// Decodes, with the crew given or else on every core.
    private let decode: (Crew?) -> Graph?
    private let crew = Crew()
    private let lock = NSLock()
    private var state = State.waiting

    private enum State {
        /// Nobody started or asked for it yet.
        case waiting
        /// Being decoded by the crew, or decoded, on a thread of its own.
        case started(Background<Graph?>)
        /// Asked for before it was started: decoded there and then.
        case decodedWhenAsked
    }

    init(_ decode: @escaping (Crew?) -> Graph?) {
        self.decode = decode
    }

    /// Starts decoding (once).
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard case .waiting = state else { return }
        state = .started(
            Background(lowPriority: true) { [crew, decode] in
                defer { crew.end() }
                return decode(crew)
            })
    }

    /// The graph, handed over once (nil after, or when it was stopped or did not read).
    func take() -> Graph? {
        lock.lock()
        let now = state
        if case .waiting = now { state = .decodedWhenAsked }
        lock.unlock()
        switch now {
        case .waiting:
            // No crew works for it: whoever asks later is not kept waiting.
            crew.end()
            return decode(nil)
        case .started(let decoded):
            crew.help()
            return decoded.take()
        case .decodedWhenAsked:
            return nil
        }
    }

    /// The graph will not be asked for: decoding, if started, stops after the part under way.
    func stop() {
        crew.stop()
    }
}
