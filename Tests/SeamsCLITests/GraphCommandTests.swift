import Foundation
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
