import SeamsTestability
import Yams

/// `testability:`: services to add to the built-in table, each a pattern
/// (`PositionManager()`, `Analytics.shared`, `Keychain(*)`) or `{ match: pattern, service: name }`.
extension ConfigReader {
    static let testabilityKeys = ["services"]

    mutating func testability(_ node: YAMLNode) -> [ServicePattern] {
        guard let mapping = node.mapping else {
            problem(node, "'testability' must be a mapping with a 'services' list")
            return []
        }
        var out: [ServicePattern] = []
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
            case let key:
                problem(
                    keyNode,
                    "unknown key '\(key)' in 'testability'"
                        + Suggestion.hint(for: key, in: ConfigReader.testabilityKeys))
            }
        }
        return out
    }
}

extension SeamsConfig {
    /// The analysis `seams testability` and the `testable` rule run: the built-in service table
    /// with this config's services added.
    public var testabilityAnalysis: TestabilityAnalysis {
        TestabilityAnalysis(services: .standard(adding: services))
    }
}
