import Foundation
import SeamsGraph
import SeamsTestability
import Yams

/// Yams and SeamsGraph both have a `Node`; here it is always the YAML one.
typealias YAMLNode = Yams.Node

/// `seams.yml`: what the scanner and the rules engine read from beside the code.
public struct SeamsConfig: Sendable {
    public static let fileName = "seams.yml"
    public static let knownKeys = [
        "exclude", "include-external", "include-standard-types", "hide-tests", "targets", "modules", "layers",
        "baseline", "rules", "untangle",
        "testability", "allow-skipped",
    ]

    public var path: String?
    public var exclude: [Glob] = []
    /// Files `check` may pass without having fully read (`allow-skipped:`): a generated file
    /// over the size limit, a file with syntax this parser does not know.
    public var allowSkipped: [Glob] = []
    /// Maps and scans of this code also show the types no scanned file declares (UIKit,
    /// Foundation), as `--include-external` does.
    public var includeExternal = false
    /// Maps that show external types also show the standard library's and the SDK's value
    /// types (`Void`, `Result`, `String`, `Date`), which they hide by default.
    public var includeStandardTypes = false
    /// Maps and explorer pages leave out test, preview and generated code (as `--hide-tests`).
    public var hideTests = false
    /// The Xcode targets to scan (as `--target`); all when empty.
    public var targets: [String] = []
    /// Module name → folder globs, in file order: the first module whose glob matches wins.
    public var modules: [(name: String, globs: [Glob])] = []
    /// From the top down: a module may depend only on modules of the layers after its own.
    /// Modules listed together in one entry are siblings and must not depend on each other.
    public var layers: [[String]] = []
    public var layersLocation: ConfigLocation?
    /// The baseline file as written, relative to the config file's folder.
    public var baseline: String?
    public var baselineLocation: ConfigLocation?
    public var rules: [RuleSpec] = []
    public var untangle = UntangleSettings()
    /// Services added to the built-in table of `seams testability` (`testability: services:`).
    public var services: [ServicePattern] = []
    /// What `seams testability` accepts in a test (`testability: benign:`): categories, and names
    /// added to one; nil for the defaults (logging, theming, localization).
    public var benign: (categories: [String], names: [BenignTable.Entry])? = nil
    /// Every module name the config mentions, with where: each must name a scanned module.
    public var moduleReferences: [(name: String, location: ConfigLocation)] = []
    /// Where each module of `modules:` is defined: each must match some Swift file.
    public var moduleDefinitions: [(name: String, location: ConfigLocation)] = []

    public init() {}

    /// Reads and validates a config file.
    public static func load(path: String) throws -> SeamsConfig {
        let (config, problems) = try loadKeepingProblems(path: path)
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        return config
    }

    public static func parse(_ text: String, path: String) throws -> SeamsConfig {
        let (config, problems) = try parseKeepingProblems(text, path: path)
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        return config
    }

