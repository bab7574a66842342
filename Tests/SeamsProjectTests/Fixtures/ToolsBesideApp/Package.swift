// swift-tools-version: 5.9
// Build tools of the Reader app; the app itself is Reader.xcodeproj.
import PackageDescription

let package = Package(name: "ReaderTools", targets: [.executableTarget(name: "BuildTools")])
