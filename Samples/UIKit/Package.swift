// swift-tools-version: 6.0
import PackageDescription

// A small stand-in for UIKit, so that iOS-style code builds and is tested on Linux.
// Module name `UIKit`: the sample app's `import UIKit` reads as it does on iOS.
let package = Package(
    name: "UIKit",
    products: [
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "UIKitTesting", targets: ["UIKitTesting"]),
    ],
    targets: [
        .target(name: "UIKit"),
        // What a UI test needs: find a view by accessibility identifier, tap, type, wait.
        .target(name: "UIKitTesting", dependencies: ["UIKit"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "UIKitTesting"], swiftSettings: [.testingWithUIKit]),
    ],
    swiftLanguageModes: [.v5]
)

extension SwiftSetting {
    /// Swift Testing ships an overlay for Apple's UIKit that a file importing both Testing and
    /// UIKit loads; this UIKit is not Apple's, so test targets turn such overlays off.
    static let testingWithUIKit = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])
}
