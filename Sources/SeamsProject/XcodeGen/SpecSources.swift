import Foundation
import SeamsGraph

/// The Swift files a target's `sources:` put in its Sources build phase, as XcodeGen decides:
/// a file is itself; a folder (a group) is the files below it less `excludes`, only those of
/// `includes` when there are some, never inside a folder Xcode treats as one file (`.bundle`,
/// `.playground`, `.lproj`…); a folder reference (`type: folder`), a path with an extension
/// (`Kit.docc`), or a `buildPhase` other than `sources` compiles nothing. A missing path gives
/// no files.
struct SpecSources {
    let witness: FileWitness?
    /// `options.fileTypes`: per extension, whether a folder with it is one file, and its phase.
    let fileTypes: [String: SpecValue]
    /// `options.defaultSourceDirectoryType`: what a folder is when its source does not say.
    let directoryType: String
    let file: String
    private var listings: [String: [String]] = [:]

    init(options: [String: SpecValue], file: String, witness: FileWitness?) {
        self.witness = witness
        self.fileTypes = options["fileTypes"]?.map ?? [:]
        self.directoryType = options["defaultSourceDirectoryType"]?.string ?? "group"
        self.file = file
    }

    private struct Source {
        var path: String
        var type: String?
        var compiles = true
        var excludes: [Glob] = []
        var includes: [Glob] = []
    }

    /// `listFiles`: the Swift files below a folder; each folder is listed once.
    mutating func swiftFiles(of sources: SpecValue?, target: String, listFiles: (String) -> [String]) throws
        -> Set<String>
    {
        guard let sources else { return [] }
        var out: Set<String> = []
        for (index, entry) in (sources.list ?? [sources]).enumerated() {
            let place = "targets.\(target).sources[\(index)]"
            out.formUnion(try files(of: source(entry, place: place), place: place, listFiles: listFiles))
        }
        return out
    }

    private func source(_ entry: SpecValue, place: String) throws -> Source {
        if let path = entry.string { return Source(path: path) }
        guard let path = entry["path"]?.string else {
            throw XcodeGenSpecError.wrongType(file, place, "a path or a map with `path`")
        }
        func globs(_ key: String) throws -> [Glob] {
            guard let value = entry[key] else { return [] }
            let patterns = (value.list ?? [value]).compactMap(\.string)
            guard patterns.count == (value.list ?? [value]).count else {
                throw XcodeGenSpecError.wrongType(file, "\(place).\(key)", "a list of glob patterns")
            }
            // A pattern matches below the source's path, and what it matches takes everything
            // below it (a folder excluded excludes its files).
            return patterns.filter { !$0.isEmpty }.map { Glob($0 + "/**") }
        }
        var source = Source(path: path, type: entry["type"]?.string, excludes: try globs("excludes"))
        source.includes = try globs("includes")
        // `buildPhase: sources` compiles whatever it holds; any other phase (a name, or a
        // `copyFiles` map) compiles nothing.
        if let phase = entry["buildPhase"] { source.compiles = phase.string == "sources" }
        return source
    }

    private mutating func files(of source: Source, place: String, listFiles: (String) -> [String]) throws -> [String] {
        guard source.compiles, let isFolder = PathTools.isDirectory(source.path, witness: witness) else { return [] }
        let type = source.type ?? (!isFolder || Self.pathExtension(source.path) != nil ? "file" : directoryType)
        switch type {
        case "folder":
            return []
        case "file":
            return !isFolder && compilesSwift(source.path) ? [source.path] : []
        case "group", "syncedFolder":
            guard isFolder else { return compilesSwift(source.path) ? [source.path] : [] }
            if listings[source.path] == nil { listings[source.path] = listFiles(source.path) }
            return listings[source.path]!.filter { path in
                let relative = PathTools.relative(path, to: source.path)
                let folders = relative.split(separator: "/").dropLast()
                return compilesSwift(path) && !folders.contains { isOneFile(String($0)) }
                    && !source.excludes.contains { $0.matches(relative) }
                    && (source.includes.isEmpty || source.includes.contains { $0.matches(relative) })
            }
        default:
            throw XcodeGenSpecError.wrongType(file, "\(place).type", "one of file, group, folder, syncedFolder")
        }
    }

    /// A Swift file goes to the Sources phase unless `options.fileTypes.swift` sends it elsewhere.
    private func compilesSwift(_ path: String) -> Bool {
        guard path.hasSuffix(".swift") else { return false }
        guard let phase = fileTypes["swift"]?["buildPhase"] else { return true }
        return phase.string == "sources"
    }

    /// Whether a folder of this name is one file to Xcode, not a group to look into.
    private func isOneFile(_ name: String) -> Bool {
        guard let ext = Self.pathExtension(name) else { return false }
        if ext == "lproj" { return true }  // localized resources: a variant group
        if let type = fileTypes[ext] { return type["file"]?.flag ?? true }
        return Self.packageExtensions.contains(ext)
    }

    /// The text after the last dot of the last component, when there is some and the dot does
    /// not start the name.
    static func pathExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// Extensions Xcode gives a file type, so that XcodeGen adds a folder with one as a single
    /// file reference and never looks inside: Xcode's wrappers and folder types, the file types
    /// XcodeGen knows, and Xcode's other known extensions (a folder named `Scripts.sh` too).
    static let packageExtensions: Set<String> = Set(
        """
        app appex bundle framework xcframework kext plugin xpc xctest octest dext systemextension mdimporter
        pluginkit mpkg pkg dSYM dsym nib nib~ storyboardc rtfd htmld xcodeproj xcode xcworkspace xctarget
        xcassets xcstickers iconset imagecatalog atlas scnassets scncache docc playground xcplaygroundpage
        xcdatamodel xcdatamodeld xcmappingmodel xcclassmodel mlmodel mlkitmodel mlpackage mlmodelc rcproject
        intentdefinition storekit xcstrings icon gyb metal iig xcconfig entitlements gpx xcfilelist apns pch
        xctestplan swift m mm c cc cp cpp cxx c++ h hh hp hpp hxx h++ ipp tpp def S s swiftcrossimport
        modulemap map strings stringsdict plist json yaml yml xml md markdown txt text html htm css js sh py rb
        pl storyboard xib png jpg jpeg gif pdf ttf otf sqlite zip tar gz a o dylib tbd d l y i ii
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
