import SeamsKit

/// Some of the scanned types, narrowed step by step, then asserted on:
/// `app.types(inModule: "UI").ofKind(.class).matching(name: ".*ViewController").shouldNotDependOn(module: "Persistence")`.
///
/// Every assertion takes the same trailing options: `id` (what failures and baseline entries
/// name; one is made from the assertion otherwise), `because` (printed with each failure) and
/// `baseline` (a file in the format of `seams check --baseline`: the violations it records are
/// accepted, new ones fail). Run the tests with `SEAMS_RECORD_BASELINE=1` to write the current
/// violations into the baseline instead. A selection that matches no type fails: a rule that
/// checks nothing is a mistake.
public struct Types: Sendable {
    let checker: RuleChecker
    public let selection: TypeSelection

    /// Narrowed to the types of these modules.
    public func inModule(_ modules: String...) -> Types { with { $0.modules = modules } }

    /// Narrowed to types whose id (`Module.Type`) or name wholly matches a regular expression.
    public func matching(name pattern: String) -> Types { with { $0.namePattern = pattern } }

    /// Narrowed to these kinds of declaration.
    public func ofKind(_ kinds: TypeKind...) -> Types { with { $0.kinds = kinds } }

    /// Narrowed to types that inherit from or conform to one of these (directly or not).
    public func conforming(to supertypes: String...) -> Types { with { $0.conformingTo = supertypes } }

    /// Narrowed to types declared in files matching a glob, relative to the scan root (`Networking/**`).
    public func inFolder(_ globs: String...) -> Types { with { $0.folders = globs } }

    /// The ids of the types selected, sorted.
    public func ids() throws -> [String] { try checker.code.typeIDs(selection) }

    private func with(_ change: (inout TypeSelection) -> Void) -> Types {
        var selection = self.selection
        change(&selection)
        return Types(checker: checker, selection: selection)
    }

    // MARK: Assertions

    /// None of these types depends on a type of these modules.
    @discardableResult
    public func shouldNotDependOn(
        module modules: String..., id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .forbidden(from: selection, to: TypeSelection(modules: modules), id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// None of these types depends on one of `others` (which may name external types, such as `UI.*`).
    @discardableResult
    public func shouldNotDependOn(
        _ others: Types, id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .forbidden(from: selection, to: others.selection, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// These types depend on scanned types of their own modules and of these modules only.
    @discardableResult
    public func shouldOnlyDependOn(
        modules: String..., id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .onlyDependOn(selection, modules: modules, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Of all the scanned types, only `dependents` may depend on these (seams.yml's `only`).
    @discardableResult
    public func shouldOnlyBeUsedBy(
        _ dependents: Types, id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .only(from: dependents.selection, mayDependOn: selection, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// No dependency cycle goes through these types.
    @discardableResult
    public func shouldBeFreeOfCycles(
        id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .noCycles(selection, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// None of these types depends on more than `limit` scanned types.
    @discardableResult
    public func maxDependencies(
        _ limit: Int, id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .maxDependencies(selection, limit: limit, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Each of these types can be unit-tested in isolation: no global access, system service,
    /// hard-wired collaborator or downcast blocks it (as `seams testability` finds them).
    @discardableResult
    public func shouldBeTestableInIsolation(
        id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .testable(selection, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// Modules as wholes.
public struct Modules: Sendable {
    let checker: RuleChecker
    public let names: [String]

    /// None of these modules depends on another of them.
    @discardableResult
    public func shouldBeIndependent(
        id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .independent(names, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// No dependency cycle between modules, among these.
    @discardableResult
    public func shouldBeFreeOfCycles(
        id: String? = nil, because: String? = nil, baseline: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> RuleVerdict? {
        checker.assert(
            .noCycles(TypeSelection(modules: names), scope: .module, id: id, because: because),
            baseline: baseline, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
