import Foundation

/// A Tuist manifest (`Project.swift`) read as Swift syntax into the targets of the project Tuist
/// would generate, like `Package.swift`: the manifest is never run and no Tuist binary is needed.
public enum TuistManifestReader {
    /// `manifest`: the absolute path of a `Project.swift`. `helpers`: the Swift files of the
    /// `Tuist/ProjectDescriptionHelpers` folder of its Tuist root (absolute), whose functions the
    /// manifest may call. `listFiles`: the Swift files below a folder (absolute). Every file read
    /// goes through `witness`. The result's `path` is the manifest's path.
    public static func read(
        manifest: String, helpers: [String] = [],
        listFiles: (String) -> [String] = { PathTools.swiftFilesBelow($0) }, witness: FileWitness? = nil
    ) throws -> XcodeProject {
        throw XcodeProjectError.unreadable(manifest)
    }

    /// Whether a Swift source is Tuist's rather than the app's: it imports `ProjectDescription`
    /// (manifests, helpers, templates), so only Tuist compiles it.
    public static func isTuistSource(_ source: String) -> Bool {
        false
    }
}
