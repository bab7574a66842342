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
