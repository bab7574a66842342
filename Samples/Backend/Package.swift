// swift-tools-version: 6.0
import PackageDescription

// The sample app's backend: a real HTTP server (FlyingFox) that tests start on 127.0.0.1
// with a port the system picks, and stop.
let package = Package(
    name: "Backend",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "FieldServiceBackend", targets: ["FieldServiceBackend"]),
        .executable(name: "field-service-backend", targets: ["field-service-backend"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1")
    ],
    targets: [
        .target(name: "FieldServiceBackend", dependencies: [.product(name: "FlyingFox", package: "FlyingFox")]),
        .executableTarget(name: "field-service-backend", dependencies: ["FieldServiceBackend"]),
        .testTarget(name: "FieldServiceBackendTests", dependencies: ["FieldServiceBackend"]),
    ]
)
