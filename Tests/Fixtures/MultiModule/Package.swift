// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "TechApp",
    targets: [
        .target(name: "Networking"),
        .target(name: "TechApp", dependencies: ["Networking"], path: "App"),
        .testTarget(name: "TechAppTests", dependencies: ["TechApp"]),
    ]
)
