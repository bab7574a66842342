import ArgumentParser
import Foundation
import SeamsKit

/// A worker of `seams graph` and `seams diff` writing an explorer page: lays out its share of
/// the page's views, in a process of its own (Graphviz is not thread-safe). Not for people.
struct LayoutViewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-views", abstract: "Lay out an explorer page's views (a worker of graph and diff).",
        shouldDisplay: false)

    @Argument(help: "The folder of the views' DOT and job files.")
    var folder: String

    @Argument(help: "The views to lay out.")
    var indexes: [Int]

    func run() throws {
        try Console.orExit {
            do {
                try ViewLayout.work(folder: folder, indexes: indexes)
            } catch let error as SeamsError {
                throw error
            } catch {
                throw SeamsError.input("layout-views: \(error.localizedDescription)")
            }
        }
    }
}

extension Console {
    /// Where an explorer page's views are laid out: in worker processes of this executable, one
    /// per core, or here when SEAMS_LAYOUT_WORKERS=1 (or the executable cannot be found).
    static func viewLayout() -> ViewLayout {
        let asked = ProcessInfo.processInfo.environment["SEAMS_LAYOUT_WORKERS"].flatMap { Int($0) }
        let count = max(1, asked ?? ProcessInfo.processInfo.activeProcessorCount)
        guard count > 1, let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else { return .inProcess }
        return .workers(executable: executable, count: count)
    }
}
