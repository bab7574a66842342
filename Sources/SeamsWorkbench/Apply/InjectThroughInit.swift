import SwiftParser
import SwiftSyntax

/// Parameterize Constructor (Feathers): a type that reads a dependency from everywhere (a
/// shared instance, a static property, a global, an accessor) gets it handed in. A stored
/// property holds it; every designated initializer takes it as a parameter whose default is
/// the expression the code read, so every caller compiles unchanged; the reads use the
/// property. A type that inherits its initializers (a view controller a storyboard makes)
/// would lose them to an initializer of its own: it gets a property with that default instead
/// (property injection), which a test sets after making it. A struct with no initializer gets a
/// `var` with that default, which its memberwise initializer then takes.
public enum InjectThroughInit {
    public static func rewrite(
        _ target: InjectionTarget, injections: [Injection], sources: [String: String]
    ) throws(ApplyRefusal) -> Rewrite {
        guard !injections.isEmpty else { throw ApplyRefusal("nothing to inject into \(target.name)") }
        var files: [String: ParsedFile] = [:]
        for (path, text) in sources { files[path] = ParsedFile(path: path, text: text) }
        let declaration = try primaryDeclaration(target, in: files)
        let extensions = files.keys.sorted().flatMap { path in
            files[path]!.extensions(named: target.name).map { (path, $0) }
        }
        // A subclass's or a superclass's member of the same name would clash with (or override,
        // or be overridden by) the new property.
        var subclassBlocks: [MemberBlockSyntax] = []
        for name in target.subclasses + target.superclasses {
            for path in files.keys.sorted() {
                let file = files[path]!
                subclassBlocks += file.typeDeclarations(named: name).compactMap {
                    $0.asProtocol(DeclGroupSyntax.self)?.memberBlock
                }
                subclassBlocks += file.extensions(named: name).map(\.memberBlock)
            }
        }
        try checkSynthesized(target, declaration: declaration, extensions: extensions.map(\.1))
        try checkNames(
            injections, target: target, declaration: declaration,
            blocks: extensions.map(\.1.memberBlock) + subclassBlocks)

        var notes: [String] = []
        // The initializers that take the new parameters, and those that set the default.
        // How far what is handed in is seen: an initializer seen further cannot take it as a default.
        var seen = AccessLevel.public
        for injection in injections {
            if let level = injection.visibility { seen = min(seen, level) }
            if let type = injection.declaredBy,
                let level = ParsedFile.visibility(of: type, member: injection.member, in: files)
            {
                seen = min(seen, level)
            }
            if let level = ParsedFile.visibility(of: injection.type, in: files) {
                if level < .internal {
                    throw ApplyRefusal(
                        "\(injection.type) is \(level.name): a property of \(target.name), and its initializer's "
                            + "parameter, cannot name it")
                }
                seen = min(seen, level)
            }
        }
        let plan = initializerPlan(target, declaration: declaration, extensions: extensions, seen: seen)
        notes += plan.notes
        let takesParameter = Set(plan.parameterized.map { $0.1.id })

        // The reads, replaced by the property (or by the initializer's parameter inside it).
        var defaults: [String: String] = [:]
        for injection in injections {
            var replaced = 0
            for read in injection.reads.sorted() {
                guard let file = files[read.file] else {
                    notes.append("\(read.description): left as it is: the file was not given")
                    continue
                }
                switch file.replaceRead(at: read, with: injection, target: target, parameterized: takesParameter) {
                case .replaced(let expression):
                    replaced += 1
                    if defaults[injection.name] == nil { defaults[injection.name] = expression }
                case .left(let why):
                    notes.append("\(read.description): left as it is: \(why)")
                }
            }
            if replaced == 0 {
                throw ApplyRefusal(
                    "no read of \(injection.name) in \(target.name) can use a property"
                        + (notes.isEmpty ? "" : ": " + notes.joined(separator: "; ")))
            }
        }

        // The property (and where needed the initializer), and the parameters.
        let declFile = files[declaration.path]!
        let members = injections.map { injection in
            InjectedMember(injection: injection, defaultExpression: defaults[injection.name]!)
        }
        declFile.addProperties(members, to: declaration.syntax, style: plan.style, target: target)
        // Properties a test sets after making the object, and why.
        func propertyInjection(_ why: String) -> String {
            "\(why), so \(members.map { "`\($0.injection.name)`" }.joined(separator: ", ")) "
                + "\(members.count == 1 ? "is a property" : "are properties") with what the code did as default, "
                + "which a test sets after making it (property injection)"
        }
        switch plan.style {
        case .inheritedInitializers:
            notes.append(
                propertyInjection("\(target.name) inherits its initializers: an initializer of its own would hide them")
            )
        case .memberwise:
            notes.append(
                "\(target.name)'s memberwise initializer now takes "
                    + members.map { "\($0.injection.name):" }.joined(separator: " and ")
                    + ", with what the code did as default")
        case .keptInitializers:
            notes.append(propertyInjection("\(target.name)'s initializers keep their signatures"))
        case .newInitializer, .parameters:
            break
        }
        for (path, initializer) in plan.parameterized {
            try files[path]!.addParameters(members, to: initializer)
        }
        for (path, initializer) in plan.assigning {
            files[path]!.assignDefaults(members, in: initializer)
        }

        var changed: [String: String] = [:]
        for (path, file) in files {
            let text = try file.editedText()
            if text != file.text { changed[path] = text }
        }
        return Rewrite(files: changed, notes: notes)
    }

