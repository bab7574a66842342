import Foundation
import SeamsTestSupport
import Testing

/// `seams watch` end to end: the real binary on a copy of a sample, edited under it.
@Suite struct WatchCommandTests {
    /// Collects a running process's output as it comes.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) {
            lock.lock()
            data.append(more)
            lock.unlock()
        }
        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Waits until `condition` holds of the output, up to `seconds`.
    func wait(for seconds: Double, _ output: Output, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(output.text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(output.text)
    }

    @Test func anEditShowsTheNewViolationAndItsFixThenCtrlCStops() throws {
        let dir = try TempDir()
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Stage2-Modules").path
        let tree = dir.path + "/app"
        try copySource(samples, to: tree)
        let api = tree + "/Sources/FieldDesk/API.swift"
        let original = try String(contentsOfFile: api, encoding: .utf8)

        let process = Process()
        process.executableURL = seamsBinary()
        let map = dir.path + "/map.dot"
        process.arguments = ["watch", "--interval", "0.1", "--cache-dir", dir.path + "/cache", "--map", map]
        process.currentDirectoryURL = URL(fileURLWithPath: tree)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdout = Output(), stderr = Output()
        out.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The first check: Stage 2 keeps every rule.
        #expect(wait(for: 60, stdout) { $0.contains("seams watch: 0 violations") })
        // The map is drawn after each check, without the edge the edit below adds.
        let leak = "\"FieldDesk.API\" -> \"FieldDesk.AppDelegate\""
        #expect(stdout.text.contains("seams watch: drew "))
        #expect(stdout.text.contains(" to \(map)"))
        #expect(try String(contentsOfFile: map, encoding: .utf8).contains("digraph"))
        #expect(try !String(contentsOfFile: map, encoding: .utf8).contains(leak))
        // The API reaches for the AppDelegate again: reported as new, with the rule and the line.
        try (original + "\nextension API { func leak() { _ = AppDelegate.self } }\n").write(
            toFile: api, atomically: false, encoding: .utf8)
        #expect(wait(for: 60, stdout) { $0.contains("3 new, 0 fixed; 3 violations") })
        let text = stdout.text
        #expect(text.contains("+ Sources/FieldDesk/API.swift:"))
        #expect(text.contains("[api-knows-no-ui] FieldDesk.API → FieldDesk.AppDelegate"))
        #expect(try String(contentsOfFile: map, encoding: .utf8).contains(leak))
        // Deleted, then written back as it was: the watch goes on and reports the fix.
        try FileManager.default.removeItem(atPath: api)
        Thread.sleep(forTimeInterval: 0.5)
        try original.write(toFile: api, atomically: false, encoding: .utf8)
        #expect(wait(for: 60, stdout) { $0.contains("- fixed: Sources/FieldDesk/API.swift") })
        #expect(wait(for: 60, stdout) { $0.hasSuffix("0 violations; check passes (\($0.split(separator: "(").last ?? "")") })
        // A config that does not load mid-edit is said, and the watch goes on.
        let config = tree + "/seams.yml"
        let yml = try String(contentsOfFile: config, encoding: .utf8)
        try (yml + "\n  - id: broken\n    kind: no-such-kind\n").write(
            toFile: config, atomically: false, encoding: .utf8)
        #expect(wait(for: 60, stdout) { $0.contains("could not check") })
        try yml.write(toFile: config, atomically: false, encoding: .utf8)
        #expect(wait(for: 60, stdout) { $0.components(separatedBy: "0 violations").count >= 3 })

        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(wait(for: 5, stderr) { $0.contains("watch stopped") })
    }
}

/// Several `seams scan` processes filling one cache at once: none sees half an entry.
@Suite struct SharedCacheTests {
    @Test func concurrentProcessesOnOneCacheAgreeAndLeaveItWhole() throws {
        let dir = try TempDir()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy").path
        let expected = try seams(["scan", sample, "--no-cache"], in: dir.path)
        #expect(expected.status == 0)
        let cache = dir.path + "/cache"
        let runs = (0..<4).map { i -> Process in
            let p = Process()
            p.executableURL = seamsBinary()
            p.arguments = ["scan", sample, "--cache-dir", cache, "-o", "\(dir.path)/out\(i).json"]
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in runs { try p.run() }
        for p in runs { p.waitUntilExit() }
        for (i, p) in runs.enumerated() {
            #expect(p.terminationStatus == 0)
            #expect(try String(contentsOfFile: "\(dir.path)/out\(i).json", encoding: .utf8) == expected.stdout)
        }
        // Whole entries only: a warm run reads every one of them without a note.
        let warm = try seams(["scan", sample, "--cache-dir", cache], in: dir.path)
        #expect(warm.stdout == expected.stdout)
        #expect(!warm.stderr.contains("unreadable"))
        #expect(!warm.stderr.contains("warning"))
    }
}
