import Positioning
import Testing
import UIKit
import UIKitTesting

@testable import CheckInAfter

/// Answers every request with what the test set.
final class FakePositions: PositionProviding {
    var answer: Result<Position, PositionError>
    var asksPermissionFirst = false
    private(set) var requests = 0

    init(answer: Result<Position, PositionError>) {
        self.answer = answer
    }

    func currentPosition(completion: @escaping (Result<Position, PositionError>) -> Void) {
        requests += 1
        completion(answer)
    }
}

/// Keeps the request until the test answers it, as a platform prompt does.
final class WaitingPositions: PositionProviding {
    let asksPermissionFirst: Bool
    private var pending: [(Result<Position, PositionError>) -> Void] = []

    init(asksPermissionFirst: Bool) {
        self.asksPermissionFirst = asksPermissionFirst
    }

    func currentPosition(completion: @escaping (Result<Position, PositionError>) -> Void) {
        pending.append(completion)
    }

    func answer(_ result: Result<Position, PositionError>) {
        pending.removeFirst()(result)
    }
}

@MainActor
struct CheckInViewControllerTests {
    func checkIn(with answer: Result<Position, PositionError>) throws -> String? {
        let positions = FakePositions(answer: answer)
        let screen = CheckInViewController(positions: positions)
        try screen.view.find("check-in", as: UIButton.self).tap()
        #expect(positions.requests == 1)
        return try screen.view.find("status", as: UILabel.self).text
    }

    @Test func aPositionChecksTheTechnicianIn() throws {
        #expect(
            try checkIn(with: .success(Position(latitude: 53.34981, longitude: -6.26031)))
                == "Checked in at 53.3498, -6.2603")
    }

    @Test func withoutAuthorizationItSendsThemToSettings() throws {
        #expect(try checkIn(with: .failure(.notAuthorized)) == "Turn on position access for FieldDesk in Settings.")
    }

    @Test func whileThePlatformAsksItSaysWhatToAllow() throws {
        // No answer while the prompt is up: the screen says what to do meanwhile.
        let waiting = WaitingPositions(asksPermissionFirst: true)
        let screen = CheckInViewController(positions: waiting)
        try screen.view.find("check-in", as: UIButton.self).tap()
        #expect(try screen.view.find("status", as: UILabel.self).text == "Allow FieldDesk to use your position.")
        waiting.answer(.success(Position(latitude: 53.34981, longitude: -6.26031)))
        #expect(try screen.view.find("status", as: UILabel.self).text == "Checked in at 53.3498, -6.2603")
    }

    @Test func withoutAPositionItSaysSo() throws {
        #expect(try checkIn(with: .failure(.unavailable)) == "Could not find your position.")
    }
}
