import SeamsGraph
@_spi(RawSyntax) import SwiftSyntax

/// Phase 1, statements: bodies, control flow and the names that patterns bind.
extension FactCollector {
    // MARK: Statements

    /// A body of one expression returns it (`var style: Style { .plain }`), so it gets the
    /// declared return type as its context.
    mutating func body(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        let all = items.each
        if all.count == 1, case .expr(let e)? = RawCodeBlockItemSyntax.Item(all[0].item),
            e.raw.kind != .ifExpr, e.raw.kind != .switchExpr
        {
            events.append(.ret(expr(e)))
            return
        }
        block(items, into: &events)
    }

    mutating func block(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        for item in items.each {
            switch RawCodeBlockItemSyntax.Item(item.item) {
            case .decl(let d)?: localDecl(d, into: &events)
            case .stmt(let s)?: stmt(s, into: &events)
            case .expr(let e)?: exprStatement(e, into: &events)
            case nil: break
            }
        }
    }

    mutating func scoped(_ items: RawCodeBlockItemListSyntax, into events: inout [Event]) {
        events.append(.push)
        block(items, into: &events)
        events.append(.pop)
    }

    /// `if` and `switch` in statement position become events of the enclosing body.
    mutating func exprStatement(_ e: RawExprSyntax, into events: inout [Event]) {
        if let i = RawIfExprSyntax(e) {
            ifEvents(i, into: &events)
        } else if let s = RawSwitchExprSyntax(e) {
            switchEvents(s, into: &events)
        } else {
            events.append(.eval(expr(e)))
        }
    }

    mutating func stmt(_ s: RawStmtSyntax, into events: inout [Event]) {
        switch s.raw.kind {
        case .expressionStmt: exprStatement(RawExpressionStmtSyntax(s)!.expression, into: &events)
        case .returnStmt: if let e = RawReturnStmtSyntax(s)!.expression { events.append(.ret(expr(e))) }
        case .throwStmt: events.append(.eval(expr(RawThrowStmtSyntax(s)!.expression)))
        case .guardStmt:
            let g = RawGuardStmtSyntax(s)!
            // Bindings of a guard stay visible after it.
            conditions(g.conditions, into: &events)
            scoped(g.body.statements, into: &events)
        case .forStmt:
            let f = RawForStmtSyntax(s)!
            events.append(.push)
            let seq = expr(f.sequence)
            if f.caseKeyword != nil {
                events.append(.eval(seq))
                events.append(.eval(patternExpr(f.pattern)))
            } else if let annotation = f.typeAnnotation {
                events.append(.eval(seq))
                for name in patternNames(f.pattern) { events.append(.bind(name, type(annotation.type), nil)) }
            } else {
                events.append(.forIn(patternNames(f.pattern), seq))
            }
            if let w = f.whereClause { events.append(.eval(expr(w.condition))) }
            block(f.body.statements, into: &events)
            events.append(.pop)
        case .whileStmt:
            let w = RawWhileStmtSyntax(s)!
            events.append(.push)
            conditions(w.conditions, into: &events)
            block(w.body.statements, into: &events)
            events.append(.pop)
        case .repeatStmt:
            let r = RawRepeatStmtSyntax(s)!
            scoped(r.body.statements, into: &events)
            events.append(.eval(expr(r.condition)))
        case .doStmt:
            let d = RawDoStmtSyntax(s)!
            scoped(d.body.statements, into: &events)
            catchClauses(d.catchClauses, into: &events)
        case .deferStmt: scoped(RawDeferStmtSyntax(s)!.body.statements, into: &events)
        case .labeledStmt: stmt(RawLabeledStmtSyntax(s)!.statement, into: &events)
        case .yieldStmt: events.append(.eval(.other(children(s.raw))))
        case .discardStmt: events.append(.eval(expr(RawDiscardStmtSyntax(s)!.expression)))
        case .breakStmt, .continueStmt, .fallThroughStmt, .missingStmt: break
        default: events.append(.eval(.other(children(s.raw))))
        }
    }

    mutating func catchClauses(_ clauses: RawCatchClauseListSyntax, into events: inout [Event]) {
        for clause in clauses.each {
            events.append(.push)
            var boundError = false
            for item in clause.catchItems.each {
                if let p = item.pattern {
                    events.append(.switchOn(.other([])))
                    events.append(.casePattern(patternExpr(p)))
                    events.append(.endSwitch)
                    boundError = boundError || !patternNames(p).isEmpty
                }
                if let w = item.whereClause { events.append(.eval(expr(w.condition))) }
            }
            if !boundError { events.append(.bind("error", nil, nil)) }
            block(clause.body.statements, into: &events)
            events.append(.pop)
        }
    }

