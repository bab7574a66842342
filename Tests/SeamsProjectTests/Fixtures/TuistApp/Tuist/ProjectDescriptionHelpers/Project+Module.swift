import ProjectDescription

public enum ModuleTarget {
    case framework
    case tests
    case example
}

extension Project {
    /// A feature module: a framework over `Sources`, its tests, and an example app.
    public static func module(
        name: String,
        targets: Set<ModuleTarget> = Set([.framework, .tests, .example]),
        dependencies: [String] = []
    ) -> Project {
        let moduleDependencies: [TargetDependency] = dependencies.map {
            .project(target: $0, path: .relativeToRoot("Modules/\($0)"))
        }
        var projectTargets: [Target] = []
        if targets.contains(.framework) {
            projectTargets.append(
                .target(
                    name: name,
                    destinations: .iOS,
                    product: .framework,
                    bundleId: "com.example.\(name)",
                    buildableFolders: ["Sources"],
                    dependencies: moduleDependencies
                ))
        }
        if targets.contains(.tests) {
            let tests = Target.target(
                name: "\(name)Tests",
                destinations: .iOS,
                product: .unitTests,
                bundleId: "com.example.\(name)Tests",
                sources: "Tests/**/*.swift",
                dependencies: [.target(name: name)]
            )
            projectTargets.append(tests)
        }
        if targets.contains(.example) {
            projectTargets.append(
                .target(
                    name: "\(name)Example",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "com.example.\(name)Example",
                    sources: ["Example/**"],
                    dependencies: [.target(name: name)]
                ))
        }
        return Project(name: name, targets: projectTargets)
    }
}
