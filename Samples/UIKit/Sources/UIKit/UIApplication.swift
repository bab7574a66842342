/// What the application asks of the app's delegate.
public protocol UIApplicationDelegate: AnyObject {
    var window: UIWindow? { get set }
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
}

/// The one application object. `launch(_:)` stands in for `UIApplicationMain`: it keeps the
/// delegate (strongly, as UIApplicationMain does for the life of the app) and starts it.
open class UIApplication: UIResponder {
    public static let shared = UIApplication()

    public var delegate: UIApplicationDelegate?

    public struct LaunchOptionsKey: Hashable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The delegate's window, as `keyWindow` gives it on a single-window app.
    public var keyWindow: UIWindow? { delegate?.window }

    /// Makes `delegate` the app's delegate and tells it the app has launched.
    @discardableResult
    public func launch(_ delegate: UIApplicationDelegate, options: [LaunchOptionsKey: Any]? = nil) -> Bool {
        self.delegate = delegate
        return delegate.application(self, didFinishLaunchingWithOptions: options)
    }
}
