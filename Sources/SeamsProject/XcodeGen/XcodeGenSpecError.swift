import Foundation

/// Why an XcodeGen spec could not be read: each message names the file or the key to fix.
public enum XcodeGenSpecError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The spec, or a file it includes, cannot be read.
    case unreadable(String)
    /// A file named by `include:` (the path as resolved, the file that names it) is missing.
    case missingInclude(String, from: String)
    /// Files that include each other, the first named again at the end.
    case includeCycle([String])
    /// A file that is not YAML (file, the parser's words).
    case notYAML(String, String)
    /// A value of the wrong kind (file, where in it, what was expected).
    case wrongType(String, String, String)

    public var description: String {
        switch self {
        case .unreadable(let file):
            return "\(file): cannot be read; check that the XcodeGen spec exists and is readable"
        case .missingInclude(let file, let from):
            return "\(from): includes \(file), which cannot be read; fix the path under `include:` "
                + "(it is relative to the including file's folder unless `relativePaths: false`)"
        case .includeCycle(let files):
            return "\(files[0]): the specs include each other (\(files.joined(separator: " → "))); "
                + "remove one of the `include:` entries"
        case .notYAML(let file, let why):
            return "\(file): not valid YAML (\(why))"
        case .wrongType(let file, let place, let expected):
            return "\(file): \(place) should be \(expected)"
        }
    }

    public var errorDescription: String? { description }
}
