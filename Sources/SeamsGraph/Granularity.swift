/// The level at which a graph is reported.
public enum Granularity: String, Codable, Sendable, CaseIterable {
    case type, file, module
}

extension Graph {
    /// The same dependencies seen at a coarser level. Type level is the graph itself.
    ///
    /// At file level an edge goes from the file holding a reference site to the file that
    /// declares the target; at module level, between the two nodes' modules.
    public func regrouped(by granularity: Granularity) -> Graph {
        if granularity == .type { return self }
        let byID = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0) })
        var builder = GraphBuilder()
        builder.diagnostics = diagnostics

        func groupNode(of node: Node, file: String?) -> Node {
            if node.external { return node }
            switch granularity {
            case .module:
                let name = node.module ?? "?"
                return Node(id: name, name: name, module: name, kind: .module, file: nil, line: nil)
            default:
                let path = file ?? node.file ?? "?"
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return Node(id: path, name: name, module: node.module, kind: .file, file: path, line: nil)
            }
        }
        // Files that declare nothing but are referenced only as sources still need a module.
        var moduleOfFile: [String: String?] = [:]
        for node in nodes where !node.external {
            if let f = node.file, moduleOfFile[f] == nil { moduleOfFile[f] = node.module }
        }
        // A group of test, preview or generated code only (a test target, a file of previews)
        // keeps that role, so that maps can mute it and views leave it out; test first, then
        // preview, when they are mixed. Each node's group is made once.
        let groups = nodes.map { groupNode(of: $0, file: nil) }
        var withProduction: Set<String> = []
        var leastRole: [String: NodeRole] = [:]
        for (node, group) in zip(nodes, groups) where !node.external {
            if let role = node.role {
                leastRole[group.id] = min(leastRole[group.id] ?? role, role)
            } else {
                withProduction.insert(group.id)
            }
        }
        for var group in groups {
            if !group.external, !withProduction.contains(group.id) { group.role = leastRole[group.id] }
            builder.add(group)
        }
        for edge in edges {
            guard let from = byID[edge.from], let to = byID[edge.to] else { continue }
            let target = groupNode(of: to, file: nil)
            for site in edge.sites {
                var source = groupNode(of: from, file: granularity == .file ? site.file : nil)
                if granularity == .file, source.module == nil { source.module = moduleOfFile[site.file] ?? from.module }
                builder.add(source)
                builder.addSite(from: source.id, to: target.id, site)
            }
        }
        return builder.build(root: root, modules: modules)
    }
}
