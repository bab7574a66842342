import Foundation
import Testing

@testable import HistoryAfter

/// The repository driven through the mocks seams writes (Tests/Generated, from `seams mock
/// NetworkFetching` and `seams mock JobStoring`): what it asked for and saved, read from each
/// mock's record of calls, and the calls expected of it, checked by `verify()`.
@Suite struct GeneratedMockSpec {
    let bakery = JobRecord(
        id: 101, customer: "Harbour Bakery", date: "2026-03-12", amountCents: 12050,
        photoURL: "https://photos.fielddesk.example/101.jpg")

    @Test func aRefreshAsksForTheHistoryAndSavesWhatCameBack() async throws {
        let session = NetworkFetchingMock()
        session.getReturnValue = try JSONEncoder().encode([bakery])
        let store = JobStoringMock()
        store.expect(.saveFor, times: 1)
        let repository = JobHistoryRepository(session: session, store: store)

        let records = try await repository.refresh(userID: 7)

        #expect(records == [bakery])
        #expect(session.getCalls == ["users/7/history"])
        #expect(store.saveForCalls.map(\.userID) == [7])
        #expect(store.saveForCalls.map(\.records) == [[bakery]])
        store.verify()
    }

    @Test func aFailedRefreshSavesNothing() async {
        let session = NetworkFetchingMock()
        session.getHandler = { _ in throw Offline() }
        let store = JobStoringMock()
        store.expect(.saveFor, times: 0)
        let repository = JobHistoryRepository(session: session, store: store)

        await #expect(throws: Offline.self) { try await repository.refresh(userID: 7) }

        #expect(store.calls.isEmpty)
        store.verify()
    }

    @Test func theCacheIsWhatTheStoreKeepsForThatTechnician() {
        let store = JobStoringMock()
        store.recordsForHandler = { userID in userID == 7 ? [bakery] : [] }
        let repository = JobHistoryRepository(session: NetworkFetchingMock(), store: store)

        #expect(repository.cached(userID: 7) == [bakery])
        #expect(repository.cached(userID: 8) == [])
        #expect(store.recordsForCalls == [7, 8])
    }

    /// `verify()` fails the running test, at the expectation, for a call that did not come.
    @Test func verifyFailsTheTestForAnExpectedCallThatDidNotCome() {
        let store = JobStoringMock()
        store.expect(.saveFor)
        withKnownIssue("saveFor was expected and never called") {
            store.verify()
        }
    }
}
