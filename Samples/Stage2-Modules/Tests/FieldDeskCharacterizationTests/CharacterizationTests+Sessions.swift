import Foundation
import Testing
import UIKit

@testable import FieldDesk

/// The notification seam (stage 1) from the app's side: the AppDelegate changes screens when a
/// session begins or ends, whoever posts it. These tests live in the serialized
/// characterization suite because the app's state is still global (`UIApplication.shared`,
/// the default notification center).
extension CharacterizationTests {
    @Test func theAppShowsTheJobsWhenASessionBeginsAndSignInWhenItEnds() async throws {
        try await LaunchedApp.run { app in
            NotificationCenter.default.post(
                name: .technicianDidSignIn, object: nil, userInfo: [API.userKey: User(id: 8, name: "Tomas Okafor")])
            #expect(app.delegate.currentUser == User(id: 8, name: "Tomas Okafor"))
            #expect(app.screen.title == "Jobs for Tomas Okafor")

            NotificationCenter.default.post(name: .technicianDidSignOut, object: nil)
            #expect(app.delegate.currentUser == nil)
            #expect(app.screen.title == "Sign in")
        }
    }
}
