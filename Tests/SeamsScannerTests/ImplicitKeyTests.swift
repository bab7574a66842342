import SeamsGraph
import SeamsTestSupport
import Testing

/// Implicit members passed to a subscript or a property wrapper, as typed keys are
/// (`Defaults[.launchCount]`, `@Default(.launchCount)`): resolved in the parameter's type, or,
/// when the subscript or wrapper is not in the scanned code, by the member's name.
@Suite struct ImplicitKeyTests {
    /// The whole key library in the scanned code: keys are statics of the keys' base class,
    /// which the generic key class inherits (as sindresorhus/Defaults declares them).
    @Test func aSubscriptsParameterTypeGivesItsArgumentsContext() {
        let f = [
            "Defaults.swift": Marked(
                """
                enum Defaults {
                    class Keys { let name: String; init(name: String) { self.name = name } }
                    final class Key<Value>: Keys {
                        let defaultValue: Value
                        init(_ name: String, default value: Value) { defaultValue = value; super.init(name: name) }
                    }
                    static subscript<Value>(key: Key<Value>) -> Value {
                        get { key.defaultValue }
                        set {}
                    }
                }
                @propertyWrapper struct Default<Value> {
                    let key: Defaults.Key<Value>
                    init(_ key: Defaults.Key<Value>) { self.key = key }
                    var wrappedValue: Value { Defaults[key] }
                }
                """),
            "Keys.swift": Marked(
                """
                extension Defaults.Keys {
                    static let launchCount = Key<Int>("launchCount", default: 0)
                }
                """),
            "Home.swift": Marked(
                """
                final class Home {
                    @‹1›Default(.‹2›launchCount) var count
                    func bump() { ‹3›Defaults[.‹4›launchCount] += 1 }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Home", "Default", .attribute, at: 1, in: "Home.swift")
        sites.expect("Home", "Defaults.Keys", .implicitMember, at: 2, in: "Home.swift")
        sites.expect("Home", "Defaults", .type, at: 3, in: "Home.swift")
        sites.expect("Home", "Defaults.Keys", .implicitMember, at: 4, in: "Home.swift")
        sites.check()
    }

    /// Only the keys are the app's: `Defaults` is a package no scanned file declares. The key's
    /// name is declared by one extension of a type of that package: that is where it is. A static
    /// function of that name elsewhere is no rival: a bare `.launchCount` cannot be a function.
    @Test func keysOfAnUnscannedLibraryResolveByName() {
        let f = [
            "Keys.swift": Marked(
                """
                import Defaults
                extension Defaults.Keys {
                    static let launchCount = Key<Int>("launchCount", default: 0)
                    static let theme = Key<String>("theme", default: "")
                }
                enum Diagnostics { private static func launchCount() -> String { "" } }
                """),
            "Home.swift": Marked(
                """
                import Defaults
                final class Home {
                    @Default(.‹1›launchCount) var count
                    func bump() { Defaults[.‹2›launchCount] += 1 }
                    func reset() { Defaults.reset(.‹3›theme) }
                    func toggle() { _ = Defaults.Toggle("Theme", key: .‹4›theme) }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("Home", "Defaults.Keys+Keys", .implicitMember, at: 1, in: "Home.swift")
        sites.expect("Home", "Defaults.Keys+Keys", .implicitMember, at: 2, in: "Home.swift")
        sites.expect("Home", "Defaults.Keys+Keys", .implicitMember, at: 3, in: "Home.swift")
        sites.expect("Home", "Defaults.Keys+Keys", .implicitMember, at: 4, in: "Home.swift")
        sites.check()
    }

    /// Traps: a name that two unrelated app types declare is not guessed; nor one passed to a
    /// method of a value (`.font(.title)`); nor one an extension of a type of another library
    /// declares (`UITableView(frame: .zero)` is no `UILayoutPriority`, `.background` for a
    /// `DispatchQueue` no `Color`); nor one a `private` extension of another file declares.
    @Test func ambiguousOrContextualNamesAreNotGuessed() {
        let f = [
            "Keys.swift": Marked(
                """
                import Defaults
                extension Defaults.Keys {
                    static let mode = Key<String>("mode", default: "")
                    static let title = Key<String>("title", default: "")
                }
                enum Layout { case mode, grid }
                """),
            "Style.swift": Marked(
                """
                import SwiftUI
                extension Color { static let background = Color("Background") }
                private extension UIFont { static let caption = UIFont.systemFont(ofSize: 11) }
                """),
            "Layout.swift": Marked(
                """
                import UIKit
                private extension UILayoutPriority { static let zero = UILayoutPriority(rawValue: 0) }
                """),
            "Home.swift": Marked(
                """
                import Defaults
                import SwiftUI
                final class Home {
                    @Default(.mode) var mode
                    func read() -> Int { Defaults[.mode].count }
                    func view(text: Text) { _ = text.font(.title) }
                    func table() -> UITableView { UITableView(frame: .zero, style: .insetGrouped) }
                    func queue() -> DispatchQueue { DispatchQueue(label: "q", qos: .background) }
                    func font() -> UIFont? { UIFont.withName("x", size: .caption) }
                }
                """),
        ]
        let g = scan(f)
        expectNoEdge(g, "Home", "Defaults.Keys+Keys")
        expectNoEdge(g, "Home", "Layout")
        expectNoEdge(g, "Home", "Color+Style")
        expectNoEdge(g, "Home", "UIFont+Style")
        expectNoEdge(g, "Home", "UILayoutPriority+Layout")
    }
}
