import Foundation

/// One row of the history screen.
struct JobRow: Equatable {
    let title: String
    let subtitle: String
    let photo: URL?
}

/// Turns a technician's history into rows: what is stored at once, then what the server says.
final class JobHistoryViewModel {
    private let repository: JobHistoryLoading
    private(set) var rows: [JobRow] = []

    init(repository: JobHistoryLoading) {
        self.repository = repository
    }

    func load(userID: Int) async {
        rows = repository.cached(userID: userID).map(Self.row)
        if let fresh = try? await repository.refresh(userID: userID) {
            rows = fresh.map(Self.row)
        }
    }

    static func row(_ record: JobRecord) -> JobRow {
        JobRow(
            title: record.customer,
            subtitle: "\(day(record.date)) · \(String(format: "%.2f", Double(record.amountCents) / 100)) EUR",
            photo: record.photoURL.flatMap(URL.init(string:)))
    }

    private static func day(_ isoDay: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd"
        guard let date = parser.date(from: isoDay) else { return isoDay }
        parser.dateFormat = "d MMM yyyy"
        return parser.string(from: date)
    }
}
