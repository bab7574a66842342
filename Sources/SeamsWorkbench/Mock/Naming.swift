import SwiftSyntax

/// The names a mock gives each requirement: a `Member` case and the prefix of what it keeps
/// (`saveFor` for `save(_:for:)`: `.saveFor`, `saveForCalls`, `saveForHandler`), unique within
/// the mock however the protocol overloads.
struct Naming {
    struct Name {
        /// The prefix of the mock's properties for it: `saveFor`.
        var identifier: String
        /// The case, as declared and as `.\(reference)` names it (backquoted when a keyword).
        var reference: String
        /// What the case is called in the mock's `Member` (and what a failure prints).
        var label: String
    }

    /// A requirement's names: a method's or a property's read, and a settable property's write.
    struct Group {
        var main: Name
        var setter: Name?
    }

    /// The methods and properties, in the protocol's order (initializers have no calls to keep).
    var requirements: [Requirement] = []
    var groups: [Group] = []
    /// Every name, in order, as the `Member` cases list them.
    var entries: [Name] = []
    /// The base names of the protocol's members.
    var taken = Set<String>()

    /// Names the mock itself declares: a protocol member of one of these names cannot be mocked.
    static let reserved = ["calls", "expectations", "Member", "Expectation", "callCount", "expect", "verify"]

    init(_ all: [Requirement]) {
        var used = Set<String>()
        var labels = Set<String>()
        func unique(_ base: String, label given: String) -> Name {
            // An overload's case is told apart by its number, as its properties are.
            var label = given
            var k = 2
            while !labels.insert(label).inserted {
                label = "\(given) (\(k))"
                k += 1
            }
            var identifier = base
            var n = 2
            while used.contains(identifier) {
                identifier = base + "\(n)"
                n += 1
            }
            used.insert(identifier)
            let isKeyword = Keywords.isKeyword(identifier)
            return Name(identifier: identifier, reference: isKeyword ? "`\(identifier)`" : identifier, label: label)
        }
        for requirement in all {
            switch requirement {
            case .method(let m):
                let base = String(m.key.prefix { $0 != "(" })
                taken.insert(base)
                let labels = m.key.dropFirst(base.count + 1).dropLast().split(separator: ":").map(String.init)
                let camel = base + labels.filter { $0 != "_" }.map(Self.capitalized).joined()
                let name = unique(camel, label: m.key)
                requirements.append(requirement)
                groups.append(Group(main: name))
                entries.append(name)
            case .property(let p):
                taken.insert(p.name)
                let main = unique(p.name, label: p.name)
                let setter = p.settable ? unique("set" + Self.capitalized(p.name), label: "\(p.name) (set)") : nil
                requirements.append(requirement)
                groups.append(Group(main: main, setter: setter))
                entries.append(main)
                if let setter { entries.append(setter) }
            case .initializer:
                continue
            }
        }
    }

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
}

private enum Keywords {
    /// Swift's keywords that cannot name an enum case unquoted.
    static func isKeyword(_ word: String) -> Bool {
        [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
            "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
            "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
            "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
            "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "Any",
            "Self", "Type",
        ].contains(word)
    }
}
