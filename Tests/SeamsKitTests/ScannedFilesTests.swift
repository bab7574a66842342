import Testing

@testable import SeamsKit

/// The files a scan names (`ScanOutcome.scannedFiles`): sorted, each once.
@Suite struct ScannedFilesTests {
    @Test func sortedPathsKeepEachOnce() {
        #expect(sortedUniquePaths([]) == [])
        #expect(
            sortedUniquePaths(["a.swift", "a.swift", "b/c.swift", "b/c.swift", "d.swift"]) == [
                "a.swift", "b/c.swift", "d.swift",
            ])
    }

    /// Out of order (a caller that does not sort first): sorted all the same.
    @Test func pathsOutOfOrderAreSorted() {
        #expect(
            sortedUniquePaths(["b.swift", "a.swift", "b.swift", "a.swift", "c.swift"]) == [
                "a.swift", "b.swift", "c.swift",
            ])
        #expect(sortedUniquePaths(["a.swift", "c.swift", "b.swift", "c.swift"]) == ["a.swift", "b.swift", "c.swift"])
    }
}
