/// What an expression of a Tuist manifest evaluates to, as far as reading it without running it
/// can tell: literals, arrays, enum cases, and the calls of ProjectDescription's own API kept as
/// they were written (`.target(name: …)`, `.glob(…)`), whose meaning the project mapping gives.
/// Whatever cannot be told is `unknown`, with the reason, so a reader of a target that needs it
/// can say why it could not.
indirect enum TuistValue: Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case none
    /// `.framework`, `.iOS`: an enum case (or static member) without arguments.
    case member(String)
    /// Arrays and sets alike: order is kept, which sets do not promise but nothing here needs.
    case array([TuistValue])
    /// A call kept as written (`TuistCall` reads it): the type before the dot, if any, the name,
    /// and the arguments' labels and values, in order.
    case call(base: String?, name: String, labels: [String?], values: [TuistValue])
    case unknown(String)

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var elements: [TuistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// Equal for sure, different for sure, or nil when either side is not known.
    func same(as other: TuistValue) -> Bool? {
        switch (self, other) {
        case (.unknown, _), (_, .unknown): return nil
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            var answer: Bool? = true
            for (x, y) in zip(a, b) {
                switch x.same(as: y) {
                case false?: return false
                case nil: answer = nil
                case true?: break
                }
            }
            return answer
        case (.call, _), (_, .call): return self == other ? true : nil
        default: return self == other
        }
    }
}

/// A call kept as written, read from its value: `Target.target(name: "App", …)` has base
/// `Target`, name `target`. (A view rather than the payload itself, so that the value type does
/// not name it back.)
struct TuistCall: Equatable {
    /// The type named before the dot, if any (`Target` in `Target.target`); nil for `.target`.
    var base: String?
    var name: String
    var labels: [String?]
    var values: [TuistValue]

    init(base: String?, name: String, labels: [String?], values: [TuistValue]) {
        (self.base, self.name, self.labels, self.values) = (base, name, labels, values)
    }

    /// The call a value is, if it is one.
    init?(_ value: TuistValue?) {
        guard case .call(let base, let name, let labels, let values)? = value else { return nil }
        self.init(base: base, name: name, labels: labels, values: values)
    }

    var value: TuistValue { .call(base: base, name: name, labels: labels, values: values) }

    /// The value of the argument with this label; nil when the call has none.
    func argument(_ label: String) -> TuistValue? {
        labels.firstIndex(of: label).map { values[$0] }
    }

    /// The first argument without a label.
    var unlabeled: TuistValue? {
        labels.firstIndex(of: nil).map { values[$0] }
    }

    /// The call with the argument of this label set (added last if it had none).
    mutating func set(_ label: String, to value: TuistValue) {
        if let i = labels.firstIndex(of: label) {
            values[i] = value
        } else {
            labels.append(label)
            values.append(value)
        }
    }

    /// `.target(…)` or `Target.target(…)`, `Target(…)`: how a manifest makes a target.
    var makesTarget: Bool {
        (name == "target" && (base == nil || base == "Target")) || (name == "Target" && base == nil)
            || (name == "init" && base == "Target")
    }

    /// `Project(…)`.
    var makesProject: Bool {
        (name == "Project" && base == nil) || (name == "init" && base == "Project")
    }

    /// How the call reads in a message: `.target(…)`, `Project.framework(…)`.
    var spelled: String {
        if let base { return base + "." + name + "(…)" }
        return (name.first?.isUppercase == true ? "" : ".") + name + "(…)"
    }
}
