import Foundation
import SeamsRender

/// Views laid out so far, of how many.
public typealias LayoutProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// One view of an explorer page to lay out: its DOT, the engine the builder chose, and the
/// engine the user asked for (nil: seams may fall back from dot to sfdp).
public struct LayoutJob: Sendable {
    public var dot: String
    public var engine: LayoutEngine
    public var asked: LayoutEngine?

    public init(dot: String, engine: LayoutEngine, asked: LayoutEngine?) {
        self.dot = dot
        self.engine = engine
        self.asked = asked
    }

    /// Lays it out here, in this process: its SVG, and a note when seams drew it another way.
    public func run() throws -> (svg: Data, note: String?) {
        let (bytes, _, note) = try MapPipelineEngine.render(dot, engine: engine, asked: asked, format: .svg)
        return (bytes, note)
    }
}

/// How an explorer page's views are laid out. Graphviz keeps global state and is not
/// thread-safe: in one process, views are laid out one after another.
public enum ViewLayout: Sendable {
    /// In this process, one view after another.
    case inProcess
    /// In `workers` processes of the seams executable at `executable`, each laying out its share
    /// of the views (`seams layout-views`). A worker that crashes costs only its views, which
    /// are laid out again, each in a process of its own; a view that still crashes Graphviz is
    /// drawn as a note that says so.
    case workers(executable: String, count: Int)

    /// The views' SVGs, in the jobs' order, and the notes.
    public func run(_ jobs: [LayoutJob], titles: [String], progress: LayoutProgress?) throws -> (
        [Data], [String]
    ) {
        switch self {
        case .workers(let executable, let count) where count > 1 && jobs.count > 2:
            return try WorkerLayout(executable: executable, count: count).run(jobs, titles: titles, progress: progress)
        case .inProcess, .workers:
            var svgs: [Data] = []
            var notes: [String] = []
            for (i, job) in jobs.enumerated() {
                let (svg, note) = try job.run()
                svgs.append(svg)
                if let note { notes.append("\(titles[i]): \(note)") }
                progress?(i + 1, jobs.count)
            }
            return (svgs, notes)
        }
    }

    /// What `seams layout-views FOLDER INDEX…` does in a worker: for each index, reads
    /// `INDEX.dot` and `INDEX.job` (the engine, and the engine asked for or `-`), and writes
    /// `INDEX.svg` and, when seams drew it another way, `INDEX.note` (or `INDEX.error` when
    /// Graphviz refused it), each whole (written aside, then renamed), then prints the index.
    ///
    /// A worker whose parent is gone (`SEAMS_LAYOUT_PARENT`, the pid of the seams that started
    /// it, is no longer its parent) ends within half a second, mid-layout: a layout dot cannot
    /// finish must not outlive the command that asked for it.
    public static func work(folder: String, indexes: [Int]) throws {
        if let parent = ProcessInfo.processInfo.environment[WorkerLayout.parentVariable].flatMap({ pid_t($0) }) {
            let watch = Thread {
                while getppid() == parent { usleep(500_000) }
                _exit(2)
            }
            watch.start()
        }
        let pause = ProcessInfo.processInfo.environment["SEAMS_TEST_PAUSE_AFTER_VIEW"].flatMap { UInt32($0) }
        for i in indexes {
            let base = "\(folder)/\(i)"
            let dot = try String(contentsOfFile: base + ".dot", encoding: .utf8)
            let spec = try String(contentsOfFile: base + ".job", encoding: .utf8).split(separator: " ")
            guard spec.count == 2, let engine = LayoutEngine(rawValue: String(spec[0])) else {
                throw SeamsError.input("layout-views: \(base).job is not a job")
            }
            let job = LayoutJob(dot: dot, engine: engine, asked: LayoutEngine(rawValue: String(spec[1])))
            do {
                let (svg, note) = try job.run()
                if let note { try whole(Data(note.utf8), to: base + ".note") }
                try whole(svg, to: base + ".svg")
            } catch let error as SeamsError {
                try whole(Data(error.description.utf8), to: base + ".error")
            }
            FileHandle.standardOutput.write(Data("\(i)\n".utf8))
            if let pause { sleep(pause) }
        }
    }

