import Foundation
import SeamsGraph
import SeamsReport
import SeamsRules
import SeamsScanner
import SeamsTestability
import SeamsUntangle

// A libFuzzer target over the scanner and the config reader. Built by `scripts/fuzz` with the
// toolchain's `-sanitize=fuzzer` and `-D SEAMS_FUZZ`; libFuzzer then supplies `main` and calls
// `LLVMFuzzerTestOneInput` with each input. A plain `swift build` builds the small `main` below,
// which runs the same entry on files named as arguments (to replay a finding without libFuzzer).
//
// What an input is: for the scanner, UTF-8 Swift source; NUL bytes split it into files of one
// module (so that two copies of a file, or types split over files, can be tried). With
// SEAMS_FUZZ_TARGET=config, it is the text of a seams.yml. With SEAMS_FUZZ_TARGET=cache, it is
// Swift source, then a NUL and the damage to do to the cache entries of its facts and sites
// (`CacheProbe`): what a scan would read back from a cache that a buggy build wrote.

enum FuzzTarget {
    static let target = ProcessInfo.processInfo.environment["SEAMS_FUZZ_TARGET"] ?? "scanner"

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        if target == "cache" {
            // The damage is any bytes; only the source must be UTF-8.
            let nul = bytes.firstIndex(of: 0) ?? bytes.count
            guard let source = String(validating: bytes[..<nul], as: UTF8.self) else { return }
            CacheProbe.readDamaged(source: source, damage: nul < bytes.count ? Array(bytes[(nul + 1)...]) : [])
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        if target == "config" {
            config(text)
        } else {
            scanner(text)
        }
    }

    /// Scan, then what every command does with a graph: the JSON, the rules, a cut plan and
    /// the testability report.
    static func scanner(_ text: String) {
        let files = text.split(separator: "\0", maxSplits: 3, omittingEmptySubsequences: false)
        let sources = files.enumerated().map { (path: "F\($0.offset).swift", text: String($0.element)) }
        // One worker: libFuzzer runs jobs side by side (-fork) rather than threads.
        let graph = Scanner.graph(ofSources: sources, threads: 1)
        _ = GraphJSONReporter.render(graph)
        _ = try? RuleEngine.check(graph, config: SeamsConfig())
        _ = Untangler().plan(graph)
        _ = TestabilityReporter.json(TestabilityAnalysis().analyse(graph))
    }

    /// Read a config, and when it reads, check the graph of a small fixed program against it.
    static func config(_ text: String) {
        guard let (config, problems) = try? SeamsConfig.parseKeepingProblems(text, path: "seams.yml"),
            problems.isEmpty
        else { return }
        _ = try? RuleEngine.check(sample, config: config)
        var untangler = Untangler()
        untangler.settings = config.untangle
        _ = untangler.plan(sample)
        _ = config.testabilityAnalysis.analyse(sample)
    }

    static let sample = Scanner.graph(ofModules: [
        "App": [
            (
                path: "App/A.swift",
                text: "import Net\nclass A { let b = B(); let c = Client() }\nclass B { let a = A() }"
            )
        ],
        "Net": [
            (
                path: "Net/Client.swift",
                text:
                    "public class Client { func f() { _ = Cache.shared } }\nclass Cache { static let shared = Cache() }"
            )
        ],
    ])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

#if SEAMS_FUZZ
    // SwiftPM links an executable with `main` renamed from `<target>_main`; libFuzzer's driver
    // is started from there.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("seams_fuzz_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without libFuzzer: replays the inputs in the files named as arguments.
    @main enum Replay {
        static func main() {
            let files = CommandLine.arguments.dropFirst()
            guard !files.isEmpty else {
                FileHandle.standardError.write(
                    Data("usage: seams-fuzz FILE...  (replays inputs; scripts/fuzz runs the fuzzer)\n".utf8))
                exit(64)
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("seams-fuzz: cannot read \(file)\n".utf8))
                    exit(2)
                }
                data.withUnsafeBytes { raw in
                    _ = fuzzOneInput(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
                }
                print("\(file): ok")
            }
        }
    }
#endif
