// swift-tools-version: 6.0
import PackageDescription

// Four seam lessons, each a folder with Before/ and After/ sources, the tests the seam makes
// possible (Tests/, on After), and characterization tests (Characterization/) that pin what
// Before does and run unchanged on After. Before and After are separate targets so that both
// build; `seams check` and `seams diff` read each folder on its own (see README.md).
let package = Package(
    name: "Seams",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../UIKit"),
        .package(url: "https://github.com/Quick/Quick", exact: "7.6.2"),
        .package(url: "https://github.com/Quick/Nimble", exact: "13.8.0"),
    ],
    targets: [
        // A stand-in platform service with an authorization state and callbacks, like a location manager.
        .target(name: "Positioning", path: "Platform/Positioning"),

        .target(name: "CheckInBefore", dependencies: ["Positioning", .uiKit], path: "1-WrapSystemService/Before"),
        .target(name: "CheckInAfter", dependencies: ["Positioning", .uiKit], path: "1-WrapSystemService/After"),
        .testTarget(
            name: "CheckInTests", dependencies: ["CheckInAfter", "Positioning", .uiKit, .uiKitTesting],
            path: "1-WrapSystemService/Tests", swiftSettings: [.testingWithUIKit]),
        .testTarget(
            name: "CheckInCharacterization",
            dependencies: ["CheckInBefore", "CheckInAfter", "Positioning", .uiKit, .uiKitTesting],
            path: "1-WrapSystemService/Characterization", swiftSettings: [.testingWithUIKit]),

        .target(name: "SyncBefore", path: "2-FactoryClosure/Before"),
        .target(name: "SyncAfter", path: "2-FactoryClosure/After"),
        .testTarget(name: "SyncTests", dependencies: ["SyncAfter"], path: "2-FactoryClosure/Tests"),
        .testTarget(
            name: "SyncCharacterization", dependencies: ["SyncBefore", "SyncAfter"],
            path: "2-FactoryClosure/Characterization"),

        .target(name: "HistoryBefore", path: "3-InjectedRepositories/Before"),
        .target(name: "HistoryAfter", path: "3-InjectedRepositories/After"),
        .testTarget(
            name: "HistorySpecs", dependencies: ["HistoryAfter", "Quick", "Nimble"],
            path: "3-InjectedRepositories/Tests"),
        .testTarget(
            name: "HistoryCharacterization", dependencies: ["HistoryBefore", "HistoryAfter"],
            path: "3-InjectedRepositories/Characterization"),

        .target(name: "ChecklistBefore", dependencies: [.uiKit], path: "4-StateDrivenScreen/Before"),
        .target(name: "ChecklistAfter", dependencies: [.uiKit], path: "4-StateDrivenScreen/After"),
        .testTarget(
            name: "ChecklistTests", dependencies: ["ChecklistAfter", .uiKit, .uiKitTesting],
            path: "4-StateDrivenScreen/Tests", swiftSettings: [.testingWithUIKit]),
        .testTarget(
            name: "ChecklistCharacterization",
            dependencies: ["ChecklistBefore", "ChecklistAfter", .uiKit, .uiKitTesting],
            path: "4-StateDrivenScreen/Characterization", swiftSettings: [.testingWithUIKit]),
    ],
    swiftLanguageModes: [.v5]
)

extension Target.Dependency {
    static let uiKit = Target.Dependency.product(name: "UIKit", package: "UIKit")
    static let uiKitTesting = Target.Dependency.product(name: "UIKitTesting", package: "UIKit")
}

extension SwiftSetting {
    /// Swift Testing's overlay for Apple's UIKit must not load over the sample's stand-in.
    static let testingWithUIKit = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])
}
