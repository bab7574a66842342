import SeamsGraph
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Phase 1: reduces one parsed file to `FileFacts`. One instance per file; not shared.
///
/// It walks the raw tree under the parser's result rather than the syntax nodes over it: each
/// node reached through those is made on the way (in an arena, under a lock) and counted as it is
/// copied, which made the walk cost two thirds of the parse itself; visiting every raw node costs
/// a twentieth of it. The raw nodes are the parser's own, so their kinds, children and text are
/// those of the syntax nodes; where they begin comes from `RawPlaces`.
struct FactCollector {
    /// Deeper expressions are cut off with a diagnostic rather than risking the stack.
    static let maxDepth = 600

    let lines: LineTable
    let places: RawPlaces
    var depth = 0
    var truncatedAt: Loc?

    private init(lines: LineTable, places: RawPlaces) {
        self.lines = lines
        self.places = places
    }

    /// Parses and collects one file's source.
    static func collect(path: String, source: String) -> FileFacts {
        var source = source
        let (nesting, blanked) = source.withUTF8 { NestingGuard().apply($0) }
        if let blanked { source = String(decoding: blanked, as: UTF8.self) }
        let tree = Parser.parse(source: source)
        let lines = LineTable(source)
        let top = DeclFact(kind: .file, loc: Loc(line: 1, column: 1))
        let topCode = Code()
        var imports: [String] = []
        // The raw nodes live as long as the tree that holds their arena.
        let truncatedAt = withExtendedLifetime(tree) { () -> Loc? in
            var collector = FactCollector(lines: lines, places: RawPlaces(tree.raw))
            collector.topLevel(RawSourceFileSyntax(tree.raw)!.statements, into: top, code: topCode, imports: &imports)
            return collector.truncatedAt
        }
        if !topCode.events.isEmpty { top.code.append(topCode) }

        var diagnostics: [Diagnostic] = []
        if tree.hasError {
            let line = firstErrorLine(tree, lines)
            diagnostics.append(
                Diagnostic(
                    file: path, line: line,
                    message: "syntax errors; the declarations and references that could be read are kept",
                    severity: .warning, unread: true))
        }
        for cut in nesting.cuts {
            let lines = cut.startLine == cut.endLine ? "line \(cut.startLine)" : "lines \(cut.startLine)-\(cut.endLine)"
            diagnostics.append(
                Diagnostic(
                    file: path, line: cut.startLine,
                    message:
                        "\(cut.what) nested more than \(cut.limit) deep (\(lines)); that region was left out, "
                        + "the rest of the file is scanned (the parser takes exponential time or quadratic memory on such nesting)",
                    severity: .warning, unread: true))
        }
        if let cut = truncatedAt {
            diagnostics.append(
                Diagnostic(
                    file: path, line: Int(cut.line),
                    message: "expression nested more than \(maxDepth) levels deep; its inner part was not analysed",
                    severity: .warning, unread: true))
        }
        return FileFacts(path: path, imports: imports, top: top, diagnostics: diagnostics, lines: lines.lineCount)
    }

    /// File-level items. The clauses of a file-level `#if` are file level too (every clause, as
    /// everywhere): their types, extensions, imports and code belong to the file, not to a body.
    mutating func topLevel(
        _ items: RawCodeBlockItemListSyntax, into top: DeclFact, code: Code, imports: inout [String]
    ) {
        for item in items.each {
            switch RawCodeBlockItemSyntax.Item(item.item) {
            case .decl(let decl):
                if let imp = RawImportDeclSyntax(decl) {
                    if let first = imp.path.each.first { imports.append(text(first.name)) }
                } else if let ifConfig = RawIfConfigDeclSyntax(decl) {
                    for clause in ifConfig.clauses.each {
                        switch clause.elements.flatMap(RawIfConfigClauseSyntax.Elements.init) {
                        case .statements(let inner)?: topLevel(inner, into: top, code: code, imports: &imports)
                        case .decls(let inner)?:
                            for d in inner.each { self.decl(d.decl, into: top, local: &code.events) }
                        case .switchCases?, .postfixExpression?, .attributes?, nil: break
                        }
                    }
                } else {
                    self.decl(decl, into: top, local: &code.events)
                }
            case .stmt(let stmt):
                self.stmt(stmt, into: &code.events)
            case .expr(let expr):
                if let m = RawMacroExpansionExprSyntax(expr), text(m.macroName) == "Preview" {
                    top.code.append(preview(m.arguments, m.trailingClosure, m.additionalTrailingClosures))
                } else {
                    code.events.append(.eval(self.expr(expr)))
                }
            case nil:
                break
            }
        }
    }

    static func firstErrorLine(_ tree: SourceFileSyntax, _ lines: LineTable) -> Int? {
        var node: Syntax? = Syntax(tree)
        // Descend along the first erroneous child to the innermost one.
        while let current = node {
            guard let next = current.children(viewMode: .all).first(where: { $0.hasError }) else {
                return Int(lines.location(current.positionAfterSkippingLeadingTrivia).line)
            }
            if next.is(TokenSyntax.self) || next.kind == .unexpectedNodes {
                return Int(lines.location(next.positionAfterSkippingLeadingTrivia).line)
            }
            node = next
        }
        return nil
    }

    // MARK: Locations and text

    func loc(_ node: some RawSyntaxNodeProtocol) -> Loc {
        lines.location(offset: places.offset(node.raw))
    }

    /// A token's text as `TokenSyntax.text` gives it.
    func text(_ token: RawTokenSyntax) -> String { String(syntaxText: token.tokenText) }

    func isKeyword(_ token: RawTokenSyntax, _ keyword: SyntaxText) -> Bool {
        token.tokenKind == .keyword && token.tokenText == keyword
    }
}
