extension Site {
    /// The member the scanner gives sites in the closure of a `#Preview` macro: top-level code
    /// that runs only in Xcode's canvas.
    public static let previewMember = "#Preview"

    /// A site in a `#Preview` macro.
    public var isInPreview: Bool { member == Site.previewMember }
}

extension Graph {
    /// The graph with each scanned node's role set, from what the project and the scanner know:
    /// - test: the node is declared in a file of a test target (`testFiles` holds
    ///   `module + "\u{0}" + file`, as the node names its module and file);
    /// - generated: else, its file is in `generatedFiles`;
    /// - preview: else, it conforms to `PreviewProvider`, or every edge into it comes from
    ///   preview code (a preview node, or sites in a `#Preview` macro), at least one does, and
    ///   none comes from elsewhere. A type used nowhere stays production: it may be the app's root.
    /// Roles already set are kept; external nodes get none.
    public func markingRoles(testFiles: Set<String>, generatedFiles: Set<String>) -> Graph {
        var marked = nodes
        var index: [String: Int] = [:]
        for (i, n) in marked.enumerated() { index[n.id] = i }
        for i in marked.indices where !marked[i].external && marked[i].role == nil {
            guard let file = marked[i].file else { continue }
            if testFiles.contains((marked[i].module ?? "") + "\u{0}" + file) {
                marked[i].role = .test
            } else if generatedFiles.contains(file) {
                marked[i].role = .generated
            }
        }
        // Conformers of PreviewProvider (declared by SwiftUI, or by a scanned stand-in).
        let providers = Set(marked.filter { $0.name == "PreviewProvider" && $0.kind != .class }.map(\.id))
        var incoming: [String: [Edge]] = [:]
        for e in edges where e.from != e.to { incoming[e.to, default: []].append(e) }
        for e in edges where providers.contains(e.to) && e.kinds.contains(.inherit) {
            if let i = index[e.from], !marked[i].external, marked[i].role == nil { marked[i].role = .preview }
        }
        // Then what only previews use, until nothing changes (a helper of a preview-only helper).
        var changed = true
        while changed {
            changed = false
            for i in marked.indices where !marked[i].external && marked[i].role == nil {
                guard let into = incoming[marked[i].id], !into.isEmpty else { continue }
                let fromPreview = into.allSatisfy { e in
                    if let j = index[e.from], marked[j].role == .preview { return true }
                    return e.sites.allSatisfy(\.isInPreview)
                }
                if fromPreview {
                    marked[i].role = .preview
                    changed = true
                }
            }
        }
        return Graph(
            canonicalRoot: root, modules: modules, nodes: marked, edges: edges, diagnostics: diagnostics, uses: uses)
    }

    /// The production code: nodes with no role (external ones kept), and edges between them
    /// but for their sites in `#Preview` macros. What `testability` and `untangle` advise on
    /// unless `--include-tests`.
    public func productionOnly() -> Graph {
        guard
            nodes.contains(where: { $0.role != nil })
                || edges.contains(where: { $0.sites.contains(where: \.isInPreview) })
        else { return self }
        let keep = Set(nodes.filter(\.isProduction).map(\.id))
        return restricted(to: keep).keepingSites { !$0.isInPreview }
    }
}
