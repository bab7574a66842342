import Foundation
import SeamsKit
import SeamsProject
import SeamsTestSupport
import Testing

@Suite struct DiffCommandTests {
    /// A repository with two commits: the second breaks the API ↔ AppDelegate cycle.
    func repository() throws -> TempDir {
        let repo = try TempDir()
        func git(_ args: String...) throws {
            let identity = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid"]
            let r = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), identity + args, in: repo.path)
            #expect(r.status == 0, "git \(args.joined(separator: " "))")
        }
        try git("init", "-q")
        try repo.write("App/AppDelegate.swift", "class AppDelegate { static var server = \"\"; let api = API() }")
        try repo.write("App/API.swift", "class API { let server = AppDelegate.server }")
        try git("add", "-A")
        try git("commit", "-qm", "legacy")
        try repo.write(
            "App/API.swift", "class API { let server: String; init(server: String) { self.server = server } }")
        try repo.write(
            "App/AppDelegate.swift",
            "class AppDelegate { static var server = \"\"; lazy var api = API(server: Self.server) }")
        try git("commit", "-qam", "seam")
        // An uncommitted edit: revisions must be read from git, not from the working tree.
        try repo.write("App/Extra.swift", "class Extra { let a = AppDelegate() }")
        return repo
    }

    @Test func gitRevisionsPictureAndSummary() throws {
        let repo = try repository()
        let out = try TempDir()
        let before = repo.listing()
        let svg = try seams(["diff", "git:HEAD~1", "git:HEAD", "--output", out.path + "/diff.svg"], in: repo.path)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stderr.contains("1 removed, 1 cycle disappeared"))
        #expect(svg.stderr.contains("- App.API → App.AppDelegate"))
        let picture = try String(contentsOfFile: out.path + "/diff.svg", encoding: .utf8)
        #expect(
            picture.contains("stroke=\"#2ca02c\"") && picture.contains("stroke-dasharray"), "removed edge dashed green")
        #expect(!picture.contains("Extra"), "the working tree's uncommitted file is not in either revision")

        let side = try seams(
            ["diff", "git:HEAD~1", "git:HEAD", "--side-by-side", "-o", out.path + "/side.png"], in: repo.path)
        #expect(side.status == 0, "\(side.stderr)")

        let md = try seams(["diff", "git:HEAD~1", "git:HEAD", "--format", "markdown"], in: repo.path)
        #expect(md.stdout.contains("| removed | `App.API` | `App.AppDelegate` |"))
        #expect(md.stdout.contains("- disappeared: 2 types (`App.API`, `App.AppDelegate`)"))

        let same = try seams(["diff", "git:HEAD", "git:HEAD", "--format", "json"], in: repo.path)
        #expect(same.status == 0)
        #expect(same.stderr == "No dependency changes.\n")
        #expect(repo.listing() == before, "the working tree is untouched")
    }

    @Test func anExplicitConfigIsReadFromWhereTheCommandRuns() throws {
        let dir = try TempDir()
        try dir.write("lesson/Before/App/API.swift", "class API { let d = AppDelegate() }\nclass AppDelegate {}")
        try dir.write("lesson/After/App/API.swift", "class API {}\nclass AppDelegate {}")
        try dir.write("lesson/After/App/Legacy.swift", "class Legacy { let d = AppDelegate() }")
        try dir.write("lesson/rules.yml", "exclude: [\"**/Legacy.swift\"]\n")
        let r = try seams(
            ["diff", "lesson/Before", "lesson/After", "--config", "lesson/rules.yml", "--format", "json"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("App.Legacy"), "the config's exclude applies to both sides")
        #expect(r.stdout.contains("App.API"))
    }

    @Test func savedScanAgainstAFolder() throws {
        let repo = try repository()
        let out = try TempDir()
        let scanFile = out.path + "/scan.json"
        #expect(try seams(["scan", "--output", scanFile], in: repo.path).status == 0)
        let r = try seams(["diff", scanFile, ".", "--format", "markdown"], in: repo.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("No dependency changes."))
    }

    @Test func badInputsExitTwo() throws {
        let repo = try repository()
        let bad = try seams(["diff", "git:no-such-branch", "git:HEAD", "--format", "json"], in: repo.path)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("git:no-such-branch is not a revision"))
        let missing = try seams(["diff", "nowhere", ".", "--format", "json"], in: repo.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere is neither a folder"))
        #expect(try seams(["diff", "git:HEAD"], in: repo.path).status == 64)
        #expect(try seams(["diff", "a", "b", "-o", "x.txt"], in: repo.path).status == 64)
    }
}
