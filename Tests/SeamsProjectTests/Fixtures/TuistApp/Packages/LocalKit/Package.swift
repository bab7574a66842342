// swift-tools-version: 5.9
import PackageDescription

let package = Package(name: "LocalKit", targets: [.target(name: "LocalKit")])
