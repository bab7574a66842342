import SwiftSyntax

/// A small partial evaluator of manifest code: enough of Swift to follow how manifests and their
/// helper functions build targets (literals and interpolations, `let`/`var`, `append`, `if`,
/// `guard`, `for`, `switch`, `return`, ternaries, `map`/`flatMap`/`compactMap`, calls of the
/// helpers' functions with their arguments bound), and nothing more. It is not a Swift
/// interpreter: whatever it cannot follow evaluates to `.unknown` with the reason, and the
/// project mapping decides whether that part was needed.
///
/// Where a condition cannot be told (it depends on the environment, a file on disk, a value the
/// evaluator does not compute), both branches run: what either branch adds is kept, so a target
/// only one of them makes is read rather than lost; the first `return` wins.
final class TuistEvaluator {
    /// Names bound in a body, a closure or the manifest's top level.
    final class Scope {
        var values: [String: TuistValue] = [:]
        var functions: [String: [FunctionDeclSyntax]] = [:]
        let parent: Scope?

        init(parent: Scope?) { self.parent = parent }

        /// The scope that binds `name`, this one or an enclosing one.
        func owner(of name: String) -> Scope? {
            var scope: Scope? = self
            while let s = scope {
                if s.values[name] != nil { return s }
                scope = s.parent
            }
            return nil
        }

        func localFunctions(named name: String) -> [FunctionDeclSyntax] {
            var scope: Scope? = self
            var found: [FunctionDeclSyntax] = []
            while let s = scope {
                found += s.functions[name] ?? []
                scope = s.parent
            }
            return found
        }
    }

    enum Flow {
        case next
        case returned(TuistValue)
    }

    let declarations: TuistDeclarations
    /// Where helper functions and global values are evaluated: they see no manifest variable.
    let globals = Scope(parent: nil)
    /// Steps left: a bound on work, whatever the input (a manifest is small; a pathological one
    /// must not hang discovery).
    private var fuel = 500_000
    private var nesting = 0
    private var calls = 0
    private var propertyValues: [String: TuistValue] = [:]
    private var propertiesInProgress: Set<String> = []

    static let maximumNesting = 150
    static let maximumCalls = 24

    init(declarations: TuistDeclarations) {
        self.declarations = declarations
    }

    // MARK: Statements

    /// Runs a body in `scope`: its value is what it returns, or its only expression (an
    /// implicit return), or `.none`.
    func runBody(_ items: CodeBlockItemListSyntax, in scope: Scope) -> TuistValue {
        if items.count == 1, let only = items.first, let expr = Self.expression(only.item),
            !expr.is(IfExprSyntax.self), !expr.is(SwitchExprSyntax.self)
        {
            return evaluate(expr, in: scope)
        }
        if case .returned(let value) = run(items, in: scope) { return value }
        return .none
    }

    func run(_ items: CodeBlockItemListSyntax, in scope: Scope) -> Flow {
        for item in items {
            if case .returned(let value) = step(item.item, in: scope) { return .returned(value) }
        }
        return .next
    }

    private static func expression(_ item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        switch item {
        case .expr(let expr): return expr
        case .stmt(let stmt): return stmt.as(ExpressionStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }

    private func step(_ item: CodeBlockItemSyntax.Item, in scope: Scope) -> Flow {
        guard spend() else { return .next }
        if let expr = Self.expression(item) { return statement(expr, in: scope) }
        switch item {
        case .decl(let decl):
            declare(decl, in: scope)
            return .next
        case .stmt(let stmt):
            if let ret = stmt.as(ReturnStmtSyntax.self) {
                return .returned(ret.expression.map { evaluate($0, in: scope) } ?? .none)
            }
            if let guardStmt = stmt.as(GuardStmtSyntax.self) {
                // An unknown condition is taken to hold: the guard's body usually only leaves.
                if condition(guardStmt.conditions, in: scope) == false {
                    return run(guardStmt.body.statements, in: scope)
                }
                return .next
            }
            if let loop = stmt.as(ForStmtSyntax.self) { return runLoop(loop, in: scope) }
            return .next
        case .expr:
            return .next
        }
    }

    private func declare(_ decl: DeclSyntax, in scope: Scope) {
        if let function = decl.as(FunctionDeclSyntax.self) {
            scope.functions[function.name.text, default: []].append(function)
            return
        }
        guard let variable = decl.as(VariableDeclSyntax.self) else { return }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let initial = binding.initializer?.value {
                scope.values[name] = evaluate(initial, in: scope)
            } else if let accessors = binding.accessorBlock {
                scope.values[name] = computed(accessors, in: scope)
            } else {
                scope.values[name] = .unknown("`\(name)` is given its value later, in code seams does not follow")
            }
        }
    }

    /// The getter of a computed value.
    func computed(_ block: AccessorBlockSyntax, in scope: Scope) -> TuistValue {
        switch block.accessors {
        case .getter(let items): return runBody(items, in: Scope(parent: scope))
        case .accessors(let list):
            guard let body = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body else {
                return .unknown("a computed value without a getter")
            }
            return runBody(body.statements, in: Scope(parent: scope))
        }
    }

    /// An expression used as a statement: a branch, an assignment, a mutation of a list.
    private func statement(_ expr: ExprSyntax, in scope: Scope) -> Flow {
        if let node = expr.as(IfExprSyntax.self) { return runIf(node, in: scope) }
        if let node = expr.as(SwitchExprSyntax.self) { return runSwitch(node, in: scope) }
        if let node = expr.as(InfixOperatorExprSyntax.self) {
            if node.operator.is(AssignmentExprSyntax.self) {
                assign(node.leftOperand, evaluate(node.rightOperand, in: scope), in: scope)
                return .next
            }
            if node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                let sum = add(evaluate(node.leftOperand, in: scope), evaluate(node.rightOperand, in: scope))
                assign(node.leftOperand, sum, in: scope)
                return .next
            }
        }
        if let node = expr.as(FunctionCallExprSyntax.self), mutate(node, in: scope) { return .next }
        _ = evaluate(expr, in: scope)
        return .next
    }

