import UIKit

/// The app's colours, light or dark as the configuration says.
enum Theme {
    private static var isDark: Bool { AppDelegate.configuration["theme"] == "dark" }

    static var background: UIColor { isDark ? .black : .white }
    static var text: UIColor { isDark ? .white : .black }
    static var accent: UIColor { isDark ? .systemOrange : .systemBlue }

    static func style(_ button: UIButton) {
        button.tintColor = accent
    }

    static func style(_ label: UILabel) {
        label.textColor = text
    }
}
