/// What the alert's button does: a title and the work to run. Whoever presents the alert
/// says what "Try again" means; the alert no longer guesses from who presented it.
struct AlertAction {
    let title: String
    let run: () -> Void
}
