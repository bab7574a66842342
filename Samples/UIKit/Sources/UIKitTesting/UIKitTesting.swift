import Foundation
import UIKit

/// Why a UI test step could not go on.
public struct UITestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension UIView {
    /// The view with this accessibility identifier, of this class; fails with the identifiers
    /// that are there.
    public func find<View: UIView>(_ identifier: String, as type: View.Type = View.self) throws -> View {
        guard let found = descendant(withIdentifier: identifier) else {
            throw UITestFailure(
                "no view '\(identifier)'; the screen has: \(identifiers.sorted().joined(separator: ", "))")
        }
        guard let view = found as? View else {
            throw UITestFailure("view '\(identifier)' is a \(Swift.type(of: found)), not a \(View.self)")
        }
        return view
    }

    /// Every accessibility identifier in this view's tree.
    public var identifiers: [String] {
        (accessibilityIdentifier.map { [$0] } ?? []) + subviews.flatMap(\.identifiers)
    }
}

extension UIViewController {
    /// The controller on screen: this one, or the one it presents, and so on.
    public var topmost: UIViewController {
        presentedViewController?.topmost ?? self
    }
}

extension UIButton {
    /// Taps the button: its `.touchUpInside` actions run if it is enabled.
    public func tap() {
        sendActions(for: .touchUpInside)
    }
}

extension UITextField {
    /// Replaces the text as typing would, sending `.editingChanged`.
    public func type(_ text: String) {
        self.text = text
        sendActions(for: .editingChanged)
    }
}

/// Waits until `condition` holds, checking every 10 ms on the main actor; in between, work the
/// app queued on the main queue (network callbacks) runs. Fails after `timeout` with `what`:
/// by default 10 seconds, or as many as `UIKIT_TESTING_TIMEOUT` says (the mutation run,
/// `scripts/mutate-samples`, sets 2, so that a broken app fails fast).
@MainActor
public func waitUntil(
    _ what: String, timeout: Duration = defaultWaitTimeout, condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while try await !condition() {
        guard clock.now < deadline else { throw UITestFailure("timed out after \(timeout) waiting until \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// How long `waitUntil` waits unless told: `UIKIT_TESTING_TIMEOUT` seconds, else 10.
public let defaultWaitTimeout: Duration = {
    let seconds = ProcessInfo.processInfo.environment["UIKIT_TESTING_TIMEOUT"].flatMap(Double.init) ?? 10
    return .milliseconds(Int(seconds * 1000))
}()
