/// What the alert's button does: a title and the work to run.
public struct AlertAction {
    public let title: String
    public let run: () -> Void

    public init(title: String, run: @escaping () -> Void) {
        self.title = title
        self.run = run
    }
}
