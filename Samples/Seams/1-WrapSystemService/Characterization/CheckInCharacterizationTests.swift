import Positioning
import Testing
import UIKit
import UIKitTesting

@testable import CheckInAfter
@testable import CheckInBefore

/// What the check-in screen does, pinned on Before as it was found, then run unchanged on After:
/// the screen as the app makes it, with the platform's real manager (the stand-in: nobody answers
/// its prompt, the hardware finds nothing). The test plays the platform by calling the manager's
/// delegate, as the platform would. Where After changes what the person sees on purpose, the
/// expectation says so (and the lesson's README names it).
@MainActor
struct CheckInCharacterizationTests {
    enum Side: String, CustomStringConvertible, CaseIterable {
        case before, after
        var description: String { rawValue }
    }

    /// The screen as each side's app makes it, shown, and the platform manager it drives.
    func launch(_ side: Side) -> (screen: UIViewController, manager: PositionManager) {
        let (screen, manager): (UIViewController, PositionManager)
        switch side {
        case .before:
            let before = CheckInBefore.CheckInViewController()
            (screen, manager) = (before, before.manager)
        case .after:
            manager = PositionManager()
            screen = CheckInScreen.make(manager: manager)
        }
        screen.loadViewIfNeeded()
        return (screen, manager)
    }

    func status(_ screen: UIViewController) throws -> String? {
        try screen.view.find("status", as: UILabel.self).text
    }

    @Test(arguments: Side.allCases)
    func theFirstCheckInAsksThePersonToAllowIt(side: Side) throws {
        let (screen, manager) = launch(side)
        #expect(screen.title == "Check in")
        #expect(try screen.view.find("check-in", as: UIButton.self).currentTitle == "Check in here")
        #expect(try status(screen) == nil)
        try screen.view.find("check-in", as: UIButton.self).tap()
        #expect(try status(screen) == "Allow FieldDesk to use your position.")
        #expect(manager.authorizationRequests == 1)
    }

    @Test(arguments: Side.allCases)
    func onceAllowedItLocatesAndSaysWhenNothingIsFound(side: Side) async throws {
        let (screen, manager) = launch(side)
        try screen.view.find("check-in", as: UIButton.self).tap()
        manager.delegate?.positionAuthorizationDidChange(.authorized)
        // Changed on purpose: After keeps the prompt's words until the position (or the failure)
        // arrives; Before says "Locating…" in between.
        #expect(try status(screen) == (side == .before ? "Locating…" : "Allow FieldDesk to use your position."))
        // The stand-in's hardware finds nothing, later, on the main queue.
        try await waitUntil("the failure shows") { try status(screen) == "Could not find your position." }
    }

    @Test(arguments: Side.allCases)
    func aPositionChecksTheTechnicianIn(side: Side) throws {
        let (screen, manager) = launch(side)
        try screen.view.find("check-in", as: UIButton.self).tap()
        manager.delegate?.positionAuthorizationDidChange(.authorized)
        manager.delegate?.positionDidUpdate(Position(latitude: 53.34981, longitude: -6.26031))
        #expect(try status(screen) == "Checked in at 53.3498, -6.2603")
    }

    @Test(arguments: Side.allCases)
    func aRefusalAtThePrompt(side: Side) throws {
        let (screen, manager) = launch(side)
        try screen.view.find("check-in", as: UIButton.self).tap()
        manager.delegate?.positionAuthorizationDidChange(.denied)
        // Changed on purpose (a fix): Before goes on asking to allow what the person just refused.
        #expect(
            try status(screen)
                == (side == .before
                    ? "Allow FieldDesk to use your position." : "Turn on position access for FieldDesk in Settings."))
    }
}
