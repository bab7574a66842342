/// Local bindings and shadowing names while a body is resolved.
final class Env {
    private struct Frame {
        var vars: [String: RType?] = [:]
        var shadows: Set<String> = []
    }
    private var frames: [Frame] = [Frame()]
    /// The frame each code body (a function, an initializer, a closure) opened: its parameters'.
    private var codeFrames: [Int] = []
    private var returnTypes: [RType?] = []
    var subjects: [RType?] = []

    var returnType: RType? { returnTypes.last ?? nil }

    func pushBlock() { frames.append(Frame()) }
    func popBlock() { if frames.count > 1 { frames.removeLast() } }
    func pushCode(returnType: RType?) {
        frames.append(Frame())
        codeFrames.append(frames.count - 1)
        returnTypes.append(returnType)
    }
    func popCode() {
        popBlock()
        if !codeFrames.isEmpty { codeFrames.removeLast() }
        if !returnTypes.isEmpty { returnTypes.removeLast() }
    }

    /// Whether `name` is bound in the frame the innermost code body opened: one of its parameters.
    func isParameter(_ name: String) -> Bool {
        guard let code = codeFrames.last, code < frames.count else { return false }
        for index in frames.indices.reversed() where frames[index].vars[name] != nil { return index == code }
        return false
    }

    func bind(_ name: String, _ type: RType?) {
        guard name != "_" else { return }
        frames[frames.count - 1].vars[name] = .some(type)
    }

    func shadow(_ name: String) { frames[frames.count - 1].shadows.insert(name) }

    /// The binding's type, `.some(nil)` for a binding of unknown type, nil when unbound.
    func lookup(_ name: String) -> RType?? {
        for frame in frames.reversed() {
            if let t = frame.vars[name] { return .some(t) }
        }
        return nil
    }

    func isShadowed(_ name: String) -> Bool {
        frames.contains { $0.shadows.contains(name) }
    }
}
