final class API {
    let server = AppDelegate.configuration.server
    func signOut() { UIApplication.shared.delegate.map { ($0 as! AppDelegate).showSignIn() } }
}
