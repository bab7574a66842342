import FieldServiceBackend
import Testing
import UIKit
import UIKitTesting

@testable import FieldDesk

/// What the app does today, pinned before anything changes: each test launches the app
/// against the real backend and goes through the screens as a technician would. Serialized,
/// because the app keeps its state in globals (the AppDelegate, its static configuration).
///
/// Each test pins what a technician sees (texts, their order, which buttons answer a tap) and
/// what reaches the server; `scripts/mutate-samples` checks that a small change to any of it
/// fails at least one of them.
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
            let signInButton = try app.root.view.find("sign-in", as: UIButton.self)
            #expect(!signInButton.isEnabled, "while the sign-in is on its way, Sign in is off")
            #expect(try app.root.view.find("sign-in-message", as: UILabel.self).text == nil)
            try await waitUntil("the alert shows") { (try? app.find("alert-title", as: UILabel.self)) != nil }
            #expect(signInButton.isEnabled, "after a refusal, Sign in is on again")
            #expect(try app.find("alert-title", as: UILabel.self).text == "Could not sign in")
            #expect(try app.find("alert-message", as: UILabel.self).text == "The email or password is wrong.")
            #expect(app.delegate.currentUser == nil)

            let tryAgain = try app.find("alert-button", as: UIButton.self)
            #expect(tryAgain.currentTitle == "Try again")
            tryAgain.tap()
            #expect(app.screen === app.root, "Try again closes the alert")
            try await waitUntil("the sign-in is sent again") { await app.backend.requests.count == 2 }
            try await waitUntil("the alert shows again") { app.screen is AlertViewController }
            #expect(await app.backend.requests == ["POST /session", "POST /session"])
        }
    }

    @Test(arguments: [
        ("ada.fielddesk.test", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada@fielddesk", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada@fielddesk.", "wrench-42", "Enter your email address, like name@example.com."),
        ("@fielddesk.test", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada @fielddesk.test", "wrench-42", "Enter your email address, like name@example.com."),
        ("ada@fielddesk.test", "wrench", "Your password has at least 8 characters."),
        ("ada@fielddesk.test", "wrench-", "Your password has at least 8 characters."),
    ])
    func invalidEmailOrPasswordIsRefusedBeforeAnyRequest(email: String, password: String, message: String)
        async throws
    {
        try await LaunchedApp.run { app in
            try app.signIn(email: email, password: password)
            #expect(try app.find("sign-in-message", as: UILabel.self).text == message)
            #expect(app.screen.title == "Sign in")
            #expect(try app.find("sign-in", as: UIButton.self).isEnabled)
            try await Task.sleep(for: .milliseconds(100))
            #expect(await app.backend.requests.isEmpty)
        }
    }

    @Test func aPasswordOfEightCharactersGoesToTheServer() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-4")
            try await waitUntil("the alert shows") { (try? app.find("alert-message", as: UILabel.self)) != nil }
            #expect(try app.find("alert-message", as: UILabel.self).text == "The email or password is wrong.")
            #expect(await app.backend.requests == ["POST /session"])
        }
    }

    @Test func aCorrectedEmailClearsTheMessageAndSignsIn() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk", password: "wrench-42")
            #expect(try app.find("sign-in-message", as: UILabel.self).text != nil)
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            #expect(try app.find("sign-in-message", as: UILabel.self).text == nil)
            try await app.waitForScreen("Jobs for Ada Brennan")
            #expect(await app.backend.requests.first == "POST /session")
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
            #expect(try app.find("sign-in", as: UIButton.self).isEnabled)
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
            // In the order the screen shows them, top to bottom: each job, then its Invoice button.
            #expect(
                app.screen.view.identifiers.filter { $0.hasPrefix("job-") || $0.hasPrefix("invoice-") } == [
                    "job-101", "invoice-101", "job-102", "invoice-102", "job-104", "invoice-104",
                ])
            let rows = try [101, 102, 104].map { try app.find("job-\($0)", as: UILabel.self).text }
            #expect(
                rows == [
                    "08:30  Harbour Bakery, 12 Quay Street",
                    "11:00  Linden School, 4 Elm Row",
                    "15:45  Corner Laundry, 77 High Street",
                ])
            #expect(
                try [101, 102, 104].map { try app.find("invoice-\($0)", as: UIButton.self).currentTitle } == [
                    "Invoice", "Invoice", "Invoice",
                ])
            #expect(throws: UITestFailure.self) { try app.find("job-103", as: UILabel.self) }
        }
    }

    @Test func aTechnicianWithOneJobSeesOneJob() async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "tomas@fielddesk.test", password: "ladder-17")
            try await app.waitForScreen("Jobs for Tomas Okafor")
            try await waitUntil("the jobs are loaded") {
                try app.find("jobs-count", as: UILabel.self).text == "1 job today"
            }
            #expect(try app.find("job-103", as: UILabel.self).text == "09:15  Mill Lane Dental, 9 Mill Lane")
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
            // Filed once: the button stays off, so a second tap files nothing.
            try app.find("file-invoice", as: UIButton.self).tap()
            try await Task.sleep(for: .milliseconds(100))
            #expect(await app.backend.requests.filter { $0.hasPrefix("POST /jobs") } == ["POST /jobs/101/invoice"])
        }
    }

    /// The amount typed in euros is sent in cents, rounded to the nearest cent, halves up (0.29 × 100
    /// is 28.999… in floating point: cut off, it would be 28).
    @Test(arguments: [("0.29", 29, "0.29"), ("19.999", 2000, "20.00"), ("0.125", 13, "0.13")])
    func anAmountIsRoundedToTheCent(typed: String, cents: Int, shown: String) async throws {
        try await LaunchedApp.run { app in
            try app.signIn(email: "ada@fielddesk.test", password: "wrench-42")
            try await waitUntil("the jobs are loaded") { (try? app.find("invoice-104", as: UIButton.self)) != nil }
            try app.find("invoice-104", as: UIButton.self).tap()
            try app.find("amount", as: UITextField.self).type(typed)
            try app.find("file-invoice", as: UIButton.self).tap()
            try await waitUntil("the invoice is filed") {
                try app.find("invoice-status", as: UILabel.self).text
                    == "Invoice 1 filed: \(shown) EUR for Corner Laundry"
            }
            #expect(await app.backend.invoices == [Invoice(id: 1, jobID: 104, amountCents: cents)])
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
            #expect(try app.find("alert-button", as: UIButton.self).currentTitle == "OK")
            try app.find("alert-button", as: UIButton.self).tap()
            #expect(app.screen.title == "Invoice Linden School")
            #expect(await app.backend.requests.last == "POST /jobs/102/invoice")

            // After the refusal the button answers again: the technician types an amount and files.
            try app.find("amount", as: UITextField.self).type("80")
            try app.find("file-invoice", as: UIButton.self).tap()
            try await waitUntil("the invoice is filed") {
                try app.find("invoice-status", as: UILabel.self).text == "Invoice 1 filed: 80.00 EUR for Linden School"
            }
        }
    }

    @Test func theScreensWearTheLightTheme() async throws {
        try await LaunchedApp.run { app in
            let signIn = try app.find("sign-in", as: UIButton.self)
            #expect(app.delegate.window?.backgroundColor == .white)
            #expect(signIn.tintColor == .systemBlue)
            #expect(signIn.backgroundColor == .white)
            #expect(try app.find("sign-in-message", as: UILabel.self).textColor == .black)
        }
    }
}
