import Foundation

enum PathTools {
    static func absolute(_ path: String, base: String) -> String {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        var p = url.standardizedFileURL.path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// `path` relative to `base` (both absolute), with `..` where it lies outside.
    static func relative(_ path: String, to base: String) -> String {
        if path == base { return "." }
        if base == "/" { return String(path.dropFirst()) }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        let p = path.split(separator: "/"), b = base.split(separator: "/")
        var common = 0
        while common < min(p.count, b.count) && p[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + p[common...].map(String.init)).joined(separator: "/")
    }

    /// How to show a path to the user: relative when it lies below `base`, else absolute.
    static func display(_ path: String, base: String) -> String {
        let rel = relative(path, to: base)
        return rel.hasPrefix("../") || rel == ".." ? path : rel
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        return isDir.boolValue
    }

    static func baseName(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }
}
