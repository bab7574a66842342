import Foundation
import SeamsGraph
import SeamsReport
import SeamsRules
import SeamsWorkbench

/// What `seams what-if` is asked: types to move into a module, edges to pretend away.
public struct WhatIfRequest: Sendable {
    public struct Move: Sendable, Equatable {
        /// Types by id, name or file (a glob: `FieldDesk.SignIn*`, `Sources/FieldDesk/SignIn*.swift`).
        public var glob: String
        public var module: String
        public init(glob: String, module: String) {
            self.glob = glob
            self.module = module
        }
    }

    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public var scan: ScanRequest
    public var moves: [Move] = []
    /// FROM and TO of each edge to cut, by id, name or the end of the id.
    public var cuts: [(from: String, to: String)] = []
    public var format: Format = .text
    /// Draw the before and after as an explorer page (for `--output x.html`).
    public var page = false
    public var layout: ViewLayout = .inProcess

    public init(scan: ScanRequest) { self.scan = scan }
}

public struct WhatIfOutcome: Sendable {
    public var report: WhatIfReport
    public var bytes: Data
    public var scopeWarning: String?
}

/// scan → the graph as the moves and cuts would leave it → what changes between the two: module
/// dependencies and cycles, the rules of seams.yml, and the declarations a new boundary would
/// need seen further. Nothing is written.
public enum WhatIfPipeline {
    public static func run(_ request: WhatIfRequest) throws -> WhatIfOutcome {
        guard !request.moves.isEmpty || !request.cuts.isEmpty else {
            throw SeamsError.input("nothing to try: give --move GLOB --to MODULE or --cut FROM TO")
        }
        var scan = request.scan
        // Rules see external types, as seams check does.
        scan.includeExternal = true
        scan.granularity = .type
        let outcome = try ScanPipeline.run(scan)
        let before = outcome.graph
        var after = before
        var changes: [String] = []
        // Original id of each type after the change (moved types are renamed).
        var original: [String: String] = [:]
        for move in request.moves {
            let glob = Glob(move.glob)
            let ids = Set(
                after.nodes.filter { node in
                    !node.external && node.kind != .fileScope
                        && (glob.matches(node.id) || glob.matches(node.name) || node.file.map(glob.matches) ?? false)
                }.map(\.id))
            guard !ids.isEmpty else {
                throw SeamsError.input("--move \(move.glob) matches no type of the scanned code (by id, name or file)")
            }
            let moved = after.moving(ids, to: move.module)
            if let clash = moved.clash { throw SeamsError.input("cannot move to \(move.module): \(clash)") }
            after = moved.graph
            for (old, new) in moved.renamed { original[new] = original[old] ?? old }
            let names = ids.sorted().map { String($0.split(separator: ".").last ?? Substring($0)) }
            changes.append(
                "move \(ids.count) type\(ids.count == 1 ? "" : "s") to \(move.module) ("
                    + (names.count > 6
                        ? names.prefix(6).joined(separator: ", ") + ", …" : names.joined(separator: ", "))
                    + ")")
        }
        for cut in request.cuts {
            let from = try NodeNames.id(cut.from, in: after, option: "--cut FROM")
            let to = try NodeNames.id(cut.to, in: after, option: "--cut TO")
            guard let cutGraph = after.cutting(from: from, to: to) else {
                throw SeamsError.input("--cut \(cut.from) \(cut.to): there is no edge \(from) → \(to)")
            }
            after = cutGraph
            changes.append("cut \(from) → \(to)")
        }

        // Module dependencies.
        let edgesBefore = before.moduleEdges()
        let edgesAfter = after.moduleEdges()
        var added: [WhatIfReport.ModuleEdge] = []
        var removed: [WhatIfReport.ModuleEdge] = []
        var changed: [WhatIfReport.ModuleEdgeChange] = []
        for pair in Set(edgesBefore.keys).union(edgesAfter.keys).sorted() {
            switch (edgesBefore[pair], edgesAfter[pair]) {
            case (nil, let n?): added.append(.init(from: pair.from, to: pair.to, edges: n))
            case (let n?, nil): removed.append(.init(from: pair.from, to: pair.to, edges: n))
            case (let a?, let b?) where a != b: changed.append(.init(from: pair.from, to: pair.to, before: a, after: b))
            default: break
            }
        }

        // The rules, on each side (without the baseline: what the change itself adds or removes).
        // A violation is the same on both sides when it is of the same rule between the same
        // types (a moved type by its old id), whatever its message says of the new names.
        let config = outcome.config
        func violations(_ graph: Graph, renamed: [String: String]) throws -> [String: String] {
            var out: [String: String] = [:]
            for v in try RuleEngine.check(graph, config: config).violations {
                func old(_ id: String?) -> String { id.map { renamed[$0] ?? $0 } ?? "" }
                let key = [
                    v.rule, old(v.from), old(v.to), (v.members ?? []).map { old($0) }.sorted().joined(separator: ","),
                ]
                .joined(separator: " ")
                out[key] = "\(v.rule): \(v.message)"
            }
            return out
        }
        let rulesBefore = try violations(before, renamed: [:])
        let rulesAfter = try violations(after, renamed: original)
        let broken = rulesAfter.filter { rulesBefore[$0.key] == nil }.map(\.value).sorted()
        let fixed = rulesBefore.filter { rulesAfter[$0.key] == nil }.map(\.value).sorted()

        let report = WhatIfReport(
            changes: changes, modulesBefore: moduleCount(before), modulesAfter: moduleCount(after),
            moduleEdgesAdded: added, moduleEdgesRemoved: removed, moduleEdgesChanged: changed,
            moduleCyclesBefore: moduleCycles(before), moduleCyclesAfter: moduleCycles(after),
            rulesBroken: broken, rulesFixed: fixed,
            needAccess: try needAccess(before: before, after: after, original: original))
        let bytes: Data
        if request.page {
            bytes = try page(
                before: before, after: after, title: changes.joined(separator: "; "), layout: request.layout)
        } else {
            switch request.format {
            case .text: bytes = Data(WhatIfReporter.text(report).utf8)
            case .json: bytes = Data(WhatIfReporter.json(report).utf8)
            }
        }
        return WhatIfOutcome(report: report, bytes: bytes, scopeWarning: outcome.scopeWarning)
    }

