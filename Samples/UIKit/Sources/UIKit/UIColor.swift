/// A colour as red, green, blue and alpha components between 0 and 1.
public final class UIColor: Equatable, CustomStringConvertible {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double) {
        self.red = white
        self.green = white
        self.blue = white
        self.alpha = alpha
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let darkGray = UIColor(white: 1 / 3, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let systemBlue = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    public static let systemOrange = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    public var description: String { "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
