import Positioning
import Testing
import UIKit
import UIKitTesting

@testable import CheckInAfter

/// Answers every request with what the test set.
final class FakePositions: PositionProviding {
    var answer: Result<Position, PositionError>
    private(set) var requests = 0

    init(answer: Result<Position, PositionError>) {
        self.answer = answer
    }

    func currentPosition(completion: @escaping (Result<Position, PositionError>) -> Void) {
        requests += 1
        completion(answer)
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

    @Test func withoutAPositionItSaysSo() throws {
        #expect(try checkIn(with: .failure(.unavailable)) == "Could not find your position.")
    }
}
