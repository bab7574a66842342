import ProjectDescription
import ProjectDescriptionHelpers

// The app's sources: its folder less the generated files, and the shared theme.
let appSources: SourceFilesList = .sourceFilesList(globs: [
    .glob("App/**", excluding: ["App/Generated/**"]),
    "Shared/**/*.swift",
])

let project = Project(
    name: "TuistApp",
    packages: [.local(path: "Packages/LocalKit")],
    targets: [
        .target(
            name: "App",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.app",
            sources: appSources,
            dependencies: [
                .target(name: "Kit"),
                .target(name: "Widget"),
                .project(target: "Home", path: "Modules/Home"),
                .external(name: "Nuke"),
                .sdk(name: "StoreKit", type: .framework),
            ]
        ),
        .target(
            name: "Kit",
            destinations: .iOS,
            product: .staticFramework,
            bundleId: "com.example.kit",
            sources: "Kit/Sources/**",
            dependencies: [.package(product: "LocalKit")]
        ),
        .target(
            name: "KitTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "com.example.kit.tests",
            sources: ["Kit/Tests/**"],
            dependencies: [.target(name: "Kit")]
        ),
        .extensionTarget(name: "Widget"),
    ]
)
