import Positioning

/// Adapts a position source (the platform's manager) to "give me the position, or an error":
/// asks for authorization when nobody has decided yet, reads the position only once allowed.
final class PositionService: PositionProviding, PositionManagerDelegate {
    private let source: PositionSource
    private var waiting: [(Result<Position, PositionError>) -> Void] = []

    init(source: PositionSource) {
        self.source = source
        source.delegate = self
    }

    /// Nobody has decided yet: the platform will show its prompt first.
    var asksPermissionFirst: Bool {
        source.authorization == .notDetermined
    }

    func currentPosition(completion: @escaping (Result<Position, PositionError>) -> Void) {
        switch source.authorization {
        case .denied:
            completion(.failure(.notAuthorized))
        case .notDetermined:
            waiting.append(completion)
            source.requestAuthorization()
        case .authorized:
            waiting.append(completion)
            source.requestPosition()
        }
    }

    func positionAuthorizationDidChange(_ authorization: PositionAuthorization) {
        switch authorization {
        case .authorized where !waiting.isEmpty: source.requestPosition()
        case .denied: finish(.failure(.notAuthorized))
        default: break
        }
    }

    func positionDidUpdate(_ position: Position) {
        finish(.success(position))
    }

    func positionDidFail(_ error: Error) {
        finish(.failure(.unavailable))
    }

    private func finish(_ result: Result<Position, PositionError>) {
        let callers = waiting
        waiting = []
        callers.forEach { $0(result) }
    }
}
