import Foundation
import SeamsGraph
import SeamsRules

/// SARIF 2.1.0, as GitHub code scanning and other static-analysis viewers read it: rule
/// metadata, relative URIs against %SRCROOT%, every site of a violation as a location, and a
/// fingerprint made from the violation's meaning so alerts follow code that moves.
public enum SARIFReporter {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    static let improvedRule = "baseline-to-tighten"

    public static func render(_ result: CheckResult) -> String {
        var rules: [[String: Any]] = result.rules.map { rule in
            let kind = RuleCatalog.kind(named: rule.kind)?.description
            var entry: [String: Any] = [
                "id": rule.id,
                "name": camel(rule.id),
                "shortDescription": ["text": rule.because ?? rule.summary],
                "fullDescription": ["text": [rule.because, kind?.summary].compactMap { $0 }.joined(separator: " ")],
                "defaultConfiguration": ["level": level(rule.severity)],
                "properties": ["kind": rule.kind, "tags": ["architecture", "dependencies"]],
            ]
            if let kind { entry["help"] = ["text": "\(kind.summary) \(kind.rationale)"] }
            return entry
        }
        if !result.stale.isEmpty {
            rules.append([
                "id": CheckWording.staleRule,
                "name": "StaleBaseline",
                "shortDescription": ["text": "A baseline entry matches no violation any more."],
                "fullDescription": [
                    "text":
                        "The violation the entry accepted is gone: the baseline can be tightened by removing the entry."
                ],
                "defaultConfiguration": ["level": level(result.staleSeverity)],
                "properties": ["tags": ["baseline"]],
            ])
        }
        if !result.improved.isEmpty {
            rules.append([
                "id": improvedRule,
                "name": "BaselineToTighten",
                "shortDescription": ["text": "A baselined violation shrank: the baseline can be tightened."],
                "fullDescription": [
                    "text": "The violation the entry accepted shrank or split: --write-baseline keeps the gain."
                ],
                "defaultConfiguration": ["level": "note"],
                "properties": ["tags": ["baseline"]],
            ])
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1["id"] as! String, $0) })
        var results: [[String: Any]] = result.open.map { v in
            var locations = sites(of: v).map { physical(result, $0.0) }
            if locations.isEmpty { locations = [physical(result, v.location)] }
            var entry: [String: Any] = [
                "ruleId": v.rule,
                "ruleIndex": ruleIndex[v.rule] ?? 0,
                "level": level(v.severity),
                "message": ["text": CheckWording.message(v)],
                "locations": [locations[0]],
                "partialFingerprints": ["seamsViolation/v1": fingerprint(v.key.line)],
            ]
            let related = sites(of: v).dropFirst()
            if !related.isEmpty {
                entry["relatedLocations"] = related.enumerated().map { i, pair in
                    var l = physical(result, pair.0)
                    l["id"] = i + 1
                    l["message"] = ["text": pair.1]
                    return l
                }
            }
            if result.baseline != nil { entry["baselineState"] = "new" }
            return entry
        }
        for s in result.stale {
            results.append([
                "ruleId": CheckWording.staleRule,
                "ruleIndex": ruleIndex[CheckWording.staleRule] ?? 0,
                "level": level(result.staleSeverity),
                "message": ["text": CheckWording.stale(s)],
                "locations": [physical(result, s.location)],
                "partialFingerprints": ["seamsViolation/v1": fingerprint("stale:" + s.entry.line)],
            ])
        }
        for s in result.improved {
            results.append([
                "ruleId": improvedRule,
                "ruleIndex": ruleIndex[improvedRule] ?? 0,
                "level": "note",
                "message": ["text": CheckWording.improved(s)],
                "locations": [physical(result, s.location)],
                "partialFingerprints": ["seamsViolation/v1": fingerprint("improved:" + s.entry.line)],
            ])
        }
        let document: [String: Any] = [
            "$schema": schema,
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "seams",
                            "semanticVersion": SeamsVersion.current,
                            "version": SeamsVersion.current,
                            "rules": rules,
                        ]
                    ],
                    "originalUriBaseIds": ["%SRCROOT%": sourceRoot(result)],
                    "results": results,
                ]
            ],
        ]
        let data = try! JSONSerialization.data(
            withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Each site of a violation with what it shows: for a cycle, the edge it belongs to.
    static func sites(of v: Violation) -> [(Location, String)] {
        switch v.subject {
        case .dependency:
            return v.sites.map { (Location($0), "\(v.from ?? "?") → \(v.to ?? "?") (\($0.kind.rawValue))") }
        case .cycle:
            return (v.cycle ?? []).flatMap { step in
                step.sites.map { (Location($0), "\(step.from) → \(step.to) (\($0.kind.rawValue))") }
            }
        case .count:
            return []
        }
    }

    static func physical(_ result: CheckResult, _ l: Location) -> [String: Any] {
        [
            "physicalLocation": [
                "artifactLocation": ["uri": uri(result.portablePath(l)), "uriBaseId": "%SRCROOT%"],
                "region": ["startLine": max(1, l.line), "startColumn": max(1, l.column)],
            ]
        ]
    }

    /// What %SRCROOT% stands for: the folder seams ran in, or the scan root when that lies
    /// outside it (then named by its absolute file URI, so that viewers can resolve the paths).
    static func sourceRoot(_ result: CheckResult) -> [String: Any] {
        guard result.root.hasPrefix("/") else { return ["description": ["text": "The folder seams was run in."]] }
        let folder = result.root.hasSuffix("/") ? result.root : result.root + "/"
        return ["uri": "file://" + uri(folder), "description": ["text": "The scanned folder."]]
    }

    /// A relative URI reference: each path segment percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }

    static func level(_ s: RuleSeverity) -> String { s == .error ? "error" : "warning" }

    /// `api-knows-no-ui` → `ApiKnowsNoUi`: SARIF's rule name is an identifier.
    static func camel(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// The same text gives the same fingerprint on every machine (see `Fingerprint`).
    static func fingerprint(_ text: String) -> String { Fingerprint.hex(text) }
}
