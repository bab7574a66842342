import Testing
import UIKit
import UIKitTesting

private final class Counter {
    var taps = 0
    var senders: [Int] = []
    func tapped() { taps += 1 }
    func tapped(_ sender: UIControl) { senders.append(sender.tag) }
}

private final class Screen: UIViewController {
    var events: [String] = []
    override func viewDidLoad() { events.append("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { events.append("viewWillAppear") }
}

@Suite struct UIKitStandInTests {
    @Test func targetActionCallsTheMethodOnTheTarget() {
        let counter = Counter()
        let button = UIButton()
        button.tag = 3
        button.addTarget(counter, action: Counter.tapped as (Counter) -> () -> Void, for: .touchUpInside)
        button.addTarget(counter, action: Counter.tapped(_:), for: .touchUpInside)
        button.tap()
        button.sendActions(for: .editingChanged)
        #expect(counter.taps == 1)
        #expect(counter.senders == [3])
        button.isEnabled = false
        button.tap()
        #expect(counter.taps == 1)
    }

    @Test func targetsAreHeldWeakly() {
        let button = UIButton()
        var counter: Counter? = Counter()
        button.addTarget(counter!, action: Counter.tapped as (Counter) -> () -> Void, for: .touchUpInside)
        weak let gone = counter
        counter = nil
        #expect(gone == nil)
        button.tap()
    }

    @Test func theViewLoadsOnceOnFirstUse() {
        let screen = Screen()
        #expect(!screen.isViewLoaded)
        _ = screen.view
        _ = screen.view
        #expect(screen.events == ["viewDidLoad"])
    }

    @Test func presentAndDismissLinkBothControllers() {
        let base = Screen()
        let top = Screen()
        base.present(top, animated: true)
        #expect(base.presentedViewController === top)
        #expect(top.presentingViewController === base)
        #expect(top.events == ["viewDidLoad", "viewWillAppear"])
        #expect(base.topmost === top)
        base.present(Screen(), animated: true)
        #expect(base.presentedViewController === top)
        var dismissed = false
        top.dismiss(animated: true) { dismissed = true }
        #expect(dismissed)
        #expect(base.presentedViewController == nil)
        #expect(top.presentingViewController == nil)
    }

    @Test func theStoryboardMakesRegisteredScenes() {
        UIStoryboard.register("Screen", in: "Tests") { Screen() }
        let storyboard = UIStoryboard(name: "Tests", bundle: nil)
        let made = storyboard.instantiateViewController(withIdentifier: "Screen")
        #expect(made is Screen)
        #expect(made.storyboard === storyboard)
        #expect(storyboard.instantiateViewController(withIdentifier: "Screen") !== made)
    }

    @Test func viewsAreFoundByIdentifier() throws {
        let root = UIView()
        let label = UILabel()
        label.accessibilityIdentifier = "greeting"
        let box = UIView()
        box.addSubview(label)
        root.addSubview(box)
        #expect(try root.find("greeting", as: UILabel.self) === label)
        #expect(throws: UITestFailure.self) { try root.find("greeting", as: UIButton.self) }
        let missing = #expect(throws: UITestFailure.self) { try root.find("farewell", as: UILabel.self) }
        #expect(missing?.description == "no view 'farewell'; the screen has: greeting")
        label.removeFromSuperview()
        #expect(box.subviews.isEmpty)
    }

    @Test func theWindowShowsItsRootController() {
        let window = UIWindow()
        let screen = Screen()
        window.rootViewController = screen
        #expect(screen.events == ["viewDidLoad", "viewWillAppear"])
    }
}
