import Foundation

/// The paths a stage asked the file system about (a folder listed, a file read, a path
/// resolved or tested): when each of them is later found as it was (`PathState`), the same
/// questions get the same answers, and what the stage made of them still holds.
/// Shared by the threads of one stage; each question is noted before it is asked.
public final class FileWitness: @unchecked Sendable {
    private let lock = NSLock()
    /// Each path, and whether what it holds was read (a folder listed, a file's bytes), not
    /// only where it leads (resolved, tested for existence or kind).
    private var seen: [String: Bool] = [:]
    /// The folders listed, with what they held (`PathTools.listingDigest`) when they were.
    private var listings: [String: Int?] = [:]

    public init() {}

    /// `read`: its contents were read, so a change to them counts; else only what the path
    /// is and names (which file, which kind) does.
    public func saw(_ path: String, read: Bool = false) {
        lock.lock()
        if seen[path] != true { seen[path] = read }
        lock.unlock()
    }

    /// `dir` was listed and held what `digest` stands for (nil: a digest could not be made).
    public func listed(_ dir: String, digest: Int?) {
        lock.lock()
        // Listed twice with different entries: no digest can vouch for the folder.
        if let earlier = listings[dir], earlier != digest {
            listings[dir] = .some(nil)
        } else {
            listings[dir] = digest
        }
        lock.unlock()
    }

    /// What the folder held when it was listed; nil when it was not listed or no digest holds.
    public func listing(of dir: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return listings[dir] ?? nil
    }

    /// Every path noted, sorted, and whether it was read.
    public var paths: [(path: String, read: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return seen.keys.sorted().map { ($0, seen[$0]!) }
    }
}

/// What the file system says of a path, without reading it: the path itself (a link is not
/// followed) and what it names (followed). A folder's times move when an entry is added,
/// removed or renamed; a file's when it is written; a link's when it is made again.
public struct PathState: Equatable, Sendable {
    /// Device, inode and mode of the path itself, then of what it names, each followed by its
    /// size, modification and change time (nanoseconds) when its contents count (`read`);
    /// empty for one that does not exist.
    public var own: [Int64]
    public var named: [Int64]

    public init(of path: String, read: Bool) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            (own, named) = ([], [])
            return
        }
        own = Self.fields(info, read: read)
        // Only a link names something else: for any other path, `stat` says what `lstat` did.
        guard (info.st_mode & S_IFMT) == S_IFLNK else {
            named = own
            return
        }
        named = stat(path, &info) == 0 ? Self.fields(info, read: read) : []
    }

    private static func fields(_ info: stat, read: Bool) -> [Int64] {
        let identity = [
            Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(info.st_mode),
        ]
        guard read else { return identity }
        return identity + [
            Int64(info.st_size),
            Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// Whether it changed within two seconds before `start` (nanoseconds since 1970): a file
    /// system with coarse times could give a later change the same times, so such a state
    /// cannot vouch for what was read.
    public func isRecent(before start: Int64) -> Bool {
        let times = [own, named].filter { $0.count == 6 }.flatMap { [$0[4], $0[5]] }
        return times.contains { $0 >= start - 2_000_000_000 }
    }
}
