import Foundation
import SeamsTestSupport
import SeamsGraph
import SeamsReport
import SeamsScanner

enum ScannerOrder {
    /// Scans the .swift files of a folder in several shuffled orders; true when all agree.
    static func shuffledScansAgree(_ dir: String) -> Bool {
        let names = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".swift")
        }
        func input(_ order: [String]) -> ScanInput {
            ScanInput(
                root: ".",
                files: order.map {
                    SourceFile(path: $0, location: dir + "/" + $0, module: String($0.prefix(2)), unit: 0)
                }, units: [CompilationUnit(importName: nil)])
        }
        var generator = SystemRandomNumberGenerator()
        let first = GraphJSONReporter.render(Scanner.scan(input(names)).0)
        for _ in 0..<3 {
            let shuffled = names.shuffled(using: &generator)
            if GraphJSONReporter.render(Scanner.scan(input(shuffled), threads: 2).0) != first { return false }
        }
        return true
    }
}
