import SwiftSyntax

/// Writes a self-verifying mock of a protocol (Feathers' fake object that checks itself, as
/// lesson 3 of the sample writes its spies): a final class that records every call with its
/// arguments, answers with a handler closure or a return value a test sets (and stops with the
/// member's name when a non-optional answer was not set), and `verify()`, which fails the running
/// test (Swift Testing's or XCTest's) for each expected call that did not come.
public enum MockWriter {
    /// The mock of `subject`, whose inherited protocols seams scanned are in `inherited` (by name).
    /// Refuses what a mock cannot meet: associated types, `Self`, static members, protocols it
    /// does not know the members of.
    public static func mock(
        _ subject: ProtocolSource, inherited: [String: ProtocolSource], name: String? = nil
    ) throws(MockRefusal) -> String {
        let (decl, imports) = try subject.declaration()
        let mockName = name ?? subject.simpleName + "Mock"
        var requirements: [Requirement] = []
        var flags = Inheritance()
        var seen = Set<String>()
        try collect(decl, subject.name, inherited: inherited, into: &requirements, flags: &flags, seen: &seen)
        let members = Naming(requirements)
        for reserved in Naming.reserved where members.taken.contains(reserved) {
            throw MockRefusal(
                "\(subject.name) has a member named \(reserved), which the mock's own API uses; name the mock's by hand"
            )
        }

        var out =
            "// The mock of \(subject.name) (\(subject.file):\(subject.line)), written by `seams mock \(subject.name)`.\n"
        out += "// It records every call, answers with what the test sets, and verify() fails the test for\n"
        out += "// each expected call that did not come. Write it again when the protocol changes.\n"
        var modules = Set(imports)
        modules.remove(subject.module)
        for module in modules.sorted() { out += "import \(module)\n" }
        out += "\n@testable import \(moduleIdentifier(subject.module))\n\n"
        out += "#if canImport(Testing)\nimport Testing\n#endif\n#if canImport(XCTest)\nimport XCTest\n#endif\n\n"

        let actor = decl.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription.hasSuffix("Actor") }
        if let actor { out += "@\(actor.attributeName.trimmedDescription)\n" }
        var conformances = [subject.name]
        if flags.object { conformances.insert("NSObject", at: 0) }
        if flags.sendable { conformances.append("@unchecked Sendable") }
        out += "final class \(mockName): \(conformances.joined(separator: ", ")) {\n"
        out += "    /// The members of \(subject.name), to expect and count calls of.\n"
        out += "    enum Member: String, CaseIterable {\n"
        for entry in members.entries {
            out += "        case \(entry.reference) = \"\(entry.label)\"\n"
        }
        if members.entries.isEmpty { out += "        case none = \"\"\n" }
        out += "    }\n\n"
        out += "    /// Every call, in order (a property's read and each write count as calls).\n"
        out += "    private(set) var calls: [Member] = []\n"
        out += "    private var expectations: [Expectation] = []\n\n"
        let initializers = requirements.compactMap { r -> String? in
            if case .initializer(let signature) = r { return signature }
            return nil
        }
        if !initializers.contains(where: { $0.filter { !$0.isWhitespace } == "init()" }) {
            out += flags.object ? "    override init() { super.init() }\n" : "    init() {}\n"
        }
        for signature in initializers { out += "    required \(signature) {\(flags.object ? " super.init() " : "")}\n" }
        out += "\n"
        for (requirement, entry) in zip(members.requirements, members.groups) {
            switch requirement {
            case .method(let m): out += method(m, entry)
            case .property(let p): out += property(p, entry)
            case .initializer: break
            }
        }
        out += verification(mockName)
        out += "}\n"
        return out
    }

    /// What the protocol's inheritance clause asks of the mock's class.
    struct Inheritance {
        var object = false
        var sendable = false
    }

    private static func collect(
        _ decl: ProtocolDeclSyntax, _ name: String, inherited: [String: ProtocolSource],
        into requirements: inout [Requirement], flags: inout Inheritance, seen: inout Set<String>
    ) throws(MockRefusal) {
        guard seen.insert(name).inserted else { return }
        if decl.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" })
        {
            throw MockRefusal(
                "\(name) is @objc: its mock must be an Objective-C class, which seams mock does not write")
        }
        let unavailable = decl.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
            $0.attributeName.trimmedDescription == "available"
                && $0.arguments?.tokens(viewMode: .sourceAccurate).contains { $0.text == "unavailable" } == true
        }
        if let unavailable {
            throw MockRefusal("\(name) is unavailable (\(unavailable.trimmedDescription)): no code can conform to it")
        }
        if decl.primaryAssociatedTypeClause != nil {
            throw MockRefusal("\(name) has primary associated types: a mock is for one choice of them")
        }
        for type in decl.inheritanceClause?.inheritedTypes ?? [] {
            let parent = type.type.trimmedDescription
            switch parent {
            // What a class meets by being one: ObservableObject's publisher has a default for classes.
            case "AnyObject", "class", "ObservableObject": continue
            case "Sendable": flags.sendable = true
            case "NSObjectProtocol": flags.object = true
            default:
                let simple = String(parent.split(separator: ".").last ?? "")
                guard let source = inherited[simple] else {
                    throw MockRefusal(
                        "\(name) inherits \(parent), whose members seams did not scan: scan the code that declares it, or write this mock by hand"
                    )
                }
                let (parentDecl, _) = try source.declaration()
                try collect(
                    parentDecl, source.name, inherited: inherited, into: &requirements, flags: &flags, seen: &seen)
            }
        }
        requirements += try Requirement.read(decl.memberBlock.members, protocolName: name)
    }

    private static func method(_ m: Requirement.Method, _ names: Naming.Group) -> String {
        let c = names.main
        var out = "    // MARK: \(m.key)\n\n"
        let stored = m.parameters.filter { $0.stored != nil }
        if stored.count == 1 {
            out += "    private(set) var \(c.identifier)Calls: [\(stored[0].stored!)] = []\n"
        } else if stored.count > 1 {
            let tuple = stored.map { "\($0.name): \($0.stored!)" }.joined(separator: ", ")
            out += "    private(set) var \(c.identifier)Calls: [(\(tuple))] = []\n"
        }
        let answer = m.returns.map { m.returnsGeneric ? "Any" : $0 } ?? "Void"
        let handlerParameters = m.parameters.map { "_ \($0.name): \($0.handler)" }.joined(separator: ", ")
        out += "    var \(c.identifier)Handler: ((\(handlerParameters))\(m.effects) -> \(answer))?\n"
        if m.returns != nil {
            let value = m.returnsGeneric ? "Any?" : m.returnsOptional ? answer : optional(answer)
            out += "    var \(c.identifier)ReturnValue: \(value) = nil\n"
        }
        out += "\n    \(m.signature) {\n"
        out += "        self.calls.append(.\(c.reference))\n"
        if stored.count == 1 {
            out += "        \(c.identifier)Calls.append(\(stored[0].name))\n"
        } else if stored.count > 1 {
            out +=
                "        \(c.identifier)Calls.append((\(stored.map { "\($0.name): \($0.name)" }.joined(separator: ", "))))\n"
        }
        let effects = (m.isThrowing ? "try " : "") + (m.isAsync ? "await " : "")
        let call = "\(effects)\(c.identifier)Handler(\(m.parameters.map(\.argument).joined(separator: ", ")))"
        guard let returns = m.returns else {
            out += "        if let \(c.identifier)Handler { \(call) }\n    }\n\n"
            return out
        }
        let cast = m.returnsGeneric ? " as! \(returns)" : ""
        out += "        if let \(c.identifier)Handler { return \(m.returnsGeneric ? "(\(call))" : call)\(cast) }\n"
        if m.returnsOptional && !m.returnsGeneric {
            out += "        return \(c.identifier)ReturnValue\n    }\n\n"
        } else {
            out += "        guard let \(c.identifier)ReturnValue else {\n"
            out += "            Self.unset(.\(c.reference), \"\(c.identifier)Handler or \(c.identifier)ReturnValue\")\n"
            out += "        }\n"
            out += "        return \(c.identifier)ReturnValue\(cast)\n    }\n\n"
        }
        return out
    }

    private static func property(_ p: Requirement.Property, _ names: Naming.Group) -> String {
        let c = names.main
        var out = "    // MARK: \(p.name)\n\n"
        out += "    /// What reading \(p.name) gives\(p.settable ? " (a write sets it too)" : "").\n"
        out += "    var \(c.identifier)Value: \(p.optional ? p.type : optional(p.type)) = nil\n"
        if let set = names.setter {
            out += "    private(set) var \(set.identifier)Values: [\(p.type)] = []\n"
        }
        out += "\n    var \(p.name): \(p.type) {\n"
        out += "        get\(p.getterEffects) {\n"
        out += "            self.calls.append(.\(c.reference))\n"
        if p.optional {
            out += "            return \(c.identifier)Value\n"
        } else {
            out +=
                "            guard let \(c.identifier)Value else { Self.unset(.\(c.reference), \"\(c.identifier)Value\") }\n"
            out += "            return \(c.identifier)Value\n"
        }
        out += "        }\n"
        if let set = names.setter {
            out += "        set {\n"
            out += "            self.calls.append(.\(set.reference))\n"
            out += "            \(set.identifier)Values.append(newValue)\n"
            out += "            \(c.identifier)Value = newValue\n"
            out += "        }\n"
        }
        out += "    }\n\n"
        return out
    }

    private static func verification(_ mockName: String) -> String {
        """
            // MARK: Expectations

            struct Expectation {
                var member: Member
                var times: Int?
                var fileID: String
                var filePath: StaticString
                var line: UInt
                var column: UInt
            }

            /// How many times `member` was called.
            func callCount(_ member: Member) -> Int { calls.filter { $0 == member }.count }

            /// Expects `member` to be called: `times` times exactly, or at least once.
            func expect(
                _ member: Member, times: Int? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                line: UInt = #line, column: UInt = #column
            ) {
                expectations.append(
                    Expectation(member: member, times: times, fileID: fileID, filePath: filePath, line: line, column: column))
            }

            /// Fails the running test, at each expectation, for each expected call that did not come.
            func verify() {
                for e in expectations {
                    let count = callCount(e.member)
                    if let times = e.times, count != times {
                        Self.fail("expected \\(e.member.rawValue) to be called \\(times) time(s), it was called \\(count)", at: e)
                    } else if e.times == nil, count == 0 {
                        Self.fail("expected \\(e.member.rawValue) to be called, it was not", at: e)
                    }
                }
            }

            private static func fail(_ message: String, at e: Expectation) {
                let text = "\(mockName): " + message
                #if canImport(Testing)
                if Test.current != nil {
                    Issue.record(
                        Comment(rawValue: text),
                        sourceLocation: SourceLocation(
                            fileID: e.fileID, filePath: "\\(e.filePath)", line: Int(e.line), column: Int(e.column)))
                    return
                }
                #endif
                #if canImport(XCTest)
                XCTFail(text, file: e.filePath, line: e.line)
                #else
                assertionFailure(text)
                #endif
            }

            private static func unset(_ member: Member, _ what: String) -> Never {
                fatalError("\(mockName): \\(member.rawValue) was called, but \\(what) is not set")
            }

        """
    }

    /// `T?`, with `T` in parentheses where `?` would bind to a part of it (`(() -> Int)?`).
    static func optional(_ type: String) -> String {
        let compound = type.contains("->") || type.contains("&") || type.hasPrefix("any ") || type.hasPrefix("some ")
        return compound ? "(\(type))?" : "\(type)?"
    }

    /// A module's name as Swift spells it in `import` (an Xcode target's `-` and spaces become `_`).
    static func moduleIdentifier(_ module: String) -> String {
        String(module.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
