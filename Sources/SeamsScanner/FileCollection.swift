import Foundation
import SeamsGraph

/// Phase 1 for one file: its bytes read and its facts collected, or read from the cache. The
/// scan's workers and `CollectAhead` both do it.
enum FileCollection {
    enum Outcome {
        case success(Collected)
        case failure(Diagnostic)
    }

    /// `known`: the key of the file's facts, when its signature shows it has not changed since
    /// they were stored: its bytes are then not read.
    static func read(
        _ file: SourceFile, maxBytes: Int, cache: ScanCacheStore? = nil, known: String? = nil
    ) -> Outcome {
        func fail(_ message: String) -> Outcome {
            .failure(Diagnostic(file: file.path, message: message, severity: .error, unread: true))
        }
        // Only regular files: opening a FIFO or a device named .swift would block or never end.
        // A known file was found regular by its signature, just before.
        if known == nil {
            var info = stat()
            guard stat(file.location, &info) == 0 else {
                return fail("cannot be read (broken link or no permission); skipped")
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return fail("is not a regular file; skipped") }
        }
        if let known, let cache, let entry = cache.read(kind: CacheKind.facts, key: known),
            let decoded = FactsCodec.decode(entry, path: file.path)
        {
            return .success(Collected(key: known, decoded: decoded))
        }
        guard let handle = FileHandle(forReadingAtPath: file.location) else {
            return fail("cannot be read (permission denied or not a regular file); skipped")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // An empty file is valid Swift that declares nothing: read returns nil for it.
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            return fail("cannot be read: \(error.localizedDescription); skipped")
        }
        if data.count > maxBytes {
            return fail(
                "is larger than \(maxBytes >> 20) MB (likely generated); skipped (raise --max-file-size to scan it)")
        }
        // The same path and bytes gave these facts before (only files that could be read are
        // stored, so the checks below passed then too).
        var key = ""
        if let cache {
            var h = StableHash()
            h.combine(file.path)
            data.withUnsafeBytes { h.combine(bytes: $0) }
            key = h.hex
            if let entry = cache.read(kind: CacheKind.facts, key: key) {
                if let decoded = FactsCodec.decode(entry, path: file.path) {
                    return .success(Collected(key: key, decoded: decoded))
                }
                cache.discard(kind: CacheKind.facts, key: key)
            }
        }
        let hasNUL = data.withUnsafeBytes { raw in raw.count > 0 && memchr(raw.baseAddress!, 0, raw.count) != nil }
        if hasNUL { return fail("is binary (contains NUL bytes), not Swift source; skipped") }
        guard let text = String(validating: data, as: UTF8.self) else {
            return fail("is not valid UTF-8; skipped")
        }
        // The parser's time and memory go with the tokens, not the bytes: a 10 MB line of `1, `
        // is 6.7 million of them and took 2 GB. Only a file larger than the budget can exceed it.
        let budget = maxBytes / bytesPerToken
        if data.count > budget {
            let tokens = data.withUnsafeBytes { approximateTokens($0) }
            if tokens > budget {
                return fail(
                    "holds about \(tokens / 1000)k tokens, more than the \(budget / 1000)k of ordinary Swift at "
                        + "--max-file-size (one in \(bytesPerToken) bytes; likely generated data); skipped (raise "
                        + "--max-file-size to scan it)")
            }
        }
        let facts = FactCollector.collect(path: file.path, source: text)
        // Written to the cache later (`Collected.store`), beside work that leaves a core free.
        return .success(Collected(facts: facts, key: key, unstored: cache))
    }
}

extension FileCollection {
    /// Bytes per token allowed at the size limit: real Swift has about one token in five or six
    /// bytes (NetNewsWire, IceCubesApp, mastodon-ios: 0.18 per byte), data literals up to two
    /// in three.
    static let bytesPerToken = 5

    /// Tokens as the parser would count them, nearly: each run of identifier characters is
    /// one, and so is every other byte that is not white space.
    static func approximateTokens(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var inWord = false
        for b in bytes {
            let word =
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
                || b >= 0x80
            if word {
                if !inWord { count += 1 }
            } else if b != 0x20 && b != 0x0A && b != 0x09 && b != 0x0D {
                count += 1
            }
            inWord = word
        }
        return count
    }
}

/// A file's facts as phase 1 gives them: collected now, or read from the cache (then its
/// code bodies are read only if the file must be resolved again).
final class Collected: @unchecked Sendable {
    let facts: FileFacts
    let key: String
    /// The digest of the declarations' surface: known once the facts are stored (`store`).
    private(set) var surfaceDigest: String
    let fromCache: Bool
    private var decoded: FactsCodec.Decoded?
    /// The cache the facts are still to be written to: they were collected now.
    private var unstored: ScanCacheStore?

    init(facts: FileFacts, key: String = "", unstored cache: ScanCacheStore? = nil) {
        self.facts = facts
        self.key = key
        surfaceDigest = ""
        fromCache = false
        unstored = cache
    }

    /// Whether the facts are still to be written to a cache.
    var isUnstored: Bool { unstored != nil }

    /// Encodes facts collected now, writes them to the cache and notes their surface's digest;
    /// does nothing the second time, or for facts read from the cache. Not for two threads at once:
    /// a scan stores its files on one thread (`Scanner.storing`) and waits for it before it
    /// reads a digest.
    func store() {
        guard let cache = unstored else { return }
        unstored = nil
        let encoded = FactsCodec.encode(facts)
        cache.write(kind: CacheKind.facts, key: key, bytes: encoded.bytes)
        surfaceDigest = encoded.surfaceDigest
    }

    init(key: String, decoded: FactsCodec.Decoded) {
        facts = decoded.facts
        self.key = key
        surfaceDigest = decoded.surfaceDigest
        fromCache = true
        self.decoded = decoded
    }

    /// The names the file mentions, as its cache entry keeps them; nil for facts collected
    /// now or whose bodies were read (the entry is let go then).
    var mentions: FactsCodec.Mentions? { decoded.flatMap(FactsCodec.mentions) }

    /// Reads the code bodies into the facts' declarations; false when they do not read.
    func fillBodies() -> Bool {
        guard var d = decoded else { return true }
        let ok = FactsCodec.fillBodies(&d)
        decoded = ok ? nil : d
        return ok
    }
}
