import Foundation
import SeamsKit

/// The code under test, scanned once per test process: architecture rules as unit tests.
///
/// ```swift
/// import SeamsTesting
/// import Testing
///
/// @Test func networkingKnowsNoUI() throws {
///     let app = try SeamsScan(path: "Sources")
///     app.types(inModule: "Networking").shouldNotDependOn(module: "UI")
/// }
/// ```
///
/// A failure is recorded at the offending source line (Swift Testing's `Issue.record`, or
/// XCTest's failure of the running test), one per violation, worded as `seams check` words it.
///
/// Relative paths are taken from the package or project the test file is in (the nearest
/// folder above it with a `Package.swift` or an `.xcodeproj`), so the same test runs from
/// `swift test`, from Xcode and from any working directory.
public final class SeamsScan: Sendable {
    public let code: ScannedCode
    /// The folder relative paths (sources, baselines) are taken from.
    public let anchor: String

    let checker: RuleChecker

    private static let memo = Memo()

    /// Scans `path` (a folder or a `.swift` file; relative to the test's package), with the
    /// `seams.yml` there or `config` for its modules, excludes and targets. The scan is done once
    /// per process for each path and config; later calls share it.
    public convenience init(path: String = "Sources", config: String? = nil, file: StaticString = #filePath) throws {
        try self.init(paths: [path], config: config, file: file)
    }

    public init(paths: [String], config: String? = nil, file: StaticString = #filePath) throws {
        let anchor = TestPaths.anchor(of: "\(file)")
        let absolute = paths.map { TestPaths.absolute($0, from: anchor) }
        let configPath = config.map { TestPaths.absolute($0, from: anchor) }
        let key = (["scan"] + absolute + [configPath ?? "-"]).joined(separator: "\u{0}")
        self.anchor = anchor
        self.code = try Self.memo.value(for: key) {
            var request = ScanRequest(paths: absolute)
            request.configPath = configPath
            request.cache = DiskCache.defaultRoot().map {
                DiskCache(
                    root: $0,
                    report: { FileHandle.standardError.write(Data("seams: \($0)\n".utf8)) })
            }
            return try ScannedCode.scan(request)
        }
        self.checker = RuleChecker(code: code, anchor: anchor)
        XCTestReporting.startObserving()
    }

    /// A scan saved with `seams scan --output scan.json`, read once per process.
    public init(savedScan path: String, file: StaticString = #filePath) throws {
        let anchor = TestPaths.anchor(of: "\(file)")
        let absolute = TestPaths.absolute(path, from: anchor)
        self.anchor = anchor
        self.code = try Self.memo.value(for: "saved\u{0}" + absolute) { try ScannedCode.load(savedScan: absolute) }
        self.checker = RuleChecker(code: code, anchor: anchor)
        XCTestReporting.startObserving()
    }

    /// Every scanned type.
    public var types: Types { Types(checker: checker, selection: .all) }

    /// The types of these modules.
    public func types(inModule modules: String...) -> Types {
        Types(checker: checker, selection: TypeSelection(modules: modules))
    }

    /// These modules, for rules about modules as wholes.
    public func modules(_ names: String...) -> Modules { Modules(checker: checker, names: names) }

    /// Every module of the scan.
    public var modules: Modules { Modules(checker: checker, names: code.modules) }

    /// The layering, from the top down: a layer may use only the layers below it; the modules
    /// in one layer must not know each other.
    @discardableResult
    public func shouldBeLayered(
        _ layers: [String]..., id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .layers(layers, id: id, because: because), baseline: baseline,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// Checks rules on a scan and records their failures: what selections assert through.
struct RuleChecker: Sendable {
    let code: ScannedCode
    /// The folder relative baseline paths are taken from.
    let anchor: String

    /// Checks a rule and records each failure at its place; nil when the rule could not be
    /// checked (the failure is recorded at the call site).
    func assert(_ rule: ArchitectureRule, baseline: String?, at site: CallSite) -> RuleVerdict? {
        do {
            let record = !(ProcessInfo.processInfo.environment["SEAMS_RECORD_BASELINE"] ?? "").isEmpty
            let verdict = try code.check(
                rule, baseline: baseline.map { TestPaths.absolute($0, from: anchor) }, record: record && baseline != nil
            )
            if let recorded = verdict.recorded {
                FileHandle.standardError.write(
                    Data("seams: recorded the violations of '\(rule.id)' in \(recorded)\n".utf8))
            }
            for failure in verdict.failures { Reporting.record(failure, at: site) }
            return verdict
        } catch {
            Reporting.record(
                RuleFinding(message: "\(error) [\(rule.id)]"),
                at: site)
            return nil
        }
    }
}

/// Scans shared by every test of the process.
private final class Memo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: ScannedCode] = [:]

    func value(for key: String, _ make: () throws -> ScannedCode) throws -> ScannedCode {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        let value = try make()
        values[key] = value
        return value
    }
}

/// Where an assertion was written: failures without a place of their own go there.
struct CallSite: Sendable {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Where relative paths in tests start from.
enum TestPaths {
    /// The nearest folder above `file` holding a Package.swift or an Xcode project; the
    /// current folder when there is none (a test file given by a relative path).
    static func anchor(of file: String) -> String {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        let fm = FileManager.default
        while url.path != "/" && !url.path.isEmpty {
            if fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
            let names = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return url.path }
            url.deleteLastPathComponent()
        }
        return fm.currentDirectoryPath
    }

    static func absolute(_ path: String, from anchor: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: anchor).appendingPathComponent(path).standardized.path
    }
}
