import Foundation

@testable import HistoryAfter

/// Answers every request with the same data (or error) and keeps the paths asked for.
final class SessionSpy: NetworkFetching {
    private(set) var paths: [String] = []
    var answer: Result<Data, Error> = .success(Data("[]".utf8))

    func get(_ path: String) async throws -> Data {
        paths.append(path)
        return try answer.get()
    }
}

/// Keeps what is saved, per user, in memory.
final class StoreSpy: JobStoring {
    private(set) var saved: [Int: [JobRecord]] = [:]

    func save(_ records: [JobRecord], for userID: Int) throws { saved[userID] = records }
    func records(for userID: Int) -> [JobRecord] { saved[userID] ?? [] }
}

/// A repository that answers what the test set.
final class RepositoryStub: JobHistoryLoading {
    var cachedRecords: [JobRecord] = []
    var freshRecords: Result<[JobRecord], Error> = .success([])

    func refresh(userID: Int) async throws -> [JobRecord] { try freshRecords.get() }
    func cached(userID: Int) -> [JobRecord] { cachedRecords }
}

struct Offline: Error {}
