import Foundation
import SeamsTestSupport
import SeamsGraph
import SeamsReport
import Testing

@Suite struct ScanCommandTests {
    @Test func scansAPackageToJSON() throws {
        let r = try seams(["scan"], in: fixture("MultiModule"))
        #expect(r.status == 0)
        let graph = try GraphJSONReporter.decode(Data(r.stdout.utf8))
        #expect(graph.schemaVersion == 2)
        #expect(graph.root == ".")
        #expect(graph.edge(from: "TechApp.SignInViewController", to: "TechApp.UIApplication+AppDelegate") != nil)
        #expect(r.stderr.split(separator: "\n").last?.hasPrefix("seams: scanned 6 files") == true, "\(r.stderr)")
    }

    @Test func textFormatAndGranularity() throws {
        let r = try seams(["scan", "--format", "text", "--granularity", "module"], in: fixture("MultiModule"))
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("3 nodes, 2 edges"))
        #expect(r.stdout.contains("TechApp [module]\n  -> Networking"))
    }

    @Test func outputFileIsWrittenWholeAndNotIntoTheScannedTree() throws {
        let out = try TempDir()
        let tree = fixture("XcodeApp")
        let listing = FileManager.default.enumerator(atPath: tree)?.allObjects.count
        let r = try seams(["scan", ".", "--output", out.path + "/graph.json"], in: tree)
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        let written = try Data(contentsOf: URL(fileURLWithPath: out.path + "/graph.json"))
        #expect(try GraphJSONReporter.decode(written).nodes.count == 6)
        #expect(FileManager.default.enumerator(atPath: tree)?.allObjects.count == listing)
        #expect(out.listing() == ["graph.json"], "no temporary file is left behind")
    }

    @Test func unwritableOutputExitsTwoWithoutAFile() throws {
        let out = try TempDir()
        let r = try seams(["scan", "--output", out.path + "/missing/graph.json"], in: fixture("XcodeApp"))
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write"))
        #expect(out.listing().isEmpty)
    }

    @Test func argumentsThatPointAtNothing() throws {
        let dir = try TempDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/empty", withIntermediateDirectories: true)
        let missing = try seams(["scan", "no/such/folder"], in: dir.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no/such/folder: error: path does not exist"))
        #expect(missing.stderr.hasSuffix("seams: error: nothing to scan: no Swift files found in no/such/folder\n"))
        #expect(missing.stdout.isEmpty)
        let empty = try seams(["scan", "empty"], in: dir.path)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no Swift files found"))
    }

    @Test func usageErrorsExit64() throws {
        let dir = fixture("XcodeApp")
        #expect(try seams(["scan", "--bogus"], in: dir).status == 64)
        #expect(try seams(["scan", "--granularity", "galaxy"], in: dir).status == 64)
        #expect(try seams(["scan", "--format", "xml"], in: dir).status == 64)
        #expect(try seams(["scan", "--max-file-size", "0"], in: dir).status == 64)
        #expect(try seams(["frobnicate"], in: dir).status == 64)
    }

    @Test func badConfigExitsTwoAndSaysWhere() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}")
        try dir.write("seams.yml", "exclude: [\"x\"]\nmodles:\n  A: [\"App/**\"]\n")
        let r = try seams(["scan", "--output", dir.path + "/out.json"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("seams.yml:2:1: error: unknown key 'modles'; did you mean 'modules'?"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out.json"))
    }

    /// Every kind of bad input in one tree: each is reported, the rest is still scanned.
    @Test func badInputsAreReportedAndTheScanGoesOn() throws {
        let dir = try TempDir()
        try dir.write("App/Good.swift", "class Good { let b = Bad() }\nclass Bad {}")
        try dir.write("App/Binary.swift", Data([0, 1, 2, 0xFF, 0x00]))
        try dir.write("App/Latin1.swift", Data("let s = \"caf\u{E9}\"".utf8.map { $0 }.prefix(13) + [0xE9, 0x22]))
        let line = "let generated0000 = \"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop\"\n"
        try dir.write("App/Huge.swift", String(repeating: line, count: (20 << 20) / line.utf8.count + 1))
        try dir.write(
            "App/Parens.swift",
            "let x = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000))
        try dir.write("App/Chain.swift", "let y = a" + String(repeating: ".b", count: 30000))
        try dir.write("App/Broken.swift", "class Half {\n  func f( {\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/App/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/App/Dangling.swift", withDestinationPath: "/nonexistent/x")
        #expect(mkfifo(dir.path + "/App/Pipe.swift", 0o644) == 0)

        let r = try seams(["scan"], in: dir.path, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let graph = try GraphJSONReporter.decode(Data(r.stdout.utf8))
        #expect(graph.edge(from: "App.Good", to: "App.Bad") != nil)
        #expect(graph.node("App.Half") != nil, "broken code still yields its declarations")
        let expected: [(String, String)] = [
            ("App/Binary.swift", "binary"), ("App/Latin1.swift", "not valid UTF-8"),
            ("App/Huge.swift", "larger than 10 MB"),
            ("App/Parens.swift", "syntax errors"), ("App/Chain.swift", "nested more than"),
            ("App/Broken.swift", "syntax errors"),
            ("App/loop", "symlink loop"), ("App/Dangling.swift", "broken symbolic link"),
            ("App/Pipe.swift", "not a regular file"),
        ]
        for (file, words) in expected {
            #expect(graph.diagnostics.contains { $0.file == file && $0.message.contains(words) }, "\(file): \(words)")
            #expect(r.stderr.contains(file) && r.stderr.contains(words), "stderr lacks \(file)")
        }
    }

    @Test func maxFileSizeIsAdjustable() throws {
        let dir = try TempDir()
        let line = "let generated0000 = \"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop\"\n"
        try dir.write("Big.swift", "class Big {}\n" + String(repeating: line, count: (3 << 19) / line.utf8.count))
        let refused = try seams(["scan", "--max-file-size", "1", "."], in: dir.path)
        #expect(refused.status == 2, "the only file is skipped, so nothing was scanned")
        #expect(refused.stderr.contains("Big.swift: error: is larger than 1 MB"))
        let scanned = try seams(["scan", "--max-file-size", "2", "."], in: dir.path)
        #expect(scanned.status == 0)
        #expect(
            try GraphJSONReporter.decode(Data(scanned.stdout.utf8)).node(
                "\(URL(fileURLWithPath: dir.path).lastPathComponent).Big") != nil)
    }

    @Test func nothingReadableExitsTwo() throws {
        let dir = try TempDir()
        try dir.write("Only.swift", Data([0, 0, 0]))
        let r = try seams(["scan", "."], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("binary"))
        #expect(r.stdout.isEmpty)
    }
}
