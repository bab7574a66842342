/// Local bindings and shadowing names while a body is resolved.
final class Env {
    private struct Frame {
        var vars: [String: RType?] = [:]
        var shadows: Set<String> = []
    }
    private var frames: [Frame] = [Frame()]
    private var returnTypes: [RType?] = []
    var subjects: [RType?] = []

    var returnType: RType? { returnTypes.last ?? nil }

    func pushBlock() { frames.append(Frame()) }
    func popBlock() { if frames.count > 1 { frames.removeLast() } }
    func pushCode(returnType: RType?) {
        frames.append(Frame())
        returnTypes.append(returnType)
    }
    func popCode() {
        popBlock()
        if !returnTypes.isEmpty { returnTypes.removeLast() }
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
