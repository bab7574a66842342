import Foundation

/// What the repository needs of a store.
protocol JobStoring {
    func save(_ records: [JobRecord], for userID: Int) throws
    func records(for userID: Int) -> [JobRecord]
}

/// What the repository needs of the network.
protocol NetworkFetching {
    func get(_ path: String) async throws -> Data
}

/// What the view model needs of a repository.
protocol JobHistoryLoading {
    func refresh(userID: Int) async throws -> [JobRecord]
    func cached(userID: Int) -> [JobRecord]
}

extension JobStore: JobStoring {}
extension NetworkSession: NetworkFetching {}
