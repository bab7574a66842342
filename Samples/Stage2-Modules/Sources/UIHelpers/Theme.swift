import UIKit

/// The app's colours. Made once by the app from its configuration and handed to the screens.
public struct Theme: Equatable {
    public let background: UIColor
    public let text: UIColor
    public let accent: UIColor

    public static let light = Theme(background: .white, text: .black, accent: .systemBlue)
    public static let dark = Theme(background: .black, text: .white, accent: .systemOrange)

    public init(background: UIColor, text: UIColor, accent: UIColor) {
        self.background = background
        self.text = text
        self.accent = accent
    }

    /// "dark", else light.
    public init(named name: String) {
        self = name == "dark" ? .dark : .light
    }

    public func style(_ button: UIButton) {
        button.tintColor = accent
    }

    public func style(_ label: UILabel) {
        label.textColor = text
    }
}
