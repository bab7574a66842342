import Foundation
import SeamsGraph
import SeamsWorkbench

/// Each recipe's part: which sites of the edge it takes, what it asks the workbench for.
extension ApplyPipeline {
    static func injectThroughInit(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        let graph = frame.graph
        let (fromID, toID) = (frame.from.id, frame.to.id)
        let request = frame.request
        let reads = graph.uses.filter { use in
            use.from == fromID && (use.kind == .staticRead || use.kind == .globalRead)
                && (use.to == toID || use.valueType == toID)
        }
        let written = Set(
            graph.uses.filter { $0.from == fromID && $0.kind == .staticWrite }.map {
                Position(file: $0.file, line: $0.line, column: $0.column)
            })
        var notes: [String] = []
        var groups: [String: [Use]] = [:]
        for use in reads {
            let position = Position(file: use.file, line: use.line, column: use.column)
            if written.contains(position) {
                notes.append("\(position.description): left as it is: \(use.path) is assigned there, not only read")
                continue
            }
            groups[(use.to ?? "") + " " + (use.targetMember ?? use.path), default: []].append(use)
        }
        // Accessor chains that give TO (`UIApplication.appDelegate.api`): the members FROM uses on them.
        let memberSites = (graph.edges.first { $0.from == fromID && $0.to == toID }?.sites ?? []).filter {
            $0.kind == .member
        }.map { Position(file: $0.file, line: $0.line, column: $0.column) }
        var siteTexts: [String: String] = [:]
        for file in Set(memberSites.map(\.file)) { siteTexts[file] = try frame.files.text(file) }
        var chains = InjectThroughInit.chains(at: memberSites, sources: siteTexts)
        if groups.isEmpty && chains.isEmpty {
            throw frame.refused(whyNothingToInject(from: fromID, to: toID, in: graph))
        }
        if frame.from.kind == .enum { throw frame.refused(InjectThroughInit.enumRefusal(frame.from.name).reason) }
        if request.name != nil, groups.count + chains.count > 1 {
            let things = groups.keys.map { String($0.split(separator: " ").last!) } + chains.keys
            throw SeamsError.input(
                "\(fromID) reads \(things.count) things of \(toID) (\(things.sorted().joined(separator: ", "))): "
                    + "--name names one")
        }
        var injections: [Injection] = []
        for key in groups.keys.sorted() {
            let uses = groups[key]!.sorted()
            let first = uses[0]
            guard let type = try valueType(of: first, in: graph, files: frame.files) else {
                if let owner = first.to.flatMap(graph.node),
                    let member = first.targetMember?.split(separator: "(").first.map(String.init),
                    DeclaredType.isStaticFunction(
                        member, in: owner.name.split(separator: "+").first.map(String.init) ?? owner.name,
                        sources: try frame.sources([], extending: [owner]))
                {
                    throw frame.refused(
                        "\(first.path) (\(first.file):\(first.line)) is a static function of \(owner.name) passed as a "
                            + "value, not a shared instance: there is nothing to hand in through init")
                }
                if let owner = first.to.flatMap(graph.node), let file = owner.file,
                    DeclaredType.isGeneric(owner.name, sources: [file: try frame.files.text(file)])
                {
                    throw frame.refused(
                        "\(owner.name) is generic: seams cannot tell which type arguments \(first.path) "
                            + "(\(first.file):\(first.line)) gives; hand it in by hand")
                }
                throw frame.refused(
                    "seams cannot tell the type of \(first.path) (\(first.file):\(first.line)); "
                        + "declare its type where it is declared")
            }
            let mode =
                request.mode?.mode ?? (first.has(.stored) && !first.has(.mutable) ? .value : .provider)
            var injection = Injection(
                name: request.name ?? propertyName(first, type: type), type: type, mode: mode,
                reads: uses.map { Position(file: $0.file, line: $0.line, column: $0.column) })
            // The type that declares what is read, when it is one (not an extension of another).
            if let owner = first.to.flatMap(graph.node), !owner.name.contains("+") {
                injection.declaredBy = owner.name
                injection.member = first.targetMember
            }
            injections.append(injection)
        }
        // A chain gives TO itself: a generic TO's bare name is no type a property can have.
        if !chains.isEmpty, let file = frame.to.file,
            DeclaredType.isGeneric(frame.to.name, sources: [file: try frame.files.text(file)])
        {
            if groups.isEmpty {
                throw frame.refused(
                    "\(frame.to.name) is generic: the chain that gives it (\(chains.keys.sorted()[0])) needs its type "
                        + "arguments, which seams cannot tell; hand it in by hand")
            }
            chains = [:]
        }
        for chain in chains.keys.sorted() {
            let last = String(chain.split(separator: ".").last ?? Substring(chain))
            injections.append(
                Injection(
                    name: request.name ?? last, type: frame.to.name, mode: .chain, reads: chains[chain]!.sorted()))
        }
        // Where the type is declared and extended, and where it reads.
        // …and the types read, and those they give, for how far each is seen.
        let read = Set(reads.flatMap { [$0.to, $0.valueType].compactMap { $0 } }).sorted().compactMap(graph.node)
        let sources = try frame.sources(
            Set(injections.flatMap { $0.reads.map(\.file) }),
            extending: [frame.from] + read.filter { !$0.external } + subclasses(frame.from, in: graph)
                + superclasses(frame.from, in: graph))
        var target = InjectionTarget(
            name: frame.from.name,
            inheritsInitializers: inheritsInitializers(frame.from, in: graph, sources: sources))
        target.subclasses = subclasses(frame.from, in: graph).map(\.name)
        target.superclasses = superclasses(frame.from, in: graph).map(\.name)
        do {
            var rewrite = try InjectThroughInit.rewrite(target, injections: injections, sources: sources)
            rewrite.notes = notes + rewrite.notes
            let what = injections.map {
                "\($0.name): \($0.type) (\($0.mode.rawValue), \($0.reads.count) read\($0.reads.count == 1 ? "" : "s"))"
            }
            return (rewrite, sources, what.joined(separator: "; "))
        } catch {
            throw frame.refused(error.reason)
        }
    }

