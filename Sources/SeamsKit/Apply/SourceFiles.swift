import Foundation

/// The scanned files by the scan's names: read once each, written only when unchanged.
final class SourceFiles {
    let root: String
    let started: Date
    private var texts: [String: String] = [:]

    init(root: String, started: Date) {
        self.root = root
        self.started = started
    }

    func absolute(_ name: String) -> String { name.hasPrefix("/") ? name : root + "/" + name }

    func name(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    func text(_ name: String) throws -> String {
        if let text = texts[name] { return text }
        guard let data = FileManager.default.contents(atPath: absolute(name)) else {
            throw SeamsError.input("cannot read \(absolute(name))")
        }
        let text = String(decoding: data, as: UTF8.self)
        texts[name] = text
        return text
    }

    /// Each file only if it is still what the scan read: modified after the scan began, or
    /// different from the text rewritten, and nothing is written.
    func write(_ changes: [(name: String, old: String, new: String)]) throws {
        for change in changes {
            let path = absolute(change.name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let modified = attributes?[.modificationDate] as? Date
            let now = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            if now != change.old || (modified.map { $0 > started } ?? true) {
                throw SeamsError.input(
                    "\(change.name) changed since the scan; nothing was written: run seams apply again")
            }
        }
        try AtomicFile.writeAll(changes.map { (Data($0.new.utf8), absolute($0.name)) })
    }
}
