import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsProject

/// `seams apply` on real packages: a seeded sample of the edges each recipe could apply to,
/// each applied in turn with --write and the package built after it. What broke the build is
/// put back, so that the next is tried on code that builds. Figures to read, not a test.
struct ApplyBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply each recipe at seeded-random eligible edges of a package, building after each.",
        discussion: """
            PACKAGE is a folder (a git work tree: what breaks the build is put back with git \
            checkout), or OWNER/NAME@VERSION, cloned from https://github.com/OWNER/NAME (or where \
            git's url.insteadOf sends it, a local mirror) into a temporary folder. Eligible edges: for inject-through-init, a type that reads a \
            scanned type's static member or global (or one that gives it); for extract-protocol, \
            one that uses a member of a scanned class, struct or actor; for factory-closure, one \
            that makes one. Each sampled edge is applied with --write and the package built with \
            its tests (swift build --build-tests: callers in tests count); a refusal is counted \
            with its reason.

            EXAMPLES:
              seams-bench apply stencilproject/Stencil@0.15.1 --seed 7
              seams-bench apply Swinject/Swinject@2.10.0 --recipe factory-closure --count 10
            """
    )

    @Argument(help: "The package: a folder, or OWNER/NAME@VERSION of GitHub.")
    var package: String

    @Option(help: "The recipes to try (default: all three).")
    var recipe: [ApplyRecipe] = ApplyRecipe.allCases

    @Option(help: "Seed of the random draw.")
    var seed: UInt64 = 7

    @Option(help: "Edges drawn per recipe.")
    var count = 10

    @Option(help: "The folder of the package to scan.")
    var sources = "Sources"

    func run() throws {
        for recipe in recipe {
            let work = try checkout()
            defer { if work.temporary { try? FileManager.default.removeItem(atPath: work.path) } }
            try trial(recipe, in: work.path)
        }
    }

    /// A work tree of the package: the folder given, or a fresh clone of the mirror's.
    func checkout() throws -> (path: String, temporary: Bool) {
        if FileManager.default.fileExists(atPath: package) { return (package, false) }
        let parts = package.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw ValidationError("\(package) is neither a folder nor OWNER/NAME@VERSION")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seams-apply-\(UUID().uuidString)")
            .path
        try git(["clone", "-q", "https://github.com/\(parts[0]).git", path], in: "/")
        try git(["checkout", "-q", parts[1]], in: path)
        return (path, true)
    }

    func trial(_ recipe: ApplyRecipe, in path: String) throws {
        var tests = true
        if try !build(path, tests: true).ok {
            // Some packages' tests do not build with this toolchain: the library alone is what counts then.
            guard try build(path, tests: false).ok else {
                print("\(package): the package does not build as it is; nothing tried")
                return
            }
            tests = false
            print("\(package): its tests do not build as they are; the library alone is built after each change")
        }
        var scan = ScanRequest(paths: [path + "/" + sources])
        scan.cache = nil
        let graph = try ScanPipeline.run(scan).graph
        let edges = Self.eligible(recipe, in: graph)
        var rng = SplitMix(seed: seed)
        let drawn = rng.sample(edges, count: count)
        print("\(package) \(recipe.rawValue): \(edges.count) eligible edges, \(drawn.count) drawn (seed \(seed))")
        var applied = 0
        var refused = 0
        var broke = 0
        for edge in drawn {
            var request = ApplyRequest(scan: scan, recipe: recipe, from: edge.from, to: edge.to)
            request.write = true
            do {
                let outcome = try ApplyPipeline.run(request)
                let built = try build(path, tests: tests)
                if built.ok {
                    applied += 1
                    print("  applied \(edge.from) → \(edge.to): \(outcome.summary)")
                } else {
                    broke += 1
                    print("  BROKE \(edge.from) → \(edge.to): \(built.errors)")
                    try git(["checkout", "-q", "."], in: path)
                }
            } catch {
                refused += 1
                print("  refused \(edge.from) → \(edge.to): \(error)")
            }
        }
        print("\(package) \(recipe.rawValue): \(applied) applied, \(refused) refused, \(broke) broke the build")
    }

    /// The edges a recipe could apply to, in order.
    static func eligible(_ recipe: ApplyRecipe, in graph: Graph) -> [(from: String, to: String)] {
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func changeable(_ id: String) -> Bool {
            guard let n = nodes[id], !n.external else { return false }
            return [.class, .struct, .actor, .enum].contains(n.kind)
        }
        func scanned(_ id: String?, kinds: Set<NodeKind>? = nil) -> Bool {
            guard let id, let n = nodes[id], !n.external else { return false }
            return kinds.map { $0.contains(n.kind) } ?? true
        }
        var pairs: Set<[String]> = []
        switch recipe {
        case .injectThroughInit:
            for use in graph.uses where (use.kind == .staticRead || use.kind == .globalRead) && changeable(use.from) {
                for to in [use.to, use.valueType] where scanned(to) && to != use.from { pairs.insert([use.from, to!]) }
            }
        case .extractProtocol, .factoryClosure:
            let kind: SiteKind = recipe == .extractProtocol ? .member : .construct
            for edge in graph.edges
            where changeable(edge.from) && scanned(edge.to, kinds: [.class, .struct, .actor])
                && !edge.from.hasPrefix(edge.to + ".") && !edge.to.hasPrefix(edge.from + ".")
                && edge.sites.contains(where: { $0.kind == kind })
            {
                pairs.insert([edge.from, edge.to])
            }
        }
        return pairs.sorted { $0.lexicographicallyPrecedes($1) }.map { (from: $0[0], to: $0[1]) }
    }

    func build(_ path: String, tests: Bool) throws -> (ok: Bool, errors: String) {
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build"] + (tests ? ["--build-tests"] : []), in: path,
            timeout: 1800)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let errors = Set(output.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)).sorted()
        return (run.status == 0, errors.prefix(3).joined(separator: " | "))
    }

    func git(_ arguments: [String], in directory: String) throws {
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory, timeout: 600)
        guard run.status == 0 else {
            throw ValidationError(
                "git \(arguments.joined(separator: " ")): \(String(decoding: run.stderr, as: UTF8.self))")
        }
    }
}

extension ApplyRecipe: ExpressibleByArgument {}
