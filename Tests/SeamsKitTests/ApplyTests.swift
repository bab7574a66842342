import Foundation
import SeamsKit
import SeamsProject
import SeamsTestSupport
import SeamsWorkbench
import Testing

/// `seams apply inject-through-init`: each shape of type and read, its diff and notes pinned by
/// a golden, the refusals with their reasons in another; the rewritten code, every step
/// applied in turn, compiled by swiftc.
@Suite struct ApplyTests {
    static let files: [String: String] = [
        "Logger.swift": """
        final class Logger {
            static let shared = Logger()
            private(set) var lines: [String] = []

            func log(_ line: String) { lines.append(line) }
        }

        enum Settings {
            static var server: String = "https://example.com"
            static func describe() -> String { server }
        }

        var sessions = 0

        final class Session {
            var token = ""
            func refresh() { token += "." }
        }

        final class AppState {
            static let shared = AppState()
            let session = Session()
        }
        """,
        "Client.swift": """
        /// Designated initializers take the parameter; a convenience one hands over.
        final class Client {
            let session: String

            init(session: String) {
                self.session = session
            }

            convenience init() {
                self.init(session: "default")
            }

            func get(_ path: String) -> String {
                Logger.shared.log("GET \\(path)")
                return Settings.server + path
            }

            static func boot() {
                Logger.shared.log("boot")
            }
        }
        """,
        "Store.swift": """
        import Dispatch

        /// No initializer and no superclass: one is written. A read in a closure is `self.`'s.
        final class Store {
            var saved = 0

            func save(logger note: String) {
                saved += 1
                let logger = note
                DispatchQueue.global().async {
                    Logger.shared.log("saved")
                }
                Logger.shared.log(logger)
            }
        }
        """,
        "Report.swift": """
        /// A struct with no initializer: its memberwise initializer takes the new var.
        struct Report {
            var title: String

            func render(_ done: () -> Void) -> String {
                Logger.shared.log(title)
                done()
                return title
            }
        }

        /// A struct whose initializers are its own, one in an extension.
        struct Page {
            let number: Int

            init(number: Int) {
                self.number = number
            }

            func show() { Logger.shared.log("page \\(number)") }
        }

        extension Page {
            init(
                text: String,
                parse: (String) -> Int
            ) {
                self.number = parse(text)
            }
        }
        """,
        "Screens.swift": """
        class Screen {
            let title: String

            init(title: String) {
                self.title = title
            }

            func describe() { Logger.shared.log(title) }
        }

        /// Inherits its initializers: a property with a default.
        final class JobsScreen: Screen {
            func open() {
                sessions += 1
                Logger.shared.log("jobs")
            }
        }

        /// Overrides its superclass's initializer: it keeps its signature and sets the default.
        final class InvoiceScreen: Screen {
            let amount: Int

            override init(title: String) {
                amount = 0
                super.init(title: title)
            }

            init(amount: Int) {
                self.amount = amount
                super.init(title: "Invoice")
            }

            func file() { Logger.shared.log("\\(amount) \\(Settings.server)") }
        }
        """,
    ]

    /// A type that reaches its collaborator through an accessor chain.
    static let chainFile = """
        final class Refresher {
            func run() {
                AppState.shared.session.refresh()
                print(AppState.shared.session.token)
            }
        }
        """

    /// A public type, and initializers that cannot take the parameter.
    static let publicFile = """
        public final class Gateway {
            let name: String

            public init(name: String) {
                self.name = name
            }

            init() {
                self.name = "internal"
            }

            func send() { Logger.shared.log(name) }
        }

        final class Retry {
            let count: Int

            init(count: Int) {
                self.count = count
            }

            convenience init() {
                Logger.shared.log("default")
                self.init(count: 1)
            }

            func run() { Logger.shared.log("\\(count)") }
        }
        """

