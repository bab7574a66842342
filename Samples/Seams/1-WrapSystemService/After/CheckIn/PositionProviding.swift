import Positioning

/// All the check-in screen needs: the person's position, or why there is none, and whether
/// asking for it will first ask the person to allow it.
protocol PositionProviding: AnyObject {
    var asksPermissionFirst: Bool { get }
    func currentPosition(completion: @escaping (Result<Position, PositionError>) -> Void)
}

enum PositionError: Error, Equatable {
    /// The person said no, or has not said yes.
    case notAuthorized
    case unavailable
}
