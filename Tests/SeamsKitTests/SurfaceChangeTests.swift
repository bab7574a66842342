import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import Testing

/// A file whose declarations changed: the files the change can reach are resolved again and
/// the last graph patched; each result must be the bytes a scan without the cache gives.
extension CacheTests {
    @Test func aChangedDeclarationResolvesTheFilesItReachesAndPatchesTheGraph() throws {
        let files = [
            "Models.swift": """
            final class Service { static let shared = Service(); func load() -> Report { Report(title: "") } }
            struct Report { var title: String }
            protocol Printable {}
            extension Printable { func printOut() -> Printer { Printer() } }
            final class Printer { func flush() {} }
            func makeReport() -> Report { Report(title: "") }
            enum Kind { case big }
            """,
            // Properties whose types are inferred from the models: a file using them names
            // neither the models nor their members' types.
            "Holder.swift": """
            enum Holder {
                static let service = Service.shared
                static var report = Service.shared.load()
                static var made = makeReport()
            }
            """,
            "Use1.swift": "final class Use1 { func run() { _ = Holder.service.load().title } }",
            "Use2.swift": #"final class Use2 { func run() { let r = Report(title: "x"); _ = r.summary.text } }"#,
            "Use3.swift": "final class Use3 { func run(_ s: Service) { _ = s.printOut() } }",
            "Use4.swift": "final class Use4 { func run() { Holder.report[0].flush() } }",
            "Use5.swift": "final class Use5 { func run() { _ = Holder.report.title } }",
            "Use6.swift": "final class Use6 { func run() { _ = Holder.service.printOut() } }",
            "Use7.swift": "final class Use7 { func run() { _ = Holder.made.title } }",
            "Use8.swift": "final class Use8 { func run() { _ = Report(code: .big) } }",
            // `.init(…)` on a contextual type: the file names the type, not the initializer.
            "Use9.swift": "final class Use9 { func make() -> Report { .init(code: .big) } }",
        ]
        // Few reached files are patched among so many.
        let (base, tree, root) = try scannedTree(files, fillers: 80) { "struct Filler\($0) { let n = \($0) }\n" }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let models = tree + "/Models.swift"
        func edit(_ change: (String) -> String) throws {
            let text = try String(contentsOfFile: models, encoding: .utf8)
            let changed = change(text)
            #expect(changed != text)
            try changed.write(toFile: models, atomically: true, encoding: .utf8)
        }
        func replacing(_ old: String, _ new: String) -> (String) -> String {
            { $0.replacingOccurrences(of: old, with: new) }
        }
        let edits: [(what: String, change: (String) -> String, resolved: Int?, edge: (String, String)?)] = [
            ("a type no file mentions", { $0 + "\nstruct Unused {}\n" }, 1, nil),
            // Other files name `Service`; a plain extension changes it only through its members.
            (
                "an extension's member no file mentions", { $0 + "\nextension Service { func unusedHelper() {} }\n" },
                1, nil
            ),
            (
                "a member another file calls already",
                {
                    $0
                        + "\nextension Report { var summary: Summary { Summary() } }\nstruct Summary { var text = \"\" }\n"
                }, nil,
                ("Use2", "Summary")
            ),
            (
                "a result type, reached through an inferred property",
                replacing(
                    #"func load() -> Report { Report(title: "") }"#,
                    #"func load() -> Draft { Draft(title: "") }"# + "\n}\nstruct Draft { var title: String\n"), nil,
                ("Use5", "Draft")
            ),
            ("a conformance", { $0 + "\nextension Service: Printable {}\n" }, nil, ("Use6", "Printable")),
            (
                "a subscript of a type reached by inference",
                replacing(
                    "struct Draft { var title: String\n",
                    "struct Draft { var title: String\n subscript(i: Int) -> Printer { Printer() }\n"),
                nil, ("Use4", "Printer")
            ),
            (
                "a global function's result type",
                replacing(
                    #"func makeReport() -> Report { Report(title: "") }"#,
                    #"func makeReport() -> Draft { Draft(title: "") }"#),
                nil, ("Use7", "Draft")
            ),
            (
                "an initializer, called by its type's name and as `.init`",
                replacing(
                    "extension Report { var summary: Summary { Summary() } }",
                    "extension Report {\n var summary: Summary { Summary() }\n init(code: Kind) { self.init(title: \"\") }\n}"
                ),
                nil, ("Use9", "Kind")
            ),
            (
                "a stored property (the memberwise initializer)",
                replacing("struct Report { var title: String }", "struct Report { var title: String; var pages: Int }"),
                nil, nil
            ),
            ("a type removed", replacing(#"struct Summary { var text = "" }"#, ""), nil, nil),
            ("a class made a struct", replacing("final class Printer {", "struct Printer {"), nil, nil),
        ]
        for (what, change, resolved, edge) in edits {
            try edit(change)
            let warm = try graph(tree, cache: DiskCache(root: root))
            let uncached = try graph(tree, cache: nil).graph
            #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(uncached), "\(what)")
            #expect(warm.stats.graphFrom == .patched, "\(what)")
            #expect(warm.stats.filesResolved < 12, "\(what): \(warm.stats.filesResolved) resolved")
            if let resolved { #expect(warm.stats.filesResolved == resolved, "\(what)") }
            if let (from, to) = edge {
                #expect(uncached.edge(from: "tree.\(from)", to: "tree.\(to)") != nil, "\(what)")
            }
        }
    }
}
