/// What the sign-in screen needs of a server: check the credentials, say how it went.
/// The app that uses the screen adapts its API client to it.
public protocol SignInService: AnyObject {
    func signIn(email: String, password: String, completion: @escaping (SignInResult) -> Void)
}

public enum SignInResult: Equatable {
    case signedIn
    /// The server said no, or could not be asked; `message` is for the person signing in.
    case refused(message: String)
}

/// Where the sign-in screen writes what it does; the app decides where that goes.
public protocol SignInLogging: AnyObject {
    func log(_ message: String)
}
