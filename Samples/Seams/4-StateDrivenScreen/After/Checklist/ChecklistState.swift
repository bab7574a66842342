import Foundation

/// Everything the checklist screen shows, as a value; what the technician does makes the next one.
struct ChecklistState: Equatable {
    var items: [String] = []
    var input = ""

    private var trimmedInput: String { input.trimmingCharacters(in: .whitespaces) }

    var title: String { "Parts (\(items.count))" }
    var canAdd: Bool { trimmedInput.count >= 3 }

    func typing(_ text: String) -> ChecklistState {
        var next = self
        next.input = text
        return next
    }

    func adding() -> ChecklistState {
        guard canAdd else { return self }
        var next = self
        next.items.append(trimmedInput)
        next.input = ""
        return next
    }

    func removing(at index: Int) -> ChecklistState {
        guard items.indices.contains(index) else { return self }
        var next = self
        next.items.remove(at: index)
        return next
    }
}
