import Foundation
import Testing

@testable import SeamsScanner

/// A resolver's symbols, scopes and file contexts go with it: `seams watch` makes one per check,
/// and a cycle among them kept every check's declarations alive (3 MB a check on a 233k-line app).
@Suite struct SymbolLifetimeTests {
    final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// Declares and resolves `sources` in one module, and returns weak references to every type
    /// symbol, external symbol and file context the resolver made, once the resolver is gone.
    static func leftAfterResolving(_ sources: [String]) -> (declared: Int, alive: Int) {
        var references: [Weak] = []
        do {
            let files = sources.enumerated().map { i, text in
                (
                    FactCollector.collect(path: "F\(i).swift", source: text),
                    FileContext(path: "F\(i).swift", module: "App", unit: 0)
                )
            }
            var seconds = 0.0
            let resolver = Scanner.declaring(
                files, units: [CompilationUnit(importName: "App")], threads: 1, seconds: &seconds)
            _ = resolver.resolve(files: Array(files.indices))
            references += resolver.table.symbols.map { Weak($0) }
            references += resolver.table.externals.values.map { Weak($0) }
            references += files.map { Weak($0.1) }
        }
        // Parts of a resolver are freed on a thread of their own, and wait while any scan holds
        // what it hands over (another test's, at the same time): looked at again until none is
        // left, for a minute at most. What a cycle keeps is never freed.
        func alive() -> Int { references.filter { $0.object != nil }.count }
        let deadline = Date().addingTimeInterval(60)
        while alive() > 0 && Date() < deadline {
            Scanner.waitForFreeing()
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (references.count, alive())
    }

    @Test func typesWithConformancesAndExtensionsAreFreedWithTheirResolver() {
        let (declared, alive) = Self.leftAfterResolving([
            "protocol Loading { func load() }\nclass Base {}",
            "final class Client: Base, Loading { func load() {} }\nextension Client: CustomStringConvertible { var description: String { \"\" } }",
            // An extension of a type no file declares: the external symbol gets a clause too.
            "extension String: Loading { func load() {} }\nstruct Outer { struct Inner: Loading { func load() {} } }",
        ])
        #expect(declared > 8)
        #expect(alive == 0)
    }
}
