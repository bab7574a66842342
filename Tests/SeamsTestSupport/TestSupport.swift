import Foundation

/// A temporary folder, removed when the value goes away.
public final class TempDir: Sendable {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("seams-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    public func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Every file and folder below it, relative and sorted.
    public func listing() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A folder under Tests/Fixtures.
public func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(name)").path
}

extension TempDir {
    /// Copies a folder under Tests/Fixtures into this one, as `name`; returns its path.
    @discardableResult
    public func copy(fixture source: String, as name: String) throws -> String {
        let target = path + "/" + name
        try FileManager.default.copyItem(atPath: fixture(source), toPath: target)
        return target
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }
}

/// Copies a package of the teaching sample (or any tree) without its build folders (`.build`,
/// `.swiftpm`): once the samples are built, a stage's `.build` holds about 100 MB and thousands of
/// checked-out Swift files that the tests neither want to copy nor to read.
public func copySource(_ source: String, to target: String) throws {
    let manager = FileManager.default
    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: source) where name != ".build" && name != ".swiftpm" {
        try manager.copyItem(atPath: source + "/" + name, toPath: target + "/" + name)
    }
}

/// A fixed pseudo-random sequence (SplitMix64), so every run tests the same random graphs.
public struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    public init(_ seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