    mutating func conditions(_ list: RawConditionElementListSyntax, into events: inout [Event]) {
        for element in list.each {
            switch RawConditionElementSyntax.Condition(element.condition) {
            case .expression(let e)?:
                events.append(.eval(expr(e)))
            case .optionalBinding(let b)?:
                let names = patternNames(b.pattern)
                let annotated = b.typeAnnotation.map { type($0.type) }
                if let initial = b.initializer {
                    let value = expr(initial.value)
                    if names.count == 1 {
                        events.append(.bind(names[0], annotated, value))
                    } else {
                        events.append(.eval(value))
                        for n in names { events.append(.bind(n, annotated, nil)) }
                    }
                } else if let name = names.first {
                    // `if let x`: the new x has the type of the outer x.
                    events.append(.bind(name, annotated, .name(name, loc(b.pattern))))
                }
            case .matchingPattern(let m)?:
                events.append(.switchOn(expr(m.initializer.value)))
                events.append(.casePattern(patternExpr(m.pattern)))
                events.append(.endSwitch)
            case .availability?, nil:
                break
            }
        }
    }

    mutating func ifEvents(_ i: RawIfExprSyntax, into events: inout [Event]) {
        events.append(.push)
        conditions(i.conditions, into: &events)
        block(i.body.statements, into: &events)
        events.append(.pop)
        switch i.elseBody.flatMap(RawIfExprSyntax.ElseBody.init) {
        case .ifExpr(let next)?: ifEvents(next, into: &events)
        case .codeBlock(let b)?: scoped(b.statements, into: &events)
        case nil: break
        }
    }

    mutating func switchEvents(_ s: RawSwitchExprSyntax, into events: inout [Event]) {
        events.append(.switchOn(expr(s.subject)))
        switchCases(s.cases, into: &events)
        events.append(.endSwitch)
    }

    mutating func switchCases(_ cases: RawSwitchCaseListSyntax, into events: inout [Event]) {
        for element in cases.each {
            switch RawSwitchCaseListSyntax.Element(element) {
            case .switchCase(let c)?:
                events.append(.push)
                if case .case(let label)? = RawSwitchCaseSyntax.Label(c.label) {
                    for item in label.caseItems.each {
                        events.append(.casePattern(patternExpr(item.pattern)))
                        if let w = item.whereClause { events.append(.eval(expr(w.condition))) }
                    }
                }
                block(c.statements, into: &events)
                events.append(.pop)
            case .ifConfigDecl(let d)?:
                for clause in d.clauses.each {
                    if case .switchCases(let nested)? = clause.elements.flatMap(RawIfConfigClauseSyntax.Elements.init) {
                        switchCases(nested, into: &events)
                    }
                }
            case nil:
                break
            }
        }
    }

    // MARK: Patterns

    func patternNames(_ p: RawPatternSyntax) -> [String] {
        switch p.raw.kind {
        case .identifierPattern: return [text(RawIdentifierPatternSyntax(p)!.identifier)]
        case .tuplePattern: return RawTuplePatternSyntax(p)!.elements.each.flatMap { patternNames($0.pattern) }
        case .valueBindingPattern: return patternNames(RawValueBindingPatternSyntax(p)!.pattern)
        case .expressionPattern:
            if let pe = RawPatternExprSyntax(RawExpressionPatternSyntax(p)!.expression) {
                return patternNames(pe.pattern)
            }
            return []
        default: return []
        }
    }

    /// A case pattern as an expression; names it binds become `.bindNames`.
    mutating func patternExpr(_ p: RawPatternSyntax) -> Expr {
        switch p.raw.kind {
        case .expressionPattern: return expr(RawExpressionPatternSyntax(p)!.expression)
        case .identifierPattern: return .bindNames([text(RawIdentifierPatternSyntax(p)!.identifier)])
        case .valueBindingPattern: return bindingRewrite(patternExpr(RawValueBindingPatternSyntax(p)!.pattern))
        case .tuplePattern:
            return .tuple(
                RawTuplePatternSyntax(p)!.elements.each.map {
                    Arg(label: $0.label.map(text), value: patternExpr($0.pattern))
                })
        case .isTypePattern: return .cast(.other([]), type(RawIsTypePatternSyntax(p)!.type), .is)
        default: return .other([])
        }
    }

    /// Inside `case let .x(a, b)`, the bare names are new bindings, not references.
    func bindingRewrite(_ e: Expr) -> Expr {
        switch e {
        case .name(let n, _): return .bindNames([n])
        case .call(let callee, let args):
            return .call(callee, args.map { Arg(label: $0.label, value: bindingRewrite($0.value)) })
        case .tuple(let args): return .tuple(args.map { Arg(label: $0.label, value: bindingRewrite($0.value)) })
        default: return e
        }
    }
}
