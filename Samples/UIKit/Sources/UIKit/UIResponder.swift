/// The base of the application, views and view controllers, as in UIKit.
open class UIResponder {
    public init() {}
}
