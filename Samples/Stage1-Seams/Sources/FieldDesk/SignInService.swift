/// What the sign-in screen needs of the API: one call, and how it went.
protocol SignInService: AnyObject {
    func signIn(email: String, password: String, completion: @escaping (Result<User, APIError>) -> Void)
}
