/// Graphviz writes coordinates with two decimals; a page shows them at a point's precision. In
/// the attributes that carry the geometry (a path's `d`, a text's `x` and `y`) numbers are
/// rounded to whole points, and in `points` (arrowheads, node outlines: small shapes) to a
/// tenth. Nothing else is touched: not a label's text, not a colour, not the size of the drawing.
package enum SVGNumbers {
    package static func rounded(_ svg: String) -> String {
        String(decoding: rounded(Array(svg.utf8)), as: UTF8.self)
    }

    static func rounded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: " "), let (name, decimals) = attribute(at: i + 1, in: bytes) {
                // ` name="` as it is, then its value with its numbers rounded.
                let valueStart = i + 1 + name + 2
                out.append(contentsOf: bytes[i..<valueStart])
                var j = valueStart
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
                    if isNumberStart(bytes, j) {
                        var k = j
                        if bytes[k] == UInt8(ascii: "-") { k += 1 }
                        while k < bytes.count, isDigit(bytes[k]) || bytes[k] == UInt8(ascii: ".") { k += 1 }
                        out.append(contentsOf: round(bytes[j..<k], decimals: decimals))
                        j = k
                    } else {
                        out.append(bytes[j])
                        j += 1
                    }
                }
                i = j
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// The length of the attribute's name starting at `start` and the decimals its numbers keep,
    /// when it is one of the geometry attributes and its value starts there (`name="`).
    private static func attribute(at start: Int, in bytes: [UInt8]) -> (Int, Int)? {
        for (name, decimals) in [("d", 0), ("x", 0), ("y", 0), ("points", 1)] {
            let n = name.utf8.count
            guard start + n + 1 < bytes.count, bytes[start + n] == UInt8(ascii: "="),
                bytes[start + n + 1] == UInt8(ascii: "\""), Array(bytes[start..<start + n]) == Array(name.utf8)
            else { continue }
            return (n, decimals)
        }
        return nil
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// A number begins here: a digit, or a minus before one, not inside a word (`M10`'s `10` is
    /// a number after the command letter, which is kept).
    private static func isNumberStart(_ bytes: [UInt8], _ j: Int) -> Bool {
        if isDigit(bytes[j]) { return j == 0 || !isDigit(bytes[j - 1]) && bytes[j - 1] != UInt8(ascii: ".") }
        return bytes[j] == UInt8(ascii: "-") && j + 1 < bytes.count && isDigit(bytes[j + 1])
    }

    /// `text` (an optional minus, digits, an optional point and digits) rounded half away from
    /// zero to `decimals` places, without trailing zeros, and never `-0`.
    static func round<C: Collection>(_ text: C, decimals: Int) -> [UInt8] where C.Element == UInt8 {
        let chars = Array(text)
        guard let point = chars.firstIndex(of: UInt8(ascii: ".")) else { return chars }
        let negative = chars.first == UInt8(ascii: "-")
        let whole = Array(chars[(negative ? 1 : 0)..<point])
        let fraction = Array(chars[(point + 1)...])
        // Digits kept, as one integer; then whether to round up by the first digit dropped.
        var digits = whole + fraction.prefix(decimals)
        while digits.count < whole.count + decimals { digits.append(UInt8(ascii: "0")) }
        if fraction.count > decimals, fraction[decimals] >= UInt8(ascii: "5") {
            var k = digits.count - 1
            while k >= 0 {
                if digits[k] == UInt8(ascii: "9") {
                    digits[k] = UInt8(ascii: "0")
                    k -= 1
                } else {
                    digits[k] += 1
                    break
                }
            }
            if k < 0 { digits.insert(UInt8(ascii: "1"), at: 0) }
        }
        var intPart = Array(digits.prefix(digits.count - decimals))
        var fracPart = Array(digits.suffix(decimals))
        while fracPart.last == UInt8(ascii: "0") { fracPart.removeLast() }
        while intPart.count > 1, intPart.first == UInt8(ascii: "0") { intPart.removeFirst() }
        if intPart.isEmpty { intPart = [UInt8(ascii: "0")] }
        let zero = intPart == [UInt8(ascii: "0")] && fracPart.isEmpty
        var out: [UInt8] = negative && !zero ? [UInt8(ascii: "-")] : []
        out += intPart
        if !fracPart.isEmpty { out += [UInt8(ascii: ".")] + fracPart }
        return out
    }
}
