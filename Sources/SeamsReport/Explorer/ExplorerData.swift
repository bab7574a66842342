import SeamsGraph

/// What the explorer page knows, embedded in it as JSON: the type graph with every site, the
/// module graph, cycles, cuts, hubs, changes of a diff, testability, and the views the page
/// switches between, each with its Graphviz layout as SVG. Indexes stand for strings repeated
/// many times (files, members, modules), so a 5,000-type app stays a few megabytes.
public struct ExplorerData: Encodable, Sendable {
    public struct Node: Encodable, Sendable {
        var id: String
        var name: String
        var kind: String
        /// Index into `modules`, -1 for none.
        var module: Int
        /// Index into `files`, -1 for none.
        var file: Int
        var line: Int
        var external: Bool
        var fanIn: Int
        var fanOut: Int
        /// Index into `cycles`, -1 when on none.
        var cycle: Int
        /// Index into `folders`: the folder whose view draws it; -1 when its module has no
        /// folder level.
        var folder: Int
        /// added, removed or nil (diff pages).
        var change: String?
        var testability: Testability?
    }

    public struct Testability: Encodable, Sendable {
        var cost: Int
        var summary: String
        /// location, kind, path: the first blockers.
        var blockers: [[String]]
        var more: Int
    }

    public struct Edge: Encodable, Sendable {
        var from: Int
        var to: Int
        var count: Int
        var kinds: [String]
        var soft: Bool
        var cyclic: Bool
        var cut: String?
        /// added, removed, changed or nil (diff pages).
        var change: String?
        /// Kinds before, for a changed edge.
        var before: [String]?
        /// file index, line, column, kind index, member index (-1 for none).
        var sites: [[Int]]
    }

    public struct ModuleEdge: Encodable, Sendable {
        var from: Int
        var to: Int
        /// Reference sites.
        var count: Int
        /// The type edges it sums.
        var edges: [Int]
        var cyclic: Bool
    }

    /// A place in a large module's source tree (see `FolderLevel`).
    public struct Folder: Encodable, Sendable {
        var name: String
        /// The folder, below the module's common folder.
        var path: String
        var module: Int
        /// The folder above, -1 under the module itself.
        var parent: Int
        /// Scanned types in it and below it.
        var types: Int
    }

    /// The type edges between two folders drawn in one folder view, summed.
    public struct FolderEdge: Encodable, Sendable {
        var from: Int
        var to: Int
        var count: Int
        var edges: [Int]
        var cyclic: Bool
    }

    public struct Matrix: Encodable, Sendable {
        /// Node (types), module (modules) or folder (folders) indexes, in levelized order.
        var rows: [Int]
        var levels: [Int]
        var blocks: [[Int]]
        /// row, column, count, cut (0 or 1).
        var cells: [[Int]]
    }

    public struct View: Encodable, Sendable {
        public var key: String
        public var title: String
        /// modules, folders or types.
        var level: String
        /// The module a view opens (index), -1 for none.
        var module: Int
        /// The folder it opens (index), -1 for a module's own view or none.
        var folder = -1
        /// Node, module or folder indexes, by level.
        var nodes: [Int]
        /// Type, module-edge or folder-edge indexes, by level.
        var edges: [Int]
        var matrix: Matrix?
        /// A folder view's cycles among its folders (folder indexes), largest first.
        var cycles: [[Int]]?
        /// A types view whose neighbours were too many to draw: the folders and modules drawn in
        /// their place, and how many types they hold.
        public var collapsed: Int?
        /// What the status line adds for this view.
        var note: String?
        /// A diff's changes drawn by module: per drawn edge `a<i>`, the modules it joins (indexes,
        /// -1 for external types) and the changed type edges it stands for.
        var changeGroups: [ChangeGroup]?
        /// Graphviz's drawing; filled in by the pipeline.
        public var svg = ""
        /// The DOT the drawing is made from, and whether a force-directed engine lays it out
        /// (chosen by the builder); neither is embedded.
        public var dot = ""
        public var force = false

        /// The drawing is embedded beside the data, in its own script element.
        enum CodingKeys: String, CodingKey {
            case key, title, level, module, folder, nodes, edges, matrix, cycles, collapsed, note, changeGroups
        }
    }

    public struct ChangeGroup: Encodable, Sendable {
        var from: Int
        var to: Int
        var edges: [Int]
    }

    public struct Diff: Encodable, Sendable {
        var before: String
        var after: String
        var added: [Int]
        var removed: [Int]
        var changed: [Int]
        var addedNodes: [Int]
        var removedNodes: [Int]
    }

    /// The colours the drawings use, for the page's legend.
    public struct Legend: Encodable, Sendable {
        var cycle = DOTEncoder.cycleColor
        var cut = DOTEncoder.cutColor
        var edge = DOTEncoder.edgeColor
        var added = DiffEncoder.addedColor
        var removed = DiffEncoder.removedColor
        var changed = DiffEncoder.changedColor
        /// fill, name: the testability bands.
        var bands = TestabilityMap.bands.map { [$0.fill, $0.name] }
    }

    var format = 1
    var legend = Legend()
    var title: String
    /// graph or diff.
    var page: String
    var root: String
    var files: [String]
    var members: [String]
    var siteKinds: [String]
    var modules: [String]
    var colors: [String]
    var nodes: [Node]
    var edges: [Edge]
    var moduleEdges: [ModuleEdge]
    var folders: [Folder]
    var folderEdges: [FolderEdge]
    /// Type cycles (node indexes), largest first.
    var cycles: [[Int]]
    var moduleCycles: [[Int]]
    /// label, edge index, in plan order.
    var cuts: [[String]]
    var hubsIn: [Int]
    var hubsOut: [Int]
    var diff: Diff?
    var start: String
    public var views: [View]
    var notes: [String]
}
