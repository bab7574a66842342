/// Where something was written in the config file.
public struct ConfigLocation: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = ConfigLocation(line: 1, column: 1)
}

/// A problem in the config file, with where it is.
public struct ConfigProblem: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public init(file: String, at location: ConfigLocation, _ message: String) {
        self.init(file: file, line: location.line, column: location.column, message: message)
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }

    public static func < (a: ConfigProblem, b: ConfigProblem) -> Bool {
        (a.file, a.line, a.column, a.message) < (b.file, b.line, b.column, b.message)
    }
}

/// Every problem found in a config file at once.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var problems: [ConfigProblem]
    public init(problems: [ConfigProblem]) { self.problems = problems.sorted() }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// "Did you mean …?" by edit distance.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= max(2, word.count / 3) else {
            return nil
        }
        return best.0
    }

    /// "; did you mean 'x'?" or nothing; or, given a label, the whole list when nothing is close.
    public static func hint(for word: String, in candidates: [String], listing label: String? = nil) -> String {
        if let close = closest(to: word, in: candidates) { return "; did you mean '\(close)'?" }
        guard let label else { return "" }
        return " (\(label): \(candidates.joined(separator: ", ")))"
    }

    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
