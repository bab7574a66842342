import Foundation
import Testing

@testable import HistoryAfter
@testable import HistoryBefore

/// What the history code does, pinned on Before as it was found, then run unchanged on After:
/// how a job becomes a row, and what the store keeps for a technician. Before reaches the app's
/// singletons, so these tests write to the real data folder (`JobStore.shared`), for a
/// technician nobody is (a new one each run, so runs side by side never share a file), and
/// remove the file after; they never call the server, which no test
/// of Before can control. That is what the seam buys: After's specs need neither.
@Suite(.serialized)
struct HistoryCharacterizationTests {
    struct Row: Equatable {
        let title: String
        let subtitle: String
        let photo: URL?
    }

    /// How each side turns a record into a row.
    let rows: [(side: String, row: (Int, String, String, Int, String?) -> Row)] = [
        (
            "before",
            { id, customer, date, cents, photo in
                let row = HistoryBefore.JobHistoryViewModel.row(
                    HistoryBefore.JobRecord(id: id, customer: customer, date: date, amountCents: cents, photoURL: photo)
                )
                return Row(title: row.title, subtitle: row.subtitle, photo: row.photo)
            }
        ),
        (
            "after",
            { id, customer, date, cents, photo in
                let row = HistoryAfter.JobHistoryViewModel.row(
                    HistoryAfter.JobRecord(id: id, customer: customer, date: date, amountCents: cents, photoURL: photo))
                return Row(title: row.title, subtitle: row.subtitle, photo: row.photo)
            }
        ),
    ]

    @Test func aJobBecomesARowWithTheDayTheAmountAndThePhoto() {
        for (side, row) in rows {
            #expect(
                row(101, "Harbour Bakery", "2026-03-12", 12050, "https://photos.fielddesk.example/101.jpg")
                    == Row(
                        title: "Harbour Bakery", subtitle: "12 Mar 2026 · 120.50 EUR",
                        photo: URL(string: "https://photos.fielddesk.example/101.jpg")),
                "\(side)")
            #expect(row(104, "Corner Laundry", "2026-02-01", 5, nil).subtitle == "1 Feb 2026 · 0.05 EUR", "\(side)")
        }
    }

    @Test func aDayThatIsNoDayAndAPhotoThatIsNoURLAreKeptAsTheyCome() {
        for (side, row) in rows {
            let odd = row(102, "Linden School", "next Tuesday", 9900, "")
            #expect(odd.subtitle == "next Tuesday · 99.00 EUR", "\(side)")
            #expect(odd.photo == nil, "\(side)")
        }
    }

    @Test func theStoreKeepsEachTechniciansJobsForTheRepository() throws {
        let nobody = Int.random(in: 900_000_000..<1_000_000_000)
        let file = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("FieldDesk/history-\(nobody).json")
        defer { try? FileManager.default.removeItem(at: file) }

        #expect(HistoryBefore.JobHistoryRepository().cached(userID: nobody).isEmpty)
        try HistoryBefore.JobStore.shared.save(
            [
                HistoryBefore.JobRecord(
                    id: 7, customer: "Mill Lane Dental", date: "2026-03-01", amountCents: 1, photoURL: nil)
            ],
            for: nobody)
        #expect(HistoryBefore.JobHistoryRepository().cached(userID: nobody).map(\.customer) == ["Mill Lane Dental"])
        #expect(HistoryBefore.JobHistoryRepository().cached(userID: nobody + 1).isEmpty)

        // After, composed as the app composes it, reads the same file.
        let after = HistoryAfter.JobHistoryRepository(
            session: HistoryAfter.NetworkSession.shared, store: HistoryAfter.JobStore.shared)
        #expect(after.cached(userID: nobody).map(\.customer) == ["Mill Lane Dental"])
    }
}
