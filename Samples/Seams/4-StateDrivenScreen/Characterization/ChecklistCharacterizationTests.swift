import Testing
import UIKit
import UIKitTesting

@testable import ChecklistAfter
@testable import ChecklistBefore

/// What the checklist screen does, pinned on Before as it was found, bug included, then run
/// unchanged on After, through the views only: type, tap Add, read the title and the list, tap
/// Remove. After fixes one thing on purpose, and the expectations say where: once a part is
/// added, Before leaves Add on for the emptied field, so a second tap adds an empty part.
@MainActor
struct ChecklistCharacterizationTests {
    enum Side: String, CustomStringConvertible, CaseIterable {
        case before, after
        var description: String { rawValue }
    }

    /// One screen of either side, seen through its views.
    struct Screen {
        let controller: UIViewController
        let listView: UIView

        init(_ side: Side) {
            switch side {
            case .before:
                let screen = ChecklistBefore.ChecklistViewController()
                (controller, listView) = (screen, screen.listView)
            case .after:
                let screen = ChecklistAfter.ChecklistViewController()
                (controller, listView) = (screen, screen.listView)
            }
            controller.loadViewIfNeeded()
        }

        var title: String? { try? controller.view.find("title", as: UILabel.self).text }
        var input: String? { try? controller.view.find("input", as: UITextField.self).text }
        var canAdd: Bool { (try? controller.view.find("add", as: UIButton.self).isEnabled) ?? false }
        /// The parts listed, top to bottom.
        var items: [String] { listView.subviews.compactMap { ($0 as? UILabel)?.text } }

        func type(_ text: String) throws { try controller.view.find("input", as: UITextField.self).type(text) }
        func add() throws { try controller.view.find("add", as: UIButton.self).tap() }
        func remove(_ index: Int) { listView.subviews.compactMap { $0 as? UIButton }[index].tap() }
    }

    @Test(arguments: Side.allCases)
    func anEmptyListCannotAddYet(side: Side) {
        let screen = Screen(side)
        #expect(screen.title == "Parts (0)")
        #expect(screen.items.isEmpty)
        #expect(!screen.canAdd)
    }

    @Test(arguments: Side.allCases)
    func addIsOnFromThreeCharactersNotCountingSpaces(side: Side) throws {
        let screen = Screen(side)
        try screen.type("  ab ")
        #expect(!screen.canAdd)
        try screen.type("Cap")
        #expect(screen.canAdd)
        try screen.type("")
        #expect(!screen.canAdd)
    }

    @Test(arguments: Side.allCases)
    func addingListsTheTrimmedPartCountsItAndEmptiesTheField(side: Side) throws {
        let screen = Screen(side)
        try screen.type("  Pump seal ")
        try screen.add()
        #expect(screen.title == "Parts (1)")
        #expect(screen.items == ["Pump seal"])
        #expect(screen.input == "")
        // Changed on purpose (the bug After fixes): Before leaves Add on for the emptied field.
        #expect(screen.canAdd == (side == .before))
        try screen.type("Valve")
        try screen.add()
        #expect(screen.items == ["Pump seal", "Valve"])
        #expect(screen.title == "Parts (2)")
    }

    @Test(arguments: Side.allCases)
    func aSecondTapOnAdd(side: Side) throws {
        let screen = Screen(side)
        try screen.type("Valve")
        try screen.add()
        try screen.add()
        // Changed on purpose (the bug After fixes): Before adds an empty part.
        #expect(screen.items == (side == .before ? ["Valve", ""] : ["Valve"]))
        #expect(screen.title == (side == .before ? "Parts (2)" : "Parts (1)"))
    }

    @Test(arguments: Side.allCases)
    func removingTakesOutThatPartAndCountsAgain(side: Side) throws {
        let screen = Screen(side)
        for part in ["Valve", "Hose", "Pump"] {
            try screen.type(part)
            try screen.add()
        }
        screen.remove(1)
        #expect(screen.items == ["Valve", "Pump"])
        #expect(screen.title == "Parts (2)")
        screen.remove(0)
        #expect(screen.items == ["Pump"])
        #expect(screen.title == "Parts (1)")
    }
}
