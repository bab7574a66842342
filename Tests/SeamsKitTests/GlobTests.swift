import SeamsRules
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
