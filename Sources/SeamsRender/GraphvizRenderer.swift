import CGraphviz
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
        guard let graph = dot.withCString({ agmemread($0) }) else {
            throw RenderError(stage: "parse", message: collected(or: "the DOT text could not be read"))
        }
        defer { agclose(graph) }
        guard gvLayout(gvc, graph, engine.rawValue) == 0 else {
            throw RenderError(stage: "layout (\(engine.rawValue))", message: collected(or: "gvLayout returned an error"))
        }
        defer { gvFreeLayout(gvc, graph) }
        if let fatal = messages.first(where: { m in fatalWarnings.contains { m.contains($0) } }) {
            throw RenderError(stage: "layout (\(engine.rawValue))", message: fatal.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(gvc, graph, format.rawValue, &buffer, &length) == 0, let buffer else {
            throw RenderError(stage: "render (\(format.rawValue))", message: collected(or: "no renderer for this format"))
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    private static func collected(or fallback: String) -> String {
        let text = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? fallback : text
    }
}