    /// Reads what can be read, and lists every problem so that later checks (module names
    /// against the scanned code) can join them in one report. Throws only when nothing can be
    /// read: no file, not text, not YAML.
    public static func loadKeepingProblems(path: String) throws -> (SeamsConfig, [ConfigProblem]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(problems: [ConfigProblem(file: path, at: .start, "cannot read the config file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(problems: [ConfigProblem(file: path, at: .start, "the config file is not UTF-8 text")])
        }
        return try parseKeepingProblems(text, path: path)
    }

    public static func parseKeepingProblems(_ text: String, path: String) throws -> (SeamsConfig, [ConfigProblem]) {
        var reader = ConfigReader(path: path)
        let config = try reader.read(text)
        return (config, reader.problems)
    }

    /// The module a root-relative path belongs to by the `modules:` map, if any.
    public func module(for path: String) -> String? {
        modules.first { $0.globs.contains { $0.matches(path) } }?.name
    }

    public func isExcluded(_ path: String) -> Bool {
        exclude.contains { $0.matches(path) }
    }

    /// The rules to run: those written, and a `layers` rule when `layers:` is given without one.
    public var effectiveRules: [RuleSpec] {
        var all = rules
        if !layers.isEmpty, !rules.contains(where: { $0.kind == LayersRule.description.kind }) {
            all.append(RuleSpec(id: "layers", kind: LayersRule.description.kind, location: layersLocation ?? .start))
        }
        return all
    }
}

/// Reads the YAML tree, noting every problem with its line and column rather than stopping at the first.
struct ConfigReader {
    let path: String
    var problems: [ConfigProblem] = []

    init(path: String) { self.path = path }

    mutating func problem(_ node: YAMLNode?, _ message: String) {
        problems.append(ConfigProblem(file: path, at: ConfigReader.location(node), message))
    }

    static func location(_ node: YAMLNode?) -> ConfigLocation {
        guard let mark = node?.mark else { return .start }
        return ConfigLocation(line: mark.line, column: mark.column)
    }

    mutating func read(_ text: String) throws -> SeamsConfig {
        var config = SeamsConfig()
        config.path = path
        let root: YAMLNode?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigError(problems: [yamlProblem(error)])
        }
        guard let root else { return config }  // an empty file is an empty config
        guard let mapping = root.mapping else {
            problem(root, "the config must be a mapping of keys (\(SeamsConfig.knownKeys.joined(separator: ", ")))")
            return config
        }
        var seen: Set<String> = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if !seen.insert(key).inserted { problem(keyNode, "'\(key)' is given twice") }
            switch key {
            case "exclude":
                config.exclude = strings(value, key: "exclude", expecting: Self.glob).map { Glob($0.value) }
            case "allow-skipped":
                config.allowSkipped = strings(value, key: "allow-skipped", expecting: Self.glob).map { Glob($0.value) }
            case "include-external":
                config.includeExternal = bool(value, key: "include-external") ?? false
            case "include-standard-types":
                config.includeStandardTypes = bool(value, key: "include-standard-types") ?? false
            case "hide-tests":
                config.hideTests = bool(value, key: "hide-tests") ?? false
            case "targets":
                config.targets = strings(value, key: "targets", expecting: "a target name").map(\.value)
            case "modules":
                guard let modules = value.mapping else {
                    problem(value, "'modules' must map module names to lists of folder globs")
                    continue
                }
                for (nameNode, globs) in modules {
                    guard nameNode.scalar != nil else {
                        problem(nameNode, "a module name must be a string")
                        continue
                    }
                    guard let name = scalarText(nameNode, key: "modules", expecting: Self.moduleName) else { continue }
                    guard !name.isEmpty else {
                        problem(nameNode, "a module name must be a string")
                        continue
                    }
                    config.modules.append(
                        (name, strings(globs, key: "modules.\(name)", expecting: Self.glob).map { Glob($0.value) }))
                    config.moduleDefinitions.append((name, ConfigReader.location(nameNode)))
                }
            case "layers":
                config.layersLocation = ConfigReader.location(value)
                config.layers = layers(value, key: "layers", references: &config.moduleReferences)
            case "baseline":
                if value.scalar == nil || value.scalar?.string.isEmpty == true {
                    problem(value, "'baseline' must be the path of a baseline file")
                } else if let s = scalarText(value, key: "baseline", expecting: "the path of a baseline file") {
                    config.baseline = s
                    config.baselineLocation = ConfigReader.location(value)
                }
            case "rules":
                guard let list = value.sequence else {
                    problem(value, "'rules' must be a list of rules, each with an id and a kind")
                    continue
                }
                var ids: [String: ConfigLocation] = [:]
                for item in list {
                    guard let rule = rule(item, references: &config.moduleReferences) else { continue }
                    if let first = ids[rule.id] {
                        problems.append(
                            ConfigProblem(
                                file: path, at: rule.location,
                                "duplicate rule id '\(rule.id)' (first at line \(first.line))"))
                    } else {
                        ids[rule.id] = rule.location
                    }
                    config.rules.append(rule)
                }
            case "untangle":
                config.untangle = untangle(value, references: &config.moduleReferences)
            case "testability":
                (config.services, config.benign) = testability(value)
            default:
                problem(keyNode, "unknown key '\(key)'" + Suggestion.hint(for: key, in: SeamsConfig.knownKeys))
            }
        }
        if config.layers.isEmpty,
            let rule = config.rules.first(where: { $0.kind == LayersRule.description.kind && $0.layers == nil })
        {
            problems.append(
                ConfigProblem(
                    file: path, at: rule.location,
                    "rule '\(rule.id)' of kind layers needs a 'layers:' list, in the rule or at the top of the config"))
        }
        return config
    }

    // MARK: Rules

    static let commonRuleKeys = ["id", "kind", "severity", "because", "via", "inferred", "include-soft"]

