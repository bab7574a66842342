import FieldServiceBackend
import Testing
import UIKit
import UIKitTesting

@testable import FieldDesk

/// What the app does today, pinned before anything changes: each test launches the app
/// against the real backend and goes through the screens as a technician would. Serialized,
/// because the app keeps its state in globals (the AppDelegate, its static configuration).
@Suite(.serialized) @MainActor
struct CharacterizationTests {
    @Test func signingInWithGoodCredentialsSetsTheUserAndShowsTheirJobs() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await app.waitForScreen("Jobs for Ada Brennan")
            #expect(app.delegate.currentUser == User(id: 7, name: "Ada Brennan"))
            try await waitUntil("the jobs are loaded") {
                try app.find("jobs-count", as: UILabel.self).text == "3 jobs today"
            }
            #expect(await app.backend.requests == ["POST /session", "GET /jobs"])
        }
    }

    @Test func badCredentialsShowTheServersMessageAndTryAgain() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrong-password")
            try await waitUntil("the alert shows") { (try? app.find("alert-title", as: UILabel.self)) != nil }
            #expect(try app.find("alert-title", as: UILabel.self).text == "Could not sign in")
            #expect(try app.find("alert-message", as: UILabel.self).text == "The email or password is wrong.")
            #expect(app.delegate.currentUser == nil)

            let tryAgain = try app.find("alert-button", as: UIButton.self)
            #expect(tryAgain.currentTitle == "Try again")
            tryAgain.tap()
            try await waitUntil("the sign-in is sent again") { await app.backend.requests.count == 2 }
            try await waitUntil("the alert shows again") { app.screen is AlertViewController }
            #expect(await app.backend.requests == ["POST /session", "POST /session"])
        }
    }

    @Test(arguments: [
        ("ada.fielddesk.test", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada@fielddesk", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada@fielddesk.test", "wrench", "Your password has at least 8 characters."),
    ])
    func invalidEmailOrPasswordIsRefusedBeforeAnyRequest(email: String, password: String, message: String)
        async throws
    {
        try await LaunchedApp.run { app in
            try app.signIn(email: email, password: password)
            #expect(try app.find("sign-in-message", as: UILabel.self).text == message)
            #expect(app.screen.title == "Sign in")
            try await Task.sleep(for: .milliseconds(100))
            #expect(await app.backend.requests.isEmpty)
        }
    }

    @Test func signingOutReturnsToTheSignInScreen() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await app.waitForScreen("Jobs for Ada Brennan")
            try app.find("sign-out", as: UIButton.self).tap()
            try await app.waitForScreen("Sign in")
            #expect(app.delegate.currentUser == nil)
            #expect(try app.find("email", as: UITextField.self).text == "")
            #expect(await app.backend.requests.contains("DELETE /session"))
        }
    }

    @Test func theJobsScreenListsTodaysJobsByTime() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await app.waitForScreen("Jobs for Ada Brennan")
            try await waitUntil("the jobs are loaded") {
                try app.find("jobs-count", as: UILabel.self).text == "3 jobs today"
            }
            let rows = try [101, 102, 104].map { try app.find("job-\($0)", as: UILabel.self).text }
            #expect(
                rows == [
                    "08:30  Harbour Bakery, 12 Quay Street",
                    "11:00  Linden School, 4 Elm Row",
                    "15:45  Corner Laundry, 77 High Street",
                ])
            #expect(throws: UITestFailure.self) { try app.find("job-103", as: UILabel.self) }
        }
    }

    @Test func anInvoiceIsFiledForAJob() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await waitUntil("the jobs are loaded") { (try? app.find("invoice-101", as: UIButton.self)) != nil }
            try app.find("invoice-101", as: UIButton.self).tap()
            #expect(app.screen.title == "Invoice Harbour Bakery")
            try app.find("amount", as: UITextField.self).type("120.5")
            try app.find("file-invoice", as: UIButton.self).tap()
            try await waitUntil("the invoice is filed") {
                try app.find("invoice-status", as: UILabel.self).text
                    == "Invoice 1 filed: 120.50 EUR for Harbour Bakery"
            }
            #expect(await app.backend.invoices == [Invoice(id: 1, jobID: 101, amountCents: 12050)])
        }
    }

    @Test func anInvoiceWithoutAnAmountShowsTheServersMessage() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await waitUntil("the jobs are loaded") { (try? app.find("invoice-102", as: UIButton.self)) != nil }
            try app.find("invoice-102", as: UIButton.self).tap()
            try app.find("file-invoice", as: UIButton.self).tap()
            try await waitUntil("the alert shows") { (try? app.find("alert-message", as: UILabel.self)) != nil }
            #expect(try app.find("alert-title", as: UILabel.self).text == "Could not file the invoice")
            #expect(try app.find("alert-message", as: UILabel.self).text == "An invoice needs an amount above zero.")
            try app.find("alert-button", as: UIButton.self).tap()
            #expect(app.screen.title == "Invoice Linden School")
            #expect(await app.backend.requests.last == "POST /jobs/102/invoice")
        }
    }
}
