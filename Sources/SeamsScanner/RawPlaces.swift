@_spi(RawSyntax) import SwiftSyntax

/// Where the nodes of one parsed file begin, as `positionAfterSkippingLeadingTrivia` gives it,
/// read from the raw tree that `FactCollector` walks (see there why it walks that).
///
/// The parser keeps its own copy of the source, and the text of every token it read lies in
/// that copy: such a token begins at its text's address less the copy's. A node begins where
/// its first token present in the source does. Only a node with no such token (one the parser
/// supplied as missing, in code that does not parse) needs the sum of the lengths before it:
/// those are summed over the whole tree once, for the first node that asks. (The parser shares
/// one raw node among its empty lists, which thus have no one place; the walk never asks.)
final class RawPlaces {
    private let root: RawSyntax
    /// The parser's copy of the source: where its first byte lies, and how many there are.
    private let start: UnsafePointer<UInt8>?
    private let count: Int
    /// Every node's offset, leading trivia included, by node: made when first needed.
    private var positions: [RawSyntax.ID: Int]?

    init(_ root: RawSyntax) {
        self.root = root
        count = root.byteLength
        // The first token present begins the text: every token before it is missing, of no length.
        if let first = Self.firstPresentToken(root), let text = first.tokenView?.rawText.baseAddress {
            start = text - first.tokenView!.leadingTriviaByteLength
        } else {
            start = nil
        }
    }

    /// The byte offset where `node` begins, after its leading trivia.
    func offset(_ node: RawSyntax) -> Int {
        guard let token = Self.firstPresentToken(node), let view = token.tokenView else { return position(node) }
        if let start, let text = view.rawText.baseAddress {
            let offset = text - start
            if offset >= 0 && offset <= count { return offset }
        }
        return position(token) + view.leadingTriviaByteLength
    }

    /// Depth first, with a stack of its own: a long member chain nests deeper than a thread's
    /// stack allows recursion.
    private static func firstPresentToken(_ node: RawSyntax) -> RawSyntax? {
        // Mostly the first leaf is one: found without a stack.
        var first = node
        while let layout = first.layoutView {
            guard let child = layout.children.first(where: { $0 != nil }) ?? nil else { break }
            first = child
        }
        if let token = first.tokenView, token.presence == .present { return first }
        var stack = [node]
        while let next = stack.popLast() {
            if let token = next.tokenView {
                if token.presence == .present { return next }
                continue
            }
            for child in next.layoutView!.children.reversed() { if let child { stack.append(child) } }
        }
        return nil
    }

    /// Where `node` begins, leading trivia included: the lengths of everything before it.
    private func position(_ node: RawSyntax) -> Int {
        if positions == nil {
            var all: [RawSyntax.ID: Int] = [:]
            var offset = 0
            var stack = [root]
            while let next = stack.popLast() {
                all[next.id] = offset
                if let layout = next.layoutView {
                    for child in layout.children.reversed() { if let child { stack.append(child) } }
                } else {
                    offset += next.byteLength
                }
            }
            positions = all
        }
        return positions![node.id] ?? 0
    }
}

/// The elements of a raw syntax collection, read in place: its `elements` gathers them into a
/// new array first, one allocation for every list the walk meets.
struct RawElements<Element: RawSyntaxNodeProtocol>: RandomAccessCollection {
    private let children: RawSyntaxBuffer

    init(_ list: some RawSyntaxNodeProtocol) {
        children = list.raw.layoutView!.children
    }

    var startIndex: Int { 0 }
    var endIndex: Int { children.count }
    /// A collection's children are never absent and always of its element's kind.
    subscript(i: Int) -> Element { Element(children[i]!)! }
}

/// A raw syntax collection, read through `each`.
protocol RawListing: RawSyntaxNodeProtocol {
    associatedtype Item: RawSyntaxNodeProtocol
}

extension RawListing {
    var each: RawElements<Item> { RawElements(self) }
}

