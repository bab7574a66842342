import ArgumentParser
import Foundation
import SeamsKit
import SeamsTestability
import SeamsUntangle

/// The judged advice benchmark: seeded samples of what `seams testability` and `seams untangle`
/// advise on a real app, judged by reading the code, stored as data under `Benchmarks/advice/`,
/// and scored against the current build. Figures to read, not a test.
struct AdviceBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advice",
        abstract: "Draw a seeded sample of seams's advice on an app to judge, or score the build against judged samples.",
        discussion: """
            A sample is a JSON file of items (a blocker: type, site, kind, target, recipe; a cut:
            from, to, sites, recipe), each with a verdict to fill in by reading the code at its
            site: true (an experienced engineer would act on it), weak (real but not worth acting
            on, or the wrong recipe), false (not a blocker, or not a cut to make); recipeRight
            true or false; and a one-line reason.

            EXAMPLES:
              seams-bench advice sample ../apps/iOS --app home-assistant/iOS --commit d722d78 --seed 1 \\
                --output Benchmarks/advice/home-assistant-iOS/seed-1.json
              seams-bench advice score ../apps/iOS --judged Benchmarks/advice/home-assistant-iOS
            """,
        subcommands: [Sample.self, Score.self])

    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Draw items to judge, leaving out any judged before.")

        @Argument(help: "The app's root, as a user runs seams from it.")
        var path: String

        @Option(help: "The app as owner/name.")
        var app: String

        @Option(help: "The app's commit that was scanned.")
        var commit: String

        @Option(help: "Seed of the random draw.")
        var seed: UInt64

        @Option(help: "How many testability blockers to draw.")
        var blockers = 60

        @Option(help: "How many untangle cuts to draw.")
        var cuts = 40

        @Option(help: "Judged samples (files or folders) whose items are not drawn again.")
        var exclude: [String] = []

        @Option(name: .shortAndLong, help: "Where to write the sample (JSON).")
        var output: String

        func run() throws {
            let advice = try Advice.current(path)
            let judged = Set(try JudgedSample.load(exclude).flatMap(\.items).map(\.id))
            var rng = SplitMix(seed: seed)
            let blockerItems = rng.sample(advice.blockers.filter { !judged.contains($0.id) }, count: blockers)
            let cutItems = rng.sample(advice.cuts.filter { !judged.contains($0.id) }, count: cuts)
            let sample = JudgedSample(
                app: app, commit: commit, seed: seed, drawnBy: "seams \(Seams.version)",
                items: blockerItems + cutItems)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(sample).write(to: URL(fileURLWithPath: output))
            print(
                "drew \(blockerItems.count) of \(advice.blockers.count) blockers and \(cutItems.count) of "
                    + "\(advice.cuts.count) cuts (\(judged.count) judged before left out) to \(output)")
        }
    }

    struct Score: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Score the current build against judged samples.")

        @Argument(help: "The app's root, at the commit the samples were judged on.")
        var path: String

        @Option(help: "Judged samples: files or folders of them.")
        var judged: [String]

        @Flag(help: "List the judged-true items no longer reported and the judged-false ones still reported.")
        var list = false

        func run() throws {
            let samples = try JudgedSample.load(judged)
            let advice = try Advice.current(path)
            let reported = Set(advice.blockers.map(\.id) + advice.cuts.map(\.id))
            var recipes: [String: String] = [:]
            for item in advice.blockers + advice.cuts { recipes[item.id] = item.recipe }
            for kind in ["blocker", "cut"] {
                let items = samples.flatMap(\.items).filter { $0.kind == kind && $0.verdict != nil }
                guard !items.isEmpty else { continue }
                print(AdviceScore(items, reported: reported, recipes: recipes).text(kind))
                guard list else { continue }
                for item in items where (item.verdict == "true") != reported.contains(item.id) && item.verdict != "weak" {
                    let what = item.verdict == "true" ? "lost true" : "kept false"
                    print("  \(what): \(item.id)\n    \(item.reason ?? "")")
                }
            }
        }
    }
}

/// One thing seams advised, and what a reader judged of it.
struct JudgedItem: Codable, Hashable {
    /// What identifies it across builds: kind, type or edge, site, blocker kind and target.
    var id: String
    /// `blocker` or `cut`.
    var kind: String
    var type: String?
    var from: String?
    var to: String?
    var file: String
    var line: Int
    var blocker: String?
    var target: String?
    var recipe: String
    /// What seams said of it.
    var said: String
    /// `true`, `weak` or `false`; nil until judged.
    var verdict: String?
    var recipeRight: Bool?
    var reason: String?
}

