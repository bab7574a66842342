import ArgumentParser
import Foundation
import SeamsGraph
import SeamsKit
import SeamsProject
import SwiftParser
import SwiftSyntax

/// How true the graph of a real app is, measured against what SwiftParser and the project
/// files say on their own: declared types that are nodes, files whose types sit in their
/// target's module, and module edges from packages to app targets. Figures, not a test.
struct TruthBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "truth",
        abstract: "Measure coverage and module truth of a scan of a real app."
    )

    @Argument(help: "The app's folder (with its .xcodeproj).")
    var path: String

    @Flag(help: "List what is missing or misplaced.")
    var verbose = false

    func run() throws {
        let clock = Date()
        let outcome = try ScanPipeline.run(ScanRequest(paths: [path]))
        let seconds = Date().timeIntervalSince(clock)
        let graph = outcome.graph
        let root = PathTools.absolute(path, base: FileManager.default.currentDirectoryPath)

        // Coverage: nominal types SwiftParser sees declared (not local) that are nodes of that file.
        var nodeNames: [String: Set<String>] = [:]
        for node in graph.nodes where node.file != nil {
            nodeNames[node.file!, default: []].insert(node.name.split(separator: ".").last.map(String.init) ?? "")
        }
        var declared = 0
        var found = 0
        var missing: [String] = []
        let allFiles = Set(outcome.scannedFiles)
        for file in allFiles.sorted() {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            let finder = DeclaredTypes(viewMode: .sourceAccurate)
            finder.walk(Parser.parse(source: text))
            for name in finder.names {
                declared += 1
                if nodeNames[file]?.contains(name) == true {
                    found += 1
                } else {
                    missing.append("\(file): \(name)")
                }
            }
        }

        // Module truth: files of exactly one Xcode target have all their types in its module.
        var single = 0
        var right = 0
        var misplaced: [String] = []
        var appModules: Set<String> = []
        for project in xcodeProjects(root) {
            guard let p = try? XcodeProjectReader.read(xcodeproj: project) else { continue }
            var owners: [String: [String]] = [:]
            for t in p.targets {
                appModules.insert(t.name)
                for f in t.swiftFiles { owners[PathTools.relative(f, to: root), default: []].append(t.name) }
            }
            var nodesOfFile: [String: [Node]] = [:]
            for n in graph.nodes where n.kind != .external && n.kind != .fileScope {
                if let f = n.file { nodesOfFile[f, default: []].append(n) }
            }
            for (file, targets) in owners where targets.count == 1 {
                guard let nodes = nodesOfFile[file], !nodes.isEmpty else { continue }
                single += 1
                if nodes.allSatisfy({ $0.module == targets[0] }) {
                    right += 1
                } else {
                    misplaced.append("\(file): \(targets[0]) ≠ \(Set(nodes.compactMap(\.module)).sorted())")
                }
            }
        }
        // Package modules with edges to app-target modules.
        var packageToApp: [String: Int] = [:]
        let moduleOf = Dictionary(graph.nodes.map { ($0.id, $0.module) }) { a, _ in a }
        for e in graph.edges {
            guard let from = moduleOf[e.from] ?? nil, let to = moduleOf[e.to] ?? nil, from != to,
                !appModules.contains(from), appModules.contains(to)
            else { continue }
            packageToApp["\(from) → \(to)", default: 0] += e.sites.count
        }

        func percent(_ a: Int, _ b: Int) -> String {
            b == 0 ? "n/a" : String(format: "%.2f%%", 100 * Double(a) / Double(b))
        }
        print(
            "scan: \(outcome.statistics.filesScanned) files, \(outcome.statistics.lines) lines, \(graph.nodes.count) nodes, \(graph.edges.count) edges in \(String(format: "%.2f", seconds)) s; modules from \(outcome.origin)"
        )
        print("coverage: \(found) of \(declared) declared types are nodes of their file (\(percent(found, declared)))")
        print(
            "module truth: \(right) of \(single) single-target files have all their types in that target's module (\(percent(right, single)))"
        )
        print(
            "package → app module edges: \(packageToApp.isEmpty ? "none" : packageToApp.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))"
        )
        if verbose {
            for m in missing.prefix(40) { print("  missing \(m)") }
            for m in misplaced.prefix(40) { print("  misplaced \(m)") }
        }
    }

    private func xcodeProjects(_ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".xcodeproj") }
            .sorted().map { root + "/" + $0 }
    }
}

/// Nominal type declarations at file level (inside any `#if`) or nested in types and
/// extensions; not local types inside code.
private final class DeclaredTypes: SyntaxVisitor {
    var names: [String] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func add(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
        names.append(name.text)
        return .visitChildren
    }
}
