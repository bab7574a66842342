import UIKit

/// The parts a technician must bring to a job. One `state`, set in one place; one function,
/// `render`, makes the views show it. Events only compute the next state.
final class ChecklistViewController: UIViewController {
    let titleLabel = UILabel()
    let inputField = UITextField()
    let addButton = UIButton()
    let listView = UIView()

    var state = ChecklistState() {
        didSet { render(state) }
    }

    override func viewDidLoad() {
        titleLabel.accessibilityIdentifier = "title"
        inputField.accessibilityIdentifier = "input"
        addButton.accessibilityIdentifier = "add"
        addButton.setTitle("Add", for: .normal)
        inputField.addTarget(self, action: ChecklistViewController.inputChanged, for: .editingChanged)
        addButton.addTarget(self, action: ChecklistViewController.addTapped, for: .touchUpInside)
        for view in [titleLabel, inputField, addButton, listView] as [UIView] {
            self.view.addSubview(view)
        }
        render(state)
    }

    func inputChanged() {
        state = state.typing(inputField.text ?? "")
    }

    func addTapped() {
        state = state.adding()
    }

    func removeTapped(_ sender: UIControl) {
        state = state.removing(at: sender.tag)
    }

    /// The only code that changes the views.
    func render(_ state: ChecklistState) {
        titleLabel.text = state.title
        if inputField.text != state.input { inputField.text = state.input }
        addButton.isEnabled = state.canAdd
        for row in listView.subviews { row.removeFromSuperview() }
        for (index, item) in state.items.enumerated() {
            let label = UILabel()
            label.accessibilityIdentifier = "item-\(index)"
            label.text = item
            let remove = UIButton()
            remove.accessibilityIdentifier = "remove-\(index)"
            remove.setTitle("Remove", for: .normal)
            remove.tag = index
            remove.addTarget(self, action: ChecklistViewController.removeTapped, for: .touchUpInside)
            listView.addSubview(label)
            listView.addSubview(remove)
        }
    }
}