    private func runIf(_ node: IfExprSyntax, in scope: Scope) -> Flow {
        let inner = Scope(parent: scope)
        let holds = condition(node.conditions, in: inner)
        if holds != false, case .returned(let value) = run(node.body.statements, in: inner) {
            return .returned(value)
        }
        guard holds != true else { return .next }
        switch node.elseBody {
        case .ifExpr(let next)?: return runIf(next, in: scope)
        case .codeBlock(let block)?: return run(block.statements, in: Scope(parent: scope))
        case nil: return .next
        }
    }

    /// A known subject runs the first case that matches it; an unknown one (or a case that cannot
    /// be compared) runs every case in order, as an unknown `if` runs both branches.
    private func runSwitch(_ node: SwitchExprSyntax, in scope: Scope) -> Flow {
        let subject = evaluate(node.subject, in: scope)
        var sure = true
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else {
                sure = false
                continue
            }
            var matches: Bool? = false
            switch switchCase.label {
            case .default: matches = true
            case .case(let label):
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self), item.whereClause == nil else {
                        matches = nil
                        continue
                    }
                    switch subject.same(as: evaluate(pattern.expression, in: scope)) {
                    case true?: matches = true
                    case nil where matches != true: matches = nil
                    default: break
                    }
                }
            }
            if matches == false && sure { continue }
            if case .returned(let value) = run(switchCase.statements, in: Scope(parent: scope)) {
                return .returned(value)
            }
            if matches == true && sure { return .next }
        }
        return .next
    }

    /// `for x in list`: each element in turn. A list that cannot be told runs the body once with
    /// an unknown element, so what it adds says what could not be read instead of vanishing.
    private func runLoop(_ loop: ForStmtSyntax, in scope: Scope) -> Flow {
        let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let sequence = evaluate(loop.sequence, in: scope)
        let elements = sequence.elements ?? [.unknown("the list `\(Self.snippet(loop.sequence))` a loop runs over")]
        for element in elements {
            let inner = Scope(parent: scope)
            if let name { inner.values[name] = element }
            if let clause = loop.whereClause, evaluate(clause.condition, in: inner) == .bool(false) { continue }
            if case .returned(let value) = run(loop.body.statements, in: inner) { return .returned(value) }
        }
        return .next
    }

    /// All conditions of an `if` or `guard`: false when one is false, true when all are true,
    /// nil when that cannot be told. `if let` binds its name in `scope`.
    func condition(_ list: ConditionElementListSyntax, in scope: Scope) -> Bool? {
        var answer: Bool? = true
        for element in list {
            let holds: Bool?
            switch element.condition {
            case .expression(let expr):
                if case .bool(let b) = evaluate(expr, in: scope) { holds = b } else { holds = nil }
            case .optionalBinding(let binding):
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                let value =
                    binding.initializer.map { evaluate($0.value, in: scope) }
                    ?? name.map { lookup($0, in: scope) } ?? .unknown("an optional binding")
                if let name { scope.values[name] = value }
                holds = value == .none ? false : (value.isUnknown ? nil : true)
            default:
                holds = nil
            }
            if holds == false { return false }
            if holds == nil { answer = nil }
        }
        return answer
    }

    // MARK: Changing values

    private func assign(_ target: ExprSyntax, _ value: TuistValue, in scope: Scope) {
        if let ref = target.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            (scope.owner(of: name) ?? scope).values[name] = value
            return
        }
        // `target.sources = …` on a value made by a call: the call with that argument replaced, as
        // ProjectDescription's properties carry their initializers' labels.
        if let member = target.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            let owner = scope.owner(of: base.baseName.text)
        {
            let name = base.baseName.text
            let label = member.declName.baseName.text
            guard var call = TuistCall(owner.values[name]) else {
                owner.values[name] = .unknown("`\(name).\(label)` is set in code seams does not follow")
                return
            }
            call.set(label, to: value)
            owner.values[name] = call.value
        }
    }

    /// `list.append(x)`, `list.append(contentsOf: xs)`, `list.insert(x, at: 0)`: true when the call
    /// was one of those on a bound name (or another mutation, which leaves the list unknown).
    private func mutate(_ node: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            let owner = scope.owner(of: base.baseName.text)
        else { return false }
        let name = base.baseName.text
        let current = owner.values[name]!
        let first = node.arguments.first
        switch (member.declName.baseName.text, first?.label?.text) {
        case ("append", nil), ("insert", nil), ("insert", "contentsOf"), ("append", "contentsOf"), ("formUnion", nil):
            guard let first else { return false }
            let added = evaluate(first.expression, in: scope)
            let isList = first.label != nil || member.declName.baseName.text == "formUnion"
            owner.values[name] = add(current, isList ? added : .array([added]))
        case ("removeAll", nil) where node.arguments.isEmpty:
            owner.values[name] = .array([])
        case ("remove", _), ("removeAll", _), ("removeFirst", _), ("removeLast", _), ("popLast", _), ("subtract", _):
            owner.values[name] = .unknown("`\(name)` loses elements in code seams does not follow")
        default:
            return false
        }
        return true
    }

    /// `+` of two lists, two strings or two numbers.
    func add(_ a: TuistValue, _ b: TuistValue) -> TuistValue {
        switch (a, b) {
        case (.array(let x), .array(let y)): return .array(x + y)
        case (.string(let x), .string(let y)): return .string(x + y)
        case (.int(let x), .int(let y)): return .int(x &+ y)
        case (.unknown, _): return a
        case (_, .unknown): return b
        default: return .unknown("`+` of values seams cannot add")
        }
    }

    // MARK: Names

    /// A bound name, else a global value of the helpers.
    func lookup(_ name: String, in scope: Scope) -> TuistValue {
        if let owner = scope.owner(of: name) { return owner.values[name]! }
        if let property = declarations.property(named: name, owner: nil, implicitMember: false) {
            return value(of: property)
        }
        return .unknown("`\(name)` is not a value seams can read")
    }

    /// A helper's global or static value, evaluated once.
    func value(of property: TuistDeclarations.Property) -> TuistValue {
        let key = (property.owner ?? "") + "." + property.binding.pattern.trimmedDescription
        if let known = propertyValues[key] { return known }
        guard !propertiesInProgress.contains(key) else { return .unknown("`\(key)` is defined through itself") }
        propertiesInProgress.insert(key)
        defer { propertiesInProgress.remove(key) }
        let value: TuistValue
        if let initial = property.binding.initializer?.value {
            value = evaluate(initial, in: Scope(parent: globals))
        } else if let accessors = property.binding.accessorBlock {
            value = computed(accessors, in: globals)
        } else {
            value = .unknown("`\(key)` has no value written beside it")
        }
        propertyValues[key] = value
        return value
    }

    // MARK: Bounds

    /// One more step of work, if any is left.
    func spend() -> Bool {
        guard fuel > 0 else { return false }
        fuel -= 1
        return true
    }

    /// Runs `body` one level deeper, or gives `.unknown` past the bound.
    func nested(_ body: () -> TuistValue) -> TuistValue {
        guard nesting < Self.maximumNesting else { return .unknown("expressions nested too deeply to follow") }
        guard spend() else { return .unknown("the manifest takes too many steps to follow") }
        nesting += 1
        defer { nesting -= 1 }
        return body()
    }

    /// Runs a helper's body one call deeper, or gives `.unknown` past the bound.
    func calling(_ name: String, _ body: () -> TuistValue) -> TuistValue {
        guard calls < Self.maximumCalls else {
            return .unknown("helper functions call each other too deeply at `\(name)`")
        }
        calls += 1
        defer { calls -= 1 }
        return body()
    }

    /// An expression's text for a message: its first line, shortened.
    static func snippet(_ node: some SyntaxProtocol) -> String {
        let line = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(57)) + "…" : line
    }
}