    /// The edges applied, in this order, each to the code the last one left.
    static let steps: [(from: String, to: String)] = [
        ("Client", "Logger"), ("Client", "Settings"), ("Store", "Logger"), ("Report", "Logger"), ("Page", "Logger"),
        ("JobsScreen", "Logger"), ("InvoiceScreen", "Logger"), ("InvoiceScreen", "Settings"), ("Gateway", "Logger"),
        ("Retry", "Logger"), ("Screen", "Logger"), ("Refresher", "Session"),
    ]

    static func request(_ dir: TempDir, _ from: String, _ to: String, write: Bool = false) -> ApplyRequest {
        var scan = ScanRequest(paths: [dir.path + "/App"])
        scan.cache = nil
        var request = ApplyRequest(scan: scan, recipe: .injectThroughInit, from: from, to: to)
        request.write = write
        return request
    }

    /// A recipe's refusal (or, wrongly, its summary), as a transcript says it.
    static func refusal(_ recipe: ApplyRecipe, _ dir: TempDir, _ from: String, _ to: String) -> String {
        var request = Self.request(dir, from, to)
        request.recipe = recipe
        let line = "$ seams apply \(recipe.rawValue) --edge \(from) \(to)\n"
        do {
            return line + "applied: \(try ApplyPipeline.run(request).summary)\n"
        } catch {
            return line + "\(error)\n"
        }
    }

