import Foundation
import SeamsKit
import SeamsRules
import SeamsTestSupport
import Testing

/// A bad config gets every problem at once, each at its line and column.
struct ConfigTests {
    func problems(_ yaml: String) -> [String] {
        do {
            _ = try SeamsConfig.parse(yaml, path: "seams.yml")
            return []
        } catch let error as ConfigError {
            return error.problems.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func theIssuesExampleParses() throws {
        let config = try SeamsConfig.parse(
            """
            exclude: ["**/Generated/**"]
            modules:
              Networking: ["App/API/**"]
              SignIn: ["App/SignIn/**"]
            layers: [App, SignIn, UIHelpers, Networking]
            baseline: seams-baseline.json
            rules:
              - id: no-type-cycles
                kind: no-cycles
                scope: type
                severity: error
              - id: api-knows-no-ui
                kind: forbidden
                from: { module: Networking }
                to:   { type: "AppDelegate|.*ViewController" }
                because: "The API client must be reusable by the expense app."
              - id: only-root-knows-appdelegate
                kind: only
                to:   { type: AppDelegate }
                from: { type: "AppDelegate|SceneDelegate" }
              - id: lean-view-controllers
                kind: max-dependencies
                from: { type: ".*ViewController" }
                limit: 8
                severity: warning
            """, path: "seams.yml")
        #expect(
            config.rules.map(\.id) == [
                "no-type-cycles", "api-knows-no-ui", "only-root-knows-appdelegate", "lean-view-controllers",
            ])
        #expect(config.effectiveRules.map(\.id).last == "layers")
        #expect(config.layers == [["App"], ["SignIn"], ["UIHelpers"], ["Networking"]])
        #expect(config.baseline == "seams-baseline.json")
        #expect(config.rules[3].severity == .warning && config.rules[3].limit == 8)
        #expect(config.rules[1].because == "The API client must be reusable by the expense app.")
    }

    @Test func everyProblemAtOnceWithLineAndColumn() {
        let found = problems(
            """
            rulez: []
            rules:
              - id: a
                kind: forbiden
              - kind: no-cycles
              - id: b
                kind: forbidden
                from: { modul: X, type: "(abc" }
                to: { type: A }
                limit: 3
                severity: fatal
                via: [inherits]
              - id: b
                kind: max-dependencies
            """)
        #expect(
            found == [
                "seams.yml:1:1: error: unknown key 'rulez'; did you mean 'rules'?",
                "seams.yml:4:11: error: unknown rule kind 'forbiden'; did you mean 'forbidden'?",
                "seams.yml:5:5: error: this rule has no 'id'; give it one, such as 'id: no-type-cycles'",
                "seams.yml:8:13: error: unknown matcher key 'modul' in 'from'; did you mean 'module'?",
                "seams.yml:8:29: error: invalid regular expression '(abc': expected ')'",
                "seams.yml:10:5: error: 'limit' does not apply to rules of kind forbidden",
                "seams.yml:11:15: error: severity must be error or warning, not 'fatal'",
                "seams.yml:12:11: error: unknown edge kind 'inherits'; did you mean 'inherit'?",
                "seams.yml:13:5: error: duplicate rule id 'b' (first at line 6)",
                "seams.yml:13:5: error: rule 'b' of kind max-dependencies needs 'limit'",
            ], "\(found.joined(separator: "\n"))")
    }

