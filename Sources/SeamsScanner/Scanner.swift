import Foundation
import SeamsGraph

/// One Swift file to scan.
public struct SourceFile: Sendable {
    /// The path written into the graph: relative to the scan root.
    public var path: String
    /// Where to read it.
    public var location: String
    /// The module it is reported in.
    public var module: String
    /// The compilation unit it builds in (index into `ScanInput.units`).
    public var unit: Int

    public init(path: String, location: String, module: String, unit: Int) {
        self.path = path
        self.location = location
        self.module = module
        self.unit = unit
    }
}

/// A compilation unit: one module as the compiler builds it.
public struct CompilationUnit: Sendable, Equatable {
    /// The name other files `import` it by; nil for a folder module nobody imports.
    public var importName: String?
    /// The units it can see (its target dependencies and linked products): an `import` picks
    /// among same-named units one it can see. nil: any.
    public var sees: Set<Int>?

    public init(importName: String?, sees: Set<Int>? = nil) {
        self.importName = importName
        self.sees = sees
    }
}

/// What the scanner needs: files, and the compilation units they build in.
public struct ScanInput: Sendable {
    public var root: String
    public var files: [SourceFile]
    /// Indexed by `SourceFile.unit`.
    public var units: [CompilationUnit]
    public var maxFileBytes: Int

    public init(root: String, files: [SourceFile], units: [CompilationUnit], maxFileBytes: Int = 10 << 20) {
        self.root = root
        self.files = files
        self.units = units
        self.maxFileBytes = maxFileBytes
    }
}

/// Counts from a scan, for the benchmark and the summary line.
public struct ScanStatistics: Sendable {
    public var filesScanned: Int
    public var lines: Int
    /// Seconds spent reading, parsing and collecting facts (parallel).
    public var collectSeconds: Double = 0
    /// Seconds spent building the symbol table and resolving references (serial).
    public var resolveSeconds: Double = 0
    /// Seconds spent turning sites into the sorted graph.
    public var graphSeconds: Double = 0
}