    /// The factory closure: the edge's construction sites, made through a closure FROM is given.
    static func factoryClosure(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        let edge = frame.graph.edges.first { $0.from == frame.from.id && $0.to == frame.to.id }
        let sites = (edge?.sites ?? []).filter { $0.kind == .construct }.map {
            Position(file: $0.file, line: $0.line, column: $0.column)
        }
        guard !sites.isEmpty else {
            throw frame.refused(
                "\(frame.from.id) does not make \(frame.to.id)"
                    + (edge.map { " (it uses it as " + $0.kinds.map(\.rawValue).joined(separator: ", ") + ")" } ?? ""))
        }
        if frame.to.external {
            throw frame.refused("\(frame.to.id) is not scanned code: seams cannot read its initializers")
        }
        let sources = try frame.sources(
            Set(sites.map(\.file)),
            extending: [frame.from, frame.to] + subclasses(frame.from, in: frame.graph)
                + superclasses(frame.from, in: frame.graph))
        do {
            let injection = try FactoryClosure.injection(
                of: frame.to.name, sites: sites, name: frame.request.name, sources: sources)
            var target = InjectionTarget(
                name: frame.from.name,
                inheritsInitializers: inheritsInitializers(frame.from, in: frame.graph, sources: sources))
            target.subclasses = subclasses(frame.from, in: frame.graph).map(\.name)
            target.superclasses = superclasses(frame.from, in: frame.graph).map(\.name)
            let rewrite = try InjectThroughInit.rewrite(target, injections: [injection], sources: sources)
            return (
                rewrite, sources,
                "\(injection.name): \(injection.type) (\(sites.count) construction\(sites.count == 1 ? "" : "s"))"
            )
        } catch {
            throw frame.refused(error.reason)
        }
    }

    /// Extract Interface: the edge's member sites give the protocol's members; its type sites
    /// in FROM's stored properties and parameters take the protocol.
    static func extractProtocol(_ frame: Frame) throws -> (Rewrite, [String: String], String) {
        guard let edge = frame.graph.edges.first(where: { $0.from == frame.from.id && $0.to == frame.to.id }) else {
            throw frame.refused("there is no edge \(frame.from.id) → \(frame.to.id)")
        }
        if frame.to.external {
            throw frame.refused("\(frame.to.id) is not scanned code: seams writes protocols of what it read")
        }
        func positions(_ kinds: Set<SiteKind>) -> [Position] {
            edge.sites.filter { kinds.contains($0.kind) }.map {
                Position(file: $0.file, line: $0.line, column: $0.column)
            }
        }
        if edge.sites.contains(where: { $0.kind == .inherit }) {
            throw frame.refused(
                "\(frame.from.name) inherits \(frame.to.name): a protocol cannot stand for a superclass")
        }
        let sites = ExtractProtocol.Sites(
            members: positions([.member]), types: positions([.type]), concrete: positions([.construct, .static, .cast]))
        let name = frame.request.name ?? (String(frame.to.name.split(separator: ".").last!) + "Protocol")
        // The protocols FROM adopts too: a parameter that meets one of their requirements keeps its type.
        let adopted = frame.graph.edges.filter { e in
            e.from == frame.from.id && e.sites.contains { $0.kind == .inherit }
        }.compactMap { frame.graph.node($0.to) }.filter { !$0.external }
        let sources = try frame.sources(
            Set(edge.sites.map(\.file)), extending: [frame.from, frame.to] + adopted)
        do {
            let rewrite = try ExtractProtocol.rewrite(
                from: frame.from.name, to: frame.to.name, protocolName: name, sites: sites, sources: sources,
                crossModule: frame.from.module != frame.to.module)
            return (rewrite, sources, "protocol \(name)")
        } catch {
            throw frame.refused(error.reason)
        }
    }

