import Testing

import SeamsGraph

/// `sortedUnique`, as the files a scan names (`ScanOutcome.scannedFiles`) and an edge's sites use it.
@Suite struct SortedUniqueTests {
    @Test func sortedPathsKeepEachOnce() {
        #expect([String]().sortedUnique() == [])
        #expect([1, 2, 5].sortedUnique() == [1, 2, 5])
        #expect(
            ["a.swift", "a.swift", "b/c.swift", "b/c.swift", "d.swift"].sortedUnique() == [
                "a.swift", "b/c.swift", "d.swift",
            ])
    }

    /// Out of order (a caller that does not sort first): sorted all the same.
    @Test func pathsOutOfOrderAreSorted() {
        #expect(
            ["b.swift", "a.swift", "b.swift", "a.swift", "c.swift"].sortedUnique() == [
                "a.swift", "b.swift", "c.swift",
            ])
        #expect(["a.swift", "c.swift", "b.swift", "c.swift"].sortedUnique() == ["a.swift", "b.swift", "c.swift"])
    }
}
