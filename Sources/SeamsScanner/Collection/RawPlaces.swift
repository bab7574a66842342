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
