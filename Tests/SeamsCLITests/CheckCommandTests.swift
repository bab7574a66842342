import Foundation
import SeamsTestSupport
import Testing

/// `seams check` as CI runs it: the built binary, its streams and its exit codes.
struct CheckCommandTests {
    func app() throws -> TempDir {
        let dir = try TempDir()
        try dir.copy(fixture: "XcodeApp", as: "app")
        return dir
    }

    @Test func violationsFailWithExitOneAndSayWhere() throws {
        let dir = try app()
        let before = dir.listing()
        let r = try seams(["check", "app", "--reporter", "xcode"], in: dir.path)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "app/TechApp/API/API.swift:2:18: error: Networking.API must not depend on TechApp.AppDelegate: "
                    + "The API client must be reusable by the expense app. [api-knows-no-ui]"))
        let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            last
                == "seams: checked 6 types in 4 modules; 5 rules: 1 kept, 4 broken; 5 errors, 0 warnings; 0 baselined, 0 stale"
        )
        #expect(dir.listing() == before, "check never writes into the scanned tree unless asked")
    }

    @Test func theBaselineRoundTrip() throws {
        let dir = try app()
        let write = try seams(["check", "app", "--write-baseline", "baseline.json"], in: dir.path)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("wrote 5 violation(s) to the baseline baseline.json"))

        let pass = try seams(["check", "app", "--baseline", "baseline.json"], in: dir.path)
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout == "No new violations (5 baselined).\n")
        #expect(pass.stderr.hasSuffix("0 errors, 0 warnings; 5 baselined, 0 stale\n"))

        // One new forbidden edge fails again.
        let api = try dir.read("app/TechApp/API/API.swift")
        try dir.write("app/TechApp/API/API.swift", api + "extension API { func show(_ s: SignInViewController) {} }\n")
        let new = try seams(["check", "app", "--baseline", "baseline.json", "--reporter", "github"], in: dir.path)
        #expect(new.status == 1)
        #expect(new.stdout.hasPrefix("::error file=app/TechApp/API/API.swift,line=5,col="))

        // Fixing a baselined violation without writing the baseline again fails as stale.
        try dir.write("app/TechApp/API/API.swift", "final class API { let server = \"\" }\n")
        let stale = try seams(["check", "app", "--baseline", "baseline.json"], in: dir.path)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("stale baseline entries error: 5"))
        let allowed = try seams(["check", "app", "--baseline", "baseline.json", "--allow-stale"], in: dir.path)
        #expect(allowed.status == 0)
    }

    @Test func theConfigsBaselineKeyIsUsedWhenNoOptionIsGiven() throws {
        let dir = try app()
        #expect(try seams(["check", "app", "--write-baseline", "app/seams-baseline.json"], in: dir.path).status == 0)
        try dir.write("app/seams.yml", "baseline: seams-baseline.json\n" + (try dir.read("app/seams.yml")))
        let r = try seams(["check", "app"], in: dir.path)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }

    @Test func severalReportersEachWithItsOutput() throws {
        let dir = try app()
        let r = try seams(
            [
                "check", "app", "--reporter", "text", "--reporter", "sarif:out/seams.sarif",
                "--reporter=junit:out/junit.xml", "--reporter", "markdown:out/comment.md",
            ], in: dir.path)
        // The output folder does not exist: a clear error, exit 2, and nothing printed as if it had worked.
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("cannot write out/seams.sarif"))
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        let again = try seams(
            [
                "check", "app", "--reporter", "text", "--reporter", "sarif:out/seams.sarif",
                "--reporter=junit:out/junit.xml", "--reporter", "markdown:out/comment.md",
            ], in: dir.path)
        #expect(again.status == 1)
        #expect(again.stdout.hasPrefix("no-type-cycles error no-cycles: 1 violation\n"))
        #expect(!again.stdout.contains("\u{1B}["), "no colour when standard output is not a terminal")
        #expect(try dir.read("out/seams.sarif").contains("\"version\" : \"2.1.0\""))
        #expect(try dir.read("out/junit.xml").hasPrefix("<?xml"))
        #expect(try dir.read("out/comment.md").hasPrefix("## ❌ seams check failed"))
    }

    @Test func anOutputAloneTakesItsFormatFromItsName() throws {
        let dir = try app()
        let r = try seams(["check", "app", "-o", "report.sarif"], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(try dir.read("report.sarif").contains("\"$schema\""))
    }

    @Test func oneReporterTakesTheOutputWhereverItIsWritten() throws {
        let dir = try app()
        let r = try seams(["check", "app", "--output", "report.json", "--reporter", "sarif"], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(try dir.read("report.json").contains("\"$schema\""), "the reporter named, not the file's extension")
        // With several reporters, --output would be a guess: the message shows the way.
        let several = try seams(
            ["check", "app", "--reporter", "github", "--reporter", "sarif", "--output", "a.sarif"], in: dir.path)
        #expect(several.status == 64)
        #expect(several.stderr.contains("--reporter github --reporter sarif:seams.sarif"), "\(several.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/a.sarif"))
    }

    @Test func aBadConfigIsExitTwoWithEveryProblemAndNoReport() throws {
        let dir = try app()
        try dir.write(
            "app/seams.yml",
            """
            rulez: []
            layers: [TechApp, Netwrking]
            rules:
              - { id: x, kind: forbiden }
            """)
        let r = try seams(["check", "app", "--reporter", "json"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr == """
                app/seams.yml:1:1: error: unknown key 'rulez'; did you mean 'rules'?
                app/seams.yml:2:19: error: module 'Netwrking' matches nothing in the scanned code (modules: Helpers, TechApp, TechAppTests)
                app/seams.yml:4:20: error: unknown rule kind 'forbiden'; did you mean 'forbidden'?
                seams: error: the config has errors; fix them and run again

                """)
    }

    @Test func couldNotRunIsExitTwo() throws {
        let dir = try app()
        #expect(try seams(["check", "nowhere"], in: dir.path).status == 2)
        #expect(try seams(["check", "app", "--baseline", "missing.json"], in: dir.path).status == 2)
        #expect(try seams(["check", "app", "--config", "missing.yml"], in: dir.path).status == 2)
    }

    @Test(arguments: [
        ["check", "app", "--reporter", "nope"],
        ["check", "app", "--reporter", "text", "--reporter", "xcode"],
        ["check", "app", "--reporter", "sarif", "-o", "a", "-o", "b"],
        ["check", "app", "--reporter", "sarif:"],
        ["check", "app", "--reporter", "nope:a.txt"],
        ["check", "app", "--reporter", "github", "--reporter", "sarif", "--output", "a.sarif"],
        ["check", "app", "--reporter", "sarif:a.sarif", "--output", "b.sarif"],
        ["check", "app", "--reporter", "json:a", "--reporter", "sarif:a"],
        ["check", "app", "--baseline", "a.json", "--write-baseline", "b.json"],
        ["check", "app", "--max-file-size", "0"],
    ])
    func usageErrorsAreExit64(_ args: [String]) throws {
        let dir = try app()
        let r = try seams(args, in: dir.path)
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func withoutRulesItChecksForCycles() throws {
        let dir = try app()
        try dir.write("app/seams.yml", "exclude: [\"**/Generated/**\"]\n")
        let r = try seams(["check", "app"], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no rules in app/seams.yml: checking for dependency cycles"))
        #expect(r.stdout.hasPrefix("no-cycles error no-cycles: 1 violation"))
    }

    @Test func strictMakesWarningsFail() throws {
        let dir = try TempDir()
        try dir.write("App/A.swift", "class A { let b = B(); let c = C() }\nclass B {}\nclass C {}\n")
        try dir.write(
            "App/seams.yml", "rules: [{ id: lean, kind: max-dependencies, limit: 1, severity: warning }]\n")
        #expect(try seams(["check", "App"], in: dir.path).status == 0)
        #expect(try seams(["check", "App", "--strict"], in: dir.path).status == 1)
    }
}
