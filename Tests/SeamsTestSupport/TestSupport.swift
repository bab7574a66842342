import Foundation

/// A temporary folder, removed when the value goes away.
public final class TempDir {
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
