import SignIn

/// Stands in for the server behind the sign-in screen: records each call and answers when the
/// test says so.
final class FakeSignInService: SignInService {
    private(set) var calls: [String] = []
    private var pending: [(SignInResult) -> Void] = []

    func signIn(email: String, password: String, completion: @escaping (SignInResult) -> Void) {
        calls.append("\(email) \(password)")
        pending.append(completion)
    }

    /// Answers the oldest call not answered yet.
    func answer(_ result: SignInResult) {
        pending.removeFirst()(result)
    }
}

/// Keeps what the screen logs.
final class LogSpy: SignInLogging {
    private(set) var lines: [String] = []
    func log(_ message: String) { lines.append(message) }
}
