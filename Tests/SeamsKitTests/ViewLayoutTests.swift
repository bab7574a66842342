import Foundation
import SeamsKit
import SeamsTestSupport
import Testing

/// Explorer views laid out by worker processes: each view's drawing back in its place, a
/// worker that crashes costing only the view that crashed it, and Graphviz's refusal an error
/// as in process.
@Suite struct ViewLayoutTests {
    /// A stand-in for `seams layout-views FOLDER INDEX…`: draws each view as its own DOT text,
    /// dies of a segmentation fault on a view whose DOT says `crash`, and refuses one that says
    /// `refuse` as Graphviz would.
    static func fakeWorker(in dir: TempDir) throws -> String {
        let path = dir.path + "/worker"
        try """
        #!/bin/sh
        [ "$1" = layout-views ] || exit 64
        folder=$2; shift 2
        for i in "$@"; do
          case "$(cat "$folder/$i.dot")" in
            crash) kill -SEGV $$ ;;
            refuse) printf 'Graphviz layout (dot) failed: syntax' > "$folder/$i.error" ;;
            *) { printf '<svg>'; cat "$folder/$i.dot"; cat "$folder/$i.job"; printf '</svg>'; } > "$folder/$i.svg" ;;
          esac
          echo "$i"
        done

        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    static func jobs(_ dots: [String]) -> [LayoutJob] {
        dots.map { LayoutJob(dot: $0, engine: .dot, asked: nil) }
    }

    @Test func eachViewComesBackInItsPlace() throws {
        let dir = try TempDir()
        let worker = try Self.fakeWorker(in: dir)
        let dots = (0..<9).map { String(repeating: "v\($0)", count: 1 + $0 * 7 % 5) }
        let seen = Seen()
        let (svgs, notes) = try ViewLayout.workers(executable: worker, count: 3).run(
            Self.jobs(dots), titles: dots, progress: { done, total in seen.add(done, total) })
        #expect(svgs.map { String(decoding: $0, as: UTF8.self) } == dots.map { "<svg>\($0)dot -</svg>" })
        #expect(notes.isEmpty)
        #expect(seen.last == [9, 9], "progress reached every view")
    }

    @Test func aWorkerThatCrashesCostsOnlyTheViewThatCrashedIt() throws {
        let dir = try TempDir()
        let worker = try Self.fakeWorker(in: dir)
        let dots = ["a", "bb", "crash", "dddd", "eeeee", "ffffff"]
        let (svgs, notes) = try ViewLayout.workers(executable: worker, count: 2).run(
            Self.jobs(dots), titles: dots.map { "view \($0)" }, progress: nil)
        for (i, dot) in dots.enumerated() where dot != "crash" {
            #expect(String(decoding: svgs[i], as: UTF8.self) == "<svg>\(dot)dot -</svg>")
        }
        #expect(String(decoding: svgs[2], as: UTF8.self).contains("Graphviz stopped on this view"))
        #expect(notes == ["view crash: Graphviz stopped on this view (it crashed); it is left blank"])
    }

    @Test func aViewGraphvizRefusesIsAnErrorAsInProcess() throws {
        let dir = try TempDir()
        let worker = try Self.fakeWorker(in: dir)
        #expect(throws: SeamsError.self) {
            try ViewLayout.workers(executable: worker, count: 2).run(
                Self.jobs(["a", "refuse", "c"]), titles: ["a", "b", "c"], progress: nil)
        }
    }
}

private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [[Int]] = []
    func add(_ done: Int, _ total: Int) {
        lock.lock()
        calls.append([done, total])
        lock.unlock()
    }
    var last: [Int]? {
        lock.lock()
        defer { lock.unlock() }
        return calls.max { $0[0] < $1[0] }
    }
}
