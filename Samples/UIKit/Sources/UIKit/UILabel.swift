/// A view that shows text.
open class UILabel: UIView {
    public var text: String?
    public var textColor: UIColor = .black
    public var numberOfLines = 1
}
