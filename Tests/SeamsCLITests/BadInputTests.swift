import Foundation
import SeamsGraph
import SeamsProject
import SeamsReport
import SeamsTestSupport
import Testing

/// The bad-input matrix, on the built binary: each case with its exit code, its message, and
/// proof that nothing was left behind or replaced.
@Suite struct BadInputTests {
    func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    // MARK: inputs that took seams down

    @Test func reproducersFinishWithinSecondsWithADiagnostic() throws {
        let dir = try TempDir()
        try dir.write("Brackets/A.swift", String(repeating: "[", count: 30))
        try dir.write(
            "Types/A.swift", "let x: " + String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40))
        try dir.write("Strings/A.swift", "let s = " + String(repeating: "\"\\(", count: 6000))
        for (folder, words) in [
            ("Brackets", "square brackets nested more than 12 deep"),
            ("Types", "square brackets nested more than 12 deep"),
            ("Strings", "string interpolations nested more than 8 deep"),
        ] {
            let clock = Date()
            let r = try seams(["scan", folder, "--format", "text"], in: dir.path, timeout: 60)
            #expect(r.status == 0, "\(folder): \(r.stderr)")
            #expect(r.stderr.contains("A.swift:1: warning: \(words)"), "\(folder): \(r.stderr)")
            // Generous, for slow CI machines: before the guard these did not finish in minutes.
            #expect(Date().timeIntervalSince(clock) < 20, "\(folder)")
        }
    }

    @Test func twoCopiesOfAnInheritanceCycleEnd() throws {
        let dir = try TempDir()
        let text =
            "class B: C { func f() { g() } }\nclass C: B {}\nprotocol P: Q {}\nprotocol Q: P {}\nstruct S: P { func h() { k() } }\n"
        try dir.write("App/X.swift", text)
        try dir.write("App/Copy/X.swift", text)
        try dir.write("Other/X.swift", text)
        let r = try seams(["check", "App", "Other"], in: dir.path, timeout: 60)
        #expect(r.status == 1, "the cycle B ↔ C is a violation: \(r.stderr)")
        // Inheritance is structure, never a cut: the witness starts where the cycle does.
        #expect(
            r.stdout.contains("Other.C → Other.B → Other.C") || r.stdout.contains("Other.B → Other.C → Other.B"),
            "\(r.stdout)")
    }

    @Test func anEmptyFileIsValidSwift() throws {
        let dir = try TempDir()
        try dir.write("App/Empty.swift", "")
        let alone = try seams(["scan", "App", "--format", "text"], in: dir.path)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(!alone.stderr.contains("empty"))
        #expect(alone.stderr.contains("scanned 1 files"))
    }

    // MARK: the cache

    /// Every path below `folder` whose `lstat` says it is a regular file.
    func regularFiles(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).map { folder + "/" + $0 }
            .filter { fileType($0) == S_IFREG }.sorted()
    }

    @Test func cacheEntriesThatAreNotRegularFilesAreMissesAndCleanRemovesThem() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { let b = B() }\nclass B {}\n")
        let cache = dir.path + "/cache"
        let cold = try seams(["scan", "App", "--cache-dir", cache], in: dir.path, timeout: 60)
        #expect(cold.status == 0, "\(cold.stderr)")
        // Every pack and snapshot the scan wrote becomes a FIFO of the same name (opening one to
        // read waits for a writer that never comes), and a stray one is added beside them.
        let written = regularFiles(under: cache)
        #expect(written.contains { $0.hasSuffix(".pack") } && written.contains { $0.contains("/snapshots/") })
        for path in written {
            #expect(unlink(path) == 0 && mkfifo(path, 0o644) == 0)
        }
        let packs = try #require(written.first { $0.hasSuffix(".pack") }.map(PathTools.parent))
        #expect(mkfifo(packs + "/stray.pack", 0o644) == 0)
        let warm = try seams(["scan", "App", "--cache-dir", cache], in: dir.path, timeout: 20)
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(warm.stdout == cold.stdout)
        // Links that lead out of the cache: clean removes the links, never what they lead to.
        let outside = dir.path + "/outside"
        try dir.write("outside/keep.pack", "not seams's")
        try FileManager.default.createDirectory(atPath: outside + "/empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: packs + "/link.pack", withDestinationPath: outside + "/keep.pack")
        try FileManager.default.createSymbolicLink(
            atPath: PathTools.parent(packs) + "/snapshots/folder", withDestinationPath: outside)
        let clean = try seams(["cache", "clean", "--cache-dir", cache], in: dir.path, timeout: 20)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cache)) == [], "nothing of seams is left")
        #expect(fileType(outside + "/keep.pack") == S_IFREG)
        #expect(fileType(outside + "/empty") == S_IFDIR)
    }

    // MARK: outputs

    @Test func outputsNeverReplaceWhatIsNotARegularFile() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { let b = B() }\nclass B {}\n")
        #expect(mkfifo(dir.path + "/pipe.json", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/folder.json", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/to-pipe.json", withDestinationPath: "pipe.json")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/loop-a.json", withDestinationPath: "loop-b.json")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/loop-b.json", withDestinationPath: "loop-a.json")
        let cases: [(String, String)] = [
            ("/dev/null", "it is a character device, not a regular file"),
            ("/dev/full", "it is a character device, not a regular file"),
            ("pipe.json", "it is a FIFO, not a regular file"),
            ("folder.json", "it is a directory, not a regular file"),
            ("to-pipe.json", "is a FIFO, not a regular file"),
            ("loop-a.json", "too many levels of symbolic links"),
        ]
        let before = dir.listing()
        for (output, words) in cases {
            let r = try seams(["scan", "App", "--output", output], in: dir.path)
            #expect(r.status == 2, "\(output)")
            #expect(
                r.stderr.contains("seams: error: cannot write \(output): ") && r.stderr.contains(words), "\(r.stderr)")
        }
        #expect(fileType("/dev/null") == S_IFCHR)
        #expect(fileType("/dev/full") == S_IFCHR)
        #expect(fileType(dir.path + "/pipe.json") == S_IFIFO)
        #expect(fileType(dir.path + "/to-pipe.json") == S_IFLNK)
        #expect(dir.listing() == before, "nothing added, nothing left behind")
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStays() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        try dir.write("reports/graph.json", "old")
        #expect(chmod(dir.path + "/reports/graph.json", 0o640) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/graph.json", withDestinationPath: "reports/graph.json")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/new.json", withDestinationPath: "reports/new.json")
        for name in ["graph.json", "new.json"] {
            let r = try seams(["scan", "App", "--output", name], in: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(fileType(dir.path + "/" + name) == S_IFLNK, "the link stays")
            #expect(
                try GraphJSONReporter.decode(Data(contentsOf: URL(fileURLWithPath: dir.path + "/reports/" + name)))
                    .nodes.count == 1)
        }
        var info = stat()
        #expect(stat(dir.path + "/reports/graph.json", &info) == 0 && info.st_mode & 0o777 == 0o640, "permissions kept")
        #expect(
            dir.listing() == [
                "App", "App/A.swift", "graph.json", "new.json", "reports", "reports/graph.json", "reports/new.json",
            ])
    }

    @Test func aSwiftFileIsNeverAnOutput() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        let r = try seams(["scan", "App", "--format", "json", "--output", "App/Graph.swift"], in: dir.path)
        #expect(r.status == 64)
        #expect(r.stderr.contains("would be scanned as Swift source"))
        #expect(dir.listing() == ["App", "App/A.swift"])
    }

    @Test func unwritableStandardStreamsExitTwoWithoutACrash() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        for stream in ["stdout", "stderr"] {
            let process = Process()
            process.executableURL = seamsBinary()
            process.arguments = ["scan", "App"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            let full = FileHandle(forWritingAtPath: "/dev/full")!
            let sink = Pipe()
            process.standardOutput = stream == "stdout" ? full : sink
            process.standardError = stream == "stderr" ? full : sink
            try process.run()
            let said = sink.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(stream): no signal")
            #expect(process.terminationStatus == 2, "\(stream)")
            if stream == "stdout" {
                #expect(String(decoding: said, as: UTF8.self).contains("cannot write standard output"))
            }
        }
    }

    @Test func interruptedWritesLeaveNoTemporaryFile() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        // A temporary file of a process that was killed outright: the next write removes it.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try dir.write(".out.json.seams-\(gone.processIdentifier)-1", "partial")

        for sig in [SIGTERM, SIGINT] {
            let process = Process()
            process.executableURL = seamsBinary()
            process.arguments = ["scan", "App", "--output", "out.json"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["SEAMS_TEST_PAUSE_BEFORE_RENAME": "30"], uniquingKeysWith: { $1 })
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline
                && !dir.listing().contains(where: { $0.hasPrefix(".out.json.seams-\(process.processIdentifier)-") })
            {
                usleep(20_000)
            }
            #expect(
                !dir.listing().contains { $0.hasPrefix(".out.json.seams-\(gone.processIdentifier)-") },
                "stale one removed")
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == sig)
            #expect(dir.listing() == ["App", "App/A.swift"], "signal \(sig)")
        }
    }

    /// The pids of the layout workers running in `folder`'s temporary folders.
    func layoutWorkers(under folder: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { pid in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return false
            }
            let args = String(decoding: data, as: UTF8.self)
            return args.contains("layout-views") && args.contains(folder)
        }
    }

    @Test(arguments: [SIGINT, SIGKILL])
    func anInterruptedPageLeavesNoWorkerNorLayoutFolder(signal: Int32) throws {
        let dir = try TempDir()
        for m in 0..<3 {
            var text = ""
            for i in 0..<40 { text += "final class M\(m)T\(i) { let b: M\((m + 1) % 3)T\(i)? = nil }\n" }
            try dir.write("App/M\(m)/Types.swift", text)
        }
        try FileManager.default.createDirectory(atPath: dir.path + "/tmp", withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = seamsBinary()
        process.arguments = ["graph", "App", "--output", "map.html"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        // Two workers, each resting after its first view: seams is stopped while they work.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": dir.path + "/tmp", "SEAMS_LAYOUT_WORKERS": "2", "SEAMS_TEST_PAUSE_AFTER_VIEW": "60"],
            uniquingKeysWith: { $1 })
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        var caught = false
        while Date() < deadline && process.isRunning && !caught {
            caught = dir.listing().contains { $0.hasPrefix("tmp/seams-layout-") && $0.hasSuffix(".svg") }
            if !caught { usleep(10_000) }
        }
        try #require(caught, "the workers were seen at work")
        #expect(!layoutWorkers(under: dir.path).isEmpty)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        // The workers end with seams: at once on a signal seams handles, within a second when
        // it was killed outright.
        let gone = Date().addingTimeInterval(10)
        while Date() < gone && !layoutWorkers(under: dir.path).isEmpty { usleep(50_000) }
        #expect(layoutWorkers(under: dir.path).isEmpty)
        #expect(!dir.listing().contains { $0.hasPrefix("map.html") })
        if signal != SIGKILL {
            #expect(!dir.listing().contains { $0.hasPrefix("tmp/") }, "\(dir.listing())")
        }
    }

    // MARK: inputs

    @Test func fileNamesThatAreNotUTF8AreReported() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        let bad = Array((dir.path + "/App/caf").utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let r = try seams(["scan", "App", "--format", "text"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stderr.contains(#"caf\xE9.swift: error: file name is not valid UTF-8"#), "\(r.stderr)")
    }

    @Test func linksOutOfTheRootAreNotFollowedAndAPathTwiceIsScannedOnce() throws {
        let dir = try TempDir()
        try dir.write("tree/App/A.swift", "class A {}\n")
        try dir.write("outside/O.swift", "class O {}\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/tree/App/up", withDestinationPath: "../..")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/tree/App/O.swift", withDestinationPath: "../../outside/O.swift")
        let r = try seams(["scan", "tree", "tree", "tree/App", "--format", "text"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("1 nodes"), "\(r.stdout)")
        #expect(r.stderr.contains("tree/App/up: note: symbolic link to "))
        #expect(r.stderr.contains("tree/App/O.swift: note: symbolic link to "))
        #expect(r.stderr.contains("tree: note: names the same folder as tree; scanned once"))
        #expect(r.stderr.contains("tree/App: note: lies inside another path given; scanned once"))
        #expect(!r.stderr.contains("symlink loop"))
        #expect(!r.stderr.contains("no Swift files"))
    }

    @Test func optionValuesAreExplained() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A {}\n")
        let cases: [([String], String)] = [
            (
                ["scan", "App", "--max-file-size", "-1"],
                "--max-file-size must be a number of megabytes from 1 to 65536, not -1"
            ),
            (["scan", "App", "--max-file-size", "99999999999"], "from 1 to 65536, not 99999999999"),
            (["graph", "App", "--focus", "A", "--depth", "-2", "-o", "x.svg"], "--depth must be 0 or more, not -2"),
            (["untangle", "App", "--top", "-3"], "--top must be a positive number of cuts, not -3"),
            (["watch", "App", "--only-cycles"], "the map options draw the map: name it with --map FILE"),
            (["watch", "App", "--map", "m.svg", "--star"], "--star draws the edges of the --focus types"),
        ]
        for (args, words) in cases {
            let r = try seams(args, in: dir.path)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains(words), "\(r.stderr)")
        }
        let folder = try seams(["scan", "App", "--config", "App"], in: dir.path)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("App:1:1: error: is a folder; name the config file itself"))
        #expect(dir.listing() == ["App", "App/A.swift"])
    }

    // MARK: report paths

    @Test func sarifAndGitHubPathsAreRelativeWhateverFormThePathHas() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { let b = B() }\nclass B { let a = A() }\n")
        let real =
            FileManager.default.fileExists(atPath: dir.path)
            ? (try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path)) ?? dir.path : dir.path
        for path in ["App", real + "/App"] {
            let sarif = try seams(["check", path, "--reporter", "sarif"], in: real)
            #expect(sarif.status == 1)
            #expect(sarif.stdout.contains(#""uri" : "App/A.swift""#), "\(path)")
            let github = try seams(["check", path, "--reporter", "github"], in: real)
            // Two types of one file: untangle proposes no cut of them (structure), so the witness
            // starts at the first member's edge: A's construction of B.
            #expect(github.stdout.hasPrefix("::error file=App/A.swift,line=1,col=19,"), "\(github.stdout)")
        }
        // A scan root outside the folder seams runs in: relative to it, and %SRCROOT% names it.
        let elsewhere = try TempDir()
        let sarif = try seams(["check", real + "/App", "--reporter", "sarif"], in: elsewhere.path)
        #expect(sarif.stdout.contains(#""uri" : "A.swift""#))
        #expect(sarif.stdout.contains(#""uri" : "file://"#))
    }

    @Test func markdownEscapesWhatGitHubWouldReadAsHTML() throws {
        let dir = try TempDir()
        try dir.write("<b>App</b>/A.swift", "class A { let b = B() }\nclass B { let a = A() }\n")
        let r = try seams(["check", ".", "--reporter", "markdown"], in: dir.path)
        #expect(r.status == 1)
        // Outside code spans (where GitHub shows text as it is), no `<` or `>` is left.
        let prose = r.stdout.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined()
        #expect(!prose.contains("<") && !prose.contains(">"), "\(r.stdout)")
        #expect(r.stdout.contains("&lt;b&gt;App"))
        #expect(r.stdout.contains("`<b>App</b>/A.swift:1:19`"))
    }
}
