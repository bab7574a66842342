import Foundation
import SeamsTestSupport
import Testing

/// `seams init` end to end: a starter seams.yml that describes the code, which `seams check`
/// passes right away with the baseline it writes.
struct InitCommandTests {
    /// A copy of a sample stage without its own seams.yml.
    func stage(_ name: String, in dir: TempDir) throws -> String {
        let target = dir.path + "/" + name
        try copySource(SampleCheckTests.samples + "/" + name, to: target)
        try FileManager.default.removeItem(atPath: target + "/seams.yml")
        return target
    }

    @Test(arguments: ["Stage0-Legacy", "Stage1-Seams", "Stage2-Modules"])
    func withItsBaselineTheCheckPassesAtOnce(stage name: String) throws {
        let dir = try TempDir()
        let app = try stage(name, in: dir)
        let made = try seams(["init", "--baseline"], in: app)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("wrote seams.yml"))
        let config = try String(contentsOfFile: app + "/seams.yml", encoding: .utf8)
        #expect(config.contains("baseline: seams-baseline.json"))
        #expect(FileManager.default.fileExists(atPath: app + "/seams-baseline.json"))
        let check = try seams(["check"], in: app)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(try seams(["check", "--baseline", "seams-baseline.json"], in: app).status == 0)
    }

    @Test func theLayersAreTheModulesFromTheTopDown() throws {
        let dir = try TempDir()
        let app = try stage("Stage2-Modules", in: dir)
        #expect(try seams(["init"], in: app).status == 0)
        let config = try String(contentsOfFile: app + "/seams.yml", encoding: .utf8)
        let layers = config.components(separatedBy: "\n").drop { $0 != "layers:" }.dropFirst()
            .prefix { $0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) }
        // The app above sign-in above the UI helpers; the test targets above what they test.
        let flat = layers.joined(separator: " ")
        let order = ["FieldDesk", "SignIn", "UIHelpers"].map { name in
            layers.firstIndex {
                $0 == name || $0.contains("[\(name),") || $0.contains(" \(name),") || $0.contains(" \(name)]")
            }
        }
        #expect(order.allSatisfy { $0 != nil }, "\(flat)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(flat.contains("FieldDeskTests"))
        // Without a baseline, the stage passes its own starter rules: it has no cycle left.
        #expect(try seams(["check"], in: app).status == 0)
    }

    @Test func modulesInACycleShareALayerAndTheBaselineHoldsTheirEdges() throws {
        let dir = try TempDir()
        try dir.write("Networking/API.swift", "class API { var screen: Screen? }\n")
        try dir.write("UI/Screen.swift", "class Screen { let api = API() }\n")
        try dir.write("Core/Log.swift", "struct Log {}\n")
        try dir.write("UI/Theme.swift", "struct Theme { let log = Log() }\n")
        let plain = try seams(["init"], in: dir.path)
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("seams check finds"), "\(plain.stderr)")
        let config = try String(contentsOfFile: dir.path + "/seams.yml", encoding: .utf8)
        #expect(config.contains("# Networking, UI depend on each other (a cycle): siblings for now"))
        #expect(config.contains("layers:\n  - [Networking, UI]\n  - Core\n"))
        #expect(try seams(["check"], in: dir.path).status == 1)

        let baselined = try seams(["init", "--baseline", "--force"], in: dir.path)
        #expect(baselined.status == 0)
        #expect(try seams(["check"], in: dir.path).status == 0)
        // A new edge against the layering fails.
        try dir.write("Core/Log.swift", "struct Log { var theme: Theme? }\n")
        let grown = try seams(["check"], in: dir.path)
        #expect(grown.status == 1)
        #expect(grown.stdout.contains("Core.Log → UI.Theme"))
    }

    @Test func whatInitLeftOutTheCheckLeavesOutToo() throws {
        let dir = try TempDir()
        try dir.write("App/App.swift", "class App { let api = API() }\n")
        try dir.write("App/API.swift", "class API {}\n")
        try dir.write("Generated/Cycle.swift", "class A { var b: B? }\nclass B { var a: A? }\n")
        #expect(try seams(["init", "--exclude", "Generated/**"], in: dir.path).status == 0)
        let config = try dir.read("seams.yml")
        #expect(config.contains("exclude: [\"Generated/**\"]"))
        #expect(!config.contains("Generated ("))
        #expect(try seams(["check"], in: dir.path).status == 0)
    }

    /// An Xcode project: modules are its targets; the target chosen is written into seams.yml.
    @Test func anXcodeTargetIsDescribedAndNamedInTheConfig() throws {
        let dir = try TempDir()
        let fixture = URL(fileURLWithPath: SampleCheckTests.samples).deletingLastPathComponent()
            .appendingPathComponent("Tests/SeamsProjectTests/Fixtures/TwoTargets").path
        let app = dir.path + "/TwoTargets"
        try FileManager.default.copyItem(atPath: fixture, toPath: app)
        try FileManager.default.removeItem(atPath: app + "/seams.yml")
        let made = try seams(["init", "--target", "Podcasts", "--baseline"], in: app)
        #expect(made.status == 0, "\(made.stderr)")
        let config = try String(contentsOfFile: app + "/seams.yml", encoding: .utf8)
        #expect(config.contains("targets: [Podcasts]"))
        #expect(config.contains("Podcasts.xcodeproj"))
        #expect(config.contains("  - Podcasts\n") || config.contains("[Podcasts,") || config.contains(" Podcasts]"))
        #expect(!config.contains("Podcasts AppStore"))
        let check = try seams(["check"], in: app)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let dir = try TempDir()
        try dir.write("App/App.swift", "struct App {}\n")
        try dir.write("seams.yml", "rules: []\n")
        let refused = try seams(["init"], in: dir.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("seams.yml exists"))
        #expect(refused.stderr.contains("--force"))
        #expect(try dir.read("seams.yml") == "rules: []\n")
        try FileManager.default.removeItem(atPath: dir.path + "/seams.yml")
        // The baseline is guarded too.
        try dir.write("seams-baseline.json", "{}")
        #expect(try seams(["init", "--baseline"], in: dir.path).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/seams.yml"))
        #expect(try seams(["init", "--baseline", "--force"], in: dir.path).status == 0)
        #expect(try dir.read("seams-baseline.json").contains("\"tool\": \"seams\""))
    }

    @Test func aLinkWhereAFileGoesIsNeverFollowed() throws {
        // A dangling link would have init write outside the folder it describes; a link to a
        // file is a file that exists. Either is refused, with --force too: init writes only
        // regular files of its own folder.
        let outside = try TempDir()
        try outside.write("kept.yml", "rules: []\n")
        for (name, flags) in [
            ("seams.yml", ["init"]), ("seams.yml", ["init", "--force"]),
            ("seams-baseline.json", ["init", "--baseline"]),
            ("seams-baseline.json", ["init", "--baseline", "--force"]),
        ] {
            for target in [outside.path + "/" + name, outside.path + "/kept.yml"] {
                let dir = try TempDir()
                try dir.write("App/App.swift", "struct App {}\n")
                try FileManager.default.createSymbolicLink(atPath: dir.path + "/" + name, withDestinationPath: target)
                let r = try seams(flags, in: dir.path)
                #expect(r.status == 2, "\(flags) \(name) → \(target): \(r.stderr)")
                #expect(
                    r.stderr.contains("seams: error: \(name) is a symbolic link; seams init never writes through one"),
                    "\(r.stderr)")
                #expect(dir.listing() == ["App", "App/App.swift", name], "nothing written: \(flags)")
                #expect(outside.listing() == ["kept.yml"])
                #expect(try outside.read("kept.yml") == "rules: []\n")
            }
        }
    }

    @Test func sameCodeSameBytesAndTheExamplesAreValidRules() throws {
        let dir = try TempDir()
        let app = try stage("Stage0-Legacy", in: dir)
        #expect(try seams(["init"], in: app).status == 0)
        let first = try String(contentsOfFile: app + "/seams.yml", encoding: .utf8)
        #expect(try seams(["init", "--force"], in: app).status == 0)
        #expect(try String(contentsOfFile: app + "/seams.yml", encoding: .utf8) == first)
        // Uncommented, every example is a rule seams check accepts (exit 0 or 1, never 2).
        let uncommented = first.components(separatedBy: "\n").map { line in
            line.hasPrefix("  # - ") || line.hasPrefix("  #   ") ? "  " + line.dropFirst(4) : line
        }.joined(separator: "\n")
        try uncommented.write(toFile: app + "/all.yml", atomically: true, encoding: .utf8)
        let check = try seams(["check", "--config", "all.yml"], in: app)
        #expect(check.status != 2, "\(check.stderr)")
        #expect(check.stderr.contains("7 rules"), "\(check.stderr)")
    }
}
