import Foundation
import SeamsGraph
import Yams

/// `untangle:`: weights of site kinds, the owner factor, and edges to keep or already cut.
extension ConfigReader {
    static let untangleKeys = ["weights", "owner-factor", "keep", "cut"]

    mutating func untangle(
        _ node: YAMLNode, references: inout [(name: String, location: ConfigLocation)]
    ) -> UntangleSettings {
        var settings = UntangleSettings()
        guard let mapping = node.mapping else {
            problem(node, "'untangle' must be a mapping with weights, keep and cut")
            return settings
        }
        for (keyNode, value) in mapping {
            switch keyNode.string ?? "" {
            case "weights":
                guard let weights = value.mapping else {
                    problem(value, "'untangle.weights' must map edge kinds to points, such as { construct: 3 }")
                    continue
                }
                for (kindNode, pointsNode) in weights {
                    let name = kindNode.string ?? ""
                    guard let kind = SiteKind(rawValue: name) else {
                        problem(
                            kindNode,
                            "unknown edge kind '\(name)'"
                                + Suggestion.hint(for: name, in: SiteKind.allCases.map(\.rawValue)))
                        continue
                    }
                    settings.weights[kind] =
                        wholeNumber(
                            pointsNode, in: 1...1000, "the weight of \(name) must be a whole number from 1 to 1000")
                        ?? settings.weights[kind]
                }
            case "owner-factor":
                settings.ownerFactor =
                    wholeNumber(value, in: 1...100, "'untangle.owner-factor' must be a whole number from 1 to 100")
                    ?? settings.ownerFactor
            case "keep":
                settings.keep = pins(value, key: "untangle.keep", references: &references)
            case "cut":
                settings.cut = pins(value, key: "untangle.cut", references: &references)
            case let key:
                problem(
                    keyNode,
                    "unknown key '\(key)' in 'untangle'" + Suggestion.hint(for: key, in: ConfigReader.untangleKeys))
            }
        }
        return settings
    }

    /// A list of edges, each `From -> To` (anchored type patterns) or `{ from: matcher, to: matcher }`.
    mutating func pins(
        _ node: YAMLNode, key: String, references: inout [(name: String, location: ConfigLocation)]
    ) -> [EdgePin] {
        guard let list = node.sequence else {
            problem(node, "'\(key)' must list edges, such as \"App.API -> App.AppDelegate\"")
            return []
        }
        var out: [EdgePin] = []
        for item in list {
            let location = ConfigReader.location(item)
            if let text = item.scalar?.string {
                let sides = text.components(separatedBy: "->").map { $0.trimmingCharacters(in: .whitespaces) }
                guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else {
                    problem(item, "an edge in '\(key)' is written 'From -> To', not '\(text)'")
                    continue
                }
                do {
                    out.append(
                        EdgePin(
                            from: Matcher(type: try TypePattern(sides[0])),
                            to: Matcher(type: try TypePattern(sides[1])),
                            location: location))
                } catch {
                    problem(item, "invalid regular expression in '\(text)': \(error)")
                }
            } else if let mapping = item.mapping {
                var from: Matcher?, to: Matcher?
                for (sideNode, value) in mapping {
                    switch sideNode.string ?? "" {
                    case "from": from = matcher(value, side: "from", references: &references)
                    case "to": to = matcher(value, side: "to", references: &references)
                    case let side: problem(sideNode, "an edge in '\(key)' has 'from' and 'to', not '\(side)'")
                    }
                }
                guard let from, let to else {
                    problem(item, "an edge in '\(key)' needs both 'from' and 'to'")
                    continue
                }
                out.append(EdgePin(from: from, to: to, location: location))
            } else {
                problem(item, "an edge in '\(key)' is 'From -> To' or { from: …, to: … }")
            }
        }
        return out
    }
}
