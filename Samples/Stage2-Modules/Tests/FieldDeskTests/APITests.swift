import FieldServiceBackend
import Foundation
import SignIn
import Testing
import UIKitTesting

@testable import FieldDesk

/// The API on its own: told its server through `init`, it needs no AppDelegate; it announces
/// sessions on the notification center it is given.
@MainActor
struct APITests {
    private func withAPI(_ body: (API, NotificationCenter) async throws -> Void) async throws {
        try await FieldServiceBackend.withRunning { _, url in
            let center = NotificationCenter()
            try await body(API(server: url, notificationCenter: center), center)
        }
    }

    private func signIn(_ api: API, _ email: String, _ password: String) async -> Result<User, APIError> {
        await withCheckedContinuation { done in
            api.signIn(email: email, password: password) { (result: Result<User, APIError>) in
                done.resume(returning: result)
            }
        }
    }

    /// Keeps the names of the session notifications posted on a center, with the user's name.
    private final class Posted {
        private(set) var names: [String] = []

        init(on center: NotificationCenter) {
            for name in [Notification.Name.technicianDidSignIn, .technicianDidSignOut] {
                _ = center.addObserver(forName: name, object: nil, queue: nil) { [unowned self] note in
                    let user = (note.userInfo?[API.userKey] as? User).map { " \($0.name)" } ?? ""
                    names.append(note.name.rawValue + user)
                }
            }
        }
    }

    @Test func aGoodSignInAnswersTheUserAndPostsIt() async throws {
        try await withAPI { api, center in
            let posted = Posted(on: center)
            let result = await signIn(api, "ada@fielddesk.test", "wrench-42")
            #expect((try? result.get()) == User(id: 7, name: "Ada Brennan"))
            #expect(posted.names == ["FieldDesk.technicianDidSignIn Ada Brennan"])
        }
    }

    @Test func aBadSignInAnswersTheServersMessageAndPostsNothing() async throws {
        try await withAPI { api, center in
            let posted = Posted(on: center)
            let result = await signIn(api, "ada@fielddesk.test", "wrong-password")
            #expect(throws: APIError(message: "The email or password is wrong.")) { try result.get() }
            #expect(posted.names.isEmpty)
        }
    }

    @Test func asTheSignInServiceItAnswersSignedInOrTheServersMessage() async throws {
        try await withAPI { api, _ in
            let service: SignInService = api
            let outcomes = await withCheckedContinuation { done in
                service.signIn(email: "ada@fielddesk.test", password: "wrong-password") { refused in
                    service.signIn(email: "ada@fielddesk.test", password: "wrench-42") {
                        done.resume(returning: [refused, $0])
                    }
                }
            }
            #expect(outcomes == [.refused(message: "The email or password is wrong."), .signedIn])
        }
    }

    @Test func signingOutPostsTheEndOfTheSession() async throws {
        try await withAPI { api, center in
            let posted = Posted(on: center)
            _ = await signIn(api, "ada@fielddesk.test", "wrench-42")
            api.signOut()
            try await waitUntil("the sign-out is posted") { posted.names.count == 2 }
            #expect(posted.names.last == "FieldDesk.technicianDidSignOut")
        }
    }
}