    static func moduleCount(_ graph: Graph) -> Int {
        Set(graph.nodes.filter { !$0.external }.compactMap(\.module)).count
    }

    static func moduleCycles(_ graph: Graph) -> [[String]] {
        let modules = Set(graph.nodes.filter { !$0.external }.compactMap(\.module))
        let pairs = graph.moduleEdges().keys
        let moduleGraph = Graph(
            root: graph.root, modules: [],
            nodes: modules.sorted().map { Node(id: $0, name: $0, module: $0, kind: .module, file: nil, line: nil) },
            edges: pairs.sorted().map { Edge(from: $0.from, to: $0.to, sites: []) }, diagnostics: [])
        return moduleGraph.cycles().components
    }

    /// Each type the change puts across a module boundary from a type that uses it (an edge
    /// that crosses after and did not before), seen less far than `package` today, with the
    /// members used and their levels.
    static func needAccess(before: Graph, after: Graph, original: [String: String]) throws -> [WhatIfReport.AccessNeed]
    {
        let nodesBefore = Dictionary(before.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let nodesAfter = Dictionary(after.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var users: [String: Set<String>] = [:]
        var members: [String: Set<String>] = [:]
        var texts: [String: String] = [:]
        func text(_ file: String) -> String? {
            if let t = texts[file] { return t }
            let path = file.hasPrefix("/") ? file : before.root + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            texts[file] = String(decoding: data, as: UTF8.self)
            return texts[file]
        }
        for edge in after.edges where !edge.soft {
            guard let a = nodesAfter[edge.from], let b = nodesAfter[edge.to], !a.external, !b.external,
                a.module != b.module,
                let a0 = nodesBefore[original[edge.from] ?? edge.from],
                let b0 = nodesBefore[original[edge.to] ?? edge.to],
                a0.module == b0.module
            else { continue }
            users[edge.to, default: []].insert(edge.from)
            for site in edge.sites where site.kind == .member {
                if let t = text(site.file),
                    let name = DeclaredAccess.name(
                        at: Position(file: site.file, line: site.line, column: site.column), in: t)
                {
                    members[edge.to, default: []].insert(name)
                }
            }
        }
        var needs: [WhatIfReport.AccessNeed] = []
        for type in users.keys.sorted() {
            guard let node = nodesBefore[original[type] ?? type], let file = node.file, let source = text(file) else {
                continue
            }
            let sources = [file: source]
            guard let level = DeclaredAccess.level(of: node.name, sources: sources) else { continue }
            var low: [String] = []
            for member in (members[type] ?? []).sorted() {
                if let m = DeclaredAccess.level(of: node.name, member: member, sources: sources), m < .package {
                    low.append("\(member) (\(m.name))")
                }
            }
            if level < .package || !low.isEmpty {
                needs.append(
                    .init(type: type, level: level.name, usedBy: users[type]!.sorted(), members: low))
            }
        }
        return needs
    }

    /// The before and the after on one explorer page, as `seams diff` draws them.
    static func page(before: Graph, after: Graph, title: String, layout: ViewLayout) throws -> Data {
        let old = before.removingStandardTypes()
        let new = after.removingStandardTypes()
        let (union, nodeChanges, edgeChanges) = GraphDiff.union(old, new)
        var input = ExplorerInput(graph: union, cycles: new.cycles(), title: "seams what-if: \(title)")
        input.changes = ExplorerInput.Changes(
            nodes: nodeChanges, edges: edgeChanges, before: old, beforeLabel: "now", afterLabel: "what if")
        return try ExplorerPipeline.page(input, engine: nil, layout: layout, progress: nil).0
    }
}
