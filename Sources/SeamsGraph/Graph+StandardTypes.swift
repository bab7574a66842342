extension Graph {
    /// The graph without the external types that are part of the language rather than of the
    /// design: the Swift standard library's values and protocols (`Void`, `Result`, `String`,
    /// `Equatable`, `AnyObject`) and the SDK's plain values (`Date`, `URL`, `CGRect`). A map that
    /// shows external types (`include-external`) hides these unless asked, so the system services
    /// and SDK classes a lesson is about are not lost among them. Order is kept.
    public func removingStandardTypes() -> Graph {
        let gone = Set(nodes.filter { $0.external && StandardTypes.contains($0.id) }.map(\.id))
        if gone.isEmpty { return self }
        var graph = self
        graph.nodes.removeAll { gone.contains($0.id) }
        graph.edges.removeAll { gone.contains($0.from) || gone.contains($0.to) }
        return graph
    }
}

/// Names of the standard library's and the SDK's vocabulary types (facts about Swift and the
/// Apple SDK, written for seams). A name qualified by its module (`Swift.Result`,
/// `Foundation.Date`) counts too.
public enum StandardTypes {
    public static func contains(_ id: String) -> Bool {
        if names.contains(id) { return true }
        guard let dot = id.firstIndex(of: ".") else { return false }
        return modules.contains(String(id[..<dot])) && names.contains(String(id[id.index(after: dot)...]))
    }

    static let modules: Set<String> = ["Swift", "Foundation", "CoreGraphics", "UIKit", "AppKit"]

    static let names: Set<String> = Set(
        """
        Any AnyObject AnyHashable Never Void Bool Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64
        Double Float Float16 Float80 String Substring Character Unicode StaticString Array ArraySlice
        ContiguousArray Dictionary Set Optional Result Range ClosedRange PartialRangeFrom PartialRangeUpTo
        PartialRangeThrough Error Equatable Hashable Comparable Identifiable Codable Encodable Decodable
        Sendable CaseIterable RawRepresentable CustomStringConvertible CustomDebugStringConvertible
        LosslessStringConvertible Sequence Collection BidirectionalCollection RandomAccessCollection
        MutableCollection RangeReplaceableCollection IteratorProtocol StringProtocol Numeric SignedNumeric
        BinaryInteger FixedWidthInteger SignedInteger UnsignedInteger FloatingPoint BinaryFloatingPoint
        AdditiveArithmetic Strideable ExpressibleByStringLiteral ExpressibleByIntegerLiteral
        ExpressibleByArrayLiteral ExpressibleByDictionaryLiteral ExpressibleByNilLiteral
        ExpressibleByBooleanLiteral ExpressibleByFloatLiteral OptionSet ObjectIdentifier KeyPath
        WritableKeyPath ReferenceWritableKeyPath PartialKeyPath Duration CodingKey Encoder Decoder
        Date URL URLComponents URLQueryItem Data UUID Decimal TimeInterval DateComponents DateInterval
        IndexPath IndexSet NSRange CharacterSet Measurement AttributedString PersonNameComponents
        CGFloat CGPoint CGSize CGRect CGVector CGAffineTransform UIEdgeInsets NSDirectionalEdgeInsets
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
