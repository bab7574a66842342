import Foundation
import SeamsProject
import Testing

/// `PathTools.absolute` works on the text alone; it must still say what Foundation's
/// standardized file URL says, which it replaced.
@Suite struct PathToolsTests {
    static func byURL(_ path: String, base: String) -> String {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        var p = url.standardizedFileURL.path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    static let cases: [(path: String, base: String)] = [
        ("a/./b", "/x"), ("../../../y", "/x/z"), ("/../b", "/"), ("//a//b/", "/"), ("", "/x/y"), (".", "/x/y"),
        ("..", "/"), ("a/", "/x/"), ("/", "/x"), ("a/..", "/x"), ("~/a", "/x"), ("a/...", "/x"),
        ("a/.b/..c", "/x"), ("x", "relative/base"), ("é/ü", "/ß"), ("Sources/../Tests/./A.swift", "/p/q/"),
        ("../../..", "/a/b"), ("a//b///c/", "/"),
    ]

    @Test(arguments: cases.indices)
    func absolutePathsAreWhatFoundationsStandardizedURLSays(_ i: Int) {
        let (path, base) = Self.cases[i]
        #expect(PathTools.absolute(path, base: base) == Self.byURL(path, base: base), "\(path) under \(base)")
    }

    @Test func aRelativeBaseStandsUnderTheWorkingFolder() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(PathTools.absolute("x", base: "y/..") == (cwd == "/" ? "/x" : cwd + "/x"))
    }
}

/// `PathTools.resolved`: where a path leads, links followed, even through parts not made yet.
@Suite struct ResolvedPathTests {
    let base: String

    init() throws {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("seams-resolved-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: made + "/real/sub", withIntermediateDirectories: true)
        base = PathTools.realPath(made)!
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: base + "/" + name, withDestinationPath: target)
    }

    @Test func linksAreFollowedAndMissingPartsKept() throws {
        try link("abs", to: base + "/real")
        try link("rel", to: "real/sub/..")
        try link("dangling", to: base + "/real/not-yet/deeper")
        #expect(PathTools.resolved(base + "/abs/sub") == base + "/real/sub")
        #expect(PathTools.resolved(base + "/rel/sub/x") == base + "/real/sub/x")
        #expect(PathTools.resolved(base + "/dangling/cache") == base + "/real/not-yet/deeper/cache")
        // `..` after a link leaves what the link leads to, not the link's folder.
        #expect(PathTools.resolved(base + "/abs/sub/../..") == base)
        #expect(PathTools.resolved(base + "/missing/../real") == base + "/real")
        #expect(PathTools.isWithin(base + "/dangling/cache", base + "/abs"))
        #expect(!PathTools.isWithin(base + "/realm", base + "/real"))
    }

    @Test func aLoopOfLinksEnds() throws {
        try link("a", to: base + "/b")
        try link("b", to: base + "/a")
        _ = PathTools.resolved(base + "/a/x")  // returns: no hang, no crash
    }
}
