import SeamsGraph
import SeamsTestSupport
import Testing

/// The exact marker check fails on each kind of sloppiness it promises to catch.
@Suite struct ExpectedSitesTests {
    @Test func aMarkerNoExpectationNamesFails() {
        let f = ["A.swift": Marked("class B {}\nclass A { let b: ‹1›B; ‹2›let n = 1 }")]
        let sites = ExpectedSites(scan(f), f)
        sites.expect("A", "B", .type, at: 1, in: "A.swift")
        withKnownIssue {
            sites.check()
        } matching: {
            "\($0)".contains("marker ‹2› of A.swift is named by no expectation")
        }
    }

    @Test func aMarkerWrittenTwiceFails() {
        let f = ["A.swift": Marked("class B {}\nclass A { let b: ‹1›B; let c: ‹1›B }")]
        let sites = ExpectedSites(scan(f), f)
        sites.expect("A", "B", .type, at: 1, in: "A.swift")
        withKnownIssue {
            sites.check()
        } matching: {
            "\($0)".contains("marker ‹1› is written twice in A.swift")
        }
    }

    @Test func anUnexpectedSiteAtAMarkerFails() {
        let f = ["A.swift": Marked("struct Job {}\ntypealias Done = (Job) -> Void\nclass A { let d: ‹1›Done }")]
        let sites = ExpectedSites(scan(f), f)
        sites.expect("A", "Job", .type, at: 1, in: "A.swift")
        withKnownIssue {
            sites.check()
        } matching: {
            "\($0)".contains("unexpected type site App.A -> Void at marker ‹1›")
        }
    }
}
