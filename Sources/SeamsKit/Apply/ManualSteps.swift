import SeamsTestability

/// The steps of a recipe seams does not rewrite, by hand.
enum ManualSteps {
    static func text(_ recipe: Recipe, from: String, to: String) -> String {
        let steps: [String]
        switch recipe {
        case .commandObject:
            steps = [
                "name what \(from) does with the \(to) it casts to: a closure or a small protocol (AlertAction(title:run:))",
                "have whoever makes \(from) pass it in (through init, or a property it sets)",
                "call it where the downcast was, and remove the downcast",
            ]
        case .notifyOwner:
            steps = [
                "name the event \(from) tells \(to) about: a Notification.Name, a delegate protocol or a closure property",
                "post it (or call the delegate or the closure) where \(from) calls \(to) now",
                "have \(to) observe it (or become the delegate, or set the closure) where it makes \(from)",
            ]
        case .wrapSystemService:
            steps = [
                "write a protocol of the calls \(from) makes on \(to)",
                "make \(to) conform in an extension, or write a thin wrapper that does",
                "give \(from) the protocol through init with the system instance as default",
            ]
        case .injectedRepository:
            steps = [
                "write a protocol of the calls \(from) makes on \(to); for a scanned \(to), "
                    + "seams apply extract-protocol writes it",
                "give \(from) the protocol through init, the shared store as default "
                    + "(seams apply inject-through-init, for a scanned \(to))",
            ]
        case .stateValue:
            steps = [
                "gather what \(from) and \(to) both read and write into one State struct",
                "make each change a function from State to State, without side effects",
                "render from the State in one render(_:)",
            ]
        case .injectThroughInit, .extractProtocol, .factoryClosure:
            steps = ["seams apply \(recipe.rawValue) --edge \(from) \(to) makes it"]
        }
        return "the steps, by hand (\(recipe.title)): "
            + steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
            + " (see \(recipe.lesson))"
    }
}
