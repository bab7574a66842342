import Foundation
import SeamsTestSupport
import Testing

/// A check passes only on code it read: every way a Swift file can be left unread makes
/// `seams check` exit 2 with the file and the reason, unless it is excluded or allowed; the
/// other commands go on and say so in their summary.
struct UnreadFileTests {
    /// A cycle of A and B, where B's file is spoiled by `spoil` (it gets the folder's path).
    func tree(_ spoil: (String) throws -> Void) throws -> TempDir {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { var b: B? }\n")
        try spoil(dir.path + "/App")
        return dir
    }

    static let reasons: [(name: String, expected: String, extra: [String], spoil: @Sendable (String) throws -> Void)] = [
        (
            "a name that is not UTF-8", "file name is not valid UTF-8", [],
            { dir in
                let path = Array((dir + "/B").utf8) + [0xFF] + Array(".swift".utf8)
                let fd = path.withUnsafeBufferPointer { buffer -> Int32 in
                    var bytes = Array(buffer) + [0]
                    return bytes.withUnsafeMutableBufferPointer {
                        open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
                    }
                }
                let text = Array("class B { var a: A? }\n".utf8)
                _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
        ),
        (
            "a file over the size limit", "is larger than 1 MB", ["--max-file-size", "1"],
            { dir in
                try ("class B { var a: A? }\n" + String(repeating: "// padding\n", count: 110_000)).write(
                    toFile: dir + "/B.swift", atomically: true, encoding: .utf8)
            }
        ),
        (
            // 300 KB under a 1 MB limit, but 200 thousand tokens: the parser's cost goes with them.
            "a file of dense data under the size limit", "tokens, more than the 209k", ["--max-file-size", "1"],
            { dir in
                try ("class B { var a: A? }\nlet data = [" + String(repeating: "1, ", count: 110_000) + "]\n").write(
                    toFile: dir + "/B.swift", atomically: true, encoding: .utf8)
            }
        ),
        (
            "bytes that are not UTF-8", "is not valid UTF-8", [],
            { dir in
                try Data(Array("class B { var a: A? }\n// ".utf8) + [0xC3, 0x28, 0x0A]).write(
                    to: URL(fileURLWithPath: dir + "/B.swift"))
            }
        ),
        (
            "a broken symbolic link", "broken symbolic link", [],
            { dir in try FileManager.default.createSymbolicLink(atPath: dir + "/B.swift", withDestinationPath: "gone.swift") }
        ),
        (
            "a FIFO named .swift", "is not a regular file", [],
            { dir in
                try "class B { var a: A? }\n".write(toFile: dir + "/B0.swift", atomically: true, encoding: .utf8)
                #expect(mkfifo(dir + "/B.swift", 0o644) == 0)
            }
        ),
        (
            "syntax errors", "syntax errors", [],
            { dir in try "class B { var a: A? \n".write(toFile: dir + "/B.swift", atomically: true, encoding: .utf8) }
        ),
        (
            "a region cut by the nesting guard", "nested more than", [],
            { dir in
                let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
                try "class B { var a: A?\n    let x = \(deep)\n}\n".write(
                    toFile: dir + "/B.swift", atomically: true, encoding: .utf8)
            }
        ),
    ]

    @Test(arguments: reasons.indices)
    func checkFailsWithExit2OnAFileItDidNotRead(_ i: Int) throws {
        let reason = Self.reasons[i]
        let dir = try tree(reason.spoil)
        let run = try seams(["check", "App"] + reason.extra, in: dir.path)
        #expect(run.status == 2, "\(reason.name): \(run.stderr)")
        #expect(run.stderr.contains(reason.expected), "\(reason.name): \(run.stderr)")
        #expect(run.stderr.contains("could not be fully read"), "\(reason.name): \(run.stderr)")
        #expect(!run.stdout.contains("No violations"), "\(reason.name): nothing is reported as passing")

        // Allowed by a glob on the command line or in seams.yml: the check runs, and says so.
        let allowed = try seams(["check", "App", "--allow-skipped", "**"] + reason.extra, in: dir.path)
        #expect(allowed.status == 0 || allowed.status == 1, "\(reason.name): \(allowed.stderr)")
        #expect(allowed.stderr.contains("allowed by --allow-skipped"), "\(reason.name): \(allowed.stderr)")
        try dir.write("App/seams.yml", "allow-skipped: ['B*']\n")
        let configured = try seams(["check", "App"] + reason.extra, in: dir.path)
        #expect(configured.status != 2, "\(reason.name): \(configured.stderr)")
        try FileManager.default.removeItem(atPath: dir.path + "/App/seams.yml")

        // The other commands go on, and their summary says what they did not read.
        let scan = try seams(["scan", "App", "--format", "text"] + reason.extra, in: dir.path)
        #expect(scan.status == 0, "\(reason.name): \(scan.stderr)")
        #expect(scan.stderr.contains("not fully read"), "\(reason.name): \(scan.stderr)")
    }

    @Test func anExcludedFileIsNoneOfTheCheck() throws {
        let dir = try tree { dir in
            try "class B { var a: A? \n".write(toFile: dir + "/B.swift", atomically: true, encoding: .utf8)
        }
        #expect(try seams(["check", "App"], in: dir.path).status == 2)
        let excluded = try seams(["check", "App", "--exclude", "B.swift"], in: dir.path)
        #expect(excluded.status == 0, "\(excluded.stderr)")
        try dir.write("App/seams.yml", "exclude: ['B.swift']\n")
        #expect(try seams(["check", "App"], in: dir.path).status == 0)
    }
}
