import SeamsTestability
import Yams

/// `testability:`: services to add to the built-in table, each a pattern
/// (`PositionManager()`, `Analytics.shared`, `Keychain(*)`) or `{ match: pattern, service: name }`;
/// `benign:`, the categories a test accepts (`logging`, `theming`, `localization`, `analytics`),
/// or names added to one (`{ match: "*Tracker", category: analytics }`).
extension ConfigReader {
    static let testabilityKeys = ["services", "benign"]

    mutating func testability(
        _ node: YAMLNode
    ) -> ([ServicePattern], (categories: [String], names: [BenignTable.Entry])?) {
        guard let mapping = node.mapping else {
            problem(node, "'testability' must be a mapping with a 'services' or 'benign' list")
            return ([], nil)
        }
        var out: [ServicePattern] = []
        var benign: (categories: [String], names: [BenignTable.Entry])?
        for (keyNode, value) in mapping {
            switch keyNode.string ?? "" {
            case "services":
                guard let list = value.sequence else {
                    problem(
                        value, "'testability.services' must list patterns, such as \"URLSession.shared\" or \"Date()\"")
                    continue
                }
                for item in list {
                    var text: String?
                    var service = "service"
                    if let s = item.string {
                        text = s
                    } else if let m = item.mapping {
                        for (k, v) in m {
                            switch k.string ?? "" {
                            case "match": text = v.string
                            case "service": service = v.string ?? service
                            case let other:
                                problem(k, "unknown key '\(other)' in a service; use 'match' and 'service'")
                            }
                        }
                    }
                    guard let text, let pattern = ServicePattern(text, service: service) else {
                        problem(
                            item,
                            "a service is a pattern: Type.member, Type(), Type(*), function() or Type, "
                                + "or { match: pattern, service: name }")
                        continue
                    }
                    out.append(pattern)
                }
            case "benign":
                benign = self.benign(value)
            case let key:
                problem(
                    keyNode,
                    "unknown key '\(key)' in 'testability'"
                        + Suggestion.hint(for: key, in: ConfigReader.testabilityKeys))
            }
        }
        return (out, benign)
    }

    private mutating func benign(_ value: YAMLNode) -> (categories: [String], names: [BenignTable.Entry]) {
        let known = BenignTable.knownCategories
        guard let list = value.sequence else {
            problem(value, "'testability.benign' must list categories (\(known.joined(separator: ", "))) or { match: Name, category: name }")
            return (BenignTable.defaultCategories, [])
        }
        var categories: [String] = []
        var names: [BenignTable.Entry] = []
        for item in list {
            if let category = item.string {
                if known.contains(category) {
                    categories.append(category)
                } else {
                    problem(
                        item,
                        "unknown benign category '\(category)'; the categories are \(known.joined(separator: ", "))"
                            + Suggestion.hint(for: category, in: known))
                }
            } else if let m = item.mapping {
                var match: String?
                var category: String?
                for (k, v) in m {
                    switch k.string ?? "" {
                    case "match": match = v.string
                    case "category": category = v.string
                    case let other: problem(k, "unknown key '\(other)' in a benign name; use 'match' and 'category'")
                    }
                }
                guard let match, let category, !match.isEmpty, !match.dropFirst().dropLast().contains("*") else {
                    problem(item, "a benign name is { match: Name, *Suffix or Prefix*, category: name }")
                    continue
                }
                names.append(BenignTable.Entry(pattern: match, category: category))
                // A name given a category makes that category benign.
                if !categories.contains(category) { categories.append(category) }
            } else {
                problem(item, "a benign entry is a category name or { match: Name, category: name }")
            }
        }
        return (categories, names)
    }
}

extension SeamsConfig {
    /// The analysis `seams testability` and the `testable` rule run: the built-in service table
    /// with this config's services added.
    public var testabilityAnalysis: TestabilityAnalysis {
        TestabilityAnalysis(
            services: .standard(adding: services),
            benign: benign.map { .standard(categories: $0.categories, adding: $0.names) } ?? .standard())
    }
}
