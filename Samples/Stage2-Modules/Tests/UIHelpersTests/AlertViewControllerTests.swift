import Testing
import UIKit
import UIKitTesting

import UIHelpers

/// The alert runs the command it is given; it knows nothing of who presented it.
@MainActor
struct AlertViewControllerTests {
    @Test func theButtonDismissesTheAlertAndRunsTheActionOnce() throws {
        var runs = 0
        let alert = AlertViewController(
            title: "Could not sync", message: "No network.", action: AlertAction(title: "Retry") { runs += 1 },
            theme: .light)
        let presenter = UIViewController()
        presenter.present(alert, animated: false)

        #expect(try alert.view.find("alert-title", as: UILabel.self).text == "Could not sync")
        #expect(try alert.view.find("alert-message", as: UILabel.self).text == "No network.")
        let button = try alert.view.find("alert-button", as: UIButton.self)
        #expect(button.currentTitle == "Retry")
        #expect(runs == 0)
        button.tap()
        #expect(runs == 1)
        #expect(presenter.presentedViewController == nil)
    }
}

struct ThemeTests {
    @Test func aThemeIsChosenByName() {
        #expect(Theme(named: "dark") == .dark)
        #expect(Theme(named: "light") == .light)
        #expect(Theme(named: "sepia") == .light)
    }
}
