import Positioning

/// What the service needs of the platform's position manager, and no more: a test double
/// can be one.
protocol PositionSource: AnyObject {
    var authorization: PositionAuthorization { get }
    var delegate: PositionManagerDelegate? { get set }
    func requestAuthorization()
    func requestPosition()
}

/// The platform's manager already has all of it.
extension PositionManager: PositionSource {}
