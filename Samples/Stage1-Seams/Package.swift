// swift-tools-version: 6.0
import PackageDescription

// Stage 1: FieldDesk with seams: the API's server given through init, sign-in and sign-out
// as notifications, the API injected into the sign-in screen, the alert running a command.
// The characterization tests of Stage 0 still pass; unit tests cover each seam.
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
        .testTarget(
            name: "FieldDeskTests",
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
