final class Logger {
    func write(_ line: String) { print(line) }
    // AppDelegate is not visible here: Networking does not import TechApp.
    func current() -> AppDelegate? { nil }
}
