import Foundation
import PackagePlugin

/// `swift package seams [check|graph|untangle|testability|scan|diff] [PATH ...] [options]`:
/// seams on the package it runs in (or the folders named), with the package's seams.yml. Nothing is written into the package:
/// reports go to standard output, and files (`--output`, `--map`) to the plugin's own folder
/// under .build unless they are absolute paths, so no write permission is asked for.
@main
struct SeamsPlugin: CommandPlugin {
    static let commands = ["check", "graph", "untangle", "testability", "scan", "diff"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        let command = rest.first.map { Self.commands.contains($0) } == true ? rest.removeFirst() : "check"
        if rest.first == "init" {
            throw PluginError("seams init writes into the package: run `seams init` from the command line")
        }
        let package = context.package.directoryURL.path
        // What to scan: the folders named right after the command (`check Sources`), the
        // folders of the targets named with --target, else the whole package.
        var paths: [String] = []
        while let first = rest.first, !first.hasPrefix("-"),
            FileManager.default.fileExists(atPath: first.hasPrefix("/") ? first : package + "/" + first)
        {
            paths.append(rest.removeFirst())
        }
        if !targetNames.isEmpty {
            let targets = try context.package.targets(named: targetNames)
            paths += targets.map { relative($0.directoryURL.path, to: package) }
        }
        if paths.isEmpty { paths = ["."] }
        let outputs = context.pluginWorkDirectoryURL.path
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        rest = rest.enumerated().map { i, arg in
            // Files a command writes go to the plugin's folder unless given absolute.
            let previous = i > 0 ? rest[i - 1] : ""
            guard ["--output", "-o", "--map", "--write-baseline"].contains(previous), !arg.hasPrefix("/") else {
                return arg
            }
            return outputs + "/" + arg
        }
        var args = [command]
        if command != "diff" { args += paths }
        if FileManager.default.fileExists(atPath: package + "/seams.yml"), !rest.contains("--config") {
            args += ["--config", "seams.yml"]
        }
        args += rest
        let tool = try context.tool(named: "seams")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: package)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // SwiftPM reports a thrown error and exits 1: the violations or the failure are above.
            throw PluginError("seams \(command) exited with \(process.terminationStatus)")
        }
    }

    private func relative(_ path: String, to base: String) -> String {
        path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
