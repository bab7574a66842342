import Foundation

/// The app's persistent store: one JSON file per technician in the app's data folder.
final class JobStore {
    static let shared = JobStore()

    private let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("FieldDesk", isDirectory: true)

    func save(_ records: [JobRecord], for userID: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(records).write(to: file(for: userID), options: .atomic)
    }

    func records(for userID: Int) -> [JobRecord] {
        guard let data = try? Data(contentsOf: file(for: userID)) else { return [] }
        return (try? JSONDecoder().decode([JobRecord].self, from: data)) ?? []
    }

    private func file(for userID: Int) -> URL {
        folder.appendingPathComponent("history-\(userID).json")
    }
}
