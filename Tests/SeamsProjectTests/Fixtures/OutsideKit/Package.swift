// swift-tools-version: 5.9
import PackageDescription
let package = Package(name: "OutsideKit", targets: [.target(name: "OutsideKit")])
