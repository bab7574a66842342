import Foundation

/// Fetches a technician's finished jobs and keeps them for offline use, with the session and
/// the store it is given.
final class JobHistoryRepository: JobHistoryLoading {
    private let session: NetworkFetching
    private let store: JobStoring

    init(session: NetworkFetching, store: JobStoring) {
        self.session = session
        self.store = store
    }

    func refresh(userID: Int) async throws -> [JobRecord] {
        let data = try await session.get("users/\(userID)/history")
        let records = try JSONDecoder().decode([JobRecord].self, from: data)
        try store.save(records, for: userID)
        return records
    }

    func cached(userID: Int) -> [JobRecord] {
        store.records(for: userID)
    }
}
