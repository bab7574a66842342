import SignIn

/// The API is what the sign-in module needs of a server.
extension API: SignInService {
    func signIn(email: String, password: String, completion: @escaping (SignInResult) -> Void) {
        signIn(email: email, password: password) { (result: Result<User, APIError>) in
            switch result {
            case .success: completion(.signedIn)
            case .failure(let error): completion(.refused(message: error.message))
            }
        }
    }
}