    mutating func rule(_ node: YAMLNode, references: inout [(name: String, location: ConfigLocation)]) -> RuleSpec? {
        guard let mapping = node.mapping else {
            problem(node, "a rule must be a mapping with at least 'id' and 'kind'")
            return nil
        }
        let location = ConfigReader.location(node)
        var fields: [String: YAMLNode] = [:]
        var keyNodes: [String: YAMLNode] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if fields[key] != nil { problem(keyNode, "'\(key)' is given twice in this rule") }
            fields[key] = value
            keyNodes[key] = keyNode
        }
        var id = ""
        if let idNode = fields["id"] {
            if let s = idNode.scalar?.string, !s.isEmpty, s.allSatisfy({ !$0.isWhitespace }) {
                id = s
            } else {
                problem(idNode, "a rule id must be one word, such as 'api-knows-no-ui'")
            }
        } else {
            problem(node, "this rule has no 'id'; give it one, such as 'id: no-type-cycles'")
        }
        let kindNames = RuleCatalog.kinds.map { $0.description.kind }
        guard let kindNode = fields["kind"] else {
            problem(node, "rule '\(id)' has no 'kind'; one of \(kindNames.joined(separator: ", "))")
            return nil
        }
        let kindName = kindNode.scalar?.string ?? ""
        guard let kind = RuleCatalog.kind(named: kindName) else {
            problem(
                kindNode,
                "unknown rule kind '\(kindName)'" + Suggestion.hint(for: kindName, in: kindNames, listing: "kinds"))
            return nil
        }
        let description = kind.description
        let allowed = ConfigReader.commonRuleKeys + description.keys
        var spec = RuleSpec(id: id, kind: description.kind, location: location)
        for (key, keyNode) in keyNodes.sorted(by: { $0.key < $1.key }) where !allowed.contains(key) {
            let allKeys = ConfigReader.commonRuleKeys + RuleCatalog.kinds.flatMap { $0.description.keys }
            if allKeys.contains(key) {
                problem(keyNode, "'\(key)' does not apply to rules of kind \(description.kind)")
            } else {
                problem(keyNode, "unknown rule key '\(key)'" + Suggestion.hint(for: key, in: allowed))
            }
        }
        for key in description.required where fields[key] == nil {
            problem(node, "rule '\(id)' of kind \(description.kind) needs '\(key)'")
        }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where allowed.contains(key) {
            switch key {
            case "severity":
                let s = value.scalar?.string ?? ""
                if let severity = RuleSeverity(rawValue: s) {
                    spec.severity = severity
                } else {
                    problem(value, "severity must be error or warning, not '\(s)'")
                }
            case "because":
                if let s = value.scalar?.string { spec.because = s } else { problem(value, "'because' must be text") }
            case "via":
                spec.via = Set(names(value, key: "via", of: SiteKind.self, what: "edge kind"))
            case "inferred":
                spec.inferred = bool(value, key: "inferred") ?? spec.inferred
            case "include-soft":
                spec.includeSoft = bool(value, key: "include-soft") ?? spec.includeSoft
            case "nesting":
                let s = value.scalar?.string ?? ""
                if let mode = NestingMode(rawValue: s) {
                    spec.nesting = mode
                } else {
                    problem(value, "nesting must be report or ignore, not '\(s)'")
                }
            case "scope":
                let s = value.scalar?.string ?? ""
                if s == "type" || s == "module" {
                    spec.scope = Granularity(rawValue: s)!
                } else {
                    problem(value, "scope must be type or module, not '\(s)'")
                }
            case "from":
                spec.from = matcher(value, side: "from", references: &references)
            case "to":
                spec.to = matcher(value, side: "to", references: &references)
            case "limit":
                spec.limit = wholeNumber(value, in: 0...Int.max, "'limit' must be a whole number, 0 or more")
            case "modules":
                let names = strings(value, key: "modules", expecting: Self.moduleName)
                spec.modules = names.map(\.value)
                references += names.map { ($0.value, $0.location) }
                if names.count < 2 { problem(value, "'modules' of an independent rule must list two modules or more") }
            case "layers":
                spec.layers = layers(value, key: "layers", references: &references)
            case "forbid":
                spec.forbid = Set(names(value, key: "forbid", of: BlockerKind.self, what: "blocker kind"))
            default:
                break  // id and kind, read above
            }
        }
        return spec
    }

    static let matcherKeys = ["type", "module", "path", "kind"]

    mutating func matcher(
        _ node: YAMLNode, side: String, references: inout [(name: String, location: ConfigLocation)]
    ) -> Matcher? {
        guard let mapping = node.mapping else {
            problem(
                node, "'\(side)' must be a mapping such as { module: Networking } or { type: \".*ViewController\" }")
            return nil
        }
        var m = Matcher()
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "type":
                guard let s = value.scalar?.string else {
                    problem(value, "'type' must be a regular expression")
                    continue
                }
                do {
                    m.type = try TypePattern(s)
                } catch {
                    problem(value, "invalid regular expression '\(s)': \(error)")
                }
            case "module":
                let names = strings(value, key: "\(side).module", expecting: Self.moduleName)
                m.modules = names.map(\.value)
                references += names.map { ($0.value, $0.location) }
            case "path":
                m.paths = strings(value, key: "\(side).path", expecting: Self.glob).map { Glob($0.value) }
            case "kind":
                m.kinds = names(value, key: "\(side).kind", of: NodeKind.self, what: "type kind")
            default:
                problem(
                    keyNode,
                    "unknown matcher key '\(key)' in '\(side)'"
                        + Suggestion.hint(for: key, in: ConfigReader.matcherKeys))
            }
        }
        return m
    }

    // MARK: Values

    /// A whole number in `range`, or a problem with `message` and nil.
    mutating func wholeNumber(_ node: YAMLNode, in range: ClosedRange<Int>, _ message: String) -> Int? {
        guard let n = node.scalar.flatMap({ Int.construct(from: $0) }), range.contains(n) else {
            problem(node, message)
            return nil
        }
        return n
    }

    mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
        guard let b = node.scalar.flatMap({ Bool.construct(from: $0) }) else {
            problem(node, "'\(key)' must be true or false")
            return nil
        }
        return b
    }

    static let glob = "a glob string"
    static let moduleName = "a module name"

    /// One string or a list of strings, each with where it was written; `what` says what each
    /// is (`a glob string`), for the problems.
    mutating func strings(
        _ node: YAMLNode, key: String, expecting what: String
    ) -> [(value: String, location: ConfigLocation)] {
        if node.scalar != nil {
            return scalarText(node, key: key, expecting: what).map { [($0, ConfigReader.location(node))] } ?? []
        }
        guard let seq = node.sequence else {
            problem(node, "'\(key)' must be a list of strings")
            return []
        }
        var out: [(String, ConfigLocation)] = []
        for item in seq {
            if item.scalar != nil {
                if let s = scalarText(item, key: key, expecting: what) { out.append((s, ConfigReader.location(item))) }
            } else {
                problem(item, "'\(key)' must list strings")
            }
        }
        return out
    }

    /// A scalar's text where a string is expected; nil, with a problem, when YAML reads the
    /// scalar as something else: a number (`5`), a Boolean (`no`, `On`), a null (`~`, nothing)
    /// or a date. Its text would do as a glob or a name, but it is seldom what was meant (a
    /// module named `On` must be quoted), so it is said, not guessed.
    mutating func scalarText(_ node: YAMLNode, key: String, expecting what: String) -> String? {
        guard let scalar = node.scalar else { return nil }
        let reads: String
        switch node.tag.description {
        case Tag.Name.int.rawValue, Tag.Name.float.rawValue: reads = "the number"
        case Tag.Name.bool.rawValue: reads = "the Boolean"
        case Tag.Name.timestamp.rawValue: reads = "the date"
        case Tag.Name.null.rawValue:
            problem(node, "'\(key)': expected \(what), not an empty value")
            return nil
        default: return scalar.string
        }
        problem(
            node,
            "'\(key)': expected \(what), not \(reads) \(scalar.string) (quote it, \"\(scalar.string)\", to mean the text)"
        )
        return nil
    }

    /// One name or a list of names of an enumeration's cases; an unknown one with "did you mean".
    mutating func names<T: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, key: String, of type: T.Type, what: String
    ) -> [T] where T.RawValue == String {
        var out: [T] = []
        for entry in strings(node, key: key, expecting: ("aeiou".contains(what.prefix(1)) ? "an " : "a ") + what) {
            if let value = T(rawValue: entry.value) {
                out.append(value)
            } else {
                let known = T.allCases.map(\.rawValue)
                problems.append(
                    ConfigProblem(
                        file: path, at: entry.location,
                        "unknown \(what) '\(entry.value)'" + Suggestion.hint(for: entry.value, in: known)))
            }
        }
        return out
    }

    /// A list whose entries are a module name or a list of sibling module names.
    mutating func layers(
        _ node: YAMLNode, key: String, references: inout [(name: String, location: ConfigLocation)]
    ) -> [[String]] {
        guard let seq = node.sequence else {
            problem(node, "'\(key)' must list modules from the top layer down, such as [App, Features, Networking]")
            return []
        }
        var out: [[String]] = []
        var seen: Set<String> = []
        for item in seq {
            let names = strings(item, key: key, expecting: Self.moduleName)
            for name in names {
                if !seen.insert(name.value).inserted {
                    problems.append(
                        ConfigProblem(file: path, at: name.location, "module '\(name.value)' is in more than one layer")
                    )
                }
            }
            references += names.map { ($0.value, $0.location) }
            if !names.isEmpty { out.append(names.map(\.value)) }
        }
        return out
    }

    func yamlProblem(_ error: YamlError) -> ConfigProblem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return ConfigProblem(file: path, line: mark.line, column: mark.column, message: "invalid YAML: \(what)")
        default:
            return ConfigProblem(file: path, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
