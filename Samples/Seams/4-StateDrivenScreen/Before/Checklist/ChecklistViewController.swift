import UIKit

/// The parts a technician must bring to a job: type a part, add it, see the list and the count.
/// The screen's views are changed from three places (the events object's callbacks), each
/// remembering its own part of the rules.
final class ChecklistViewController: UIViewController {
    let titleLabel = UILabel()
    let inputField = UITextField()
    let addButton = UIButton()
    let listView = UIView()
    private(set) var items: [String] = []
    private lazy var events = ChecklistEvents(screen: self)

    override func viewDidLoad() {
        titleLabel.accessibilityIdentifier = "title"
        titleLabel.text = "Parts (0)"
        inputField.accessibilityIdentifier = "input"
        addButton.accessibilityIdentifier = "add"
        addButton.setTitle("Add", for: .normal)
        addButton.isEnabled = false
        inputField.addTarget(events, action: ChecklistEvents.inputChanged, for: .editingChanged)
        addButton.addTarget(events, action: ChecklistEvents.addTapped, for: .touchUpInside)
        for view in [titleLabel, inputField, addButton, listView] as [UIView] {
            self.view.addSubview(view)
        }
    }

    func append(_ item: String) {
        items.append(item)
    }

    func remove(at index: Int) {
        items.remove(at: index)
    }
}

/// Handles what the technician does, and updates the views as it goes.
final class ChecklistEvents {
    private unowned let screen: ChecklistViewController

    init(screen: ChecklistViewController) {
        self.screen = screen
    }

    func inputChanged() {
        let text = (screen.inputField.text ?? "").trimmingCharacters(in: .whitespaces)
        screen.addButton.isEnabled = text.count >= 3
    }

    func addTapped() {
        let text = (screen.inputField.text ?? "").trimmingCharacters(in: .whitespaces)
        screen.append(text)
        screen.titleLabel.text = "Parts (\(screen.items.count))"
        screen.inputField.text = ""
        reloadList()
        // Forgotten: the field is empty now, but the add button stays enabled (setting the text
        // in code sends no editing event), so a second tap adds an empty part.
    }

    func removeTapped(_ sender: UIControl) {
        screen.remove(at: sender.tag)
        screen.titleLabel.text = "Parts (\(screen.items.count))"
        reloadList()
    }

    private func reloadList() {
        for row in screen.listView.subviews { row.removeFromSuperview() }
        for (index, item) in screen.items.enumerated() {
            let label = UILabel()
            label.text = item
            let remove = UIButton()
            remove.setTitle("Remove", for: .normal)
            remove.tag = index
            remove.addTarget(self, action: ChecklistEvents.removeTapped, for: .touchUpInside)
            screen.listView.addSubview(label)
            screen.listView.addSubview(remove)
        }
    }
}
