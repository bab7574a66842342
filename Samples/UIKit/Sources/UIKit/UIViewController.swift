/// Owns a view and the logic of one screen; presents and dismisses other controllers.
/// Presenting and dismissing happen at once (there is no animation), completions included.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    public var title: String?
    /// The storyboard that made this controller, if one did.
    public internal(set) var storyboard: UIStoryboard?
    public private(set) var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?

    public override init() {}

    /// The controller's view, loaded (`loadView()`, then `viewDidLoad()`) on first use.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view; override to build your own. The default is an empty view.
    open func loadView() {
        loadedView = UIView()
    }

    open func viewDidLoad() {}

    open func viewWillAppear(_ animated: Bool) {}

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }

    /// Shows `controller` over this one. As in UIKit, a controller that already presents
    /// another does not present a second one: the call is ignored with a warning.
    open func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil else {
            print(
                "Warning: attempt to present \(type(of: controller)) on \(type(of: self)), which is already presenting")
            return
        }
        controller.presentingViewController = self
        presentedViewController = controller
        controller.loadViewIfNeeded()
        controller.viewWillAppear(animated)
        completion?()
    }

    /// Dismisses the controller this one presents; called on the presented controller, asks
    /// its presenter to dismiss it, as UIKit does.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
            completion?()
        } else if let presenter = presentingViewController {
            presenter.dismiss(animated: animated, completion: completion)
        } else {
            completion?()
        }
    }
}
