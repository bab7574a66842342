import Foundation
import SeamsTestSupport
import Testing

/// Where results go when the reader or the file system lets seams down: a reader that went
/// away (`| head -1`), and reports of which one cannot be written.
struct OutputSafetyTests {
    /// The XcodeApp fixture as `app`, and the files below the folder.
    func app() throws -> TempDir {
        let dir = try TempDir()
        try dir.copy(fixture: "XcodeApp", as: "app")
        return dir
    }

    /// `seams … | head -1` when head has gone: exit code 2, not death by SIGPIPE (141), and
    /// nothing said about it.
    @Test func aReaderThatWentAwayEndsTheRunWithExitTwoQuietly() throws {
        let dir = try app()
        for args in [["scan", "app", "--format", "json"], ["check", "app", "--reporter", "json"]] {
            let process = Process()
            process.executableURL = seamsBinary()
            process.arguments = args
            process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            // A pipe whose reading end is closed before seams starts: its first write to standard
            // output finds the pipe broken, whatever the timing.
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            close(ends[0])
            let err = Pipe()
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(args[0]): ended by signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 2, "\(args[0])")
            if args[0] == "scan" { #expect(said.isEmpty, "\(said)") }
            #expect(!said.contains("error") && !said.contains("Fatal"), "\(args[0]): \(said)")
            #expect(dir.listing().allSatisfy { !$0.contains(".seams-") }, "no temporary file left")
        }
    }

    /// One report that cannot be written means none is: the first --output is neither created
    /// nor changed when the second one's folder does not exist.
    @Test func reportsAreWrittenAllOrNone() throws {
        let dir = try app()
        let before = dir.listing()
        let args = [
            "check", "app", "--reporter", "json:a.json", "--reporter", "sarif:missing/b.sarif", "--reporter", "text",
        ]
        let r = try seams(args, in: dir.path)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty, "nothing printed as if it had worked")
        #expect(r.stderr.contains("cannot write missing/b.sarif: folder"), "\(r.stderr)")
        #expect(r.stderr.contains("no output was written"), "\(r.stderr)")
        #expect(dir.listing() == before, "a.json not created, no temporary file left")

        try dir.write("a.json", "old a\n")
        let again = try seams(args, in: dir.path)
        #expect(again.status == 2)
        #expect(try dir.read("a.json") == "old a\n", "a.json keeps its old contents")
        #expect(dir.listing() == (before + ["a.json"]).sorted())
    }

    /// A baseline asked for is one of the outputs: not written when a report cannot be.
    @Test func theBaselineIsWrittenWithTheReportsOrNotAtAll() throws {
        let dir = try app()
        let before = dir.listing()
        let args = [
            "check", "app", "--write-baseline", "base.json", "--reporter", "sarif", "--output", "missing/b.sarif",
        ]
        let r = try seams(args, in: dir.path)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(dir.listing() == before, "no baseline written")
        let ok = try seams(
            ["check", "app", "--write-baseline", "base.json", "--reporter", "sarif", "--output", "b.sarif"],
            in: dir.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(dir.listing() == (before + ["b.sarif", "base.json"]).sorted())
    }

    /// untangle's map and plan too: no map is drawn into place when the plan cannot be written.
    @Test func untanglesMapAndPlanAreWrittenAllOrNone() throws {
        let dir = try app()
        let before = dir.listing()
        let r = try seams(["untangle", "app", "--map", "tangles.dot", "--output", "missing/plan.json"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write missing/plan.json") && r.stderr.contains("no output was written"))
        #expect(dir.listing() == before, "no map, no temporary file")
        let ok = try seams(["untangle", "app", "--map", "tangles.dot", "--output", "plan.json"], in: dir.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(dir.listing() == (before + ["plan.json", "tangles.dot"]).sorted())
    }

    /// A rename that fails after others succeeded (the destination became a folder meanwhile)
    /// puts back the files already renamed.
    @Test func aRenameThatFailsPutsBackTheReportsAlreadyRenamed() throws {
        let dir = try app()
        try dir.write("a.json", "old a\n")
        try dir.write("b.sarif", "old b\n")
        let process = Process()
        process.executableURL = seamsBinary()
        process.arguments = [
            "check", "app", "--reporter", "json:a.json", "--reporter", "sarif:b.sarif",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SEAMS_TEST_PAUSE_BEFORE_RENAME": "3"], uniquingKeysWith: { $1 })
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // Both reports are written beside their destinations: b.sarif becomes a folder before
        // the renames.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline
            && dir.listing().filter({ $0.hasPrefix(".a.json.seams-") || $0.hasPrefix(".b.sarif.seams-") }).count < 2
        {
            usleep(10_000)
        }
        let staged = dir.listing().filter { $0.hasPrefix(".a.json.seams-") || $0.hasPrefix(".b.sarif.seams-") }
        try #require(staged.count == 2, "both reports are written beside their destinations first")
        try FileManager.default.removeItem(atPath: dir.path + "/b.sarif")
        try FileManager.default.createDirectory(atPath: dir.path + "/b.sarif", withIntermediateDirectories: false)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(said)")
        #expect(said.contains("cannot write b.sarif") && said.contains("no output was written"), "\(said)")
        #expect(try dir.read("a.json") == "old a\n", "a.json put back")
        #expect(
            dir.listing().filter { !$0.hasPrefix("app") } == ["a.json", "b.sarif"], "no temporary file or copy left")
    }
}
