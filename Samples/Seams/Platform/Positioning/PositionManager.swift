import Foundation

/// A place on Earth, in degrees.
public struct Position: Equatable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether the person allowed the app to read their position.
public enum PositionAuthorization: Equatable, Sendable {
    case notDetermined
    case denied
    case authorized
}

public enum PositionFailure: Error, Equatable {
    case unavailable
}

/// What the position manager tells its delegate, on the main queue.
public protocol PositionManagerDelegate: AnyObject {
    func positionAuthorizationDidChange(_ authorization: PositionAuthorization)
    func positionDidUpdate(_ position: Position)
    func positionDidFail(_ error: Error)
}

/// The platform's position service, like a location manager: an authorization the person
/// grants at a system prompt, and one position at a time from the hardware, both answered
/// later through the delegate.
///
/// This stand-in runs where there is no positioning hardware and nobody to answer a prompt,
/// as on a build server: authorization stays `.notDetermined` (the prompt is never answered)
/// and every position request fails with `.unavailable`. Code that makes its own manager can
/// therefore never be tested on the path where the person said yes, which is the lesson's point.
open class PositionManager {
    public weak var delegate: PositionManagerDelegate?
    public private(set) var authorization: PositionAuthorization = .notDetermined
    public private(set) var authorizationRequests = 0

    public init() {}

    /// Shows the system prompt; the delegate hears when the person answers.
    open func requestAuthorization() {
        authorizationRequests += 1
    }

    /// Asks the hardware for one position; the delegate hears the position or the failure.
    open func requestPosition() {
        DispatchQueue.main.async { [weak self] in
            self?.delegate?.positionDidFail(PositionFailure.unavailable)
        }
    }
}
