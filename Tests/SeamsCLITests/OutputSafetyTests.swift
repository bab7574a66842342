import Foundation
import SeamsTestSupport
import Testing

/// Where results go when the reader lets seams down: a reader that went away (`| head -1`).
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
}
