class Outer { typealias Inner = Outer.Inner; typealias Back = Outer }
extension Outer.Back.Back { func more() {} }
extension Missing.Outer {}
class Sub: Outer.Back { func go() { more() } }