    /// What the type's code does with the other type, when none of it is a read to hand in.
    static func whyNothingToInject(from: String, to: String, in graph: Graph) -> String {
        let uses = graph.uses.filter { $0.from == from && ($0.to == to || $0.valueType == to) }
        var kinds: [String] = []
        for kind in Set(uses.map(\.kind)).sorted() {
            let example = uses.first { $0.kind == kind }!
            switch kind {
            case .staticCall:
                kinds.append(
                    "calls its static functions (\(example.path)): give \(to) an instance first, then inject it")
            case .construct:
                kinds.append("makes it (\(example.path)): a factory closure is the seam for that")
            case .downcast:
                kinds.append("downcasts to it (\(example.path)): pass what it needs instead (a command object)")
            case .staticState, .staticWrite:
                kinds.append("assigns its static state (\(example.path)): move the state behind an instance first")
            case .staticRead, .globalRead, .call:
                continue
            }
        }
        let edge = graph.edges.first { $0.from == from && $0.to == to }
        if kinds.isEmpty {
            guard let edge else { return "there is no edge \(from) → \(to)" }
            return "\(from) reads no shared instance, static property or global of \(to); it uses it as "
                + edge.kinds.map(\.rawValue).joined(separator: ", ") + " (already handed in, or a type it names)"
        }
        return "\(from) reads no shared instance, static property or global of \(to); it "
            + kinds.joined(separator: "; ")
    }

    /// The type of what a read gives, as the type's own file spells it: the scan's inference, else the declaration.
    static func valueType(of use: Use, in graph: Graph, files: SourceFiles) throws -> String? {
        if let type = use.valueType {
            guard let node = graph.node(type) else { return type }
            // A generic type's bare name is no type: its declaration says which arguments it has here.
            if let file = node.file, DeclaredType.isGeneric(node.name, sources: [file: try files.text(file)]) {
                // Inside its generic type, `Node` means `Node<Context>`: no type outside it.
                guard let declared = try declaredType(of: use, in: graph, files: files),
                    declared.contains("<") || declared != node.name
                else { return nil }
                return declared
            }
            return node.name
        }
        return try declaredType(of: use, in: graph, files: files)
    }

    /// What the declaration of the member read says its type is.
    static func declaredType(of use: Use, in graph: Graph, files: SourceFiles) throws -> String? {
        guard let owner = use.to.flatMap(graph.node), let file = owner.file,
            let member = use.targetMember ?? use.path.split(separator: ".").last.map(String.init)
        else { return nil }
        let declared = DeclaredType.of(
            member, in: use.kind == .globalRead ? nil : owner.name, sources: [file: try files.text(file)])
        return declared
    }

    /// `shared`, `default`, `current`: the type's name (`logger`); else the member's own name.
    static func propertyName(_ use: Use, type: String) -> String {
        let member = use.targetMember ?? String(use.path.split(separator: ".").last ?? "")
        let instanceNames: Set<String> = [
            "shared", "default", "current", "standard", "main", "instance", "sharedInstance",
        ]
        guard instanceNames.contains(member) || member.isEmpty else { return member }
        let simple = type.split(separator: ".").last.map(String.init) ?? type
        let letters = simple.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        // `URLSession` → `urlSession`, `Logger` → `logger`.
        let upper = letters.prefix { $0.isUppercase }
        let lowered =
            upper.count > 1 && upper.count < letters.count
            ? upper.dropLast().lowercased() + letters.dropFirst(upper.count - 1)
            : letters.prefix(1).lowercased() + letters.dropFirst()
        return lowered.isEmpty ? "dependency" : String(lowered)
    }

    /// A class whose first inherited type is a class (scanned, or not a protocol seams knows)
    /// inherits its initializers, which one of its own would hide.
    /// Scanned classes that inherit from it, however far down.
    static func subclasses(_ node: Node, in graph: Graph) -> [Node] { lineage(node, in: graph, down: true) }

    /// Scanned classes it inherits from, however far up.
    static func superclasses(_ node: Node, in graph: Graph) -> [Node] { lineage(node, in: graph, down: false) }

    static func lineage(_ node: Node, in graph: Graph, down: Bool) -> [Node] {
        guard node.kind == .class else { return [] }
        var found: [Node] = []
        var queue = [node.id]
        var seen: Set<String> = [node.id]
        while let id = queue.popLast() {
            for edge in graph.edges
            where (down ? edge.to : edge.from) == id && edge.sites.contains(where: { $0.kind == .inherit }) {
                guard let sub = graph.node(down ? edge.from : edge.to), sub.kind == .class, seen.insert(sub.id).inserted
                else { continue }
                found.append(sub)
                queue.append(sub.id)
            }
        }
        return found.sorted { $0.id < $1.id }
    }

    static func inheritsInitializers(_ node: Node, in graph: Graph, sources: [String: String]) -> Bool {
        guard node.kind == .class else { return false }
        let inherited = graph.edges.filter { $0.from == node.id && $0.sites.contains { $0.kind == .inherit } }
        if inherited.contains(where: { graph.node($0.to)?.kind == .class }) { return true }
        // A superclass the scan does not hold (UIViewController, NSObject) leaves no edge: the
        // declaration says whether the class names anything but protocols.
        let protocols = Set(graph.nodes.filter { $0.kind == .protocol }.map(\.name))
        return InheritanceClause.namesSuperclass(node.name, sources: sources, knownProtocols: protocols)
    }
}
