import Foundation

/// Makes view controllers by identifier. On iOS the scenes live in a storyboard file built
/// by Interface Builder; here the app registers how each scene is made, once, at launch.
open class UIStoryboard {
    private static var scenes: [String: [String: () -> UIViewController]] = [:]

    public let name: String

    public init(name: String, bundle: Bundle?) {
        self.name = name
    }

    /// Registers (or replaces) how the scene `identifier` of storyboard `storyboard` is made.
    public static func register(
        _ identifier: String, in storyboard: String, make: @escaping () -> UIViewController
    ) {
        scenes[storyboard, default: [:]][identifier] = make
    }

    /// A new controller for the scene; like UIKit, stops the app when there is no such scene.
    public func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let make = Self.scenes[name]?[identifier] else {
            fatalError("Storyboard (\(name)) doesn't contain a view controller with identifier '\(identifier)'")
        }
        let controller = make()
        controller.storyboard = self
        return controller
    }
}
