// swift-tools-version: 6.0
import Foundation
import PackageDescription

// seams is a local package two folders up; SwiftPM names a local package after its folder,
// which is whatever the clone was called.
let seams = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// Stage 2: FieldDesk in modules. Sign-in lives in its own module behind the protocol of what
// it needs of the API; the alert and the theme in UIHelpers; logging is a protocol the app
// implements. The AppDelegate composes the app and nobody else knows it. No cycle is left.
let package = Package(
    name: "FieldDesk",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../UIKit"),
        .package(path: "../Backend"),
        // seams itself, for the architecture tests (SeamsTesting) and `swift package seams check`.
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "UIHelpers", dependencies: [.product(name: "UIKit", package: "UIKit")]),
        // What another app needs to reuse the sign-in screen: this module and UIHelpers.
        .target(name: "SignIn", dependencies: ["UIHelpers", .product(name: "UIKit", package: "UIKit")]),
        .target(name: "FieldDesk", dependencies: ["SignIn", "UIHelpers", .product(name: "UIKit", package: "UIKit")]),
        .testTarget(
            name: "SignInTests",
            dependencies: ["SignIn", "UIHelpers", .product(name: "UIKitTesting", package: "UIKit")],
            swiftSettings: [.testingWithUIKit]
        ),
        .testTarget(
            name: "UIHelpersTests",
            dependencies: ["UIHelpers", .product(name: "UIKitTesting", package: "UIKit")],
            swiftSettings: [.testingWithUIKit]
        ),
        .testTarget(
            name: "FieldDeskTests",
            dependencies: [
                "FieldDesk", "SignIn",
                .product(name: "FieldServiceBackend", package: "Backend"),
                .product(name: "UIKitTesting", package: "UIKit"),
            ],
            swiftSettings: [.testingWithUIKit]
        ),
        .testTarget(
            name: "FieldDeskCharacterizationTests",
            dependencies: [
                "FieldDesk", "UIHelpers",
                .product(name: "UIKitTesting", package: "UIKit"),
                .product(name: "FieldServiceBackend", package: "Backend"),
            ],
            swiftSettings: [.testingWithUIKit]
        ),
        // The rules of seams.yml as unit tests: they fail at the offending line.
        .testTarget(name: "ArchitectureTests", dependencies: [.product(name: "SeamsTesting", package: seams)]),
    ],
    swiftLanguageModes: [.v5]
)

extension SwiftSetting {
    /// Swift Testing's overlay for Apple's UIKit must not load over the sample's stand-in.
    static let testingWithUIKit = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])
}
