import Foundation
import SeamsProject
import SeamsTestSupport
import Testing
import Yams

/// The CI recipes in Docs/ci, run as the CI service would run them: each step's script with bash,
/// in a scratch git repository whose Swift code breaks its rules, with the built seams. Installing
/// is stood in for (apt-get, git and the clone's scripts/install are stubs that log what they were
/// asked), so the tests need no network, but every other command of a recipe runs as written.
struct CIRecipeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func recipe(_ name: String) throws -> Node {
        let text = try String(contentsOfFile: root + "/Docs/ci/" + name, encoding: .utf8)
        return try #require(try Yams.compose(yaml: text), "\(name) is YAML")
    }

    // MARK: GitHub Actions

    @Test func theGitHubWorkflowAnnotatesUploadsSARIFAndKeepsItsCaches() throws {
        let workflow = try Self.recipe("github-actions.yml")
        let jobs = try #require(workflow["jobs"]?.mapping)
        #expect(jobs.count == 1)
        let job = try #require(jobs.first?.value)
        let steps = job["steps"]?.array() ?? []
        let scratch = try Scratch()
        var env = scratch.environment.merging(
            [
                "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": scratch.work, "RUNNER_TEMP": scratch.tmp,
                "GITHUB_PATH": scratch.tmp + "/github_path", "GITHUB_ENV": scratch.tmp + "/github_env",
            ], uniquingKeysWith: { $1 })
        for (key, value) in Self.strings(workflow["env"]) + Self.strings(job["env"]) {
            #expect(!value.contains("${{"), "env \(key): the tests cannot evaluate expressions")
            env[key] = value
        }
        #expect(steps.contains { $0["uses"]?.string?.hasPrefix("actions/checkout@") == true })

        // The steps in order, as Actions runs them: after a failed step, only those whose `if`
        // asks for it (always(), failure()) run. Caches start empty (a first run).
        var failed = false
        var ran: [(index: Int, script: String, run: Run)] = []
        var skipped: [Int] = []
        for (index, step) in steps.enumerated() {
            let condition = step["if"]?.string ?? ""
            if failed && !condition.contains("always()") && !condition.contains("failure()") {
                skipped.append(index)
                continue
            }
            guard let script = step["run"]?.string else {
                #expect(step["uses"]?.string != nil, "step \(index) has neither run nor uses")
                continue
            }
            #expect(!script.contains("${{"), "step \(index): scripts read environment variables, not expressions")
            try Self.expectScriptsExist(script)
            let run = try scratch.bash(script, env: env.merging(Self.strings(step["env"]), uniquingKeysWith: { $1 }))
            ran.append((index, script, run))
            if run.status != 0 { failed = true }
            // What a step adds to $GITHUB_PATH comes first on the PATH of the steps after it.
            if let added = try? String(contentsOfFile: env["GITHUB_PATH"]!, encoding: .utf8) {
                for dir in added.split(separator: "\n") { env["PATH"] = dir + ":" + env["PATH"]! }
                try "".write(toFile: env["GITHUB_PATH"]!, atomically: true, encoding: .utf8)
            }
        }

        let check = try #require(ran.first { $0.script.contains("seams check") }, "a step runs seams check")
        for step in ran where step.index != check.index {
            #expect(step.run.status == 0, "step \(step.index): \(step.script)\n\(step.run.stdout)\(step.run.stderr)")
        }
        // The verdict: violations fail the step, and each is an annotation on its line.
        #expect(check.run.status == 1, "\(check.run.stdout)\(check.run.stderr)")
        let annotations = check.run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=") }
        #expect(annotations.contains { $0.hasPrefix("::error file=Sources/Networking/API.swift,line=") })
        #expect(annotations.contains { $0.contains("title=seams networking-knows-no-ui::") })
        #expect(annotations.contains { $0.contains("title=seams no-type-cycles::") })
        #expect(!check.run.stderr.contains("warning:") && !check.run.stderr.contains("note:"), "\(check.run.stderr)")

        // The seams that ran is the one the build step installed, put on PATH by the workflow.
        let log = scratch.log()
        #expect(log.filter { $0.hasPrefix("install ") }.count == 1, "\(log)")
        let prefix = String(log.first { $0.hasPrefix("install ") }?.dropFirst("install ".count) ?? "")
        let which = try scratch.bash("command -v seams", env: env)
        #expect(which.stdout == prefix + "/bin/seams\n", "\(which.stdout)")
        #expect(
            log.contains {
                $0.hasPrefix("apt-get install") && $0.contains("libgraphviz-dev") && $0.contains("pkg-config")
            },
            "\(log)")

        // The SARIF is uploaded after a failed check too, and holds the violations.
        let uploads = steps.enumerated().filter { $0.element["uses"]?.string?.contains("upload-sarif") == true }
        let upload = try #require(uploads.first, "a step uploads the SARIF")
        #expect(upload.offset > check.index && !skipped.contains(upload.offset), "the upload runs after a failed check")
        #expect(upload.element["if"]?.string?.contains("always()") == true)
        let sarifFile = try #require(upload.element["with"]?["sarif_file"]?.string)
        let sarif = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + sarifFile)))
                as? [String: Any], "\(sarifFile) is JSON")
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count >= 2, "the cycle and the forbidden dependency")
        let uris = results.compactMap {
            (((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any])?["uri"] as? String)
        }
        #expect(uris.count == results.count && uris.allSatisfy { $0.hasPrefix("Sources/") }, "\(uris)")

        // Every folder the workflow caches is filled by the run, is restored before the check,
        // and is saved even after a failed check; the scan cache is one of them.
        var scanCacheFound = false
        for (index, step) in steps.enumerated() where step["uses"]?.string?.hasPrefix("actions/cache") == true {
            let path = try #require(step["with"]?["path"]?.string, "step \(index): a cache path")
            let folder = scratch.expand(path)
            #expect(
                !((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "\(path) is filled")
            if step["uses"]?.string?.hasPrefix("actions/cache/restore@") == true {
                #expect(index < check.index, "\(path) is restored before the check")
            }
            if step["uses"]?.string?.hasPrefix("actions/cache/save@") == true && index > check.index {
                #expect(!skipped.contains(index) && step["if"]?.string?.contains("always()") == true, "\(path) saved")
            }
            if Scratch.holdsScanCache(folder) { scanCacheFound = true }
        }
        #expect(scanCacheFound, "seams wrote its scan cache into a folder the workflow caches")
    }

    // MARK: GitLab CI

    @Test func theGitLabJobWritesACodeQualityReportAndKeepsItsCache() throws {
        let recipe = try Self.recipe("gitlab-ci.yml")
        let job = try #require(recipe["seams"])
        let report = try #require(job["artifacts"]?["reports"]?["codequality"]?.string)
        #expect(job["artifacts"]?["when"]?.string == "always", "the report of a failed check is kept")
        #expect(job["cache"]?["when"]?.string == "always", "the cache of a failed check is kept")
        let cached = job["cache"]?["paths"]?.array(of: String.self) ?? []
        #expect(!cached.isEmpty)

        let scratch = try Scratch()
        var env = scratch.environment
        env["GITLAB_CI"] = "true"
        env["CI_PROJECT_DIR"] = scratch.work
        // GitLab puts the job's variables in the environment, expanding $VARIABLES in them, and
        // runs before_script and script in one shell that stops at the first failing command.
        var variables = ""
        for (key, value) in Self.strings(job["variables"]) {
            let quoted = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "`", with: "\\`")
            variables += "export \(key)=\"\(quoted)\"\n"
        }
        let lines = (job["before_script"]?.array() ?? []) + (job["script"]?.array() ?? [])
        let script = lines.compactMap(\.string).joined(separator: "\n")
        #expect(!script.contains("${{") && script.contains("seams check"))
        try Self.expectScriptsExist(script)

        for turn in 1...2 {
            try? FileManager.default.removeItem(atPath: scratch.work + "/" + report)
            let run = try scratch.bash(variables + script, env: env)
            #expect(run.status == 1, "turn \(turn): the job fails on violations\n\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("networking-knows-no-ui"), "the text report in the job's log")
            #expect(!run.stderr.contains("warning:") && !run.stderr.contains("note:"), "\(run.stderr)")
            let issues = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + report))) as? [[String: Any]],
                "turn \(turn): \(report) is a JSON array")
            #expect(issues.count >= 2)
            for issue in issues {
                let location = issue["location"] as? [String: Any]
                #expect(
                    issue["description"] is String && issue["check_name"] is String && issue["fingerprint"] is String)
                #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
                #expect((location?["path"] as? String)?.hasPrefix("Sources/") == true)
                #expect((location?["lines"] as? [String: Any])?["begin"] is Int)
            }
            // The scan cache is back inside what GitLab caches, and seams was built once.
            #expect(cached.contains { Scratch.holdsScanCache(scratch.work + "/" + $0) }, "turn \(turn)")
            #expect(scratch.log().filter { $0.hasPrefix("install ") }.count == 1, "turn \(turn): \(scratch.log())")
        }
        #expect(scratch.log().contains { $0.hasPrefix("apt-get install") && $0.contains("libgraphviz-dev") })
    }

    // MARK: helpers

    /// The string values of a mapping, in order.
    static func strings(_ node: Node?) -> [(String, String)] {
        (node?.mapping ?? [:]).compactMap { key, value in key.string.flatMap { k in value.string.map { (k, $0) } } }
    }

    /// Scripts of this repository a recipe names (`…/scripts/install`) exist, are executable, and
    /// parse; the packages it installs are those `scripts/install-deps` names.
    static func expectScriptsExist(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let syntax = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), ["-n", "-c", script], in: root)
        #expect(syntax.status == 0, "\(script)", sourceLocation: sourceLocation)
        let names = try NSRegularExpression(pattern: #"scripts/[A-Za-z0-9_-]+"#)
            .matches(in: script, range: NSRange(script.startIndex..., in: script))
            .map { (script as NSString).substring(with: $0.range) }
        for name in names {
            #expect(
                FileManager.default.isExecutableFile(atPath: root + "/" + name), "\(name)",
                sourceLocation: sourceLocation)
            let parsed = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), ["-n", root + "/" + name], in: root)
            #expect(parsed.status == 0, "\(name) parses", sourceLocation: sourceLocation)
        }
        if names.contains("scripts/install") {
            // The stub stands for scripts/install PREFIX: its one argument is where seams goes.
            let install = try String(contentsOfFile: root + "/scripts/install", encoding: .utf8)
            #expect(install.contains(#"prefix="${1:-"#), sourceLocation: sourceLocation)
            #expect(
                install.contains(#"install -m 755 "$bin/seams" "$prefix/bin/seams""#), sourceLocation: sourceLocation)
        }
        if script.contains("apt-get install") {
            let deps = try String(contentsOfFile: root + "/scripts/install-deps", encoding: .utf8)
            for package in ["libgraphviz-dev", "pkg-config"] {
                #expect(
                    script.contains(package) && deps.contains(package), "\(package)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// A scratch CI machine: a home, a temporary folder, stubs for what installs things, and a git
/// repository (the checkout) whose code has a forbidden dependency and a cycle.
final class Scratch {
    let dir: TempDir
    var work: String { dir.path + "/work" }
    var home: String { dir.path + "/home" }
    var tmp: String { dir.path + "/tmp" }
    var stubs: String { dir.path + "/stubs" }

    init() throws {
        dir = try TempDir()
        try dir.write("home/.keep", "")
        try dir.write("tmp/.keep", "")
        try dir.write(
            "work/seams.yml",
            """
            modules:
              Networking: ["Sources/Networking/**"]
              UI: ["Sources/UI/**"]
            rules:
              - id: no-type-cycles
                kind: no-cycles
              - id: networking-knows-no-ui
                kind: forbidden
                from: { module: Networking }
                to: { module: UI }
                because: "The API client must be reusable."

            """)
        try dir.write(
            "work/Sources/Networking/API.swift",
            "final class API {\n    func signIn(from screen: LoginScreen) {}\n}\n")
        try dir.write("work/Sources/UI/LoginScreen.swift", "final class LoginScreen {\n    let api = API()\n}\n")
        for args in [["init", "--quiet"], ["add", "."], ["commit", "--quiet", "-m", "app"]] {
            let r = try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-c", "user.name=CI", "-c", "user.email=ci@example.com"] + args, in: work)
            #expect(r.status == 0, "git \(args): \(String(decoding: r.stderr, as: UTF8.self))")
        }
        let log = dir.path + "/log"
        // apt-get and sudo log and succeed; git clone makes a folder whose scripts/install puts the
        // built seams at the prefix it is given.
        try stub("apt-get", "echo \"apt-get $*\" >> '\(log)'")
        try stub(
            "sudo",
            """
            case "$1" in apt-get) exec "$@" ;; *) echo "sudo $1: not expected in a recipe" >&2; exit 1 ;; esac
            """)
        try stub(
            "git",
            """
            echo "git $*" >> '\(log)'
            case "$1" in
              clone) dest="${@: -1}"; mkdir -p "$dest/scripts" && cp '\(stubs)/install' "$dest/scripts/install" ;;
              -C) [ -d "$2" ] || { echo "git -C $2: no such folder" >&2; exit 128; } ;;
              *) echo "git $1: not expected in a recipe" >&2; exit 1 ;;
            esac
            """)
        try stub(
            "install",
            """
            set -euo pipefail
            echo "install $*" >> '\(log)'
            [ $# -eq 1 ] || { echo "usage: scripts/install PREFIX" >&2; exit 64; }
            mkdir -p "$1/bin"
            # A hard link: an installed seams is a file, not a link out of the checkout.
            ln -f '\(seamsBinary().resolvingSymlinksInPath().path)' "$1/bin/seams" 2>/dev/null \\
              || cp '\(seamsBinary().resolvingSymlinksInPath().path)' "$1/bin/seams"
            """)
    }

    private func stub(_ name: String, _ body: String) throws {
        try dir.write("stubs/" + name, "#!/bin/bash\n" + body + "\n")
        chmod(stubs + "/" + name, 0o755)
    }

    /// What a fresh CI machine has: no seams on PATH, HOME and TMPDIR of its own.
    var environment: [String: String] {
        [
            "HOME": home, "TMPDIR": tmp, "CI": "true", "LANG": "C.UTF-8",
            "PATH": stubs + ":/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        ]
    }

    /// Runs a script as the CI services do (`bash -eo pipefail`), in the checkout, with only `env`.
    func bash(_ script: String, env: [String: String]) throws -> Run {
        let args =
            ["-i"] + env.sorted { $0.key < $1.key }.map { "\($0)=\($1)" } + [
                "/bin/bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script,
            ]
        let r = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), args, in: work, timeout: 300)
        #expect(!r.timedOut, "\(script)")
        return Run(
            status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
            stderr: String(decoding: r.stderr, as: UTF8.self))
    }

    /// A path as the cache actions read it: `~` is HOME, a relative path is in the checkout.
    func expand(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path.hasPrefix("/") ? path : work + "/" + path
    }

    /// The lines the stubs logged.
    func log() -> [String] {
        ((try? String(contentsOfFile: dir.path + "/log", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    /// Whether a folder holds seams's scan cache: a build's folder with a pack in it.
    static func holdsScanCache(_ folder: String) -> Bool {
        let found = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return found.contains { $0.split(separator: "/").dropLast().last == "packs" }
    }
}