private func since(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

public enum Scanner {
    /// Scans the files and resolves the type-level dependency graph.
    public static func scan(_ input: ScanInput, threads: Int = ProcessInfo.processInfo.activeProcessorCount)
        -> (Graph, ScanStatistics)
    {
        let files = input.files.sorted { ($0.path, $0.unit) < ($1.path, $1.unit) }
        var stats = ScanStatistics(filesScanned: 0, lines: 0)
        let clock = DispatchTime.now()
        // A file compiled by several targets is parsed once; its facts serve each unit.
        var firstOfPath: [Int] = []
        for (i, f) in files.enumerated() where i == 0 || files[i - 1].path != f.path { firstOfPath.append(i) }
        let parsed = ParallelMap.run(count: firstOfPath.count, threads: threads) { k in
            readAndCollect(files[firstOfPath[k]], maxBytes: input.maxFileBytes)
        }
        var diagnostics: [Diagnostic] = []
        var usable: [(FileFacts, FileContext)] = []
        var moduleFiles: [String: Int] = [:]
        var lines = 0
        var readable = 0
        for (k, result) in parsed.enumerated() {
            let end = k + 1 < firstOfPath.count ? firstOfPath[k + 1] : files.count
            switch result {
            case .failure(let d):
                diagnostics.append(d)
            case .success(let facts):
                diagnostics.append(contentsOf: facts.diagnostics)
                lines += facts.lines
                readable += 1
                for file in files[firstOfPath[k]..<end] {
                    moduleFiles[file.module, default: 0] += 1
                    usable.append((facts, FileContext(path: file.path, module: file.module, unit: file.unit)))
                }
            }
        }
        stats.collectSeconds = since(clock)
        stats.filesScanned = readable
        stats.lines = lines
        let modules = moduleFiles.map { ModuleInfo(name: $0.key, files: $0.value) }
        let graph = resolve(
            usable, units: input.units, root: input.root, modules: modules, diagnostics: diagnostics,
            threads: threads, stats: &stats)
        return (graph, stats)
    }

    /// Phase 2, shared by every entry point: symbol table, then bodies on `threads` workers.
    private static func resolve(
        _ files: [(FileFacts, FileContext)], units: [CompilationUnit], root: String, modules: [ModuleInfo],
        diagnostics: [Diagnostic], threads: Int, stats: inout ScanStatistics
    ) -> Graph {
        var timings = stats
        let graph = ParallelMap.onLargeStack {
            var clock = DispatchTime.now()
            let resolver = Resolver(units: units)
            resolver.declare(files: files)
            resolver.resolveAll(threads: threads)
            timings.resolveSeconds = since(clock)
            clock = DispatchTime.now()
            let graph = resolver.graph(root: root, modules: modules, diagnostics: diagnostics)
            timings.graphSeconds = since(clock)
            return graph
        }
        stats = timings
        return graph
    }

    /// The graph of source texts (no file system) as one module: for tests and tools.
    public static func graph(
        ofSources sources: [(path: String, text: String)], module: String = "App",
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Graph {
        graph(ofModules: [module: sources], importable: false, threads: threads)
    }

    /// The graph of source texts in several modules, each its own compilation unit that the
    /// others import by its name (when `importable`).
    public static func graph(
        ofModules modules: [String: [(path: String, text: String)]], importable: Bool = true,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Graph {
        let names = modules.keys.sorted()
        let sorted = names.enumerated().flatMap { unit, name in
            modules[name]!.map { (path: $0.path, text: $0.text, module: name, unit: unit) }
        }.sorted { ($0.path, $0.unit) < ($1.path, $1.unit) }
        let collected = ParallelMap.run(count: sorted.count, threads: threads) {
            FactCollector.collect(path: sorted[$0].path, source: sorted[$0].text)
        }
        var stats = ScanStatistics(filesScanned: collected.count, lines: 0)
        return resolve(
            zip(collected, sorted).map { ($0, FileContext(path: $0.path, module: $1.module, unit: $1.unit)) },
            units: names.map { CompilationUnit(importName: importable ? $0 : nil) }, root: ".",
            modules: names.map { ModuleInfo(name: $0, files: modules[$0]!.count) },
            diagnostics: collected.flatMap(\.diagnostics), threads: threads, stats: &stats)
    }

    enum Outcome {
        case success(FileFacts)
        case failure(Diagnostic)
    }

    static func readAndCollect(_ file: SourceFile, maxBytes: Int) -> Outcome {
        func fail(_ message: String) -> Outcome {
            .failure(Diagnostic(file: file.path, message: message, severity: .error))
        }
        // Only regular files: opening a FIFO or a device named .swift would block or never end.
        var info = stat()
        guard stat(file.location, &info) == 0 else {
            return fail("cannot be read (broken link or no permission); skipped")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return fail("is not a regular file; skipped") }
        guard let handle = FileHandle(forReadingAtPath: file.location) else {
            return fail("cannot be read (permission denied or not a regular file); skipped")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // An empty file is valid Swift that declares nothing: read returns nil for it.
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            return fail("cannot be read: \(error.localizedDescription); skipped")
        }
        if data.count > maxBytes {
            return fail(
                "is larger than \(maxBytes >> 20) MB (likely generated); skipped (raise --max-file-size to scan it)")
        }
        let hasNUL = data.withUnsafeBytes { raw in raw.count > 0 && memchr(raw.baseAddress!, 0, raw.count) != nil }
        if hasNUL { return fail("is binary (contains NUL bytes), not Swift source; skipped") }
        guard let text = String(validating: data, as: UTF8.self) else {
            return fail("is not valid UTF-8; skipped")
        }
        return .success(FactCollector.collect(path: file.path, source: text))
    }
}

/// A parallel map on threads with large stacks: syntax trees of machine-written code can be
/// very deep, and the default worker stacks are too small for a recursive walk of them.
public enum ParallelMap {
    static let stackBytes = 256 << 20

    public static func run<T>(count: Int, threads: Int, _ body: @escaping (Int) -> T) -> [T] {
        let box = ResultBox<T>(count: count)
        let workers = max(1, min(threads, count))
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let i = box.claim() {
                    box.store(body(i), at: i)
                }
                done.signal()
            }
            thread.stackSize = stackBytes
            thread.start()
        }
        for _ in 0..<workers { done.wait() }
        return box.results.map { $0! }
    }

    /// Runs `body(workers[k], i)` for every i below count, thread k using `workers[k]`.
    public static func forEach<W>(count: Int, workers: [W], _ body: @escaping (W, Int) -> Void) {
        let counter = ResultBox<Int>(count: count)
        let done = DispatchSemaphore(value: 0)
        for worker in workers {
            let thread = Thread {
                while let i = counter.claim() { body(worker, i) }
                done.signal()
            }
            thread.stackSize = stackBytes
            thread.start()
        }
        for _ in workers { done.wait() }
    }

    /// Runs `body` on one thread with a large stack and waits for its result.
    public static func onLargeStack<T>(_ body: @escaping () -> T) -> T {
        run(count: 1, threads: 1) { _ in body() }[0]
    }

    private final class ResultBox<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        var results: [T?]

        init(count: Int) {
            self.count = count
            self.results = Array(repeating: nil, count: count)
        }

        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at i: Int) {
            lock.lock()
            results[i] = value
            lock.unlock()
        }
    }
}
