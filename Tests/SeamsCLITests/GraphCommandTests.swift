import Foundation
import SeamsProject
import SeamsTestSupport
import Testing

@Suite struct GraphCommandTests {
    @Test func drawsEveryFormatByExtension() throws {
        let out = try TempDir()
        for (name, magic) in [
            ("map.svg", "<?xml"), ("map.png", "\u{89}PNG"), ("map.pdf", "%PDF"), ("map.dot", "digraph"),
            ("map.mmd", "flowchart"),
        ] {
            let r = try seams(["graph", "--output", out.path + "/" + name], in: fixture("XcodeApp"))
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: out.path + "/" + name))
            #expect(
                String(decoding: data.prefix(magic.utf8.count + 2), as: UTF8.self).contains(
                    magic.replacingOccurrences(of: "\u{89}", with: "")),
                "\(name) starts like a \(magic) file")
            #expect(r.stderr.contains("drew 6 nodes and 8 edges, 1 cycle in red"), "\(r.stderr)")
        }
        #expect(out.listing() == ["map.dot", "map.mmd", "map.pdf", "map.png", "map.svg"])
    }

    @Test func svgToStandardOutputByDefault() throws {
        let r = try seams(["graph", "--only-cycles"], in: fixture("XcodeApp"))
        #expect(r.status == 0)
        #expect(r.stdout.contains("<svg"))
        #expect(r.stdout.contains("<title>TechApp.AppDelegate</title>"))
    }

    @Test func badRequestsExitTwoWithoutAFile() throws {
        let out = try TempDir()
        let unknown = try seams(
            ["graph", "--focus", "Configuraton", "-o", out.path + "/a.svg"], in: fixture("XcodeApp"))
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'Configuration'?"))
        let empty = try seams(["graph", "--only-cycles", "-o", out.path + "/b.svg"], in: fixture("MultiModule"))
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("nothing to draw: no dependency cycles"))
        #expect(out.listing().isEmpty)
    }

    @Test func usageErrorsExit64() throws {
        let dir = fixture("XcodeApp")
        #expect(try seams(["graph", "-o", "/tmp/x.bmp"], in: dir).status == 64)
        #expect(try seams(["graph", "--format", "png"], in: dir).status == 64)
        #expect(try seams(["graph", "--layout", "circo"], in: dir).status == 64)
        #expect(try seams(["graph", "--depth", "-1", "--focus", "API"], in: dir).status == 64)
    }

    @Test func forcedLayoutAndCollapse() throws {
        let r = try seams(
            ["graph", "--layout", "neato", "--collapse", "folder", "--format", "dot"], in: fixture("XcodeApp"))
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"TechApp/API/\""))
        let svg = try seams(["graph", "--layout", "fdp", "--collapse", "module"], in: fixture("XcodeApp"))
        #expect(svg.status == 0)
        #expect(svg.stderr.contains("(fdp)"))
    }
}

/// An explorer page's views laid out by worker processes: the same page as in one process.
@Suite struct LayoutWorkerTests {
    @Test func workersWriteTheSamePageAsOneProcess() throws {
        let dir = try TempDir()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Stage0-Legacy").path
        var pages: [Data] = []
        for workers in ["1", "3"] {
            let out = "\(dir.path)/\(workers).html"
            let r = try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["SEAMS_LAYOUT_WORKERS=\(workers)", seamsBinary().path, "graph", sample, "--output", out],
                in: dir.path, timeout: 120)
            #expect(r.status == 0, "\(String(decoding: r.stderr, as: UTF8.self))")
            pages.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(pages[0] == pages[1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["1.html", "3.html"])
    }

    @Test func theWorkerCommandIsHiddenAndSaysWhatWentWrong() throws {
        let dir = try TempDir()
        let help = try seams(["--help"], in: dir.path)
        #expect(!help.stdout.contains("layout-views"))
        let r = try seams(["layout-views", dir.path + "/none", "0"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("layout-views:"))
    }
}
