import Foundation
import SeamsGraph

/// What finding a scan's files gave (the files, their units, the notes and where the modules
/// came from), with the state of every path that was asked about on the way: a later scan
/// that finds each of those paths as it was is given the same without looking again.
/// A path's state is kept as the caller gives it (numbers the file system reported).
public struct InputMemo: Sendable, Equatable {
    static let format: UInt8 = 3

    public var paths: [String]
    /// One per path.
    public var states: [[Int]]
    /// One per path: for a folder that was listed, what it held (`PathTools.listingDigest`),
    /// which vouches for it when only its times moved; nil for any other path.
    public var listings: [Int?]
    public var files: [SourceFile]
    public var units: [CompilationUnit]
    public var diagnostics: [Diagnostic]
    public var origin: String
    /// What was found and what of it is to be scanned.
    public var scope: ScanScope

    /// `listings`: one per path, or none for no folder listing at all.
    public init(
        paths: [String], states: [[Int]], listings: [Int?] = [], files: [SourceFile], units: [CompilationUnit],
        diagnostics: [Diagnostic], origin: String, scope: ScanScope = ScanScope(found: 0, scanned: 0, sources: [], leftOut: [])
    ) {
        self.scope = scope
        (self.paths, self.states, self.files, self.units) = (paths, states, files, units)
        self.listings = listings.count == paths.count ? listings : Array(repeating: nil, count: paths.count)
        (self.diagnostics, self.origin) = (diagnostics, origin)
    }

    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 1 << 16)
        w.list(Array(paths.indices)) { w, i in
            w.string(paths[i])
            w.list(states[i]) { w, n in w.int(n) }
            w.bool(listings[i] != nil)
            if let listing = listings[i] { w.int(listing) }
        }
        w.list(files) { w, f in
            w.string(f.path)
            w.string(f.location)
            w.string(f.module)
            w.count(f.unit)
            w.bool(f.test)
        }
        w.list(units) { w, u in
            w.optionalString(u.importName)
            w.bool(u.sees != nil)
            if let sees = u.sees { w.list(sees.sorted()) { w, n in w.count(n) } }
        }
        w.list(diagnostics) { GraphCodec.writeDiagnostic($1, &$0) }
        w.string(origin)
        // Small, and read once: as JSON.
        w.string(String(decoding: (try? JSONEncoder().encode(scope)) ?? Data(), as: UTF8.self))
        return EntryFrame.wrap(w.bytes, format: Self.format)
    }

    /// nil when the bytes are not a whole memo of this format.
    public static func decode(_ bytes: [UInt8]) -> InputMemo? {
        guard let payload = EntryFrame.unwrap(bytes, format: format) else { return nil }
        var r = ByteReader(bytes, from: payload.lowerBound)
        do {
            let entries = try r.list { r in
                (try r.string(), try r.list { try $0.int() }, try r.bool() ? try r.int() : nil)
            }
            let files = try r.list { r in
                SourceFile(
                    path: try r.string(), location: try r.string(), module: try r.string(), unit: try r.count(),
                    test: try r.bool())
            }
            let units = try r.list { r in
                let name = try r.optionalString()
                let sees = try r.bool() ? Set(try r.list { try $0.count() }) : nil
                return CompilationUnit(importName: name, sees: sees)
            }
            let diagnostics = try r.list { try GraphCodec.readDiagnostic(&$0) }
            let origin = try r.string()
            guard let scope = try? JSONDecoder().decode(ScanScope.self, from: Data(try r.string().utf8)) else { return nil }
            guard r.offset == payload.upperBound, files.allSatisfy({ $0.unit < units.count }) else { return nil }
            return InputMemo(
                paths: entries.map(\.0), states: entries.map(\.1), listings: entries.map(\.2), files: files, units: units,
                diagnostics: diagnostics, origin: origin, scope: scope)
        } catch {
            return nil
        }
    }
}
