import Foundation

/// Fetches a technician's finished jobs and keeps them for offline use, through the app's
/// singletons: a test of it writes to the real data folder and calls the real server.
final class JobHistoryRepository {
    func refresh(userID: Int) async throws -> [JobRecord] {
        let data = try await NetworkSession.shared.get("users/\(userID)/history")
        let records = try JSONDecoder().decode([JobRecord].self, from: data)
        try JobStore.shared.save(records, for: userID)
        return records
    }

    func cached(userID: Int) -> [JobRecord] {
        JobStore.shared.records(for: userID)
    }
}
