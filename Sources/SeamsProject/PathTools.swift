import Foundation

/// Path arithmetic on plain strings, and the few file-system questions the stages ask.
public enum PathTools {
    public static func absolute(_ path: String, base: String) -> String {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        var p = url.standardizedFileURL.path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// `path` relative to `base` (both absolute), with `..` where it lies outside.
    public static func relative(_ path: String, to base: String) -> String {
        if path == base { return "." }
        if base == "/" { return String(path.dropFirst()) }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        let p = path.split(separator: "/"), b = base.split(separator: "/")
        var common = 0
        while common < min(p.count, b.count) && p[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + p[common...].map(String.init)).joined(separator: "/")
    }

    /// How to show a path to the user: relative when it lies below `base`, else absolute.
    public static func display(_ path: String, base: String) -> String {
        let rel = relative(path, to: base)
        return rel.hasPrefix("../") || rel == ".." ? path : rel
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func isDirectory(_ path: String) -> Bool? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        return isDir.boolValue
    }

    public static func baseName(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    public static func parent(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// The `.swift` files below a folder (recursively, sorted, absolute); none when it is missing.
    public static func swiftFilesBelow(_ dir: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".swift") { out.append(dir + "/" + relative) }
        }
        return out.sorted()
    }
}
