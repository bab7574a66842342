import SwiftSyntax

extension TuistEvaluator {
    /// What an expression evaluates to; `.unknown` with the reason where the evaluator stops.
    func evaluate(_ expr: ExprSyntax, in scope: Scope) -> TuistValue {
        nested { evaluateNow(expr, in: scope) }
    }

    private func evaluateNow(_ expr: ExprSyntax, in scope: Scope) -> TuistValue {
        if let node = expr.as(StringLiteralExprSyntax.self) { return string(node, in: scope) }
        if let node = expr.as(IntegerLiteralExprSyntax.self) {
            return Int(node.literal.text.replacingOccurrences(of: "_", with: "")).map { .int($0) }
                ?? .unknown("the number \(node.literal.text)")
        }
        if let node = expr.as(BooleanLiteralExprSyntax.self) { return .bool(node.literal.tokenKind == .keyword(.true)) }
        if expr.is(NilLiteralExprSyntax.self) { return .none }
        if let node = expr.as(ArrayExprSyntax.self) {
            return .array(node.elements.map { evaluate($0.expression, in: scope) })
        }
        if let node = expr.as(TupleExprSyntax.self), node.elements.count == 1, let only = node.elements.first,
            only.label == nil
        {
            return evaluate(only.expression, in: scope)
        }
        if let node = expr.as(DeclReferenceExprSyntax.self) { return lookup(node.baseName.text, in: scope) }
        if let node = expr.as(MemberAccessExprSyntax.self) { return member(node, in: scope) }
        if let node = expr.as(FunctionCallExprSyntax.self) { return call(node, in: scope) }
        if let node = expr.as(InfixOperatorExprSyntax.self) { return infix(node, in: scope) }
        if let node = expr.as(TernaryExprSyntax.self) {
            let yes = node.thenExpression, no = node.elseExpression
            switch evaluate(node.condition, in: scope) {
            case .bool(true): return evaluate(yes, in: scope)
            case .bool(false): return evaluate(no, in: scope)
            default:
                // As an unknown `if` runs both branches: two lists give both lists' elements.
                let a = evaluate(yes, in: scope), b = evaluate(no, in: scope)
                if case .array(let x) = a, case .array(let y) = b { return .array(x + y) }
                return .unknown("the condition `\(Self.snippet(node.condition))`")
            }
        }
        if let node = expr.as(PrefixOperatorExprSyntax.self), node.operator.text == "!" {
            if case .bool(let b) = evaluate(node.expression, in: scope) { return .bool(!b) }
            return .unknown("the condition `\(Self.snippet(node))`")
        }
        if let node = expr.as(ForceUnwrapExprSyntax.self) { return evaluate(node.expression, in: scope) }
        if let node = expr.as(OptionalChainingExprSyntax.self) { return evaluate(node.expression, in: scope) }
        if let node = expr.as(AsExprSyntax.self) { return evaluate(node.expression, in: scope) }
        if let node = expr.as(TryExprSyntax.self) { return evaluate(node.expression, in: scope) }
        if let node = expr.as(AwaitExprSyntax.self) { return evaluate(node.expression, in: scope) }
        return .unknown("`\(Self.snippet(expr))` cannot be evaluated without running the manifest")
    }

    /// A string literal with its interpolations of known strings and numbers filled in.
    private func string(_ node: StringLiteralExprSyntax, in scope: Scope) -> TuistValue {
        var out = ""
        for segment in node.segments {
            switch segment {
            case .stringSegment(let text):
                out += text.content.text
            case .expressionSegment(let part):
                guard part.expressions.count == 1, let only = part.expressions.first, only.label == nil else {
                    return .unknown("the interpolation `\(Self.snippet(part))`")
                }
                switch evaluate(only.expression, in: scope) {
                case .string(let s): out += s
                case .int(let n): out += String(n)
                case .unknown(let why): return .unknown(why)
                default: return .unknown("the interpolation `\(Self.snippet(part))` is not a string")
                }
            }
        }
        return .string(out)
    }

