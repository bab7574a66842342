import SeamsGraph
import SeamsRules
import SeamsTestSupport
import Testing

@Suite struct GlobTests {
    @Test(arguments: [
        ("App/API/**", "App/API/Client.swift", true),
        ("App/API/**", "App/API/v2/Client.swift", true),
        ("App/API/**", "App/APIs/Client.swift", false),
        ("**/Generated/**", "App/Generated/R.swift", true),
        ("**/Generated/**", "Generated/R.swift", true),
        ("**/Generated/**", "App/Generator/R.swift", false),
        ("*.generated.swift", "App/Deep/Model.generated.swift", true),
        ("*.generated.swift", "App/Deep/Model.swift", false),
        ("App/*.swift", "App/AppDelegate.swift", true),
        ("App/*.swift", "App/Screens/Screen.swift", false),
        ("App/?pp.swift", "App/App.swift", true),
        ("./App/**", "App/A.swift", true),
        ("App/", "App/A/B.swift", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected, "\(pattern) vs \(path)")
    }
}

/// Globs with many `**` against deep paths: each `**` may take any number of components, and
/// trying the ways one after another took minutes (9 of them against a path 25 deep).
@Suite struct GlobCostTests {
    @Test func manyDoubleStarsAgainstADeepPathEnd() {
        let deep = Array(repeating: "a", count: 40).joined(separator: "/") + "/A.swift"
        #expect(!Glob("**/**/**/**/**/**/**/**/**/x/**").matches(deep))
        #expect(!Glob("**/a/**/a/**/a/**/a/**/a/**/b").matches(deep))
        #expect(Glob("**/**/**/**/**/**/**/**/**/A.swift").matches(deep))
    }

    /// The matching as it was written first (each `**` tried at every depth), on small cases.
    static func reference(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            var p = path
            while true {
                if reference(pattern.dropFirst(), p) { return true }
                if p.isEmpty { return false }
                p = p.dropFirst()
            }
        }
        guard let first = path.first, Glob(head).matches(first) else { return false }
        return reference(pattern.dropFirst(), path.dropFirst())
    }

    @Test func theSameAnswersAsTryingEveryWay() {
        var random = SeededRandom(0x610B)
        let parts = ["**", "**", "a", "b", "*", "a*", "?", "x"]
        let names = ["a", "b", "ab", "x", "ba"]
        for _ in 0..<2000 {
            let pattern = (0..<Int.random(in: 1...5, using: &random)).map { _ in parts.randomElement(using: &random)! }
            let path = (0..<Int.random(in: 1...6, using: &random)).map { _ in names.randomElement(using: &random)! }
            guard pattern.count > 1 || pattern.first?.contains("/") == true || pattern == ["**"] else { continue }
            let text = pattern.joined(separator: "/")
            #expect(
                Glob(text).matches(path.joined(separator: "/")) == Self.reference(pattern[...], path[...]),
                "\(text) vs \(path.joined(separator: "/"))")
        }
    }
}
