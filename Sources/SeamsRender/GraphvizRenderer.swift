import CGraphviz
import CGraphvizRead
import Foundation

/// A picture format Graphviz renders.
public enum RenderFormat: String, CaseIterable, Sendable {
    case svg, png, pdf
}

/// A Graphviz layout engine.
public enum LayoutEngine: String, CaseIterable, Sendable {
    case dot, sfdp, neato, fdp
}

/// Graphviz could not lay out or render a graph; `message` is Graphviz's own text.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var stage: String
    public var message: String
    public var description: String { "Graphviz \(stage) failed: \(message)" }
}

/// Renders DOT text with libgvc, in process. Graphviz keeps global state and is not
/// thread-safe, so every call runs under one lock.
public enum GraphvizRenderer {
    private static let lock = NSLock()

    /// Messages Graphviz reports while the lock is held (its error callback has no context).
    nonisolated(unsafe) private static var messages: [String] = []

    /// Messages that mean the picture is wrong even when Graphviz returns success:
    /// dot drops edges on large graphs and says so only in these warnings.
    private static let fatalWarnings = ["lost ", "trouble in init_rank", "failed at node"]

    public static func render(dot: String, engine: LayoutEngine, format: RenderFormat) throws -> Data {
        try render(dot: dot, engineName: engine.rawValue, formatName: format.rawValue)
    }

    /// Renders a graph whose nodes all carry `pos="x,y!"` in points, keeping them there
    /// (the `nop2` engine, which is `neato -n2`): edges are routed, nodes do not move.
    public static func renderPinned(dot: String, format: RenderFormat) throws -> Data {
        try render(dot: dot, engineName: "nop2", formatName: format.rawValue)
    }

    /// Where an engine places each node, in points, read from Graphviz's `plain` output.
    public static func positions(dot: String, engine: LayoutEngine) throws -> [String: (x: Double, y: Double)] {
        let plain = String(
            decoding: try render(dot: dot, engineName: engine.rawValue, formatName: "plain"), as: UTF8.self)
        var out: [String: (x: Double, y: Double)] = [:]
        for line in plain.split(separator: "\n") where line.hasPrefix("node ") {
            let fields = PlainTokenizer.fields(String(line))
            guard fields.count >= 4, let x = Double(fields[2]), let y = Double(fields[3]) else { continue }
            out[fields[1]] = (x * 72, y * 72)
        }
        return out
    }

    private static func render(dot: String, engineName: String, formatName: String) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        messages = []
        let previous = agseterrf { text in
            if let text { GraphvizRenderer.messages.append(String(cString: text)) }
            return 0
        }
        agseterr(AGWARN)
        defer {
            agseterrf(previous)
            agseterr(AGERR)
        }

        guard let gvc = gvContext() else { throw RenderError(stage: "start", message: "gvContext returned nothing") }
        defer { gvFreeContext(gvc) }
        guard let graph = dot.withCString({ seams_read_dot($0) }) else {
            throw RenderError(stage: "parse", message: collected(or: "the DOT text could not be read"))
        }
        defer { agclose(graph) }
        guard gvLayout(gvc, graph, engineName) == 0 else {
            throw RenderError(stage: "layout (\(engineName))", message: collected(or: "gvLayout returned an error"))
        }
        defer { gvFreeLayout(gvc, graph) }
        if let fatal = messages.first(where: { m in fatalWarnings.contains { m.contains($0) } }) {
            throw RenderError(
                stage: "layout (\(engineName))", message: fatal.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(gvc, graph, formatName, &buffer, &length) == 0, let buffer else {
            throw RenderError(stage: "render (\(formatName))", message: collected(or: "no renderer for this format"))
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    private static func collected(or fallback: String) -> String {
        let text = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? fallback : text
    }
}

/// Splits a line of Graphviz `plain` output: words, or double-quoted strings with `\"`.
enum PlainTokenizer {
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var started = false
        for ch in line {
            if inQuotes {
                if escaped {
                    current.append(ch)
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "\"" {
                    inQuotes = false
                } else {
                    current.append(ch)
                }
            } else if ch == "\"" {
                inQuotes = true
                started = true
            } else if ch == " " {
                if started { fields.append(current) }
                current = ""
                started = false
            } else {
                current.append(ch)
                started = true
            }
        }
        if started { fields.append(current) }
        return fields
    }
}
