/// What a scan is given: the files, the compilation units they build in, and where they lie.

/// One Swift file to scan.
public struct SourceFile: Sendable, Equatable {
    /// The path written into the graph: relative to the scan root.
    public var path: String
    /// Where to read it.
    public var location: String
    /// The module it is reported in.
    public var module: String
    /// The compilation unit it builds in (index into `ScanInput.units`).
    public var unit: Int
    /// Compiled by a test target (the project says so, or a folder module is named `…Tests`).
    public var test: Bool

    public init(path: String, location: String, module: String, unit: Int, test: Bool = false) {
        self.path = path
        self.location = location
        self.module = module
        self.unit = unit
        self.test = test
    }
}

/// A compilation unit: one module as the compiler builds it.
public struct CompilationUnit: Sendable, Equatable {
    /// The name other files `import` it by; nil for a folder module nobody imports.
    public var importName: String?
    /// The units it can see (its target dependencies and linked products): an `import` picks
    /// among same-named units one it can see. nil: any.
    public var sees: Set<Int>?

    public init(importName: String?, sees: Set<Int>? = nil) {
        self.importName = importName
        self.sees = sees
    }
}

/// What the scanner needs: files, and the compilation units they build in.
public struct ScanInput: Sendable {
    public var root: String
    public var files: [SourceFile]
    /// Indexed by `SourceFile.unit`.
    public var units: [CompilationUnit]
    public var maxFileBytes: Int

    public init(root: String, files: [SourceFile], units: [CompilationUnit], maxFileBytes: Int = 10 << 20) {
        self.root = root
        self.files = files
        self.units = units
        self.maxFileBytes = maxFileBytes
    }
}