    // MARK: The declaration

    struct Declaration {
        var path: String
        var syntax: DeclSyntax
    }

    private static func primaryDeclaration(
        _ target: InjectionTarget, in files: [String: ParsedFile]
    ) throws(ApplyRefusal) -> Declaration {
        var found: [Declaration] = []
        for path in files.keys.sorted() {
            for decl in files[path]!.typeDeclarations(named: target.name) {
                found.append(Declaration(path: path, syntax: decl))
            }
        }
        guard let first = found.first else {
            throw ApplyRefusal(
                "no declaration of \(target.name) in the files seams read (has it changed since the scan?)")
        }
        guard found.count == 1 else {
            throw ApplyRefusal("\(target.name) is declared \(found.count) times (under #if?); change one by hand")
        }
        if first.syntax.is(EnumDeclSyntax.self) { throw enumRefusal(target.name) }
        if first.syntax.is(ProtocolDeclSyntax.self) {
            throw ApplyRefusal("\(target.name) is a protocol: the types that conform to it read the dependency")
        }
        return first
    }

    /// The accessor chains from a type (`UIApplication.appDelegate.api`) that members at these
    /// positions are used on, each with the positions of its uses, by the chain's text.
    public static func chains(at positions: [Position], sources: [String: String]) -> [String: [Position]] {
        var found: [String: [Position]] = [:]
        for (file, group) in Dictionary(grouping: positions, by: \.file) {
            guard let text = sources[file] else { continue }
            for (position, chain) in ParsedFile(path: file, text: text).chains(at: group) {
                found[chain, default: []].append(position)
            }
        }
        return found
    }

    /// A conformance Swift writes from the stored properties (`Equatable`, `Hashable`,
    /// `Codable`) would need the new one to conform too, which a closure or a service does not.
    static func checkSynthesized(
        _ target: InjectionTarget, declaration: Declaration, extensions: [ExtensionDeclSyntax]
    ) throws(ApplyRefusal) {
        let synthesized: Set<String> = ["Equatable", "Hashable", "Codable", "Encodable", "Decodable"]
        let groups: [DeclGroupSyntax] =
            [declaration.syntax.asProtocol(DeclGroupSyntax.self)].compactMap { $0 } + extensions.map { $0 }
        for group in groups {
            for inherited in group.inheritanceClause?.inheritedTypes ?? [] {
                let name = SyntaxPlaces.simple(inherited.type.trimmedDescription)
                if synthesized.contains(name) {
                    throw ApplyRefusal(
                        "\(target.name) conforms to \(name), which Swift may write from its stored properties: a new "
                            + "property of a closure or a service would have to be \(name) too; hand it in by hand")
                }
            }
        }
    }

    /// Why an enum cannot be given a dependency this way.
    public static func enumRefusal(_ name: String) -> ApplyRefusal {
        ApplyRefusal(
            "\(name) is an enum: it has no stored properties to hold what it reads. "
                + "Turn what reads it into an instance first (a struct or class), or pass the value to the "
                + "static functions that read it")
    }

