import Foundation
import SeamsGraph
import SeamsKit
import SeamsReport
import SeamsScanner
import Testing

/// The scan's snapshot: the last graph, returned when no file changed and patched when files
/// changed only in their code. Each warm result must be the bytes a scan without the cache gives.
extension CacheTests {
    func graph(_ tree: String, cache: DiskCache?) throws -> (graph: Graph, stats: ScanStatistics) {
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = tree
        request.cache = cache
        // Externals too: a patch adds and drops them.
        request.includeExternal = true
        let outcome = try ScanPipeline.run(request)
        return (outcome.graph, outcome.statistics)
    }

    /// The snapshot files of the cache, as paths.
    func snapshots(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.contains("/snapshots/") && !$0.contains(".tmp-") }.sorted().map { root + "/" + $0 }
    }

    /// A copy made just now: a scan cannot vouch for files changed in the two seconds before
    /// it began (their times could hide a later change), so the tests that reuse a graph wait.
    func settledWorkspace(_ stage: String = "Stage0-Legacy") throws -> (tree: String, cache: String) {
        let made = try workspace(stage)
        Thread.sleep(forTimeInterval: 2.1)
        return made
    }

    @Test func aScanInWhichNoFileChangedReturnsTheLastGraph() throws {
        let (tree, root) = try settledWorkspace()
        let cold = try graph(tree, cache: DiskCache(root: root))
        #expect(cold.stats.graphFrom == .built)
        // The head (each file's state), the graph, which snapshot this place has, and what
        // discovery found.
        #expect(snapshots(root).count == 4)
        let warm = try graph(tree, cache: DiskCache(root: root))
        #expect(warm.stats.graphFrom == .reused)
        #expect(warm.stats.filesResolved == 0)
        #expect(warm.stats.filesScanned == cold.stats.filesScanned)
        #expect(warm.stats.lines == cold.stats.lines)
        #expect(warm.graph == cold.graph)
        #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(try graph(tree, cache: nil).graph))
    }

    /// A scan just after files were saved cannot vouch for them (it keeps no signature); the
    /// next one, finding every file's facts as they were, returns the last graph rather than
    /// building it anew (an editor's save followed by `seams watch` and then any other scan).
    @Test func aScanAfterOneThatCouldNotVouchForItsFilesReusesTheGraph() throws {
        let (tree, root) = try workspace()
        let cold = try graph(tree, cache: DiskCache(root: root))
        #expect(cold.stats.graphFrom == .built)
        Thread.sleep(forTimeInterval: 2.1)
        let warm = try graph(tree, cache: DiskCache(root: root))
        #expect(warm.stats.graphFrom == .reused)
        #expect(warm.stats.filesResolved == 0)
        #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(try graph(tree, cache: nil).graph))
        // It kept the signatures it could vouch for: the next scan reads no file's facts.
        let next = try graph(tree, cache: DiskCache(root: root))
        #expect(next.stats.graphFrom == .reused)
        #expect(next.graph == warm.graph)
    }

    /// A patch of a few files registers the table's members only when its bodies ask for them
    /// (a type's own and its extensions', inherited ones, a memberwise initializer, globals and
    /// aliases): each edit gives what a full build gives.
    /// A tree of `files` and `fillers` more (enough other files that a few changed are patched,
    /// not built anew), scanned once into a cache beside it: (the folder of both, the tree, the cache).
    func scannedTree(_ files: [String: String], fillers: Int, filler: (Int) -> String) throws -> (
        base: String, tree: String, cache: String
    ) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seams-patch-\(UUID().uuidString)")
            .path
        let tree = base + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: tree + "/" + name, atomically: true, encoding: .utf8) }
        for k in 0..<fillers {
            try filler(k).write(toFile: tree + "/Filler\(k).swift", atomically: true, encoding: .utf8)
        }
        let cache = base + "/cache"
        _ = try graph(tree, cache: DiskCache(root: cache))
        return (base, tree, cache)
    }

    @Test func aPatchThatRegistersMembersWhenAskedGivesWhatAFullBuildGives() throws {
        let files = [
            "Models.swift": """
            struct Invoice { var id: Int; var total: Double; typealias Number = Int }
            protocol Store { associatedtype Item; func load() -> Item }
            typealias Handler = (Invoice) -> Void
            func makeInvoice() -> Invoice { Invoice(id: 1, total: 2) }
            """,
            "Extensions.swift": """
            extension Invoice { func formatted() -> Formatter { Formatter() } }
            final class Formatter { func text() -> String { "" } }
            class Base { func shared() -> Logger { Logger() } }
            final class Logger { static let main = Logger(); func write() {} }
            """,
            "Screen.swift": """
            final class Screen: Base {
                var handler: Handler?
                func show() {
                    let invoice = makeInvoice()
                }
            }
            """,
        ]
        let (base, tree, root) = try scannedTree(files, fillers: 8) { "struct Filler\($0) { let logger = Logger() }\n" }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let screen = tree + "/Screen.swift"
        let edits: [(what: String, line: String, edge: String)] = [
            ("an extension's member", "_ = invoice.formatted().text()", "Formatter"),
            ("an inherited member", "shared().write()", "Logger"),
            ("a memberwise initializer", "_ = Invoice(id: 2, total: 3)", "Invoice"),
            ("a nested alias", "let n: Invoice.Number = 0", "Invoice"),
            ("a static member", "_ = Logger.main", "Logger"),
        ]
        for (what, line, edge) in edits {
            let text = try String(contentsOfFile: screen, encoding: .utf8)
            let anchor = "let invoice = makeInvoice()\n"
            try text.replacingOccurrences(of: anchor, with: anchor + "        \(line)\n")
                .write(toFile: screen, atomically: true, encoding: .utf8)
            let warm = try graph(tree, cache: DiskCache(root: root))
            #expect(warm.stats.graphFrom == .patched, "\(what)")
            let uncached = try graph(tree, cache: nil).graph
            #expect(warm.graph.edge(from: "tree.Screen", to: "tree.\(edge)") != nil, "\(what)")
            #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(uncached), "\(what)")
        }
    }

    @Test func aFileChangedOnlyInItsCodeIsPatchedIntoTheLastGraph() throws {
        let (tree, root) = try workspace()
        _ = try graph(tree, cache: DiskCache(root: root))
        let file = tree + "/Sources/FieldDesk/InvoiceViewController.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        // Each edit keeps what the file declares; they add up, and the last puts it back.
        let edits: [(what: String, edit: (String) -> String, check: (Graph) -> Bool)] = [
            (
                "lines added above every declaration", { "// moved down\n\n" + $0 },
                { $0.node("FieldDesk.InvoiceViewController")?.line == 6 }
            ),
            (
                "a type no file declares, used",
                {
                    $0.replacingOccurrences(
                        of: "        title = ", with: "        _ = URLCache.shared\n        title = ")
                }, { $0.edge(from: "FieldDesk.InvoiceViewController", to: "URLCache") != nil }
            ),
            (
                "every use of a type removed",
                {
                    $0.replacingOccurrences(
                        of: "        Theme.style(fileButton)\n        Theme.style(statusLabel)\n", with: "")
                }, { $0.edge(from: "FieldDesk.InvoiceViewController", to: "FieldDesk.Theme") == nil }
            ),
            ("put back", { _ in original }, { $0.node("URLCache") == nil }),
        ]
        let base = try #require(snapshots(root).first { $0.hasSuffix(".graph") })
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: base))
        for (what, edit, check) in edits {
            let (warm, uncached) = try expectOneFilePatched(what, file, edit, check, tree: tree, cache: root)
            let same = warm == uncached
            #expect(same, "\(what)")
            // A patch writes its changes beside the graph, not the whole graph again.
            #expect(try Data(contentsOf: URL(fileURLWithPath: base)) == baseBytes, "\(what)")
        }
        // And the next scan reads the graph with every patch made.
        Thread.sleep(forTimeInterval: 2.1)
        _ = try graph(tree, cache: DiskCache(root: root))
        let settled = try graph(tree, cache: DiskCache(root: root))
        #expect(settled.stats.graphFrom == .reused)
        #expect(settled.graph == (try graph(tree, cache: nil)).graph)
    }

    /// CI with the cache kept between runs: each run checks the tree out afresh at the same
    /// place, so every file is new to the file system (another inode, new times, just written)
    /// while most bytes are the last run's. Same commit: the last graph, nothing parsed or
    /// resolved. Next commit, one body changed: that file is parsed and patched in.
    @Test func aFreshCheckoutWithTheLastRunsCacheParsesOnlyWhatChanged() throws {
        let (tree, root) = try workspace()
        let checkout = tree + ".checkout"
        try FileManager.default.moveItem(atPath: tree, toPath: checkout)
        func checkOut(_ edit: (String) throws -> Void = { _ in }) throws {
            if FileManager.default.fileExists(atPath: tree) { try FileManager.default.removeItem(atPath: tree) }
            try FileManager.default.copyItem(atPath: checkout, toPath: tree)
            try edit(tree)
        }
        try checkOut()
        let cold = try graph(tree, cache: DiskCache(root: root))
        #expect(cold.stats.graphFrom == .built)
        #expect(cold.stats.filesFromCache == 0)

        try checkOut()
        let same = try graph(tree, cache: DiskCache(root: root))
        #expect(same.stats.discoveryRemembered == false)
        #expect(same.stats.filesFromCache == same.stats.filesScanned)
        #expect(same.stats.graphFrom == .reused)
        #expect(same.stats.filesResolved == 0)
        #expect(GraphJSONReporter.render(same.graph) == GraphJSONReporter.render(try graph(tree, cache: nil).graph))

        try checkOut { tree in
            let file = tree + "/Sources/FieldDesk/InvoiceViewController.swift"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let edited = text.replacingOccurrences(
                of: "        title = ", with: "        _ = URLCache.shared\n        title = ")
            try #require(edited != text)
            try edited.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let next = try graph(tree, cache: DiskCache(root: root))
        #expect(next.stats.filesFromCache == next.stats.filesScanned - 1)
        #expect(next.stats.graphFrom == .patched)
        #expect(next.stats.filesResolved == 1)
        #expect(next.graph.edge(from: "FieldDesk.InvoiceViewController", to: "URLCache") != nil)
        #expect(GraphJSONReporter.render(next.graph) == GraphJSONReporter.render(try graph(tree, cache: nil).graph))
    }

    /// A file added, removed or moved since the last scan: the place's last snapshot, of the
    /// files as they were, is matched to the files now by path and patched (the modules' counts
    /// too), rather than building the graph anew.
    @Test func aFileAddedRemovedOrMovedIsPatchedIntoThePlacesLastGraph() throws {
        let files = [
            "Models.swift": "struct Report { let title: String }\nfinal class Archive { func keep(_ r: Report) {} }\n",
            "Use1.swift": "func show(_ r: Report) -> String { r.title }\n",
        ]
        let (base, tree, root) = try scannedTree(files, fillers: 40) { "struct Filler\($0) { let n = \($0) }\n" }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let edits: [(what: String, change: () throws -> Void, check: (Graph) -> Bool)] = [
            (
                "a file added",
                {
                    try "final class Printer { func print(_ r: Report) { Archive().keep(r) } }\n"
                        .write(toFile: tree + "/Added.swift", atomically: true, encoding: .utf8)
                }, { $0.edge(from: "tree.Printer", to: "tree.Archive") != nil }
            ),
            (
                "a file removed", { try FileManager.default.removeItem(atPath: tree + "/Use1.swift") },
                { $0.node("tree.Use1.swift") == nil && $0.edge(from: "tree.Use1.swift", to: "tree.Report") == nil }
            ),
            (
                "a file moved",
                { try FileManager.default.moveItem(atPath: tree + "/Added.swift", toPath: tree + "/Moved.swift") },
                { $0.node("tree.Printer")?.file == "Moved.swift" }
            ),
            (
                "the type it used removed with its file, and one added",
                {
                    try FileManager.default.removeItem(atPath: tree + "/Models.swift")
                    try "struct Report { let title: String; let pages: Int }\nfinal class Archive {}\n"
                        .write(toFile: tree + "/Report.swift", atomically: true, encoding: .utf8)
                }, { $0.node("tree.Report")?.file == "Report.swift" }
            ),
        ]
        for (what, change, check) in edits {
            try change()
            let warm = try graph(tree, cache: DiskCache(root: root))
            #expect(warm.stats.graphFrom == .patched, "\(what)")
            let shows = check(warm.graph)
            #expect(shows, "\(what)")
            let uncached = try graph(tree, cache: nil).graph
            #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(uncached), "\(what)")
        }
        // The graph the last patch left is the next scan's: this file list's own snapshot.
        Thread.sleep(forTimeInterval: 2.1)
        _ = try graph(tree, cache: DiskCache(root: root))
        let settled = try graph(tree, cache: DiskCache(root: root))
        #expect(settled.stats.graphFrom == .reused)
        #expect(GraphJSONReporter.render(settled.graph) == GraphJSONReporter.render(try graph(tree, cache: nil).graph))
    }

    /// The last snapshot of a folder is read while its files are found; a scan of other files
    /// in the same folder (here: one excluded) does not use it.
    @Test func aSnapshotOfOtherFilesInTheSameFolderIsNotUsed() throws {
        let (tree, root) = try settledWorkspace()
        _ = try graph(tree, cache: DiskCache(root: root))
        var request = ScanRequest(paths: ["."])
        request.workingDirectory = tree
        request.includeExternal = true
        request.excludes = ["Sources/FieldDesk/Theme.swift"]
        let uncached = try ScanPipeline.run(request).graph
        request.cache = DiskCache(root: root)
        let fewer = try ScanPipeline.run(request)
        #expect(fewer.statistics.graphFrom == .built)
        #expect(fewer.graph == uncached)
        #expect(fewer.graph.node("FieldDesk.Theme") == nil)
        // And each keeps its own: the full tree's is still there for it.
        let again = try graph(tree, cache: DiskCache(root: root))
        #expect(again.stats.graphFrom == .reused)
        #expect(again.graph.node("FieldDesk.Theme") != nil)
    }

    /// A change to what a file declares is patched when it reaches few other files (see
    /// `SurfaceChangeTests` for which), and builds the graph anew when it reaches many.
    @Test func aChangeToWhatAFileDeclaresIsPatchedOrBuildsTheGraphAnewWhenItReachesMany() throws {
        let (tree, root) = try workspace()
        _ = try graph(tree, cache: DiskCache(root: root))
        let file = tree + "/Sources/FieldDesk/Theme.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try (text + "\nstruct ThemeProbe {}\n").write(toFile: file, atomically: true, encoding: .utf8)
        let warm = try graph(tree, cache: DiskCache(root: root))
        #expect(warm.stats.graphFrom == .patched)
        #expect(warm.graph.node("FieldDesk.ThemeProbe") != nil)
        #expect(warm.graph == (try graph(tree, cache: nil)).graph)
        // `style` is called by several of the 13 files: more than an eighth.
        let restyled = text.replacingOccurrences(
            of: "static func style(_ label: UILabel) {", with: "static func style(_ label: UILabel, size: Int = 0) {")
        try #require(restyled != text)
        try restyled.write(toFile: file, atomically: true, encoding: .utf8)
        let again = try graph(tree, cache: DiskCache(root: root))
        #expect(again.stats.graphFrom == .built)
        #expect(again.graph == (try graph(tree, cache: nil)).graph)
    }

    /// Posts and observations pair across files: a patch pairs the changed file's new ones with
    /// the others' as the snapshot kept them, and a pair whose site is in another file (the
    /// observer's) comes or goes with the post.
    @Test func aFileThatPostsOrObservesNotificationsIsPatchedWithItsPairs() throws {
        let (tree, root) = try workspace("Stage1-Seams")
        _ = try graph(tree, cache: DiskCache(root: root))
        let api = tree + "/Sources/FieldDesk/API.swift"
        let delegate = tree + "/Sources/FieldDesk/AppDelegate.swift"
        let originals = try [api, delegate].map { try String(contentsOfFile: $0, encoding: .utf8) }
        let signOutPost = "            self.notificationCenter.post(name: .technicianDidSignOut, object: self)\n"
        // The observers' sites are in AppDelegate.swift, the posters' types in API.swift.
        func observed(_ g: Graph, from: String = "FieldDesk.AppDelegate", to: String, line: Int) -> Bool {
            g.edge(from: from, to: to)?.sites.contains { $0.kind == .notification && $0.line == line } ?? false
        }
        let edits: [(what: String, file: String, edit: (String) -> String, check: (Graph) -> Bool)] = [
            (
                "the posting file's lines moved", api, { "// moved down\n\n" + $0 },
                { observed($0, to: "FieldDesk.API", line: 31) && observed($0, to: "FieldDesk.API", line: 35) }
            ),
            (
                "a post taken out: its observer's site elsewhere goes", api,
                { $0.replacingOccurrences(of: signOutPost, with: "") },
                { observed($0, to: "FieldDesk.API", line: 31) && !observed($0, to: "FieldDesk.API", line: 35) }
            ),
            (
                "a new poster: the observer elsewhere gains a site", api,
                {
                    $0 + """

                        final class SignOutAnnouncer {
                            func announce() { NotificationCenter.default.post(name: .technicianDidSignOut, object: nil) }
                        }

                        """
                },
                {
                    observed($0, to: "FieldDesk.SignOutAnnouncer", line: 35)
                        && !observed($0, to: "FieldDesk.API", line: 35)
                }
            ),
            (
                "an observation taken out in the observing file", delegate,
                {
                    $0.replacingOccurrences(of: "forName: .technicianDidSignOut", with: "forName: .technicianDidSignIn")
                },
                {
                    !observed($0, to: "FieldDesk.SignOutAnnouncer", line: 35)
                        && observed($0, to: "FieldDesk.API", line: 35)
                }
            ),
            (
                "the observing file put back", delegate, { _ in originals[1] },
                { observed($0, to: "FieldDesk.SignOutAnnouncer", line: 35) }
            ),
            ("the posting file put back", api, { _ in originals[0] }, { observed($0, to: "FieldDesk.API", line: 35) }),
        ]
        for (what, file, edit, check) in edits {
            _ = try expectOneFilePatched(what, file, edit, check, tree: tree, cache: root)
        }
    }

    /// Saves `edit` of `file` and scans warm: a patch that resolves that file alone, shows what
    /// `check` looks for, and gives the uncached scan's bytes. The warm graph and the uncached one.
    func expectOneFilePatched(
        _ what: String, _ file: String, _ edit: (String) -> String, _ check: (Graph) -> Bool, tree: String,
        cache root: String
    ) throws -> (warm: Graph, uncached: Graph) {
        let before = try String(contentsOfFile: file, encoding: .utf8)
        try #require(edit(before) != before, "\(what)")
        try edit(before).write(toFile: file, atomically: true, encoding: .utf8)
        let warm = try graph(tree, cache: DiskCache(root: root))
        #expect(warm.stats.graphFrom == .patched, "\(what)")
        #expect(warm.stats.filesResolved == 1, "\(what)")
        let shows = check(warm.graph)
        #expect(shows, "\(what)")
        let uncached = try graph(tree, cache: nil).graph
        #expect(GraphJSONReporter.render(warm.graph) == GraphJSONReporter.render(uncached), "\(what)")
        return (warm.graph, uncached)
    }

    @Test func aChangeThatPutsTheFilesTimeBackIsStillSeen() throws {
        let (tree, root) = try workspace()
        let file = tree + "/Sources/FieldDesk/InvoiceViewController.swift"
        let time = try #require(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        let cold = try graph(tree, cache: DiskCache(root: root))
        // As many bytes, and the same modification time: only the change time tells.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "let statusLabel = UILabel()", with: "let statusLabel = UIImage()")
        try #require(changed.utf8.count == text.utf8.count && changed != text)
        try changed.write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: file)
        let warm = try graph(tree, cache: DiskCache(root: root))
        #expect(warm.stats.graphFrom != .reused)
        #expect(warm.graph != cold.graph)
        #expect(warm.graph == (try graph(tree, cache: nil)).graph)
    }

    @Test(arguments: ["head", "graph"]) func aDamagedSnapshotIsIgnoredAndReplaced(part: String) throws {
        let (tree, root) = try settledWorkspace()
        let expected = try graph(tree, cache: DiskCache(root: root)).graph
        let snapshot = try #require(
            snapshots(root).first {
                $0.hasSuffix(".graph") == (part == "graph") && !$0.contains("/place-") && !$0.contains("/discovery-")
            })
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: snapshot)))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: snapshot))
        let said = Said()
        let warm = try graph(tree, cache: DiskCache(root: root, report: { said.add($0) }))
        #expect(warm.graph == expected)
        #expect(warm.stats.graphFrom == .built)
        // A damaged head is no last scan; a damaged graph is the planned reuse's fall back.
        #expect(
            warm.stats.plan
                == (part == "head"
                    ? ScanPlan(.build, .noLastScan) : ScanPlan(.build, .cacheEntryUnreadable, fellBack: .reuse)))
        #expect(said.all.contains { $0.contains("1 cache entry was unreadable") })
        let next = try graph(tree, cache: DiskCache(root: root))
        #expect(next.stats.graphFrom == .reused)
        #expect(next.graph == expected)
    }
}
