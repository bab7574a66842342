import Foundation
import SeamsGraph
import SeamsProject
import SeamsRules

/// What `seams init` writes, and where.
public struct InitRequest: Sendable {
    /// The folder to describe; seams.yml goes at its top.
    public var scan: ScanRequest
    /// Also write the baseline of what the starter rules find today.
    public var baseline = false
    /// Replace a seams.yml (and baseline) that exists.
    public var force = false
    /// Run after the scan, before the files are written: for tests of files that appear
    /// meanwhile.
    package var beforeWriting: (@Sendable () -> Void)?

    public init(scan: ScanRequest) {
        self.scan = scan
    }

    /// The baseline's file name, beside seams.yml.
    public static let baselineName = "seams-baseline.json"
}

public struct InitOutcome: Sendable {
    /// Where seams.yml was written, and the baseline if asked.
    public var configPath: String
    public var baselinePath: String?
    public var modules: Int
    public var layers: Int
    /// Violations today of the rules written (all in the baseline when one was written).
    public var violations: Int
    /// The warning when the scan read little of what it found.
    public var scopeWarning: String? = nil

    /// What was written, in one line.
    public var summary: String {
        var line =
            "wrote \(configPath): \(modules) module\(modules == 1 ? "" : "s") in \(layers) layer"
            + "\(layers == 1 ? "" : "s")"
        if let baselinePath {
            line += "; \(violations) violation\(violations == 1 ? "" : "s") of today in \(baselinePath)"
        } else if violations > 0 {
            line +=
                "; seams check finds \(violations) violation\(violations == 1 ? "" : "s") today: "
                + "run seams init --baseline --force to accept them"
        }
        return line
    }
}

/// scan → the module graph's condensation → a starter seams.yml (and its baseline).
public enum InitPipeline {
    public static func run(_ request: InitRequest) throws -> InitOutcome {
        let cwd = request.scan.workingDirectory ?? FileManager.default.currentDirectoryPath
        guard request.scan.paths.count == 1 else {
            throw SeamsError.input("seams init describes one folder; name only that one")
        }
        let folder = PathTools.absolute(request.scan.paths[0], base: cwd)
        guard PathTools.isDirectory(folder) == true else {
            throw SeamsError.input(
                "\(request.scan.paths[0]) is not a folder: seams init writes seams.yml at a folder's top")
        }
        let configFile = folder + "/" + SeamsConfig.fileName
        let baselineFile = folder + "/" + InitRequest.baselineName
        let display = { (path: String) in PathTools.display(path, base: cwd) }
        // A link counts as there, dangling or not: it could lead out of the folder, and even
        // with --force init writes only files of its own.
        for path in [configFile] + (request.baseline ? [baselineFile] : []) {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw SeamsError.input(
                    "\(display(path)) is a symbolic link; seams init never writes through one, as it may lead out "
                        + "of the folder (remove the link, then run seams init again)")
            }
            if !request.force {
                throw SeamsError.input("\(display(path)) exists; seams init never replaces it unless you give --force")
            }
        }
        // A fresh description of the code: an old seams.yml (with --force) is not read.
        var scan = request.scan
        scan.configPath = nil
        scan.readsConfig = false
        scan.includeExternal = true
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        let starter = StarterConfig(graph: outcome.graph, origin: outcome.origin)
        let text = starter.yaml(
            baseline: request.baseline ? InitRequest.baselineName : nil, excludes: request.scan.excludes,
            targets: request.scan.targets)

        // The rules as they will be read back: what they find today goes to the baseline.
        var config: SeamsConfig
        do {
            config = try SeamsConfig.parse(text, path: display(configFile))
        } catch let error as ConfigError {
            throw SeamsError.config(error)
        }
        config.baseline = nil
        let result: CheckResult
        do {
            result = try RuleEngine.check(outcome.graph, config: config)
        } catch let error as ConfigError {
            throw SeamsError.config(error)
        }
        request.beforeWriting?()
        let files =
            (request.baseline ? [(baselineFile, Baseline(violations: result.violations).encoded())] : [])
            + [(configFile, Data(text.utf8))]
        if request.force {
            for (path, data) in files { try AtomicFile.write(data, to: path, followingLinks: false) }
        } else {
            try createAll(files, display: display)
        }
        return InitOutcome(
            configPath: display(configFile), baselinePath: request.baseline ? display(baselineFile) : nil,
            modules: starter.modules.count, layers: starter.layers.count, violations: result.violations.count,
            scopeWarning: outcome.scopeWarning)
    }
}

