import ArgumentParser
import Foundation
import SeamsGraph
import SeamsReport
import SeamsRules

/// The rules' side of `seams check` as the number of rules grows: reading a seams.yml of N
/// generated `forbidden` rules, checking them against a generated graph, applying a baseline and
/// writing every report. Each step should grow with the rules (and what they find), not with
/// their square. Figures to read, not a test.
struct CheckBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time reading, checking and reporting N generated forbidden rules on a generated graph.",
        discussion: "Run it in release mode: swift run -c release seams-bench check --rules 50 200 800"
    )

    @Option(parsing: .upToNextOption, help: "Numbers of rules to time, one run each.")
    var rules: [Int] = [50, 200, 800]

    @Option(help: "Types in the generated graph (3 dependencies each, in modules of 25).")
    var types = 2000

    @Option(help: "Repetitions; the fastest of each step is reported.")
    var repeats = 3

    @Flag(help: "Also print how long each report took, every repetition.")
    var each = false

    func run() throws {
        let graph = Self.graph(types: types)
        print("graph: \(graph.nodes.count) types, \(graph.edges.count) edges, \(graph.modules.count) modules")
        print("rules  violations   parse  problems   check  baseline  reports   total (s)")
        for n in rules {
            let yaml = Self.config(rules: n, types: types)
            var best = [Double](repeating: .infinity, count: 5)
            var found = 0
            for _ in 0..<max(1, repeats) {
                var clock = Date()
                func lap(_ i: Int) {
                    best[i] = min(best[i], Date().timeIntervalSince(clock))
                    clock = Date()
                }
                let config = try SeamsConfig.parse(yaml, path: "seams.yml")
                lap(0)
                _ = RuleEngine.problems(config, against: graph)
                lap(1)
                let result = try RuleEngine.check(graph, config: config)
                lap(2)
                var options = RuleEngine.Options()
                options.baseline = Baseline(violations: result.violations)
                let baselined = try RuleEngine.check(graph, config: config, options: options)
                lap(3)
                for reporter in CheckReporter.allCases {
                    let start = Date()
                    _ = reporter.render(result)
                    if each {
                        print(String(format: "  %@ report: %.3f s", reporter.rawValue, Date().timeIntervalSince(start)))
                    }
                }
                lap(4)
                found = result.violations.count
                precondition(baselined.violations.allSatisfy(\.baselined))
            }
            print(
                String(
                    format: "%5d  %10d  %6.3f  %8.3f  %6.3f  %8.3f  %7.3f  %6.3f", n, found, best[0], best[1], best[2],
                    best[3], best[4], best.reduce(0, +)))
        }
    }

    /// Modules of 25 types `M<m>.T<i>`, each type using the next three.
    static func graph(types: Int) -> Graph {
        let modules = (types + 24) / 25
        var nodes: [Node] = []
        var edges: [Edge] = []
        func id(_ i: Int) -> String { "M\(i / 25).T\(i)" }
        for i in 0..<types {
            nodes.append(
                Node(
                    id: id(i), name: "T\(i)", module: "M\(i / 25)", kind: .class, file: "M\(i / 25)/T\(i).swift",
                    line: 1))
            for step in [1, 7, 31] where types > step {
                let site = Site(file: "M\(i / 25)/T\(i).swift", line: step, column: 1, kind: .type)
                edges.append(Edge(from: id(i), to: id((i + step) % types), sites: [site]))
            }
        }
        return Graph(
            root: ".", modules: (0..<modules).map { ModuleInfo(name: "M\($0)", files: 25) }, nodes: nodes,
            edges: edges, diagnostics: [])
    }

    /// N forbidden rules, rule k forbidding type k's module from reaching its next types.
    static func config(rules: Int, types: Int) -> String {
        var out = "rules:\n"
        for k in 0..<rules {
            let i = k % types
            out += "  - id: rule-\(k)\n    kind: forbidden\n"
            out += "    from: { module: M\(i / 25), type: \"T\(i)\" }\n"
            out += "    to: { type: \"T\\\\d+\" }\n"
        }
        return out
    }
}