struct JudgedSample: Codable {
    var app: String
    var commit: String
    var seed: UInt64
    var drawnBy: String
    var items: [JudgedItem]

    /// Every sample in the files and folders named (each folder's `*.json`, sorted).
    static func load(_ paths: [String]) throws -> [JudgedSample] {
        var files: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw ValidationError("\(path) does not exist")
            }
            if isDir.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }
                files += names.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return try files.map { try JSONDecoder().decode(JudgedSample.self, from: Data(contentsOf: URL(fileURLWithPath: $0))) }
    }
}

/// What the current build advises on an app, as items.
struct Advice {
    var blockers: [JudgedItem]
    var cuts: [JudgedItem]

    static func current(_ path: String) throws -> Advice {
        let scan = ScanRequest(paths: [path])
        let report = try TestabilityPipeline.run(TestabilityRequest(scan: scan)).report
        var blockers: [JudgedItem] = []
        for type in report.types {
            for b in type.blockers {
                blockers.append(
                    JudgedItem(
                        id: "blocker \(type.id) \(b.file):\(b.line):\(b.column) \(b.kind.rawValue) \(b.target)",
                        kind: "blocker", type: type.id, file: b.file, line: b.line, blocker: b.kind.rawValue,
                        target: b.target, recipe: b.recipe.rawValue, said: b.reason))
            }
        }
        let plan = try UntanglePipeline.run(UntangleRequest(scan: scan)).plan
        var cuts: [JudgedItem] = []
        for component in plan.components {
            for cut in component.decided + component.cuts {
                let site = cut.sites.first
                cuts.append(
                    JudgedItem(
                        id: "cut \(cut.from) -> \(cut.to)", kind: "cut", from: cut.from, to: cut.to,
                        file: site?.file ?? "", line: site?.line ?? 0, recipe: cut.recipe.rawValue,
                        said:
                            "cut \(cut.order) of \(component.cuts.count + component.decided.count) in a tangle of "
                            + "\(component.size): \(cut.kinds.map(\.rawValue).joined(separator: ", ")), "
                            + "\(cut.sites.count) site(s); after it the largest tangle is \(cut.largestAfter)"))
            }
        }
        return Advice(blockers: blockers.sorted { $0.id < $1.id }, cuts: cuts.sorted { $0.id < $1.id })
    }
}

/// The figures of judged items against what the build reports now.
struct AdviceScore {
    var judged: [JudgedItem]
    var reported: Set<String>
    /// The recipe the build names now, by item id: a judged recipe verdict holds only while it is the same.
    var recipes: [String: String]

    init(_ judged: [JudgedItem], reported: Set<String>, recipes: [String: String] = [:]) {
        self.judged = judged
        self.reported = reported
        self.recipes = recipes
    }

    func text(_ kind: String) -> String {
        let byVerdict = Dictionary(grouping: judged, by: { $0.verdict ?? "" })
        let kept = judged.filter { reported.contains($0.id) }
        func share(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%.2f (%d/%d)", Double(part) / Double(whole), part, whole)
        }
        let trueItems = byVerdict["true"] ?? [], falseItems = byVerdict["false"] ?? []
        let keptTrue = trueItems.filter { reported.contains($0.id) }
        let same = keptTrue.filter { item in recipes[item.id].map { $0 == item.recipe } ?? true }
        let rights = same.compactMap(\.recipeRight)
        let changed = keptTrue.count - same.count
        return [
            "\(kind)s judged: \(judged.count) (true \(trueItems.count), weak \(byVerdict["weak"]?.count ?? 0), "
                + "false \(falseItems.count))",
            "  precision (strict) of what is still reported: \(share(kept.filter { $0.verdict == "true" }.count, kept.count))",
            "  judged true, still reported: \(share(keptTrue.count, trueItems.count))",
            "  judged false, no longer reported: \(share(falseItems.filter { !reported.contains($0.id) }.count, falseItems.count))",
            "  recipe right, of true ones still reported with the recipe judged: \(share(rights.filter { $0 }.count, rights.count))"
                + (changed > 0 ? "; \(changed) now name another recipe (judge a fresh sample)" : ""),
        ].joined(separator: "\n")
    }
}

extension SplitMix {
    /// `count` items drawn without replacement (a partial Fisher–Yates shuffle), in draw order.
    mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        let n = min(count, pool.count)
        for i in 0..<n {
            let j = i + Int(next() % UInt64(pool.count - i))
            pool.swapAt(i, j)
        }
        return Array(pool.prefix(n))
    }
}
