/// Where the app makes the history screen's view model with the real session and store.
enum HistorySetup {
    static func makeViewModel() -> JobHistoryViewModel {
        JobHistoryViewModel(repository: JobHistoryRepository(session: NetworkSession.shared, store: JobStore.shared))
    }
}
