/// Where the scanner keeps, between runs, what it learnt of each file: its facts (keyed by
/// its path and bytes) and its resolved sites (keyed by those and by every file's surface).
/// The keys carry no version: a store keeps each version of seams apart. SeamsKit keeps
/// one on disk.
public protocol ScanCacheStore: AnyObject, Sendable {
    /// The entry's bytes, or nil when there is none.
    func read(kind: String, key: String) -> [UInt8]?
    /// Stores an entry. A failure is the store's to report; the scan goes on.
    func write(kind: String, key: String, bytes: [UInt8])
    /// An entry was there but could not be read (torn or corrupt): it is about to be rewritten.
    func discard(kind: String, key: String)
    /// The last snapshot stored under `name` (one per set of scanned files: see
    /// `ScanSnapshot`), or nil. Unlike entries, a snapshot's bytes change from run to run.
    func readSnapshot(_ name: String) -> [UInt8]?
    /// Replaces the snapshot stored under `name` with the bytes `produce` makes, on another
    /// thread while the caller goes on; a later read of it waits for them. A failure is the
    /// store's to report.
    func writeSnapshot(_ name: String, producing produce: @escaping @Sendable () -> [UInt8])
    /// Entries this run relies on without reading them (a patched graph stands for the sites
    /// of files that did not change): kept as if read.
    func keep(kind: String, keys: [String])
    /// Makes what was written so far last now (a disk cache writes it out) rather than when the
    /// run ends: called once the run has written its last entry, beside work that leaves a
    /// core free.
    func flush()
}

extension ScanCacheStore {
    /// A store without snapshots: every scan reads entry by entry.
    public func readSnapshot(_ name: String) -> [UInt8]? { nil }
    public func writeSnapshot(_ name: String, producing produce: @escaping @Sendable () -> [UInt8]) {}
    public func keep(kind: String, keys: [String]) {}
    public func flush() {}
}

enum CacheKind {
    static let facts = "facts"
    static let sites = "sites"
}
