import SeamsGraph

/// The Swift files Tuist's globs take, from listings of the folders they start in: each folder
/// listed once per manifest (a folder below one listed already is filtered from that listing).
///
/// Tuist's globs, as `Glob` reads them once made absolute: `*` and `?` within one component, `**`
/// across any number of them, none included (`Sources/**/*.swift` takes `Sources/A.swift`), and
/// `{a,b}` alternatives, expanded here. A pattern without wildcards names one file.
struct TuistFileMatcher {
    let listFiles: (String) -> [String]
    private var listings: [String: [String]] = [:]

    init(listFiles: @escaping (String) -> [String]) {
        self.listFiles = listFiles
    }

    /// The Swift files below `folder` (absolute).
    mutating func files(below folder: String) -> [String] {
        if let known = listings[folder] { return known }
        for (listed, files) in listings where folder.hasPrefix(listed + "/") {
            return files.filter { $0.hasPrefix(folder + "/") }
        }
        let files = listFiles(folder)
        listings[folder] = files
        return files
    }

    /// The Swift files an absolute glob takes, less those an exclusion takes (by a glob, or as a
    /// folder above them).
    mutating func files(matching pattern: String, excluding: [String]) -> [String] {
        let exclusions = Self.exclusions(excluding)
        var out: [String] = []
        for expanded in Self.expandingBraces(pattern) {
            let glob = Glob(expanded)
            for file in files(below: Self.fixedFolder(of: expanded)) where glob.matches(file) {
                if !exclusions.contains(where: { $0.matches(file) }) { out.append(file) }
            }
        }
        return out
    }

    /// Globs for absolute exclusion patterns: each as a file and as a folder.
    static func exclusions(_ patterns: [String]) -> [Glob] {
        patterns.flatMap(expandingBraces).flatMap { [Glob($0), Glob($0 + "/**")] }
    }

    /// The folder a pattern starts in: its components before the first with a wildcard, or the
    /// file's folder when it has none.
    static func fixedFolder(of pattern: String) -> String {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let fixed = components.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
        let folder = fixed.count == components.count ? fixed.dropLast() : fixed
        return "/" + folder.joined(separator: "/")
    }

    /// `Sources/**/*.{swift,m}` as `Sources/**/*.swift` and `Sources/**/*.m`; a brace without its
    /// pair is kept as written. At most 256 patterns come out of one.
    static func expandingBraces(_ pattern: String) -> [String] {
        var done: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            guard done.count + pending.count < 256, let open = next.firstIndex(of: "{"),
                let close = next[open...].firstIndex(of: "}")
            else {
                done.append(next)
                continue
            }
            let head = next[..<open], tail = next[next.index(after: close)...]
            for option in next[next.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            {
                pending.append(String(head + option + tail))
            }
        }
        return done.reversed()
    }
}
