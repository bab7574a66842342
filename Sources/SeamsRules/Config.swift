import Foundation
import Yams

/// A problem in the config file, with where it is.
public struct ConfigProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Every problem found in a config file at once.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var problems: [ConfigProblem]
    public init(problems: [ConfigProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// `seams.yml`: what the scanner and the rules engine read from beside the code.
public struct SeamsConfig: Sendable {
    public static let fileName = "seams.yml"
    /// Top-level keys seams knows. Keys of later features are accepted here and read by them.
    public static let knownKeys = ["exclude", "modules", "layers", "baseline", "rules"]

    public var path: String?
    public var exclude: [Glob] = []
    /// Module name → folder globs, in file order: the first module whose glob matches wins.
    public var modules: [(name: String, globs: [Glob])] = []

    public init() {}

    /// Reads and validates a config file.
    public static func load(path: String) throws -> SeamsConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(problems: [
                ConfigProblem(file: path, line: 1, column: 1, message: "cannot read the config file")
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(problems: [
                ConfigProblem(file: path, line: 1, column: 1, message: "the config file is not UTF-8 text")
            ])
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws -> SeamsConfig {
        var config = SeamsConfig()
        config.path = path
        var problems: [ConfigProblem] = []
        func problem(_ node: Node?, _ message: String) {
            let mark = node?.mark
            problems.append(
                ConfigProblem(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigError(problems: [yamlProblem(error, path: path)])
        }
        guard let root else { return config }  // an empty file is an empty config
        guard let mapping = root.mapping else {
            problem(root, "the config must be a mapping of keys (exclude, modules, rules, …)")
            throw ConfigError(problems: problems)
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "exclude":
                config.exclude = stringList(value, key: "exclude", problem: problem).map(Glob.init)
            case "modules":
                guard let modules = value.mapping else {
                    problem(value, "'modules' must map module names to lists of folder globs")
                    continue
                }
                for (nameNode, globs) in modules {
                    guard let name = nameNode.string, !name.isEmpty else {
                        problem(nameNode, "a module name must be a string")
                        continue
                    }
                    config.modules.append(
                        (name, stringList(globs, key: "modules.\(name)", problem: problem).map(Glob.init)))
                }
            default:
                if !knownKeys.contains(key) {
                    let hint = Suggestion.closest(to: key, in: knownKeys).map { "; did you mean '\($0)'?" } ?? ""
                    problem(keyNode, "unknown key '\(key)'\(hint)")
                }
            }
        }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        return config
    }

    /// The module a root-relative path belongs to by the `modules:` map, if any.
    public func module(for path: String) -> String? {
        modules.first { $0.globs.contains { $0.matches(path) } }?.name
    }

    public func isExcluded(_ path: String) -> Bool {
        exclude.contains { $0.matches(path) }
    }

    private static func stringList(_ node: Node, key: String, problem: (Node?, String) -> Void) -> [String] {
        if let s = node.string, node.scalar != nil { return [s] }
        guard let seq = node.sequence else {
            problem(node, "'\(key)' must be a list of strings")
            return []
        }
        var out: [String] = []
        for item in seq {
            if let s = item.scalar?.string { out.append(s) } else { problem(item, "'\(key)' must list strings") }
        }
        return out
    }

    private static func yamlProblem(_ error: YamlError, path: String) -> ConfigProblem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return ConfigProblem(file: path, line: mark.line, column: mark.column, message: "invalid YAML: \(what)")
        default:
            return ConfigProblem(file: path, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}

/// "Did you mean …?" by edit distance.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= max(2, word.count / 3) else {
            return nil
        }
        return best.0
    }

    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
