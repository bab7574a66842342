// swift-tools-version: 6.1
import Foundation
import PackageDescription

// One target per pipeline stage (see STYLE.md): the graph model at the bottom,
// the scanner and rules above it, SeamsKit as the pipeline, a thin CLI on top.
let package = Package(
    name: "seams",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "seams", targets: ["seams"]),
        .library(name: "SeamsKit", targets: ["SeamsKit"]),
        // Architecture rules as unit tests, for XCTest and Swift Testing.
        .library(name: "SeamsTesting", targets: ["SeamsTesting"]),
        // `swift package seams check` in a package that depends on seams.
        .plugin(name: "SeamsPlugin", targets: ["SeamsPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        .target(name: "SeamsGraph"),
        .target(
            name: "SeamsScanner",
            dependencies: [
                "SeamsGraph",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Reads the project's structure (SwiftPM manifests, Xcode projects and workspaces, XcodeGen
        // specs through Yams) into compilation units: between discovery and the scanner.
        .target(
            name: "SeamsProject",
            dependencies: [
                "SeamsGraph",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
                // Folds `a == b && c ? x : y` in Tuist manifests by Swift's own precedences.
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        .target(name: "SeamsTestability", dependencies: ["SeamsGraph"]),
        .target(
            name: "SeamsRules",
            dependencies: ["SeamsGraph", "SeamsTestability", .product(name: "Yams", package: "Yams")]),
        // Cut plans for the tangles: which dependencies to break first, how, and what it buys.
        .target(name: "SeamsUntangle", dependencies: ["SeamsGraph", "SeamsRules", "SeamsTestability"]),
        .target(
            name: "SeamsReport", dependencies: ["SeamsGraph", "SeamsRules", "SeamsUntangle", "SeamsTestability"]),
        // The only code that touches C: DOT text in, picture bytes out, through libgvc.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // agmemread with subgraphs numbered in the order they are written (layouts that do not
        // depend on heap addresses).
        .target(name: "CGraphvizRead", dependencies: ["CGraphviz"]),
        // gzip, for what an explorer page embeds.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "SeamsRender", dependencies: ["CGraphviz", "CGraphvizRead", "CZlib"]),
        // The workbench: code seams writes from what it recommends (a protocol's mock), from the syntax.
        .target(
            name: "SeamsWorkbench",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "SeamsKit",
            dependencies: [
                "SeamsGraph", "SeamsProject", "SeamsScanner", "SeamsRules", "SeamsUntangle", "SeamsReport",
                "SeamsRender", "SeamsTestability", "SeamsWorkbench",
            ]
        ),
        // Architecture rules as unit tests: failures at the offending lines, in XCTest or Swift Testing.
        .target(name: "SeamsTesting", dependencies: ["SeamsKit"]),
        .executableTarget(
            name: "seams",
            dependencies: ["SeamsKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(
            name: "SeamsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "seams",
                    description: "Check, map or untangle the package's dependencies with its seams.yml")),
            dependencies: ["seams"]
        ),
        .executableTarget(
            name: "seams-bench",
            dependencies: [
                "SeamsKit",
                "SeamsProject",
                "SeamsRender",
                "SeamsReport",
                "SeamsScanner",
                "SeamsGraph",
                "SeamsUntangle",
                "SeamsTestability",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A libFuzzer target over the scanner and the config reader: scripts/fuzz builds it with
        // -sanitize=fuzzer; a plain build replays inputs from files.
        .executableTarget(
            name: "seams-fuzz",
            dependencies: [
                "SeamsGraph", "SeamsScanner", "SeamsRules", "SeamsReport", "SeamsUntangle", "SeamsTestability",
            ]
        ),
        .target(name: "SeamsTestSupport", path: "Tests/SeamsTestSupport"),
        .testTarget(
            name: "SeamsScannerTests",
            dependencies: [
                "SeamsScanner", "SeamsGraph", "SeamsTestSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .testTarget(name: "SeamsRenderTests", dependencies: ["SeamsRender"]),
        .testTarget(
            name: "SeamsTestabilityTests",
            dependencies: ["SeamsTestability", "SeamsScanner", "SeamsGraph", "SeamsTestSupport"]),
        .testTarget(
            name: "SeamsUntangleTests", dependencies: ["SeamsUntangle", "SeamsGraph", "SeamsRules", "SeamsTestSupport"]),
        .testTarget(name: "SeamsProjectTests", dependencies: ["SeamsProject"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SeamsKitTests",
            dependencies: [
                "SeamsKit", "SeamsProject", "SeamsRender", "SeamsReport", "SeamsRules", "SeamsUntangle",
                "SeamsTestSupport",
            ],
            exclude: ["Snapshots", "Schemas"]
        ),
        .testTarget(name: "SeamsTestingTests", dependencies: ["SeamsTesting", "SeamsKit", "SeamsTestSupport"]),
        // Depends on the executable so that `swift test` builds the binary it runs; Yams reads the
        // CI recipes in Docs/ci, whose steps the tests run.
        .testTarget(
            name: "SeamsCLITests",
            dependencies: [
                "SeamsKit", "SeamsProject", "SeamsTestSupport", "seams", .product(name: "Yams", package: "Yams"),
            ]),
    ],
    swiftLanguageModes: [.v5]
)

/// `SEAMS_SANITIZE=thread` (scripts/sanitize): seams's own Swift targets, its tests among them,
/// compiled with ThreadSanitizer and linked with its runtime. The packages seams depends on are
/// left as they are, so that a sanitized build compiles seams's code again and not swift-syntax's:
/// races in seams's code are caught, not those inside a dependency.
///
/// `SEAMS_SANITIZE=fuzzer` (`FUZZ_SCOPE=seams scripts/fuzz`, as CI runs it): seams's own targets
/// compiled with libFuzzer's coverage, and seams-fuzz linked with libFuzzer's `main`, in the
/// scratch folder of the plain build, whose swift-syntax is used as it is.
if let sanitizer = ProcessInfo.processInfo.environment["SEAMS_SANITIZE"], sanitizer == "thread" || sanitizer == "fuzzer" {
    for target in package.targets where target.type != .system && target.type != .plugin {
        if sanitizer == "fuzzer" && target.type == .test { continue }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        if sanitizer == "thread" || target.name == "seams-fuzz" {
            target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        }
        if sanitizer == "fuzzer" && target.name == "seams-fuzz" {
            target.swiftSettings = (target.swiftSettings ?? []) + [.define("SEAMS_FUZZ")]
        }
    }
}

/// Swift 6 language mode (complete concurrency checking, as errors) for every target but the
/// scanner's: its worker threads (`ParallelMap`, `Background`, `Crew`) run closures over the
/// resolver's shared, non-`Sendable` state, which only their `@unchecked Sendable` boxes vouch
/// for; the package's default (Swift 5, above) stays for it alone.
for target in package.targets
where target.type != .system && target.type != .plugin && target.name != "SeamsScanner" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
