/// A view that sends actions to targets when an event happens (target-action).
///
/// UIKit names the action with an Objective-C selector; there is no Objective-C runtime on
/// Linux, so the stand-in takes the method itself, unapplied: `Self.signInTapped`.
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 0)
        public static let editingChanged = Event(rawValue: 1 << 1)
        public static let valueChanged = Event(rawValue: 1 << 2)
    }

    public struct State: OptionSet, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let disabled = State(rawValue: 1 << 1)
    }

    private struct Registration {
        weak var target: AnyObject?
        let events: Event
        let perform: (AnyObject, UIControl) -> Void
    }

    private var registrations: [Registration] = []

    /// A disabled control sends no actions.
    public var isEnabled = true

    /// Calls `action` on `target` (held weakly) when one of `events` happens.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> () -> Void, for events: Event
    ) {
        registrations.append(
            Registration(target: target, events: events) { target, _ in action(target as! Target)() })
    }

    /// Calls `action` on `target` with this control as the sender.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (UIControl) -> Void, for events: Event
    ) {
        registrations.append(
            Registration(target: target, events: events) { target, sender in action(target as! Target)(sender) })
    }

    /// Sends the actions registered for `event`, as a touch or an edit would.
    public func sendActions(for event: Event) {
        guard isEnabled else { return }
        for registration in registrations where registration.events.contains(event) {
            if let target = registration.target { registration.perform(target, self) }
        }
    }
}

/// A control with a title that sends `.touchUpInside` when tapped.
open class UIButton: UIControl {
    private var titles: [Int: String] = [:]

    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
    }

    public func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// The title for the control's current state.
    public var currentTitle: String? { title(for: isEnabled ? .normal : .disabled) }
}

/// An editable line of text. Typing sends `.editingChanged`; setting `text` in code does not.
open class UITextField: UIControl {
    public var text: String? = ""
    public var placeholder: String?
    public var isSecureTextEntry = false
}
