/// A path glob: `*` and `?` stay within one path component, `**` spans any number of them.
/// A pattern without a slash matches a file or folder name at any depth (as in .gitignore).
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let parts: [String]
    private let anyDepth: Bool

    public init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        if p.hasSuffix("/") { p += "**" }
        self.pattern = pattern
        self.anyDepth = !p.contains("/")
        self.parts = p.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether a relative path (with `/` separators) matches.
    public func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        if anyDepth {
            // Any component matching marks the path (and everything below it).
            return components.contains { Glob.component(Array(parts.first ?? "").map { $0 }, Array($0)) }
        }
        return Glob.match(parts[...], components[...])
    }

    /// Which path components the parts can have taken, part after part: a `**` takes any number,
    /// another part one component that matches it. Time in parts × components: trying each way a
    /// `**` could split the path, one after another, took minutes for nine of them against a
    /// path 25 folders deep.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let components = Array(path)
        // reached[j]: the parts so far can have taken the first j components.
        var reached = [Bool](repeating: false, count: components.count + 1)
        reached[0] = true
        for part in pattern {
            var next = [Bool](repeating: false, count: components.count + 1)
            if part == "**" {
                var any = false
                for j in reached.indices {
                    any = any || reached[j]
                    next[j] = any
                }
            } else {
                let chars = Array(part)
                for j in components.indices where reached[j] && component(chars, Array(components[j])) {
                    next[j + 1] = true
                }
            }
            reached = next
        }
        return reached[components.count]
    }

    /// `*` and `?` within one component, by backtracking.
    private static func component(_ p: [Character], _ s: [Character]) -> Bool {
        var pi = 0, si = 0
        var star = -1, mark = 0
        while si < s.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == s[si]) {
                pi += 1
                si += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = si
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                si = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
