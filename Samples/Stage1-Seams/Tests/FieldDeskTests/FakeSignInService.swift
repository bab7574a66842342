@testable import FieldDesk

/// Stands in for the API behind the sign-in screen: records each call and answers when the
/// test says so.
final class FakeSignInService: SignInService {
    private(set) var calls: [String] = []
    private var pending: [(Result<User, APIError>) -> Void] = []

    func signIn(email: String, password: String, completion: @escaping (Result<User, APIError>) -> Void) {
        calls.append("\(email) \(password)")
        pending.append(completion)
    }

    /// Answers the oldest call not answered yet.
    func answer(_ result: Result<User, APIError>) {
        pending.removeFirst()(result)
    }
}
