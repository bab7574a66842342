@_spi(RawSyntax) import SwiftSyntax

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