    static func whole(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path + ".part"))
        guard rename(path + ".part", path) == 0 else {
            throw SeamsError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// Views laid out by worker processes.
struct WorkerLayout {
    let executable: String
    let count: Int
    /// The variable that tells a worker its parent's pid.
    static let parentVariable = "SEAMS_LAYOUT_PARENT"

    func run(_ jobs: [LayoutJob], titles: [String], progress: LayoutProgress?) throws -> ([Data], [String]) {
        let folder = try Self.makeFolder()
        // What the workers write there, so that a signal that stops seams removes it all.
        TemporaryFiles.cleanUpOnSignals()
        let slot = TemporaryFiles.registerFolder(
            folder,
            files: jobs.indices.flatMap { i in
                ["dot", "job", "svg", "svg.part", "note", "note.part", "error", "error.part"].map { "\(i).\($0)" }
            })
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            TemporaryFiles.unregisterFolder(slot)
        }
        for (i, job) in jobs.enumerated() {
            try Data(job.dot.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(i).dot"))
            try Data("\(job.engine.rawValue) \(job.asked?.rawValue ?? "-")".utf8)
                .write(to: URL(fileURLWithPath: "\(folder)/\(i).job"))
        }
        // The largest views first, each to the worker with the least so far (by DOT size: the
        // cost of a layout grows with it), so that the workers end together.
        var shares: [[Int]] = Array(repeating: [], count: min(count, jobs.count))
        var loads = Array(repeating: 0, count: shares.count)
        for i in jobs.indices.sorted(by: { (jobs[$1].dot.utf8.count, $0) < (jobs[$0].dot.utf8.count, $1) }) {
            let w = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            shares[w].append(i)
            loads[w] += jobs[i].dot.utf8.count
        }
        let done = Counter(total: jobs.count, progress: progress)
        runWorkers(shares.filter { !$0.isEmpty }, folder: folder, done: done)
        // A worker that died left some views undone: each again, alone, so one view that
        // crashes Graphviz costs no other.
        let undone = jobs.indices.filter { !Self.finished($0, in: folder) }
        if !undone.isEmpty { runWorkers(undone.map { [$0] }, folder: folder, done: done) }

        var svgs: [Data] = []
        var notes: [String] = []
        for i in jobs.indices {
            let base = "\(folder)/\(i)"
            if let error = try? String(contentsOfFile: base + ".error", encoding: .utf8) {
                throw SeamsError.render(error)
            }
            if let svg = try? Data(contentsOf: URL(fileURLWithPath: base + ".svg")) {
                svgs.append(svg)
                if let note = try? String(contentsOfFile: base + ".note", encoding: .utf8) {
                    notes.append("\(titles[i]): \(note)")
                }
            } else {
                svgs.append(Self.blank("Graphviz stopped on this view; the others are drawn."))
                notes.append("\(titles[i]): Graphviz stopped on this view (it crashed); it is left blank")
            }
        }
        return (svgs, notes)
    }

    private static func finished(_ i: Int, in folder: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(folder)/\(i).svg")
            || FileManager.default.fileExists(atPath: "\(folder)/\(i).error")
    }

    /// Runs one worker per share at once and waits for them all; each index a worker prints
    /// counts as done.
    private func runWorkers(_ shares: [[Int]], folder: String, done: Counter) {
        var running: [Process] = []
        for share in shares {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["layout-views", folder] + share.map(String.init)
            process.environment = ProcessInfo.processInfo.environment.merging(
                [Self.parentVariable: String(getpid())], uniquingKeysWith: { $1 })
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            let lines = LineReader { _ in done.add() }
            out.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                } else {
                    lines.feed(data)
                }
            }
            do {
                try process.run()
                running.append(process)
                TemporaryFiles.registerChild(process.processIdentifier)
            } catch {
                out.fileHandleForReading.readabilityHandler = nil
            }
        }
        for process in running {
            process.waitUntilExit()
            TemporaryFiles.unregisterChild(process.processIdentifier)
        }
    }

    private static func makeFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/seams-layout-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw SeamsError.cannotWrite(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno)))
        }
        return String(cString: made)
    }

    /// An SVG that says why its view is not drawn.
    static func blank(_ text: String) -> Data {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return Data(
            """
            <svg width="420pt" height="40pt" viewBox="0 0 420 40" xmlns="http://www.w3.org/2000/svg">
            <text x="10" y="24" font-family="Helvetica" font-size="12">\(escaped)</text>
            </svg>

            """.utf8)
    }
}

/// Views done so far, told to the progress callback from the workers' pipes.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let progress: LayoutProgress?

    init(total: Int, progress: LayoutProgress?) {
        self.total = total
        self.progress = progress
    }

    func add() {
        lock.lock()
        done = min(done + 1, total)
        let now = done
        lock.unlock()
        progress?(now, total)
    }
}

/// Splits what a pipe gives into lines.
private final class LineReader: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()
    private let line: @Sendable (String) -> Void

    init(_ line: @escaping @Sendable (String) -> Void) { self.line = line }

    func feed(_ data: Data) {
        lock.lock()
        pending.append(data)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
        lock.unlock()
        for l in lines { line(l) }
    }
}
