import Foundation

/// JSON as every seams report writes it: pretty, keys sorted, slashes unescaped, a final newline,
/// so the same value always gives the same bytes.
enum CanonicalJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Reports are value types of strings, numbers and arrays of them: encoding cannot fail.
        return String(decoding: try! encoder.encode(value), as: UTF8.self) + "\n"
    }
}