    /// The name before a dot when it names a type (`Target`, `Constants`), not a bound value.
    private func typeName(_ base: ExprSyntax, in scope: Scope) -> String? {
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            guard name.first?.isUppercase == true, scope.owner(of: name) == nil else { return nil }
            return name
        }
        // `ProjectDescription.Target`: the last name.
        if let member = base.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?
                .baseName.text == "ProjectDescription"
        {
            return member.declName.baseName.text
        }
        return nil
    }

    private func member(_ node: MemberAccessExprSyntax, in scope: Scope) -> TuistValue {
        let name = node.declName.baseName.text
        guard let base = node.base else {
            if let property = declarations.property(named: name, owner: nil, implicitMember: true) {
                return value(of: property)
            }
            return .member(name)
        }
        if let type = typeName(base, in: scope) {
            if let property = declarations.property(named: name, owner: type, implicitMember: false) {
                return value(of: property)
            }
            return .member(name)
        }
        let value = evaluate(base, in: scope)
        switch (value, name) {
        case (.array(let a), "count"): return .int(a.count)
        case (.array(let a), "isEmpty"): return .bool(a.isEmpty)
        case (.array(let a), "first"): return a.first ?? .none
        case (.array(let a), "last"): return a.last ?? .none
        case (.string(let s), "isEmpty"): return .bool(s.isEmpty)
        case (.call, _) where TuistCall(value)?.argument(name) != nil: return TuistCall(value)!.argument(name)!
        case (.unknown, _): return value
        default: return .unknown("`\(Self.snippet(node))` cannot be evaluated without running the manifest")
        }
    }

    private func infix(_ node: InfixOperatorExprSyntax, in scope: Scope) -> TuistValue {
        guard let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return .unknown("`\(Self.snippet(node))`")
        }
        let left = evaluate(node.leftOperand, in: scope)
        switch op {
        case "&&", "||":
            let decisive = op == "||"
            if left == .bool(decisive) { return left }
            let right = evaluate(node.rightOperand, in: scope)
            if right == .bool(decisive) { return right }
            if case .bool = left, case .bool = right { return .bool(!decisive) }
            return .unknown("the condition `\(Self.snippet(node))`")
        case "==", "!=":
            guard let same = left.same(as: evaluate(node.rightOperand, in: scope)) else {
                return .unknown("the condition `\(Self.snippet(node))`")
            }
            return .bool(op == "==" ? same : !same)
        case "+":
            return add(left, evaluate(node.rightOperand, in: scope))
        case "??":
            if left == .none { return evaluate(node.rightOperand, in: scope) }
            return left
        default:
            return .unknown("the operator `\(op)` in `\(Self.snippet(node))`")
        }
    }

    // MARK: Calls

    private func call(_ node: FunctionCallExprSyntax, in scope: Scope) -> TuistValue {
        let callee = node.calledExpression
        // `{ … }()`: a closure run at once, as manifests build a list step by step.
        if let closure = callee.as(ClosureExprSyntax.self), node.arguments.isEmpty {
            return invoke(closure, with: [], in: scope)
        }
        var calleeName = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            calleeName = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        if let name = calleeName {
            // `Set([...])`, `Array(xs)`: the same elements.
            if name == "Set" || name == "Array" {
                guard let only = node.arguments.first, node.arguments.count == 1, only.label == nil else {
                    return node.arguments.isEmpty ? .array([]) : .unknown("`\(Self.snippet(node))`")
                }
                return evaluate(only.expression, in: scope)
            }
            let local = scope.localFunctions(named: name).map { TuistDeclarations.Function(owner: nil, decl: $0) }
            let free = declarations.candidates(named: name, base: nil, implicitMember: false)
            if let value = apply(local + free, node, in: scope) { return value }
            if name.first?.isUppercase == true {
                return kept(node, base: nil, name: name, in: scope)
            }
            return .unknown("`\(name)(…)` is not a function seams found in the manifest or its helpers")
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else {
            return .unknown("`\(Self.snippet(node))` cannot be evaluated without running the manifest")
        }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            let helpers = declarations.candidates(named: name, base: nil, implicitMember: true)
            if let value = apply(helpers, node, in: scope) { return value }
            return kept(node, base: nil, name: name, in: scope)
        }
        if let type = typeName(base, in: scope) {
            let helpers = declarations.candidates(named: name, base: type, implicitMember: false)
            if let value = apply(helpers, node, in: scope) { return value }
            return kept(node, base: type, name: name, in: scope)
        }
        return method(name, on: evaluate(base, in: scope), node, in: scope)
    }

    /// A call of ProjectDescription's API (or of anything not found among the helpers), kept as
    /// written with its arguments evaluated.
    private func kept(_ node: FunctionCallExprSyntax, base: String?, name: String, in scope: Scope) -> TuistValue {
        .call(
            base: base, name: name, labels: node.arguments.map { $0.label?.text },
            values: node.arguments.map { evaluate($0.expression, in: scope) })
    }

    /// The methods of lists and strings that manifests use to build their lists.
    private func method(_ name: String, on value: TuistValue, _ node: FunctionCallExprSyntax, in scope: Scope)
        -> TuistValue
    {
        let closure = node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self)
        let firstArgument = node.arguments.first.map { evaluate($0.expression, in: scope) }
        switch (value, name) {
        case (.unknown, _):
            return value
        case (.array(let elements), "contains") where closure == nil && firstArgument != nil:
            var answer: Bool? = false
            for element in elements {
                switch element.same(as: firstArgument!) {
                case true?: return .bool(true)
                case nil: answer = nil
                case false?: break
                }
            }
            return answer.map { .bool($0) } ?? .unknown("whether `\(Self.snippet(node))`")
        case (.array(let elements), "map"), (.array(let elements), "flatMap"), (.array(let elements), "compactMap"),
            (.array(let elements), "filter"):
            guard let closure else { return .unknown("`\(Self.snippet(node))` without a closure seams can read") }
            var out: [TuistValue] = []
            for element in elements {
                let result = invoke(closure, with: [element], in: scope)
                switch name {
                case "map": out.append(result)
                case "flatMap":
                    if let inner = result.elements { out += inner } else if result != .none { out.append(result) }
                case "compactMap": if result != .none { out.append(result) }
                // An unknown test keeps the element, as an unknown `if` keeps what it adds.
                default: if result != .bool(false) { out.append(element) }
                }
            }
            return .array(out)
        case (.array(let elements), "sorted"), (.array(let elements), "reversed"):
            return .array(name == "reversed" ? elements.reversed() : elements)
        case (.array(let elements), "union"):
            return add(.array(elements), firstArgument ?? .array([]))
        case (.array(let elements), "joined"):
            let strings = elements.compactMap(\.string)
            guard strings.count == elements.count else { return .unknown("`\(Self.snippet(node))`") }
            let separator = node.arguments.first { $0.label?.text == "separator" }.flatMap {
                evaluate($0.expression, in: scope).string
            }
            return .string(strings.joined(separator: separator ?? ""))
        case (.string(let s), "lowercased"): return .string(s.lowercased())
        case (.string(let s), "uppercased"): return .string(s.uppercased())
        case (.string(let s), "replacingOccurrences"):
            let args = node.arguments.map { evaluate($0.expression, in: scope).string }
            guard args.count == 2, let of = args[0], let with = args[1], !of.isEmpty else {
                return .unknown("`\(Self.snippet(node))`")
            }
            return .string(s.replacingOccurrences(of: of, with: with))
        default:
            return .unknown("`\(Self.snippet(node))` cannot be evaluated without running the manifest")
        }
    }

    /// A closure called with `values` for `$0`, `$1` or its named parameters.
    func invoke(_ closure: ClosureExprSyntax, with values: [TuistValue], in scope: Scope) -> TuistValue {
        let inner = Scope(parent: scope)
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        for (i, value) in values.enumerated() {
            inner.values["$\(i)"] = value
            if i < names.count { inner.values[names[i]] = value }
        }
        return runBody(closure.statements, in: inner)
    }

    /// A helper function applied to a call's arguments: its parameters bound to them (and to its
    /// defaults for those the call leaves out), then its body run. Nil when no candidate's
    /// labels fit the call.
    private func apply(_ candidates: [TuistDeclarations.Function], _ node: FunctionCallExprSyntax, in scope: Scope)
        -> TuistValue?
    {
        guard node.trailingClosure == nil else { return nil }
        let arguments = Array(node.arguments)
        for candidate in candidates {
            guard let body = candidate.decl.body else { continue }
            var given: [(String, ExprSyntax)] = []
            var defaults: [(String, ExprSyntax)] = []
            var next = 0
            var fits = true
            for parameter in candidate.decl.signature.parameterClause.parameters {
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                let local = (parameter.secondName ?? parameter.firstName).text
                if parameter.ellipsis == nil, next < arguments.count, arguments[next].label?.text == label {
                    given.append((local, arguments[next].expression))
                    next += 1
                } else if let value = parameter.defaultValue?.value {
                    defaults.append((local, value))
                } else {
                    fits = false
                    break
                }
            }
            guard fits, next == arguments.count else { continue }
            let inner = Scope(parent: globals)
            for (name, expr) in given { inner.values[name] = evaluate(expr, in: scope) }
            for (name, expr) in defaults { inner.values[name] = evaluate(expr, in: Scope(parent: globals)) }
            return calling(candidate.decl.name.text) { runBody(body.statements, in: inner) }
        }
        return nil
    }
}