extension RawAccessorDeclListSyntax: RawListing { typealias Item = RawAccessorDeclSyntax }
extension RawArrayElementListSyntax: RawListing { typealias Item = RawArrayElementSyntax }
extension RawAttributeListSyntax: RawListing { typealias Item = RawSyntax }
extension RawCatchClauseListSyntax: RawListing { typealias Item = RawCatchClauseSyntax }
extension RawCatchItemListSyntax: RawListing { typealias Item = RawCatchItemSyntax }
extension RawClosureCaptureListSyntax: RawListing { typealias Item = RawClosureCaptureSyntax }
extension RawClosureParameterListSyntax: RawListing { typealias Item = RawClosureParameterSyntax }
extension RawClosureShorthandParameterListSyntax: RawListing { typealias Item = RawClosureShorthandParameterSyntax }
extension RawCodeBlockItemListSyntax: RawListing { typealias Item = RawCodeBlockItemSyntax }
extension RawCompositionTypeElementListSyntax: RawListing { typealias Item = RawCompositionTypeElementSyntax }
extension RawConditionElementListSyntax: RawListing { typealias Item = RawConditionElementSyntax }
extension RawDeclModifierListSyntax: RawListing { typealias Item = RawDeclModifierSyntax }
extension RawDictionaryElementListSyntax: RawListing { typealias Item = RawDictionaryElementSyntax }
extension RawEnumCaseElementListSyntax: RawListing { typealias Item = RawEnumCaseElementSyntax }
extension RawEnumCaseParameterListSyntax: RawListing { typealias Item = RawEnumCaseParameterSyntax }
extension RawExprListSyntax: RawListing { typealias Item = RawExprSyntax }
extension RawFunctionParameterListSyntax: RawListing { typealias Item = RawFunctionParameterSyntax }
extension RawGenericArgumentListSyntax: RawListing { typealias Item = RawGenericArgumentSyntax }
extension RawGenericParameterListSyntax: RawListing { typealias Item = RawGenericParameterSyntax }
extension RawGenericRequirementListSyntax: RawListing { typealias Item = RawGenericRequirementSyntax }
extension RawIfConfigClauseListSyntax: RawListing { typealias Item = RawIfConfigClauseSyntax }
extension RawImportPathComponentListSyntax: RawListing { typealias Item = RawImportPathComponentSyntax }
extension RawInheritedTypeListSyntax: RawListing { typealias Item = RawInheritedTypeSyntax }
extension RawKeyPathComponentListSyntax: RawListing { typealias Item = RawKeyPathComponentSyntax }
extension RawLabeledExprListSyntax: RawListing { typealias Item = RawLabeledExprSyntax }
extension RawMemberBlockItemListSyntax: RawListing { typealias Item = RawMemberBlockItemSyntax }
extension RawMultipleTrailingClosureElementListSyntax: RawListing {
    typealias Item = RawMultipleTrailingClosureElementSyntax
}
extension RawPatternBindingListSyntax: RawListing { typealias Item = RawPatternBindingSyntax }
extension RawPrimaryAssociatedTypeListSyntax: RawListing { typealias Item = RawPrimaryAssociatedTypeSyntax }
extension RawStringLiteralSegmentListSyntax: RawListing { typealias Item = RawSyntax }
extension RawSwitchCaseItemListSyntax: RawListing { typealias Item = RawSwitchCaseItemSyntax }
extension RawSwitchCaseListSyntax: RawListing { typealias Item = RawSyntax }
extension RawTuplePatternElementListSyntax: RawListing { typealias Item = RawTuplePatternElementSyntax }
extension RawTupleTypeElementListSyntax: RawListing { typealias Item = RawTupleTypeElementSyntax }

/// The elements of an optional collection, none for nil.
struct OptionalElements<Base: Sequence>: Sequence, IteratorProtocol {
    var iterator: Base.Iterator?

    mutating func next() -> Base.Element? { iterator?.next() }
}

extension Optional where Wrapped: Sequence {
    var orEmpty: OptionalElements<Wrapped> { OptionalElements(iterator: self?.makeIterator()) }
}
