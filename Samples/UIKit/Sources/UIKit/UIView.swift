/// A rectangle on screen that holds subviews. There is no drawing and no layout here: the
/// stand-in keeps the view tree and the properties an app's logic reads and writes.
open class UIView: UIResponder {
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    public var isHidden = false
    public var backgroundColor: UIColor?
    public var tintColor: UIColor?
    /// A number the app can use to tell views apart, as in UIKit.
    public var tag = 0
    public var accessibilityIdentifier: String?

    public override init() {}

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// The first view in this view's tree (itself included, depth first, in subview order)
    /// whose accessibility identifier is `identifier`.
    public func descendant(withIdentifier identifier: String) -> UIView? {
        if accessibilityIdentifier == identifier { return self }
        for view in subviews {
            if let found = view.descendant(withIdentifier: identifier) { return found }
        }
        return nil
    }
}

/// The view at the root of the screen; its root view controller owns what is shown.
open class UIWindow: UIView {
    public private(set) var isKeyWindow = false

    /// Setting it loads the controller's view and tells it that it appears.
    public var rootViewController: UIViewController? {
        didSet {
            guard let controller = rootViewController, controller !== oldValue else { return }
            controller.loadViewIfNeeded()
            controller.viewWillAppear(false)
        }
    }

    public func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }
}
