import Positioning
import Testing

@testable import CheckInAfter

/// Stands in for the platform's manager: the test decides the authorization and answers as
/// the platform would, by calling the delegate.
final class FakePositionSource: PositionSource {
    var authorization: PositionAuthorization
    weak var delegate: PositionManagerDelegate?
    private(set) var calls: [String] = []

    init(authorization: PositionAuthorization) {
        self.authorization = authorization
    }

    func requestAuthorization() { calls.append("requestAuthorization") }
    func requestPosition() { calls.append("requestPosition") }
}

struct PositionServiceTests {
    let harbour = Position(latitude: 53.3498, longitude: -6.2603)

    /// Asks the service for a position and keeps what it answers (if it answers).
    final class Answer {
        var result: Result<Position, PositionError>?
    }

    func ask(_ service: PositionService) -> Answer {
        let answer = Answer()
        service.currentPosition { answer.result = $0 }
        return answer
    }

    @Test func notAuthorizedYetItAsksForAuthorizationAndNeverReadsThePosition() {
        let source = FakePositionSource(authorization: .notDetermined)
        let service = PositionService(source: source)
        #expect(service.asksPermissionFirst)
        let answer = ask(service)
        #expect(source.calls == ["requestAuthorization"])
        #expect(answer.result == nil)

        source.delegate?.positionAuthorizationDidChange(.denied)
        #expect(answer.result == .failure(.notAuthorized))
        #expect(!source.calls.contains("requestPosition"))
    }

    @Test func deniedItAnswersAtOnceWithoutAskingAnything() {
        let source = FakePositionSource(authorization: .denied)
        let answer = ask(PositionService(source: source))
        #expect(answer.result == .failure(.notAuthorized))
        #expect(source.calls.isEmpty)
    }

    @Test func authorizedItReturnsThePosition() {
        let source = FakePositionSource(authorization: .authorized)
        let service = PositionService(source: source)
        #expect(!service.asksPermissionFirst)
        let answer = ask(service)
        #expect(source.calls == ["requestPosition"])
        source.delegate?.positionDidUpdate(harbour)
        #expect(answer.result == .success(harbour))
    }

    @Test func onceThePersonSaysYesItReadsThePosition() {
        let source = FakePositionSource(authorization: .notDetermined)
        let service = PositionService(source: source)
        let answer = ask(service)
        source.delegate?.positionAuthorizationDidChange(.authorized)
        #expect(source.calls == ["requestAuthorization", "requestPosition"])
        source.delegate?.positionDidUpdate(harbour)
        #expect(answer.result == .success(harbour))
    }

    @Test func aFailureIsAnErrorAndNoPosition() {
        let source = FakePositionSource(authorization: .authorized)
        let service = PositionService(source: source)
        let answer = ask(service)
        source.delegate?.positionDidFail(PositionFailure.unavailable)
        #expect(answer.result == .failure(.unavailable))
        source.delegate?.positionDidUpdate(harbour)
        #expect(answer.result == .failure(.unavailable), "a late position does not reach a caller already answered")
    }

    @Test func thePlatformManagerIsAPositionSource() {
        let manager = PositionManager()
        let service = PositionService(source: manager)
        _ = ask(service)
        #expect(manager.delegate === service)
        #expect(manager.authorizationRequests == 1)
    }
}
