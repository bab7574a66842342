import Foundation
import SeamsKit
import SeamsTestSupport
import Testing

/// `seams init` writes into the folder it describes: never over a file it did not make.
@Suite struct InitPipelineTests {
    func app() throws -> TempDir {
        let dir = try TempDir()
        try dir.write("App/App.swift", "struct App { let api = API() }\n")
        try dir.write("Networking/API.swift", "struct API {}\n")
        return dir
    }

    func request(_ dir: TempDir, baseline: Bool = true) -> InitRequest {
        var scan = ScanRequest(paths: ["."])
        scan.workingDirectory = dir.path
        var request = InitRequest(scan: scan)
        request.baseline = baseline
        return request
    }

    /// The message of what `run` throws, nil when it does not.
    func failure(_ request: InitRequest) -> SeamsError? {
        do {
            _ = try InitPipeline.run(request)
            return nil
        } catch let error as SeamsError {
            return error
        } catch {
            Issue.record("not a SeamsError: \(error)")
            return nil
        }
    }

    @Test func filesWrittenByHandDuringTheScanAreKept() throws {
        let dir = try app()
        var request = request(dir)
        // The user saves both files while init scans: after init's first look, before it writes.
        request.beforeWriting = {
            try? Data("rules: [] # by hand\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/seams.yml"))
            try? Data("{ \"mine\": true }".utf8).write(to: URL(fileURLWithPath: dir.path + "/seams-baseline.json"))
        }
        let error = try #require(failure(request))
        #expect(error.headline.contains("seams-baseline.json appeared while seams init scanned"), "\(error)")
        #expect(error.headline.contains("--force"), "\(error)")
        #expect(try dir.read("seams.yml") == "rules: [] # by hand\n")
        #expect(try dir.read("seams-baseline.json") == "{ \"mine\": true }")
        #expect(
            dir.listing() == [
                "App", "App/App.swift", "Networking", "Networking/API.swift", "seams-baseline.json", "seams.yml",
            ])
    }

    @Test func aConfigWrittenByHandDuringTheScanIsKeptAndTheBaselineTakenBack() throws {
        let dir = try app()
        var request = request(dir)
        request.beforeWriting = {
            try? Data("rules: [] # by hand\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/seams.yml"))
        }
        let error = try #require(failure(request))
        #expect(error.headline.contains("seams.yml appeared while seams init scanned"), "\(error)")
        #expect(try dir.read("seams.yml") == "rules: [] # by hand\n")
        // The baseline init wrote names rules of a seams.yml that was not written: it goes too.
        #expect(dir.listing() == ["App", "App/App.swift", "Networking", "Networking/API.swift", "seams.yml"])
    }

    @Test func aLinkMadeDuringTheScanIsNotWrittenThrough() throws {
        let dir = try app()
        let outside = try TempDir()
        var request = request(dir, baseline: false)
        request.beforeWriting = {
            try? FileManager.default.createSymbolicLink(
                atPath: dir.path + "/seams.yml", withDestinationPath: outside.path + "/seams.yml")
        }
        let error = try #require(failure(request))
        #expect(error.headline.contains("seams.yml appeared while seams init scanned"), "\(error)")
        #expect(outside.listing() == [])
    }

    @Test func withNothingInTheWayBothAreWritten() throws {
        let dir = try app()
        var request = request(dir)
        request.beforeWriting = {}
        let outcome = try InitPipeline.run(request)
        #expect(outcome.baselinePath == "seams-baseline.json")
        #expect(try dir.read("seams.yml").contains("baseline: seams-baseline.json"))
        #expect(try dir.read("seams-baseline.json").contains("\"tool\": \"seams\""))
        #expect(
            dir.listing() == [
                "App", "App/App.swift", "Networking", "Networking/API.swift", "seams-baseline.json", "seams.yml",
            ])
    }
}
