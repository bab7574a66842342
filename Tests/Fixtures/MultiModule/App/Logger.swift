/// The app's own logger: same simple name as the one in Networking.
struct Logger {
    func note(_ s: String) {}
}