    /// A member name the type already uses would change what existing code means.
    private static func checkNames(
        _ injections: [Injection], target: InjectionTarget, declaration: Declaration, blocks more: [MemberBlockSyntax]
    ) throws(ApplyRefusal) {
        var used: Set<String> = []
        let blocks = [declaration.syntax.asProtocol(DeclGroupSyntax.self)?.memberBlock].compactMap { $0 } + more
        for block in blocks {
            for item in block.members {
                if let v = item.decl.as(VariableDeclSyntax.self) {
                    for binding in v.bindings {
                        if let id = binding.pattern.as(IdentifierPatternSyntax.self) { used.insert(id.identifier.text) }
                    }
                } else if let f = item.decl.as(FunctionDeclSyntax.self) {
                    used.insert(f.name.text)
                }
            }
        }
        var seen: Set<String> = []
        for injection in injections {
            if used.contains(injection.name) {
                throw ApplyRefusal(
                    "\(target.name)\(target.subclasses.isEmpty && target.superclasses.isEmpty ? "" : ", a subclass or a superclass,")"
                        + " already has a member "
                        + "named \(injection.name); choose another name with --name")
            }
            if !seen.insert(injection.name).inserted {
                throw ApplyRefusal("two dependencies would both be named \(injection.name); choose names with --name")
            }
        }
    }

    // MARK: The initializers

    struct InitializerPlan {
        var style: InjectionStyle
        var parameterized: [(String, InitializerDeclSyntax)] = []
        var assigning: [(String, InitializerDeclSyntax)] = []
        var notes: [String] = []
    }

    private static func initializerPlan(
        _ target: InjectionTarget, declaration: Declaration, extensions: [(String, ExtensionDeclSyntax)],
        seen: AccessLevel
    ) -> InitializerPlan {
        let isClass = declaration.syntax.is(ClassDeclSyntax.self)
        let group = declaration.syntax.asProtocol(DeclGroupSyntax.self)!
        func designated(_ i: InitializerDeclSyntax) -> Bool {
            if isClass { return !SyntaxPlaces.has(.convenience, i.modifiers) }
            return !SyntaxPlaces.delegates(i)
        }
        var inits = group.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .filter(designated).map { (declaration.path, $0) }
        // A struct's or actor's initializer in an extension sets every stored property too.
        if !isClass {
            for (path, ext) in extensions {
                inits += ext.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
                    .filter(designated).map { (path, $0) }
            }
        }
        // A struct whose own declaration has no initializer keeps its memberwise one (its
        // extensions' initializers do not take it away): the property needs a default.
        let memberwise =
            declaration.syntax.is(StructDeclSyntax.self)
            && !group.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        if inits.isEmpty {
            if memberwise { return InitializerPlan(style: .memberwise) }
            return InitializerPlan(style: target.inheritsInitializers ? .inheritedInitializers : .newInitializer)
        }
        var plan = InitializerPlan(style: memberwise ? .memberwise : .parameters)
        for (path, i) in inits {
            // An override or a required initializer keeps the signature its superclass gives it;
            // one seen further than the dependency cannot name it in a default.
            let level = AccessLevel.effective(Syntax(i))
            let why =
                SyntaxPlaces.has(.override, i.modifiers) || SyntaxPlaces.has(.required, i.modifiers)
                ? "it overrides or is required"
                : !target.subclasses.isEmpty && isClass
                    ? "subclasses may override it"
                    : level > seen
                        ? "it is \(level.name) and the dependency \(seen.name)"
                        : nil
            if let why {
                plan.assigning.append((path, i))
                plan.notes.append(
                    "\(target.name).\(i.initKeyword.text)\(i.signature.parameterClause.trimmedDescription) "
                        + "keeps its signature (\(why)) and sets the old read")
            } else {
                plan.parameterized.append((path, i))
            }
        }
        // None takes the parameter: a property a test can set instead.
        if plan.parameterized.isEmpty, plan.style != .memberwise {
            plan.style = .keptInitializers
            plan.assigning = []
            plan.notes = []
        }
        return plan
    }
}