extension InitPipeline {
    /// Writes each file only where nothing is (the scan takes a while: the user may have saved
    /// a seams.yml meanwhile, or made a link), in order; when one is in the way, those written
    /// before it are taken back and the error says so. Nothing of the user's is replaced.
    static func createAll(_ files: [(path: String, data: Data)], display: (String) -> String) throws {
        var made: [(path: String, identity: AtomicFile.Identity)] = []
        do {
            for (path, data) in files {
                guard let identity = try AtomicFile.create(data, at: path) else {
                    throw SeamsError.input(
                        "\(display(path)) appeared while seams init scanned; it is left as it is (give --force to "
                            + "replace it)")
                }
                made.append((path, identity))
            }
        } catch {
            for file in made { AtomicFile.remove(file.path, ifStill: file.identity) }
            throw error
        }
    }
}

/// A first seams.yml for scanned code: its modules, the layering that holds today, cycle
/// rules, and examples of the other kinds written with the code's own names.
struct StarterConfig {
    let modules: [ModuleInfo]
    /// From the top down; each layer's modules sorted. A cycle's modules share a layer.
    let layers: [[String]]
    /// Modules that depend on each other, each group sorted.
    let cycles: [[String]]
    let origin: String
    let graph: Graph

    init(graph: Graph, origin: String) {
        self.graph = graph
        self.origin = origin
        self.modules = graph.modules.sorted { $0.name < $1.name }
        // The module graph of hard dependencies between scanned modules, as the layers rule reads it.
        let moduleGraph = graph.hardOnly().removingExternal().regrouped(by: .module)
        let components = moduleGraph.cycles().components.map { $0.sorted() }
        var group: [String: Int] = [:]
        var groups: [[String]] = components
        for (i, members) in components.enumerated() { for m in members { group[m] = i } }
        for module in modules.map(\.name) where group[module] == nil {
            group[module] = groups.count
            groups.append([module])
        }
        var uses: [Int: Set<Int>] = [:]
        for edge in moduleGraph.edges {
            guard let a = group[edge.from], let b = group[edge.to], a != b else { continue }
            uses[a, default: []].insert(b)
        }
        // Longest path down to a module that uses none: 0 at the bottom.
        var height: [Int: Int] = [:]
        func heightOf(_ g: Int) -> Int {
            if let h = height[g] { return h }
            height[g] = 0  // the condensation is acyclic; this only guards the recursion
            let h = (uses[g] ?? []).map { heightOf($0) + 1 }.max() ?? 0
            height[g] = h
            return h
        }
        var byHeight: [Int: [String]] = [:]
        for g in groups.indices { byHeight[heightOf(g), default: []] += groups[g] }
        self.layers = byHeight.keys.sorted(by: >).map { byHeight[$0]!.sorted() }
        self.cycles = components.filter { $0.count > 1 }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The config's text; `excludes` and `targets` as given to init, so that `seams check`
    /// scans what init scanned.
    func yaml(baseline: String?, excludes: [String] = [], targets: [String] = []) -> String {
        var out = """
            # seams.yml: the architecture seams check enforces. Written by `seams init` from the code
            # as it is today; edit it to say what the code should become.
            # Docs: the README's "Rules" section; every kind: `seams check --help`.

            """
        out += "#\n# \(modules.count) module\(modules.count == 1 ? "" : "s"), from \(origin):\n"
        for line in wrapped(modules.map { "\($0.name) (\($0.files) file\($0.files == 1 ? "" : "s"))" }) {
            out += "#   \(line)\n"
        }
        if !excludes.isEmpty {
            out += "#\n# Not scanned:\nexclude: [\(excludes.map(scalar).joined(separator: ", "))]\n"
        }
        if !targets.isEmpty {
            out += "#\n# The Xcode targets scanned (and the packages in the tree):\n"
            out += "targets: [\(targets.map(scalar).joined(separator: ", "))]\n"
        }
        if let baseline {
            out += """
                #
                # What the rules find today is accepted in the baseline: only new violations fail.
                # Fix one, then write the baseline again: seams check --write-baseline \(baseline)
                baseline: \(baseline)

                """
        }
        out += """
            #
            # The layering that holds today, from the top down: a module may use the modules in the
            # layers below it; modules in one layer are siblings and must not know each other.

            """
        for cycle in cycles {
            out +=
                "# \(cycle.joined(separator: ", ")) depend on each other (a cycle): siblings for now, until it is cut.\n"
        }
        out += "layers:\n"
        for layer in layers {
            if layer.count == 1 {
                out += "  - \(scalar(layer[0]))\n"
            } else {
                out += "  - [" + wrapped(layer.map(scalar)).joined(separator: "\n     ") + "]\n"
            }
        }
        out += """
            rules:
              - id: no-module-cycles
                kind: no-cycles
                scope: module
                because: "Modules that depend on each other build, test and ship only together."
              - id: no-type-cycles
                kind: no-cycles
                scope: type
                because: "A type in a cycle cannot be tested, moved or reused without all the others."

            """
        out += examples()
        return out
    }

    /// The other kinds, commented out, with this code's names.
    private func examples() -> String {
        // Examples name the largest module of a layer; test targets make poor examples.
        let files = Dictionary(modules.map { ($0.name, $0.files) }, uniquingKeysWith: max)
        let productLayers = layers.map { layer in
            layer.filter { !$0.hasSuffix("Tests") }.sorted { (files[$0] ?? 0, $1) > (files[$1] ?? 0, $0) }
        }.filter { !$0.isEmpty }
        let top = productLayers.first?.first ?? "App"
        let bottom = productLayers.last?.first ?? "Core"
        var out = """
              # More rules to start from (remove the # to use one):
              #
              # The bottom layer must never reach the top:
              # - id: \(slug(bottom))-knows-no-\(slug(top))
              #   kind: forbidden
              #   from: { module: \(scalar(bottom)) }
              #   to: { module: \(scalar(top)) }

            """
        if let appDelegate = graph.nodes.first(where: { !$0.external && $0.name == "AppDelegate" }) {
            out += """
                  #
                  # Only the app delegate may know itself (no service locator):
                  # - id: only-the-root-knows-the-app-delegate
                  #   kind: only
                  #   to: { type: \(scalar(appDelegate.id)) }
                  #   from: { type: \(scalar(appDelegate.id)) }

                """
        }
        if let siblings = productLayers.first(where: { $0.count >= 2 }) {
            out += """
                  #
                  # Features apart:
                  # - id: features-apart
                  #   kind: independent
                  #   modules: [\(siblings.prefix(3).map(scalar).joined(separator: ", "))]

                """
        }
        out += """
              #
              # No type grows into a hub:
              # - id: no-hubs
              #   kind: max-dependencies
              #   limit: 25
              #
              # The bottom layer unit-testable in isolation (see seams testability):
              # - id: \(slug(bottom))-testable
              #   kind: testable
              #   from: { module: \(scalar(bottom)) }

            """
        return out
    }

    /// A YAML plain scalar where that reads the same, else a double-quoted one.
    private func scalar(_ s: String) -> String {
        let plain =
            !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) }
            && !(s.first?.isNumber ?? false)
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(s.lowercased())
        if plain { return s }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func slug(_ s: String) -> String {
        let words = s.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        return words.lowercased().split(separator: "-").joined(separator: "-")
    }

    /// Items joined with commas, in lines of at most 90 characters.
    private func wrapped(_ items: [String]) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            let next = line.isEmpty ? item : line + ", " + item
            if next.count > 90 && !line.isEmpty {
                lines.append(line + ",")
                line = item
            } else {
                line = next
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