    @Test func kindSpecificNeeds() {
        #expect(
            problems("rules: [{ id: x, kind: forbidden }]") == [
                "seams.yml:1:9: error: rule 'x' of kind forbidden needs 'to'"
            ])
        #expect(problems("rules: [{ id: x, kind: layers }]").first?.contains("needs a 'layers:' list") == true)
        #expect(
            problems("rules: [{ id: x, kind: independent, modules: [A] }]")
                == ["seams.yml:1:46: error: 'modules' of an independent rule must list two modules or more"])
        #expect(problems("layers: [A, [B, A]]") == ["seams.yml:1:17: error: module 'A' is in more than one layer"])
        #expect(
            problems("rules: [{ id: x, kind: no-cycles, scope: file }]") == [
                "seams.yml:1:42: error: scope must be type or module, not 'file'"
            ])
        #expect(
            problems("rules: [{ id: x, kind: forbidden, to: { kind: klass } }]") == [
                "seams.yml:1:47: error: unknown type kind 'klass'; did you mean 'class'?"
            ])
        #expect(problems("rules: [{ id: 'two words', kind: no-cycles }]").first?.contains("one word") == true)
    }

    @Test func aNumberABooleanOrANullIsNotTakenForAString() throws {
        // YAML reads these as other types; seams took their text as globs and names.
        let found = problems(
            """
            exclude: 5
            targets: [App, 12]
            modules:
              Net: ["Net/**", 3]
              7: ["Seven/**"]
            layers: [App, no, [Net, ~]]
            baseline: 1.5
            rules:
              - { id: x, kind: forbidden, from: { path: 2024-01-01 }, to: { module: On } }
              - { id: y, kind: independent, modules: [App, false] }
              - { id: z, kind: forbidden, to: { module: Net }, via: [0x1] }
            """)
        #expect(
            found == [
                "seams.yml:1:10: error: 'exclude': expected a glob string, not the number 5 (quote it, \"5\", to mean the text)",
                "seams.yml:2:16: error: 'targets': expected a target name, not the number 12 (quote it, \"12\", to mean the text)",
                "seams.yml:4:19: error: 'modules.Net': expected a glob string, not the number 3 (quote it, \"3\", to mean the text)",
                "seams.yml:5:3: error: 'modules': expected a module name, not the number 7 (quote it, \"7\", to mean the text)",
                "seams.yml:6:15: error: 'layers': expected a module name, not the Boolean no (quote it, \"no\", to mean the text)",
                "seams.yml:6:25: error: 'layers': expected a module name, not an empty value",
                "seams.yml:7:11: error: 'baseline': expected the path of a baseline file, not the number 1.5 (quote it, \"1.5\", to mean the text)",
                "seams.yml:9:45: error: 'from.path': expected a glob string, not the date 2024-01-01 (quote it, \"2024-01-01\", to mean the text)",
                "seams.yml:9:73: error: 'to.module': expected a module name, not the Boolean On (quote it, \"On\", to mean the text)",
                "seams.yml:10:42: error: 'modules' of an independent rule must list two modules or more",
                "seams.yml:10:48: error: 'modules': expected a module name, not the Boolean false (quote it, \"false\", to mean the text)",
                "seams.yml:11:58: error: 'via': expected an edge kind, not the number 0x1 (quote it, \"0x1\", to mean the text)",
            ], "\(found.joined(separator: "\n"))")
        // Quoted, they are text.
        let config = try SeamsConfig.parse(
            "exclude: \"5\"\ntargets: ['12']\nlayers: [App, \"no\"]\nbaseline: \"1.5\"\n", path: "seams.yml")
        #expect(config.exclude.map(\.pattern) == ["5"])
        #expect(config.targets == ["12"])
        #expect(config.layers == [["App"], ["no"]])
        #expect(config.baseline == "1.5")
    }

    @Test func modulesTheScanDoesNotKnowAndAMissingBaselineAreReportedWithTheRest() throws {
        let dir = try TempDir()
        let app = try dir.copy(fixture: "XcodeApp", as: "app")
        try dir.write(
            "app/seams.yml",
            """
            modules:
              Networking: ["TechApp/API/**"]
              Ghost: ["Nowhere/**"]
            layers: [TechApp, Netwrking]
            baseline: missing.json
            rules:
              - { id: x, kind: forbiden }
            """)
        var request = CheckRequest(scan: ScanRequest(paths: ["app"]))
        request.scan.workingDirectory = dir.path
        #expect {
            try CheckPipeline.run(request)
        } throws: { error in
            guard case SeamsError.config(let e) = error else { return false }
            return e.problems.map(\.description) == [
                "app/seams.yml:3:3: error: module 'Ghost': its globs match no scanned Swift file",
                "app/seams.yml:4:19: error: module 'Netwrking' matches nothing in the scanned code; did you mean 'Networking'?",
                "app/seams.yml:5:11: error: baseline file app/missing.json does not exist; write it with --write-baseline app/missing.json",
                "app/seams.yml:7:20: error: unknown rule kind 'forbiden'; did you mean 'forbidden'?",
            ]
        }
        _ = app
    }

    @Test func aPatternThatMatchesNothingIsANote() throws {
        let dir = try TempDir()
        try dir.copy(fixture: "XcodeApp", as: "app")
        try dir.write(
            "app/seams.yml",
            "rules: [{ id: x, kind: forbidden, from: { type: Nothing }, to: { type: \"AppDelegat\" } }]")
        var request = CheckRequest(scan: ScanRequest(paths: ["app"]))
        request.scan.workingDirectory = dir.path
        let outcome = try CheckPipeline.run(request)
        #expect(outcome.notes.contains("rule 'x': 'from' (type: Nothing) matches nothing in the scanned code"))
        #expect(outcome.notes.contains("rule 'x': 'to' (type: AppDelegat) matches nothing in the scanned code"))
    }

    @Test func includeExternalInTheConfigKeepsTheTypesNoFileDeclares() throws {
        let dir = try TempDir()
        try dir.write("app/App/Screen.swift", "import UIKit\nfinal class Screen: UIViewController {}")
        var request = ScanRequest(paths: ["app"])
        request.workingDirectory = dir.path
        #expect(try ScanPipeline.run(request).graph.node("UIViewController") == nil)
        try dir.write("app/seams.yml", "include-external: true\n")
        #expect(try ScanPipeline.run(request).graph.node("UIViewController") != nil)
        #expect(
            problems("include-external: sometimes\nrules: [{ id: a, kind: no-cycles, inferred: 2 }]") == [
                "seams.yml:1:19: error: 'include-external' must be true or false",
                "seams.yml:2:45: error: 'inferred' must be true or false",
            ])
    }
}
