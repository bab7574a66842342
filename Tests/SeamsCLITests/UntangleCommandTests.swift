import Foundation
import SeamsTestSupport
import Testing

/// `seams untangle` as a user runs it: the sample's plan, its exit codes, its map.
struct UntangleCommandTests {
    static let stage0 = SampleCheckTests.samples + "/Stage0-Legacy"

    @Test func planOfTheLegacySampleAsJSONAndAMap() throws {
        let dir = try TempDir()
        let r = try seams(
            ["untangle", Self.stage0, "--format", "json", "--map", dir.path + "/plan.svg"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let tangles = json["components"] as! [[String: Any]]
        #expect(tangles.count == 1)
        let cuts = tangles[0]["cuts"] as! [[String: Any]]
        #expect((cuts.last?["largestAfter"] as? Int) == 0)
        #expect(cuts.allSatisfy { ($0["recipe"] as? String) != nil && !($0["sites"] as! [Any]).isEmpty })
        let svg = try dir.read("plan.svg")
        #expect(svg.contains("cut 1") && svg.contains("#1f5fbf"))
        #expect(dir.listing() == ["plan.svg"], "nothing else is written")
    }

    @Test func textIsShortAndUsageErrorsAre64() throws {
        let dir = try TempDir()
        let r = try seams(["untangle", Self.stage0, "--top", "2"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("seams untangle: 1 tangle of 10 types; 8 cuts"))
        #expect(r.stdout.contains("  … and 6 more cuts (--top 8, or --format json)"))
        for bad in [["--top", "0"], ["--scope", "file"], ["--map", "x.txt"], ["-o", "plan.xyz"]] {
            let b = try seams(["untangle", Self.stage0] + bad, in: dir.path)
            #expect(b.status == 64, "\(bad): \(b.stderr)")
        }
        let missing = try seams(["untangle", dir.path + "/nothing"], in: dir.path)
        #expect(missing.status == 2)
    }

    @Test func anAcyclicTreeDrawsNoMapAndSaysSo() throws {
        let dir = try TempDir()
        let r = try seams(
            ["untangle", SampleCheckTests.samples + "/Stage2-Modules", "--map", dir.path + "/plan.svg"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("seams untangle: no tangles: the types are acyclic"))
        #expect(r.stderr.contains("no tangles, so no map"))
        #expect(dir.listing().isEmpty)
    }

    @Test func graphDrawsTheCuts() throws {
        let dir = try TempDir()
        let r = try seams(["graph", Self.stage0, "--cuts", "--only-cycles", "-o", dir.path + "/m.dot"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let dot = try dir.read("m.dot")
        #expect(dot.contains("label=\" cut 1\""))
        // Eight cuts; the legend explains them once.
        #expect(dot.components(separatedBy: "label=\" cut ").count - 1 == 8)
        #expect(dot.contains(">cut N (T.N: tangle T), in plan order<"))
    }
}
