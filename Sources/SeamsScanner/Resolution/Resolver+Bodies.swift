import SeamsGraph

// Code bodies: events run in source order in a scope of local bindings (`Env`).

extension Resolver {
    func run(_ code: Code, scope: Scope, env: Env, inheritedReturn: RType? = nil) {
        let inner = scope.inMember(code.member).adding(generics: code.genericNames)
        let ret =
            code.returnType.flatMap { t in quietly { resolveType(t, scope: inner, env: env, kind: .type) } }
            ?? inheritedReturn
        env.pushCode(returnType: ret)
        // An initializer that hands off to `self.init(…)` supplies what its caller did not: a
        // test calls the initializer it delegates to instead, so its uses are all avoidable.
        let isInit = scope.member == nil && code.member?.hasPrefix("init(") == true
        let outerDelegates = delegatesToSelfInit
        let first = uses.count
        if isInit { delegatesToSelfInit = false }
        run(code.events, scope: inner, env: env)
        if isInit {
            if delegatesToSelfInit {
                for i in first..<uses.count where uses[i].member == code.member && !uses[i].has(.defaultArgument) {
                    uses[i].traits = Use.normalized(uses[i].traits + [.defaultArgument])
                }
            }
            delegatesToSelfInit = outerDelegates
        }
        env.popCode()
    }

    func run(_ events: [Event], scope: Scope, env: Env) {
        for event in events {
            switch event {
            case .push: env.pushBlock()
            case .pop: env.popBlock()
            case .bind(let name, let t, let e):
                let declared = t.flatMap { resolveType($0, scope: scope, env: env, kind: .type) }
                var inferred: RType?
                if let e { inferred = settle(eval(e, expected: declared, scope: scope, env: env), scope: scope) }
                env.bind(name, declared ?? inferred)
            case .forIn(let names, let seq):
                let st = settle(eval(seq, expected: nil, scope: scope, env: env), scope: scope)
                var element: RType?
                if case .array(let el)? = st { element = el }
                for n in names { env.bind(n, names.count == 1 ? element : nil) }
            case .eval(let e):
                settle(eval(e, expected: nil, scope: scope, env: env), scope: scope)
            case .ret(let e):
                settle(eval(e, expected: env.returnType, scope: scope, env: env), scope: scope)
            case .typeUse(let t, let kind):
                resolveType(t, scope: scope, env: env, kind: kind)
            case .shadow(let n):
                env.shadow(n)
            case .switchOn(let e):
                env.subjects.append(settle(eval(e, expected: nil, scope: scope, env: env), scope: scope))
            case .casePattern(let e):
                settle(eval(e, expected: env.subjects.last ?? nil, scope: scope, env: env), scope: scope)
            case .endSwitch:
                if !env.subjects.isEmpty { env.subjects.removeLast() }
            case .code(let c):
                run(c, scope: scope, env: env)
            case .declareStatic(let name, let loc, let mutable):
                noteStaticState(name, loc, mutable: mutable, type: env.lookup(name) ?? nil, scope: scope)
            case .inDefault(let on):
                inDefaultArgument = on
            case .attributeArguments(let t, let args):
                attributeArguments(t, args, scope: scope, env: env)
            }
        }
    }
}
