import SeamsGraph

/// The explorer's folder level, between a module and its types: a module of more than
/// `openAbove` types opens on its folders, and so does each folder that large, down to folders
/// small enough to draw their types. Each entry is a place in the source tree with the scanned
/// types under it; the module itself is not an entry (its view is the top of its tree).
///
/// - A chain of folders with nothing beside them is one entry (`App/Sources/Screens`).
/// - A large folder's own files, beside its subfolders, are an entry of their own ("files here").
/// - A large folder without subfolders is split into runs of whole files, in file order, of at
///   most `openAbove` types each (named by their first and last file).
struct FolderLevel {
    struct Entry {
        /// What a drawing and a breadcrumb say: the folder's name (or chain of names), or the
        /// run of files it holds.
        var name: String
        /// The folder, relative to the module's common folder ("" for the module's own files).
        var path: String
        var module: Int
        /// The entry above, -1 under the module itself.
        var parent: Int
        /// Node indexes of the scanned types in it and below it, ascending.
        var nodes: [Int]
        /// The entries it opens on; empty when it is drawn as types.
        var children: [Int] = []
        /// A folder, rather than a folder's own files or a run of files.
        var isFolder = true

        /// Its name as drawn: a folder's ends in a slash.
        var label: String { isFolder ? name + "/" : name }
    }

    private(set) var entries: [Entry] = []
    /// For each module with a folder level, the entries its view draws.
    private(set) var moduleChildren: [Int: [Int]] = [:]
    /// For each node index, the entry whose types view draws it: -1 when its module has no
    /// folder level.
    private(set) var leaf: [Int]
    let openAbove: Int

    /// - Parameters:
    ///   - files: each node's file (nil for none) and module index (-1 for none), by node index;
    ///     only `scanned` nodes are placed.
    ///   - modules: how many modules there are.
    init(files: [String?], modules: [Int], scanned: [Bool], moduleCount: Int, openAbove: Int) {
        self.openAbove = openAbove
        leaf = Array(repeating: -1, count: files.count)
        var byModule: [[Int]] = Array(repeating: [], count: moduleCount)
        for i in files.indices where scanned[i] && modules[i] >= 0 { byModule[modules[i]].append(i) }
        for (m, nodes) in byModule.enumerated() where nodes.count > openAbove {
            let items = nodes.map { i -> Item in
                var parts = (files[i] ?? "").split(separator: "/").map(String.init)
                if !parts.isEmpty { parts.removeLast() }
                return Item(node: i, folders: parts, file: files[i] ?? "")
            }
            // The module's common folder: what every item's folders start with.
            var common = items[0].folders
            for item in items.dropFirst() {
                var n = 0
                while n < common.count, n < item.folders.count, common[n] == item.folders[n] { n += 1 }
                common.removeLast(common.count - n)
            }
            moduleChildren[m] = children(of: items, depth: common.count, path: "", module: m, parent: -1)
        }
    }

    private struct Item {
        var node: Int
        /// The folders of its file, from the scan's root.
        var folders: [String]
        var file: String
    }

    /// The entries a place of more than `openAbove` types opens on: its subfolders (chains
    /// joined), its own files, or runs of its files when it has no subfolders.
    private mutating func children(of items: [Item], depth: Int, path: String, module: Int, parent: Int) -> [Int] {
        var own: [Item] = []
        var below: [String: [Item]] = [:]
        for item in items {
            if item.folders.count > depth {
                below[item.folders[depth], default: []].append(item)
            } else {
                own.append(item)
            }
        }
        if below.isEmpty { return runs(of: own, path: path, module: module, parent: parent) }
        var out: [Int] = []
        for name in below.keys.sorted() {
            var group = below[name]!
            var d = depth + 1
            var title = name
            // A folder that holds one folder and no file of its own is drawn as one with it.
            while true {
                guard group.allSatisfy({ $0.folders.count > d }) else { break }
                let next = Set(group.map { $0.folders[d] })
                guard next.count == 1, let only = next.first else { break }
                title += "/" + only
                d += 1
            }
            let childPath = path.isEmpty ? title : path + "/" + title
            group.sort { $0.node < $1.node }
            out.append(entry(name: title, path: childPath, items: group, depth: d, module: module, parent: parent))
        }
        if !own.isEmpty {
            if own.count > openAbove {
                out += runs(of: own, path: path, module: module, parent: parent)
            } else {
                out.append(
                    entry(
                        name: "files here", path: path, items: own.sorted { $0.node < $1.node }, depth: depth,
                        module: module, parent: parent, leaf: true))
            }
        }
        return out
    }

    private mutating func entry(
        name: String, path: String, items: [Item], depth: Int, module: Int, parent: Int, leaf isLeaf: Bool = false
    ) -> Int {
        let index = entries.count
        entries.append(
            Entry(name: name, path: path, module: module, parent: parent, nodes: items.map(\.node), isFolder: !isLeaf))
        if isLeaf || items.count <= openAbove {
            for item in items { leaf[item.node] = index }
        } else {
            let children = children(of: items, depth: depth, path: path, module: module, parent: index)
            entries[index].children = children
        }
        return index
    }

    /// Runs of whole files in file order, each of at most `openAbove` types (a file with more is
    /// a run alone).
    private mutating func runs(of items: [Item], path: String, module: Int, parent: Int) -> [Int] {
        let sorted = items.sorted { ($0.file, $0.node) < ($1.file, $1.node) }
        var groups: [[Item]] = []
        var current: [Item] = []
        var i = 0
        while i < sorted.count {
            var j = i
            while j < sorted.count, sorted[j].file == sorted[i].file { j += 1 }
            if !current.isEmpty, current.count + (j - i) > openAbove {
                groups.append(current)
                current = []
            }
            current += sorted[i..<j]
            i = j
        }
        if !current.isEmpty { groups.append(current) }
        return groups.map { group in
            let first = Self.fileName(group.first!.file), last = Self.fileName(group.last!.file)
            let name = first == last ? first : "\(first) … \(last)"
            return entry(
                name: name, path: path, items: group.sorted { $0.node < $1.node }, depth: Int.max, module: module,
                parent: parent, leaf: true)
        }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The entries from the top of the module's tree down to `entry`, itself included.
    func ancestry(of entry: Int) -> [Int] {
        var chain: [Int] = []
        var e = entry
        while e >= 0 {
            chain.append(e)
            e = entries[e].parent
        }
        return chain.reversed()
    }

    /// The entry that stands for `node` in a view of `entry`'s types (or of the module's top,
    /// -1): the entry on the node's own chain just below the last entry both chains share. nil
    /// when the node is inside `entry` or has no folder level.
    func stand(for node: Int, outside entry: Int) -> Int? {
        guard leaf[node] >= 0 else { return nil }
        let mine = Set(entry >= 0 ? ancestry(of: entry) : [])
        let theirs = ancestry(of: leaf[node])
        for e in theirs where !mine.contains(e) { return e }
        return nil
    }
}