    @Test func eachShapeIsRewrittenAndTheResultCompiles() throws {
        let dir = try TempDir()
        for (name, text) in Self.files { try dir.write("App/" + name, text) }
        try dir.write("App/Public.swift", Self.publicFile)
        try dir.write("App/Chain.swift", Self.chainFile)
        var transcript = ""
        for step in Self.steps {
            transcript += "$ seams apply inject-through-init --edge \(step.from) \(step.to)\n"
            do {
                let outcome = try ApplyPipeline.run(Self.request(dir, step.from, step.to, write: true))
                transcript +=
                    outcome.notes.map { "note: \($0)\n" }.joined() + outcome.summary + "\n" + outcome.diff + "\n"
            } catch {
                // A step the code before it makes impossible (a name a subclass took), said.
                transcript += "\(error)\n\n"
            }
        }
        assertSnapshot(transcript, named: "apply/inject-through-init.txt")
        // Every caller of the old code compiles against the new: the calls below are the old API.
        try dir.write(
            "App/Callers.swift",
            """
            func callers() {
                _ = Client(session: "s").get("/")
                _ = Client().get("/")
                Client.boot()
                Store().save(logger: "x")
                _ = Report(title: "t").render {}
                Page(number: 1).show()
                Page(text: "2") { Int($0) ?? 0 }.show()
                JobsScreen(title: "j").open()
                InvoiceScreen(title: "i").file()
                InvoiceScreen(amount: 3).file()
                Gateway(name: "g").send()
                Gateway().send()
                Retry().run()
            Screen(title: "s").describe()
            Refresher().run()
            }

            """)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/App").sorted()
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-swift-version", "5"] + files,
            in: dir.path + "/App", timeout: 300)
        #expect(run.status == 0, "swiftc:\n\(String(decoding: run.stderr, as: UTF8.self))")
    }

    @Test func whatCannotBeInjectedIsRefusedWithTheReason() throws {
        let dir = try TempDir()
        for (name, text) in Self.files { try dir.write("App/" + name, text) }
        try dir.write(
            "App/More.swift",
            """
            struct Box<Value> {
                static var empty: Box { Box() }
            }

            struct Boxes {
                func f() -> Box<Int> { Box<Int>.empty }
            }

            struct Point: Equatable {
                var x: Int
                func f() { Logger.shared.log("\\(x)") }
            }

            struct Clash {
                let logger = 1
                func f() { Logger.shared.log("\\(logger)") }
            }

            struct Defaults {
                let line = Logger.shared.lines.first
            }

            enum Paths {
                static func base() -> String { Settings.server }
            }

            struct Caller {
                func f() -> String { Settings.describe() }
            }
            """)
        var transcript = ""
        for (from, to) in [
            ("Clash", "Logger"), ("Defaults", "Logger"), ("Paths", "Settings"), ("Caller", "Settings"),
            ("Logger", "Client"), ("Nowhere", "Logger"), ("Boxes", "Box"), ("Point", "Logger"),
        ] {
            transcript += Self.refusal(.injectThroughInit, dir, from, to)
        }
        assertSnapshot(transcript, named: "apply/inject-through-init-refusals.txt")
        // Nothing was written.
        #expect(
            try String(contentsOfFile: dir.path + "/App/Client.swift", encoding: .utf8) == Self.files["Client.swift"])
    }

    @Test func aFileChangedSinceTheScanIsNotWritten() throws {
        let dir = try TempDir()
        for (name, text) in Self.files { try dir.write("App/" + name, text) }
        // Touched after the scan began (here: dated later): what --write would rewrite may not
        // be what the scan read, so nothing is written.
        let request = Self.request(dir, "Client", "Logger", write: true)
        let later = Date().addingTimeInterval(5)
        try dir.write("App/Client.swift", Self.files["Client.swift"]!)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: dir.path + "/App/Client.swift")
        #expect(throws: SeamsError.self) { try ApplyPipeline.run(request) }
        #expect(
            try String(contentsOfFile: dir.path + "/App/Client.swift", encoding: .utf8) == Self.files["Client.swift"])
    }

    static let protocolFiles: [String: String] = [
        "Service.swift": """
        import Foundation

        final class Service {
            struct Reply { var text: String }

            weak var owner: AnyObject?
            var token: String?
            private(set) var count = 0
            let name = String("service")
            nonisolated(unsafe) static let shared = Service()

            func fetch(_ path: String) async throws -> Reply {
                count += 1
                return Reply(text: path)
            }

            func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T where T: Sendable {
                try JSONDecoder().decode(type, from: data)
            }

            @discardableResult
            func ping() -> Bool { true }

            func log(_ line: String, level: Int = 0) {}
        }

        struct Counter {
            var value = 0
            mutating func bump() { value += 1 }
        }

        struct Mark: Sendable {
            var line: Int
            func describe() -> String { "line \\(line)" }
        }

        struct Stamp: Sendable {
            let mark: Mark
            func text() -> String { mark.describe() }
        }

        enum Mode { case fast, slow }
        protocol Clock { var now: Int { get } }
        """,
        "Screen.swift": """
        import Foundation

        final class Screen {
            let service: Service
            var counter: Counter
            var make: () -> Service = { Service.shared }

            init(service: Service = Service.shared, counter: Counter = Counter()) {
                self.service = service
                self.counter = counter
            }

            func load() async throws -> String {
                service.token = "t"
                service.ping()
                let reply = try await service.fetch("/a")
                let n: Int = try service.decode(Int.self, from: Data("1".utf8))
                counter.bump()
                return reply.text + "\\(n)" + service.name + (make().token ?? "")
            }
        }

        final class Logs {
            let service: Service
            init(service: Service) { self.service = service }
            func f() { service.log("x") }
        }

        final class Maker {
            func make() -> Service { Service() }
        }

        struct Switch {
            func f(_ mode: Mode) -> Bool { mode == .fast }
        }

        struct Ticker {
            let clock: Clock
            func f() -> Int { clock.now }
        }
        """,
    ]

    @Test func aProtocolOfWhatIsUsedIsExtractedAndTheResultCompiles() throws {
        let dir = try TempDir()
        for (name, text) in Self.protocolFiles { try dir.write("App/" + name, text) }
        var transcript = ""
        for (from, to) in [("Screen", "Service"), ("Screen", "Counter"), ("Stamp", "Mark")] {
            var request = Self.request(dir, from, to, write: true)
            request.recipe = .extractProtocol
            let outcome = try ApplyPipeline.run(request)
            transcript += "$ seams apply extract-protocol --edge \(from) \(to)\n"
            transcript += outcome.notes.map { "note: \($0)\n" }.joined() + outcome.summary + "\n" + outcome.diff + "\n"
        }
        // The refusals, each on the code as it was.
        let fresh = try TempDir()
        for (name, text) in Self.protocolFiles { try fresh.write("App/" + name, text) }
        try fresh.write("App/Named.swift", "protocol LoggerProtocol {}\nfinal class Logger { func log() {} }\n")
        try fresh.write(
            "App/Dock.swift",
            """
            public final class Port {
                func open() {}
            }

            public final class Dock {
                public let port: Port
                public init(port: Port) { self.port = port }
                func f() { port.open() }
            }
            """)
        try fresh.write(
            "App/Holders.swift",
            """
            final class Holder {
                let service: Service
                init(service: Service) { self.service = service }
                func handOn() -> Service {
                    service.ping()
                    return service
                }
            }

            final class Passer {
                let service: Service
                init(service: Service) { self.service = service }
                func f() {
                    service.ping()
                    use(service)
                }
                func use(_ s: AnyObject) { _ = s }
            }

            final class Batch {
                let services: [Service]
                init(services: [Service]) { self.services = services }
                func f() { for service in services { service.ping() } }
            }

            final class Local {
                let service: Service
                init(service: Service) { self.service = service }
                func f() {
                    func ping(_ other: Service) { other.ping() }
                    ping(service)
                }
            }

            final class Writer {
                let logger = Logger()
                func f() { logger.log() }
            }
            """)
        for (from, to) in [
            ("Logs", "Service"), ("Maker", "Service"), ("Switch", "Mode"), ("Ticker", "Clock"), ("Holder", "Service"),
            ("Passer", "Service"), ("Writer", "Logger"), ("Dock", "Port"), ("Local", "Service"), ("Batch", "Service"),
        ] {
            transcript += Self.refusal(.extractProtocol, fresh, from, to)
        }
        assertSnapshot(transcript, named: "apply/extract-protocol.txt")
        try dir.write(
            "App/Callers.swift",
            """
            func callers() async throws {
                _ = try await Screen().load()
                _ = try await Screen(service: Service.shared, counter: Counter()).load()
                let screen = Screen(service: Service())
                screen.counter = Counter(value: 2)
            }

            """)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/App").sorted()
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-swift-version", "6"] + files,
            in: dir.path + "/App", timeout: 300)
        #expect(run.status == 0, "swiftc:\n\(String(decoding: run.stderr, as: UTF8.self))")
    }

    static let factoryFiles: [String: String] = [
        "Made.swift": """
        final class Request {
            let path: String
            let retries: Int

            init(path: String, retries: Int = 3) {
                self.path = path
                self.retries = retries
            }

            init?(url: String) {
                guard !url.isEmpty else { return nil }
                self.path = url
                self.retries = 0
            }
        }

        struct Token {
            var value: String
            var expires: Int = 0
        }

        final class Parser {
            let text: String
            init(text: String) throws { self.text = text }
        }
        """,
        "Makers.swift": """
        final class Loader {
            let base: String

            init(base: String) {
                self.base = base
            }

            func load() -> Request {
                let first = Request(path: base + "/a")
                _ = first
                return Request(path: base + "/b")
            }

            func token() -> Token { Token(value: base) }

            func parse(_ text: String) throws -> Parser { try Parser(text: text) }
        }

        final class Both {
            func f() -> Request? { Request(url: "u") ?? Request(path: "p") }
        }

        final class Stored {
            let request = Request(path: "p")
        }

        final class Box<Value> {
            let value: Value
            init(_ value: Value) { self.value = value }
        }

        final class Boxer {
            func f() -> Box<Int> { Box(1) }
        }

        fileprivate final class Secret {}

        final class Keeper {
            func f() { _ = Secret() }
        }
        """,
    ]

    @Test func constructionsAreMadeByAClosureAndTheResultCompiles() throws {
        let dir = try TempDir()
        for (name, text) in Self.factoryFiles { try dir.write("App/" + name, text) }
        var transcript = ""
        for (from, to) in [("Loader", "Request"), ("Loader", "Token"), ("Loader", "Parser")] {
            var request = Self.request(dir, from, to, write: true)
            request.recipe = .factoryClosure
            let outcome = try ApplyPipeline.run(request)
            transcript += "$ seams apply factory-closure --edge \(from) \(to)\n"
            transcript += outcome.notes.map { "note: \($0)\n" }.joined() + outcome.summary + "\n" + outcome.diff + "\n"
        }
        for (from, to) in [
            ("Both", "Request"), ("Stored", "Request"), ("Loader", "Both"), ("Boxer", "Box"), ("Keeper", "Secret"),
        ] {
            transcript += Self.refusal(.factoryClosure, dir, from, to)
        }
        assertSnapshot(transcript, named: "apply/factory-closure.txt")
        try dir.write(
            "App/Callers.swift",
            """
            func callers() throws {
                let loader = Loader(base: "b")
                _ = loader.load()
                _ = loader.token()
                _ = try loader.parse("t")
                _ = Loader(base: "c", makeRequest: { Request(path: $0, retries: 0) })
            }

            """)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/App").sorted()
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-swift-version", "5"] + files,
            in: dir.path + "/App", timeout: 300)
        #expect(run.status == 0, "swiftc:\n\(String(decoding: run.stderr, as: UTF8.self))")
    }

    /// Stage 0 of the teaching sample, where the plan's cuts and the blockers are known.
    static let stage0 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy").path

    @Test func aCutOrABlockerNamesTheEdgeAndItsRecipe() throws {
        var scan = ScanRequest(paths: [Self.stage0])
        scan.cache = nil
        // The plan's first cut: the logger's read of the configuration, injected.
        let cut = try ApplyPipeline.run(ApplyRequest(scan: scan, recipe: nil, target: .cut(tangle: 1, order: 1)))
        #expect(
            cut.summary.hasPrefix(
                "inject-through-init FieldDesk.Logger → FieldDesk.AppDelegate (cut 1 of seams untangle): configuration"),
            "\(cut.summary)")
        #expect(cut.changedFiles == ["Sources/FieldDesk/Logger.swift"])
        // A blocker, by where it is.
        let blocker = try ApplyPipeline.run(
            ApplyRequest(
                scan: scan, recipe: nil,
                target: .blocker(file: "Sources/FieldDesk/JobsViewController.swift", line: 25, column: 23)))
        #expect(blocker.summary.contains("FieldDesk.JobsViewController → FieldDesk.AppDelegate (blocker"))
        // A cut whose recipe seams does not rewrite (the downcast's command object): the steps.
        do {
            _ = try ApplyPipeline.run(ApplyRequest(scan: scan, recipe: nil, target: .cut(tangle: 1, order: 3)))
            Issue.record("cut 3 was applied")
        } catch {
            #expect("\(error)".contains("its recipe, command-object, is not one seams apply makes; the steps, by hand"))
        }
        #expect(throws: SeamsError.self) {
            try ApplyPipeline.run(ApplyRequest(scan: scan, recipe: nil, target: .cut(tangle: 1, order: 99)))
        }
        #expect(throws: SeamsError.self) {
            try ApplyPipeline.run(
                ApplyRequest(scan: scan, recipe: nil, target: .blocker(file: "Nowhere.swift", line: 1, column: 1)))
        }
    }

    @Test func theDiffIsTheShortestAndPatchReadsIt() throws {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl"
        let diff = UnifiedDiff.text(old: old, new: new, path: "x.txt")
        #expect(
            diff == """
                --- a/x.txt
                +++ b/x.txt
                @@ -1,5 +1,5 @@
                 a
                -b
                +B
                 c
                 d
                 e
                @@ -9,3 +9,4 @@
                 i
                 j
                 k
                +l
                \\ No newline at end of file

                """)
        let dir = try TempDir()
        try dir.write("x.txt", old)
        try dir.write("x.diff", diff)
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["patch", "-p1", "-i", "x.diff"], in: dir.path, timeout: 60)
        #expect(run.status == 0, "\(String(decoding: run.stdout + run.stderr, as: UTF8.self))")
        #expect(try String(contentsOfFile: dir.path + "/x.txt", encoding: .utf8) == new)
        #expect(UnifiedDiff.text(old: old, new: old, path: "x.txt") == "")
    }
}
