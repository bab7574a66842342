import Foundation
import SeamsTestSupport
import Testing

/// `--include-tests` as a user runs it: a UI-test page object tangled with its driver, and a
/// test that builds its subject, are left out and counted unless asked for.
struct IncludeTestsTests {
    func tree() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                targets: [.target(name: "App"), .testTarget(name: "AppUITests", dependencies: ["App"])]
            )
            """)
        try dir.write(
            "Sources/App/Store.swift",
            """
            final class Store {
                static var current = Store()
                static func reset() { current = Store() }
            }
            final class Cart {
                func total() -> Int { _ = Store.current; return 0 }
            }
            """)
        try dir.write(
            "Tests/AppUITests/CartPage.swift",
            """
            final class CartPage { var app: AppDriver? ; func open() { _ = Cart() } }
            final class AppDriver { var page: CartPage? }
            """)
        return dir
    }

    @Test func testabilityAndUntangleLeaveTestCodeOutUnlessAsked() throws {
        let dir = try tree()
        let t = try seams(["testability", dir.path, "--manifest", "syntax"], in: dir.path)
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.hasPrefix("seams testability: 2 types: 2 blocked, 0 testable in isolation; "))
        #expect(t.stdout.contains("left out 2 test types; --include-tests to include them"))
        #expect(!t.stdout.contains("CartPage"))
        let all = try seams(["testability", dir.path, "--manifest", "syntax", "--include-tests"], in: dir.path)
        #expect(all.stdout.contains("AppUITests.CartPage"))
        #expect(!all.stdout.contains("left out"))

        let u = try seams(["untangle", dir.path, "--manifest", "syntax"], in: dir.path)
        #expect(u.status == 0, "\(u.stderr)")
        #expect(
            u.stdout.hasPrefix(
                "seams untangle: no tangles: the types are acyclic; left out 2 test types; --include-tests to include them"
            ))
        let tangled = try seams(["untangle", dir.path, "--manifest", "syntax", "--include-tests"], in: dir.path)
        #expect(tangled.stdout.hasPrefix("seams untangle: 1 tangle of 2 types"))
        // The two test types share a file: their cycle is structure, left in place, not a cut.
        #expect(
            tangled.stdout.contains("0 cuts of total weight 0 leave only structure: 1 edge an engineer keeps"),
            "\(tangled.stdout)")
        #expect(tangled.stdout.contains("(two types declared in one file were written to go together)"))
    }
}
