import Foundation

public enum AuthEvent { case signedIn, signedOut }

public struct Credentials {
    public var email: String
    public var password: String
}

public final class API {
    public var onEvent: ((AuthEvent) -> Void)?
    let log = Logger()

    public init(server: String) {}

    public func signIn(_ credentials: Credentials) {
        log.write("sign in \(credentials.email)")
        onEvent?(.signedIn)
    }
}
