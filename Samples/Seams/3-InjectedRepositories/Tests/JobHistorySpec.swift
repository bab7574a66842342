import Foundation
import Nimble
import Quick

@testable import HistoryAfter

/// Arrange in the outer `beforeEach`, act in the `beforeEach` of each context, assert in the
/// `it`s: one phase per block, so each `it` says one thing.
final class JobHistoryRepositorySpec: AsyncSpec {
    override class func spec() {
        describe("JobHistoryRepository") {
            var session: SessionSpy!
            var store: StoreSpy!
            var repository: JobHistoryRepository!
            let bakery = JobRecord(
                id: 101, customer: "Harbour Bakery", date: "2026-03-12", amountCents: 12050,
                photoURL: "https://photos.fielddesk.example/101.jpg")

            beforeEach {
                session = SessionSpy()
                session.answer = .success(try! JSONEncoder().encode([bakery]))
                store = StoreSpy()
                repository = JobHistoryRepository(session: session, store: store)
            }

            context("when it refreshes technician 7's history") {
                var records: [JobRecord]?

                beforeEach {
                    records = try? await repository.refresh(userID: 7)
                }

                it("asks the session for technician 7's history") {
                    expect(session.paths).to(equal(["users/7/history"]))
                }

                it("saves what comes back for technician 7") {
                    expect(store.saved).to(equal([7: [bakery]]))
                }

                it("returns what came back") {
                    expect(records).to(equal([bakery]))
                }
            }

            context("when the session fails") {
                var failure: Error?

                beforeEach {
                    session.answer = .failure(Offline())
                    do {
                        _ = try await repository.refresh(userID: 7)
                    } catch {
                        failure = error
                    }
                }

                it("passes the failure on") {
                    expect(failure).to(beAKindOf(Offline.self))
                }

                it("saves nothing") {
                    expect(store.saved).to(beEmpty())
                }
            }
        }
    }
}

final class JobHistoryViewModelSpec: AsyncSpec {
    override class func spec() {
        describe("JobHistoryViewModel") {
            var repository: RepositoryStub!
            var viewModel: JobHistoryViewModel!

            beforeEach {
                repository = RepositoryStub()
                viewModel = JobHistoryViewModel(repository: repository)
            }

            context("with a job from the server") {
                beforeEach {
                    repository.freshRecords = .success([
                        JobRecord(
                            id: 101, customer: "Harbour Bakery", date: "2026-03-12", amountCents: 12050,
                            photoURL: "https://photos.fielddesk.example/101.jpg")
                    ])
                    await viewModel.load(userID: 7)
                }

                it("shows the customer, the day and the amount") {
                    expect(viewModel.rows.map(\.title)).to(equal(["Harbour Bakery"]))
                    expect(viewModel.rows.map(\.subtitle)).to(equal(["12 Mar 2026 · 120.50 EUR"]))
                }

                it("keeps the photo's URL") {
                    expect(viewModel.rows.first?.photo).to(
                        equal(URL(string: "https://photos.fielddesk.example/101.jpg")))
                }
            }

            context("with a photo URL that is not a URL") {
                beforeEach {
                    repository.freshRecords = .success([
                        JobRecord(
                            id: 102, customer: "Linden School", date: "2026-03-13", amountCents: 9900, photoURL: "")
                    ])
                    await viewModel.load(userID: 7)
                }

                it("shows no photo") {
                    expect(viewModel.rows.count).to(equal(1))
                    expect(viewModel.rows.first?.photo).to(beNil())
                }
            }

            context("offline, with jobs stored earlier") {
                beforeEach {
                    repository.cachedRecords = [
                        JobRecord(
                            id: 104, customer: "Corner Laundry", date: "2026-02-01", amountCents: 5000, photoURL: nil)
                    ]
                    repository.freshRecords = .failure(Offline())
                    await viewModel.load(userID: 7)
                }

                it("shows the stored jobs") {
                    expect(viewModel.rows.map(\.subtitle)).to(equal(["1 Feb 2026 · 50.00 EUR"]))
                }
            }
        }
    }
}
