import SeamsGraph
@_spi(RawSyntax) import SwiftSyntax

/// Phase 1, expressions: calls, members, closures and literals, with operators folded by the
/// standard precedences.
extension FactCollector {
    // MARK: Expressions

    mutating func expr(_ e: RawExprSyntax) -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            if truncatedAt == nil { truncatedAt = loc(e) }
            return .other([])
        }
        switch e.raw.kind {
        case .declReferenceExpr:
            let baseName = RawDeclReferenceExprSyntax(e)!.baseName
            if isKeyword(baseName, "self") { return .selfRef }
            return .name(text(baseName), loc(baseName))
        case .memberAccessExpr:
            let m = RawMemberAccessExprSyntax(e)!
            let baseName = m.declName.baseName
            let name = text(baseName)
            let l = loc(baseName)
            guard let base = m.base else { return .implicitMember(name, l) }
            return .member(expr(base), name, l)
        case .functionCallExpr:
            let c = RawFunctionCallExprSyntax(e)!
            return .call(
                expr(c.calledExpression), arguments(c.arguments, c.trailingClosure, c.additionalTrailingClosures))
        case .subscriptCallExpr:
            let s = RawSubscriptCallExprSyntax(e)!
            return .subscriptCall(
                expr(s.calledExpression), arguments(s.arguments, s.trailingClosure, s.additionalTrailingClosures))
        case .superExpr: return .superRef
        case .genericSpecializationExpr:
            let g = RawGenericSpecializationExprSyntax(e)!
            return .specialize(expr(g.expression), genericArgs(g.genericArgumentClause))
        case .optionalChainingExpr: return expr(RawOptionalChainingExprSyntax(e)!.expression)
        case .forceUnwrapExpr: return expr(RawForceUnwrapExprSyntax(e)!.expression)
        case .awaitExpr: return expr(RawAwaitExprSyntax(e)!.expression)
        case .tryExpr: return expr(RawTryExprSyntax(e)!.expression)
        case .unsafeExpr: return expr(RawUnsafeExprSyntax(e)!.expression)
        case .borrowExpr: return expr(RawBorrowExprSyntax(e)!.expression)
        case .consumeExpr: return expr(RawConsumeExprSyntax(e)!.expression)
        case .copyExpr: return expr(RawCopyExprSyntax(e)!.expression)
        case .inOutExpr: return expr(RawInOutExprSyntax(e)!.expression)
        case .prefixOperatorExpr: return expr(RawPrefixOperatorExprSyntax(e)!.expression)
        case .postfixOperatorExpr: return expr(RawPostfixOperatorExprSyntax(e)!.expression)
        case .tupleExpr:
            let args = RawTupleExprSyntax(e)!.elements.each.map {
                Arg(label: $0.label.map(text), value: expr($0.expression))
            }
            if args.count == 1 && args[0].label == nil { return args[0].value }
            return .tuple(args)
        case .sequenceExpr: return fold(RawSequenceExprSyntax(e)!.elements.each)
        case .infixOperatorExpr:
            let i = RawInfixOperatorExprSyntax(e)!
            return .binary(expr(i.leftOperand), operatorText(i.operator), expr(i.rightOperand))
        case .asExpr:
            let a = RawAsExprSyntax(e)!
            return .cast(expr(a.expression), type(a.type), castKind(a.questionOrExclamationMark))
        case .isExpr:
            let i = RawIsExprSyntax(e)!
            return .cast(expr(i.expression), type(i.type), .is)
        case .ternaryExpr:
            let t = RawTernaryExprSyntax(e)!
            return .ternary(expr(t.condition), expr(t.thenExpression), expr(t.elseExpression))
        case .typeExpr: return .type(type(RawTypeExprSyntax(e)!.type), loc(e))
        case .closureExpr: return .closure(closure(RawClosureExprSyntax(e)!))
        case .stringLiteralExpr:
            var parts: [Expr] = []
            for segment in RawStringLiteralExprSyntax(e)!.segments.each {
                if case .expressionSegment(let seg)? = RawStringLiteralSegmentListSyntax.Element(segment) {
                    parts.append(contentsOf: seg.expressions.each.map { expr($0.expression) })
                }
            }
            return .literal("String", parts)
        case .simpleStringLiteralExpr: return .literal("String", [])
        case .integerLiteralExpr: return .literal("Int", [])
        case .floatLiteralExpr: return .literal("Double", [])
        case .booleanLiteralExpr: return .literal("Bool", [])
        case .arrayExpr: return .array(RawArrayExprSyntax(e)!.elements.each.map { expr($0.expression) })
        case .dictionaryExpr:
            if case .elements(let list)? = RawDictionaryExprSyntax.Content(RawDictionaryExprSyntax(e)!.content) {
                return .dictionary(list.each.map { (expr($0.key), expr($0.value)) })
            }
            return .dictionary([])
        case .keyPathExpr:
            let k = RawKeyPathExprSyntax(e)!
            var comps: [(String, Loc)] = []
            for c in k.components.each {
                if case .property(let p)? = RawKeyPathComponentSyntax.Component(c.component) {
                    comps.append((text(p.declName.baseName), loc(p.declName.baseName)))
                }
            }
            return .keyPath(k.root.map { type($0) }, comps)
        case .ifExpr:
            var events: [Event] = []
            ifEvents(RawIfExprSyntax(e)!, into: &events)
            return .inline(events)
        case .switchExpr:
            var events: [Event] = []
            switchEvents(RawSwitchExprSyntax(e)!, into: &events)
            return .inline(events)
        case .patternExpr: return patternExpr(RawPatternExprSyntax(e)!.pattern)
        case .macroExpansionExpr:
            let m = RawMacroExpansionExprSyntax(e)!
            return .other(arguments(m.arguments, m.trailingClosure, m.additionalTrailingClosures).map(\.value))
        case .nilLiteralExpr, .regexLiteralExpr, .discardAssignmentExpr, .editorPlaceholderExpr, .missingExpr,
            .assignmentExpr, .binaryOperatorExpr, .arrowExpr, .unresolvedAsExpr, .unresolvedIsExpr,
            .unresolvedTernaryExpr:
            return .other([])
        default:
            return .other(children(e.raw))
        }
    }

    /// `#Preview { ContentView() }` (a declaration or, at file level, an expression): what the
    /// canvas shows is a real dependency, made in code that runs only there. Its sites name
    /// `#Preview` as their member, so that advice can leave them out.
    mutating func preview(
        _ list: RawLabeledExprListSyntax, _ trailing: RawClosureExprSyntax?,
        _ more: RawMultipleTrailingClosureElementListSyntax
    ) -> Code {
        let code = Code(member: Site.previewMember)
        code.events.append(.eval(.other(arguments(list, trailing, more).map(\.value))))
        return code
    }

    mutating func arguments(
        _ list: RawLabeledExprListSyntax, _ trailing: RawClosureExprSyntax?,
        _ more: RawMultipleTrailingClosureElementListSyntax
    ) -> [Arg] {
        var args = list.each.map { Arg(label: $0.label.map(text), value: expr($0.expression)) }
        if let trailing { args.append(Arg(label: nil, value: .closure(closure(trailing)))) }
        for m in more.each { args.append(Arg(label: text(m.label), value: .closure(closure(m.closure)))) }
        return args
    }

    mutating func closure(_ c: RawClosureExprSyntax) -> Code {
        let code = Code()
        if let sig = c.signature {
            attributes(sig.attributes, into: &code.events)
            for capture in (sig.capture?.items.each).orEmpty {
                if let initial = capture.initializer {
                    code.events.append(.bind(text(capture.name), nil, expr(initial.value)))
                } else if !isKeyword(capture.name, "self") {
                    code.events.append(.bind(text(capture.name), nil, .name(text(capture.name), loc(capture.name))))
                }
            }
            switch sig.parameterClause.flatMap(RawClosureSignatureSyntax.ParameterClause.init) {
            case .simpleInput(let params)?:
                for p in params.each { code.events.append(.bind(text(p.name), nil, nil)) }
            case .parameterClause(let clause)?:
                for p in clause.parameters.each {
                    code.events.append(.bind(text(p.secondName ?? p.firstName), p.type.map { type($0) }, nil))
                }
            case nil: break
            }
            if let ret = sig.returnClause {
                let t = type(ret.type)
                code.returnType = t
                code.events.append(.typeUse(t, .type))
            }
        }
        body(c.statements, into: &code.events)
        return code
    }

    /// Expressions below a node we do not model, so that their references are still seen.
    mutating func children(_ node: RawSyntax) -> [Expr] {
        var out: [Expr] = []
        guard let layout = node.layoutView else { return out }
        for child in layout.children {
            guard let child else { continue }
            if let e = RawExprSyntax(child) {
                out.append(expr(e))
            } else if let t = RawTypeSyntax(child) {
                out.append(.type(type(t), loc(t)))
            } else {
                depth += 1
                defer { depth -= 1 }
                if depth <= Self.maxDepth { out.append(contentsOf: children(child)) }
            }
        }
        return out
    }

    func castKind(_ mark: RawTokenSyntax?) -> CastKind {
        switch mark?.tokenKind {
        case .postfixQuestionMark?: return .asOptional
        case .exclamationMark?: return .asForced
        default: return .as
        }
    }

    func operatorText(_ e: RawExprSyntax) -> String {
        if let b = RawBinaryOperatorExprSyntax(e) { return text(b.operator) }
        if e.raw.kind == .assignmentExpr { return "=" }
        return "?"
    }

    // MARK: Operator folding

    /// Precedence of the standard operators; anything else is DefaultPrecedence.
    static func precedence(_ op: String) -> (level: Int, rightAssoc: Bool) {
        switch op {
        case "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&+=", "&-=", "&*=": return (1, true)
        case "?:": return (2, true)
        case "||": return (3, false)
        case "&&": return (4, false)
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=", ".==", ".!=", ".<", ".>", ".<=", ".>=":
            return (5, false)
        case "??": return (6, true)
        case "as", "is": return (7, false)
        case "...", "..<": return (8, false)
        case "+", "-", "&+", "&-", "|", "^": return (9, false)
        case "*", "/", "%", "&*", "&": return (10, false)
        case "<<", ">>", "&<<", "&>>": return (11, false)
        default: return (2, false)  // DefaultPrecedence sits just above ternary
        }
    }

    private enum SeqOp {
        case binary(String)
        case cast(TypeExpr, CastKind)
        case ternary(Expr)

        var name: String {
            switch self {
            case .binary(let s): return s
            case .cast: return "as"
            case .ternary: return "?:"
            }
        }
    }

    /// Folds an unfolded operator sequence `a op b op c` by operator precedence.
    mutating func fold(_ elements: RawElements<RawExprSyntax>) -> Expr {
        var operands: [Expr] = []
        var ops: [SeqOp] = []
        var i = 0
        while i < elements.count {
            let e = elements[i]
            if let a = RawUnresolvedAsExprSyntax(e), i + 1 < elements.count,
                let t = RawTypeExprSyntax(elements[i + 1])
            {
                ops.append(.cast(type(t.type), castKind(a.questionOrExclamationMark)))
                operands.append(.other([]))  // placeholder: casts are postfix on the left operand
                i += 2
                continue
            }
            if e.raw.kind == .unresolvedIsExpr, i + 1 < elements.count,
                let t = RawTypeExprSyntax(elements[i + 1])
            {
                ops.append(.cast(type(t.type), .is))
                operands.append(.other([]))
                i += 2
                continue
            }
            if let t = RawUnresolvedTernaryExprSyntax(e) {
                ops.append(.ternary(expr(t.thenExpression)))
            } else if e.raw.kind == .binaryOperatorExpr || e.raw.kind == .assignmentExpr {
                ops.append(.binary(operatorText(e)))
            } else {
                operands.append(expr(e))
            }
            i += 1
        }
        guard !operands.isEmpty else { return .other([]) }
        if ops.count > Self.maxChain {
            // Folded, a chain this long is a tree as deep as it is long, which every recursive
            // walk after this one (evaluation, the cache's codec, freeing the tree) would follow
            // to the end of the stack. Flat, each operand is still resolved, each cast's type
            // still named; only the types the operators would carry are lost.
            var flat = operands
            for op in ops {
                switch op {
                case .cast(let t, let kind): flat.append(.cast(.other([]), t, kind))
                case .ternary(let then): flat.append(then)
                case .binary: break
                }
            }
            return .other(flat)
        }
        // Operands and operators alternate; a cast contributes an empty operand after it.
        var pos = 0
        return climb(&pos, operands, ops, minLevel: 0)
    }

    /// The longest operator chain folded by precedence: real code stays far below it (a long
    /// string concatenation has some tens of parts).
    static let maxChain = 256

    private func climb(_ pos: inout Int, _ operands: [Expr], _ ops: [SeqOp], minLevel: Int) -> Expr {
        var lhs = pos < operands.count ? operands[pos] : .other([])
        while pos < ops.count {
            let op = ops[pos]
            let (level, rightAssoc) = Self.precedence(op.name)
            if level < minLevel { break }
            pos += 1
            if case .cast(let t, let kind) = op {
                lhs = .cast(lhs, t, kind)
                continue
            }
            let rhs = climb(&pos, operands, ops, minLevel: rightAssoc ? level : level + 1)
            switch op {
            case .ternary(let then): lhs = .ternary(lhs, then, rhs)
            case .binary(let name): lhs = .binary(lhs, name, rhs)
            case .cast: break
            }
        }
        return lhs
    }
}
