import Foundation

/// Path arithmetic on plain strings, and the few file-system questions the stages ask.
public enum PathTools {
    /// Lexical, as `URL.standardizedFileURL` is: `.` and `..` are taken out and slashes
    /// collapsed, links are not followed, the file system is not asked (`URL(fileURLWithPath:)`
    /// asks whether each path is a folder: that showed in the profile of an Xcode project's
    /// thousands of file references). A relative `base` stands under the working folder.
    public static func absolute(_ path: String, base: String) -> String {
        var joined = path.hasPrefix("/") ? path : base + "/" + path
        if !joined.hasPrefix("/") { joined = FileManager.default.currentDirectoryPath + "/" + joined }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
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

    public static func realPath(_ path: String, witness: FileWitness? = nil) -> String? {
        witness?.saw(path)
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where an absolute path leads on the file system: every symbolic link in it followed
    /// (dangling ones too, to where they point) and `..` taken after the link it follows, as the
    /// kernel does. Components that do not exist yet are kept as written, so the answer for a
    /// folder that a write would create is where it would be created. A loop of links (more than
    /// 40) ends the resolving there.
    public static func resolved(_ path: String) -> String {
        var done: [Substring] = []
        var pending = Array(path.split(separator: "/").reversed())
        var links = 0
        while let part = pending.popLast() {
            switch part {
            case ".": continue
            case "..": if !done.isEmpty { done.removeLast() }
            default:
                let next = "/" + (done + [part]).joined(separator: "/")
                var info = stat()
                guard links < 40, lstat(next, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: next)
                else {
                    done.append(part)
                    continue
                }
                links += 1
                if target.hasPrefix("/") { done = [] }
                pending += target.split(separator: "/").reversed()
            }
        }
        return "/" + done.joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies below it, both as `resolved` gives them.
    public static func isWithin(_ path: String, _ folder: String) -> Bool {
        let (p, f) = (resolved(path), resolved(folder))
        return p == f || p.hasPrefix(f == "/" ? f : f + "/")
    }

    public static func isDirectory(_ path: String, witness: FileWitness? = nil) -> Bool? {
        witness?.saw(path)
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

    /// The `.swift` files below a folder (recursively, sorted, absolute); none when it is
    /// missing. Links to folders are not followed.
    public static func swiftFilesBelow(_ dir: String, witness: FileWitness? = nil) -> [String] {
        var out: [String] = []
        func visit(_ folder: String) {
            for entry in entries(of: folder, witness: witness) ?? [] {
                guard let name = entry.name else { continue }
                let path = folder + "/" + name
                if entry.isDirectory && !entry.isLink {
                    visit(path)
                } else if name.hasSuffix(".swift") {
                    out.append(path)
                }
            }
        }
        visit(dir)
        return out.sorted()
    }

    /// The bytes of a file; nil when it cannot be read.
    public static func contents(of path: String, witness: FileWitness? = nil) -> Data? {
        witness?.saw(path, read: true)
        return FileManager.default.contents(atPath: path)
    }

    /// Whether anything exists at `path` (following links).
    public static func exists(_ path: String, witness: FileWitness? = nil) -> Bool {
        witness?.saw(path)
        return FileManager.default.fileExists(atPath: path)
    }
}

extension PathTools {
    /// An entry of a folder as the file system names it: bytes, which need not be UTF-8.
    public struct Entry: Sendable {
        /// The name, when it is valid UTF-8.
        public var name: String?
        /// The name with every byte that is not part of valid UTF-8 written as `\xNN`.
        public var escaped: String
        public var endsWithSwift: Bool
        /// Whether it is a folder (following a symbolic link), asked with the raw bytes.
        public var isDirectory: Bool
        /// Whether it is a symbolic link itself.
        public var isLink: Bool
        /// Whether what it names exists (false for a broken link).
        public var exists: Bool
    }

    /// The entries of a folder, sorted by their bytes, `.` and `..` left out; nil when it cannot
    /// be read. Foundation's listing replaces bytes that are not UTF-8 with U+FFFD, which names a
    /// file that does not exist: this one keeps the difference so that callers can report it.
    /// A link's entry is noted with the `witness` too: what it names may change apart from
    /// the folder.
    public static func entries(of dir: String, witness: FileWitness? = nil) -> [Entry]? {
        witness?.saw(dir, read: true)
        guard let listed = list(dir) else { return nil }
        witness?.listed(dir, digest: digest(listed))
        return listed.map { item in
            let name = String(validating: item.bytes, as: UTF8.self)
            let endsWithSwift = item.bytes.suffix(6).elementsEqual(".swift".utf8)
            // A plain file or folder as readdir names it needs no stat: it exists and is what it says.
            if item.type == UInt8(DT_REG) || item.type == UInt8(DT_DIR) {
                return Entry(
                    name: name, escaped: name ?? escape(item.bytes), endsWithSwift: endsWithSwift,
                    isDirectory: item.type == UInt8(DT_DIR), isLink: false, exists: true)
            }
            // One stat for what the entry names; the link itself is known from readdir, except
            // on file systems that leave the type unknown.
            let path = Array(dir.utf8) + [0x2F] + item.bytes + [0]
            if let witness, let name { witness.saw(dir + "/" + name) }
            var info = stat()
            var linkInfo = stat()
            let (exists, isLink) = path.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { c in
                    let found = stat(c.baseAddress!, &info) == 0
                    let link =
                        item.type == UInt8(DT_LNK)
                        || (item.type == UInt8(DT_UNKNOWN) && lstat(c.baseAddress!, &linkInfo) == 0
                            && (linkInfo.st_mode & S_IFMT) == S_IFLNK)
                    return (found, link)
                }
            }
            return Entry(
                name: name, escaped: name ?? escape(item.bytes), endsWithSwift: endsWithSwift,
                isDirectory: exists && (info.st_mode & S_IFMT) == S_IFDIR, isLink: isLink, exists: exists)
        }
    }

    /// A folder's entries as readdir gives them (name bytes and type), sorted by their bytes,
    /// `.` and `..` left out; nil when it cannot be read.
    private static func list(_ dir: String) -> [(bytes: [UInt8], type: UInt8)]? {
        guard let handle = opendir(dir) else { return nil }
        defer { closedir(handle) }
        var listed: [(bytes: [UInt8], type: UInt8)] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            listed.append((bytes, entry.pointee.d_type))
        }
        return listed.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// What a folder holds by name and kind, as a number: the same while no entry is added,
    /// removed, renamed or replaced by one of another kind (a file saved by writing a new file
    /// and renaming it over the old keeps it; the folder's times do not). nil when the folder
    /// cannot be read, or when the file system does not tell an entry's kind (a file replaced
    /// by a link would not show).
    public static func listingDigest(of dir: String) -> Int? {
        list(dir).flatMap(digest)
    }

    private static func digest(_ listed: [(bytes: [UInt8], type: UInt8)]) -> Int? {
        // FNV-1a over each name, a 0 byte and its kind.
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for item in listed {
            guard item.type != UInt8(DT_UNKNOWN) else { return nil }
            for byte in item.bytes { add(byte) }
            add(0)
            add(item.type)
        }
        return Int(truncatingIfNeeded: h)
    }

    /// Bytes as text: valid UTF-8 as it is, every other byte as `\xNN`.
    public static func escape(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence starting here (1 to 4 bytes), else one escaped byte.
            var taken = false
            for length in stride(from: min(4, bytes.count - i), through: 1, by: -1) {
                if let s = String(validating: bytes[i..<i + length], as: UTF8.self), s.unicodeScalars.count == 1 {
                    out += s
                    i += length
                    taken = true
                    break
                }
            }
            if !taken {
                out += "\\x" + String(bytes[i], radix: 16, uppercase: true).leftPadded(to: 2)
                i += 1
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
