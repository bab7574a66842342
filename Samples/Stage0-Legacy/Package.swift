// swift-tools-version: 6.0
import PackageDescription

// Stage 0: the legacy FieldDesk app as it was found. On iOS it is an app target; here it is a
// library so that the characterization tests can launch it against the real backend.
let package = Package(
    name: "FieldDesk",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../UIKit"),
        .package(path: "../Backend"),
    ],
    targets: [
        .target(name: "FieldDesk", dependencies: [.product(name: "UIKit", package: "UIKit")]),
        .testTarget(
            name: "FieldDeskCharacterizationTests",
            dependencies: [
                "FieldDesk",
                .product(name: "UIKitTesting", package: "UIKit"),
                .product(name: "FieldServiceBackend", package: "Backend"),
            ],
            swiftSettings: [.testingWithUIKit]
        ),
    ],
    swiftLanguageModes: [.v5]
)

extension SwiftSetting {
    /// Swift Testing's overlay for Apple's UIKit must not load over the sample's stand-in.
    static let testingWithUIKit = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])
}
