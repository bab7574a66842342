import Testing
import UIKit
import UIKitTesting

@testable import ChecklistAfter

/// What each action makes of a state: no view involved.
struct ChecklistStateTests {
    @Test func theAddButtonIsEnabledFromThreeCharacters() {
        let state = ChecklistState()
        #expect(!state.typing("ab").canAdd)
        #expect(!state.typing("  ab  ").canAdd)
        #expect(state.typing("abc").canAdd)
    }

    @Test func addingKeepsTheTrimmedInputAndClearsIt() {
        let next = ChecklistState(items: ["Valve"], input: " Pump seal ").adding()
        #expect(next == ChecklistState(items: ["Valve", "Pump seal"], input: ""))
        #expect(next.title == "Parts (2)")
    }

    @Test func addingTooShortAnInputChangesNothing() {
        let state = ChecklistState(items: ["Valve"], input: "ab")
        #expect(state.adding() == state)
    }

    @Test func removingTakesOutThatItemOnly() {
        let state = ChecklistState(items: ["Valve", "Hose", "Pump"], input: "Fil")
        #expect(state.removing(at: 1) == ChecklistState(items: ["Valve", "Pump"], input: "Fil"))
        #expect(state.removing(at: 7) == state)
    }
}

/// What a state looks like on screen, and that the screen's events go through the state.
@MainActor
struct ChecklistRenderTests {
    let screen = ChecklistViewController()

    init() {
        screen.loadViewIfNeeded()
    }

    @Test func aStateIsShownWhole() throws {
        screen.state = ChecklistState(items: ["Valve", "Hose"], input: "Pu")
        #expect(try screen.view.find("title", as: UILabel.self).text == "Parts (2)")
        #expect(try screen.view.find("input", as: UITextField.self).text == "Pu")
        #expect(try !screen.view.find("add", as: UIButton.self).isEnabled)
        #expect(try screen.view.find("item-0", as: UILabel.self).text == "Valve")
        #expect(try screen.view.find("item-1", as: UILabel.self).text == "Hose")

        screen.state = ChecklistState(items: ["Hose"], input: "Pump")
        #expect(try screen.view.find("add", as: UIButton.self).isEnabled)
        #expect(throws: UITestFailure.self) { try screen.view.find("item-1", as: UILabel.self) }
    }

    @Test func typingAddingAndRemovingGoThroughTheState() throws {
        try screen.view.find("input", as: UITextField.self).type("Valve")
        #expect(screen.state == ChecklistState(items: [], input: "Valve"))
        try screen.view.find("add", as: UIButton.self).tap()
        try screen.view.find("input", as: UITextField.self).type("Hose")
        try screen.view.find("add", as: UIButton.self).tap()
        #expect(screen.state == ChecklistState(items: ["Valve", "Hose"], input: ""))
        #expect(try screen.view.find("title", as: UILabel.self).text == "Parts (2)")
        #expect(try !screen.view.find("add", as: UIButton.self).isEnabled, "an emptied field cannot be added")
        try screen.view.find("add", as: UIButton.self).tap()
        #expect(screen.state.items == ["Valve", "Hose"])

        try screen.view.find("remove-0", as: UIButton.self).tap()
        #expect(screen.state.items == ["Hose"])
        #expect(try screen.view.find("item-0", as: UILabel.self).text == "Hose")
        #expect(try !screen.view.find("add", as: UIButton.self).isEnabled)
    }
}
