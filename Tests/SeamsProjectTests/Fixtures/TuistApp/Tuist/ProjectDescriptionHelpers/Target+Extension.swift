import ProjectDescription

extension Target {
    /// An app extension: its own folder and the files it shares with the app.
    public static func extensionTarget(name: String, shared: [String] = ["Shared/Theme.swift"]) -> Target {
        var sources: [SourceFileGlob] = ["\(name)/**"]
        for file in shared {
            sources.append(.glob(.relativeToManifest(file)))
        }
        return .target(
            name: name,
            destinations: .iOS,
            product: .appExtension,
            bundleId: "com.example.\(name.lowercased())",
            sources: .sourceFilesList(globs: sources),
            dependencies: [.target(name: "Kit")]
        )
    }
}
