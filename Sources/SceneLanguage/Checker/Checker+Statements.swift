import LayoutValues

extension Checker {
    /// Checks every action, `on load` and top-level animator, then looks for
    /// actions that run themselves.
    mutating func checkActions() {
        for body in allBodies { check(body) }
        checkRecursion()
    }

    private mutating func check(_ animator: AnimatorDeclaration) {
        check(animator.body)
        for completion in animator.allCompletions { check(completion) }
    }

    /// Checks a block of statements (also those of an `exec`: ``check(_:against:)``).
    mutating func check(_ statements: [Statement]) {
        // By index, so that each statement is read in place rather than copied by an iterator.
        for i in statements.indices { check(statements[i]) }
    }

    private mutating func check(_ statement: Statement) {
        switch statement.kind {
        case .setConstant(let name, _, let value):
            _ = expect(name, "constraint", { $0.isConstraint })
            check(value)
        case .setVariable(let name, _, let value):
            _ = expect(name, "variable", { $0.isVariable })
            check(value)
        case .setProperty(let name, let property, let value):
            check(property, of: name, value)
        case .setSpacing(let stack, let after, let value):
            checkSpacing(of: stack, after: after)
            check(value)
        case .activate(let names), .deactivate(let names):
            for name in names { _ = expect(name, "constraint or group", { $0.isConstraintOrGroup }) }
        case .layout, .canvas:
            break
        case .animate(_, let body, let completion):
            checkKeyframesNested(in: body)
            check(body)
            if let completion { check(completion) }
        case .animateKeyframes(let animation):
            check(animation)
        case .animator(let declaration):
            check(declaration)
        case .start(let name, _), .pause(let name), .reverse(let name), .stop(let name), .finish(let name, _):
            _ = expect(name, "animator", { $0.isAnimator })
        case .setFraction(let name, let value):
            _ = expect(name, "animator", { $0.isAnimator })
            check(value)
        case .swap(let a, let b):
            checkSwap(a, b)
        case .run(let name):
            if actionRanges[name.name] == nil {
                let unknown = UnknownAction(name.name, among: actionRanges.keys.sorted(), suggesting: spendSuggestion())
                error(.unknownName, unknown.description, at: name.range, suggestion: unknown.suggestion)
            }
        }
    }

    private mutating func check(_ property: Located<AssignableProperty>, of name: Identifier, _ value: PropertyValue) {
        guard case .view(let index)? = expect(name, "view", { $0.isView }) else {
            if case .number(let expr) = value { check(expr) }
            if case .textEntry(let list, let entry) = value { checkEntry(of: list, at: entry) }
            if case .transform(let steps) = value { for expr in steps.flatMap(\.expressions) { check(expr) } }
            return
        }
        // The kind alone, not a copy of the whole declaration.
        let kind = scene.views[index].kind
        let isTextProperty =
            switch property.value {
            case .text, .font, .textcolor: true
            default: false
            }
        if kind == .guide {
            error(
                .notApplicable,
                "\(quoted(name.name)) is a layout guide, which is never drawn and has no '\(property.value)'",
                at: property.range)
        } else if isTextProperty && !kind.hasText {
            error(
                .notApplicable,
                "\(quoted(name.name)) is a plain view; only labels and buttons have '\(property.value)'",
                at: property.range)
        }
        if case .textEntry(let list, let entry) = value { checkEntry(of: list, at: entry) }
        if case .transform(let steps) = value { for expr in steps.flatMap(\.expressions) { check(expr) } }
        guard case .number(let expr) = value else { return }
        check(expr)
        if let constant = expr.constantValue {
            if property.value == .alpha && !(0...1).contains(constant) {
                error(.invalidValue, "alpha must be between 0 and 1, not \(format(constant))", at: expr.range)
            } else if property.value == .font && !(constant > 0 && constant <= 10_000) {
                error(
                    .invalidValue, "a font size must be above 0 and at most 10000, not \(format(constant))",
                    at: expr.range)
            }
        }
    }

    /// Two views of the same kind, or two constraints.
    private mutating func checkSwap(_ a: Identifier, _ b: Identifier) {
        let accepting: (Symbol) -> Bool = { symbol in
            switch symbol {
            case .view, .constraint: true
            default: false
            }
        }
        let first = expect(a, "view or constraint", accepting)
        let second = expect(b, "view or constraint", accepting)
        guard let first, let second else { return }
        switch (first, second) {
        case (.view(let i), .view(let j)) where scene.views[i].kind == scene.views[j].kind:
            return
        case (.constraint, .constraint):
            return
        default:
            error(
                .typeMismatch,
                "cannot swap \(quoted(a.name)), \(describe(first)), with \(quoted(b.name)), \(describe(second)); "
                    + "swap two views of one kind, or two constraints", at: a.range.union(b.range))
        }
    }

    /// Checks the references of an action's expression: frame properties of
    /// views and guides, constants of constraints, fractions of animators,
    /// variables and the lengths of text lists.
    mutating func check(_ expr: Expr) {
        switch expr.kind {
        case .number, .system:
            break
        case .negate(let operand):
            check(operand)
        case .binary(_, let lhs, let rhs):
            check(lhs)
            check(rhs)
        case .reference(let path):
            checkReference(path, in: expr.range)
        }
    }

    private mutating func checkReference(_ path: [Identifier], in range: SourceRange) {
        let head = path[0]
        guard path.count >= 2 || head.name == "root" else {
            checkVariableRead(head)
            return
        }
        guard path.count >= 2 else {
            error(
                .expectedToken,
                "expected \(quoted(head.name + ".PROPERTY")), such as \(quoted(head.name + ".midY")) or \(quoted(head.name + ".constant"))",
                at: head.range)
            return
        }
        guard let (resolved, propertyIndex) = resolveHead(of: path, expecting: "name", accepting: { _ in true })
        else { return }
        var symbol: Symbol? = nil
        if case .symbol(let found) = resolved { symbol = found }
        guard path.count == propertyIndex + 1 else {
            error(.expectedToken, "expected one property after \(quoted(head.name))", at: path[propertyIndex + 1].range)
            return
        }
        let property = path[propertyIndex]
        func unknown(_ candidates: [String], on what: String) {
            let suggestion = nearestName(to: property.name, among: candidates)
            error(
                .unknownName, "\(what) has no property \(quoted(property.name))" + didYouMean(suggestion),
                at: property.range, suggestion: suggestion)
        }
        switch symbol {
        case nil, .view?:
            let isFrameProperty =
                FrameProperty(word: property.name) != nil
                || Attribute(word: property.name).flatMap(FrameProperty.init(attribute:)) != nil
            if !isFrameProperty {
                unknown(
                    FrameProperty.allCases.map(\.rawValue),
                    on: "\(quoted(path[0..<propertyIndex].map(\.name).joined(separator: ".")))")
            }
        case .constraint?:
            if property.name != "constant" { unknown(["constant"], on: "constraint \(quoted(head.name))") }
        case .animator?:
            if property.name != "fraction" { unknown(["fraction"], on: "animator \(quoted(head.name))") }
        case .group?:
            error(
                .typeMismatch, "\(quoted(head.name)) is a constraint group, which has no value to read", at: head.range)
        case .variable?:
            error(
                .typeMismatch,
                "\(quoted(head.name)) is a variable, a number without properties; read it as \(quoted(head.name))",
                at: path[0].range.union(property.range))
        case .textList?:
            if property.name != "count" { unknown(["count"], on: "text list \(quoted(head.name))") }
        }
    }

    /// Looks a name up and checks its sort; returns the symbol when both hold.
    mutating func expect(_ name: Identifier, _ what: String, _ accepting: (Symbol) -> Bool) -> Symbol? {
        guard let symbol = lookUp(name, expecting: what, accepting: accepting) else { return nil }
        guard accepting(symbol) else {
            error(.typeMismatch, "\(quoted(name.name)) is \(describe(symbol)), not a \(what)", at: name.range)
            return nil
        }
        return symbol
    }

    /// `S.spacing [after V] = E`: `S` a stack, `V` one of its arranged subviews.
    private mutating func checkSpacing(of stack: Identifier, after: Identifier?) {
        guard case .view(let index)? = expect(stack, "view", { $0.isView }) else { return }
        guard let layout = scene.views[index].stack else {
            error(
                .typeMismatch,
                "\(quoted(stack.name)) is \(describe(.view(index))), not a stack; only a stack has a spacing",
                at: stack.range)
            return
        }
        guard let after, case .view(let viewIndex)? = expect(after, "view", { $0.isView }) else { return }
        if !layout.arranged.contains(ViewID(viewIndex)) {
            error(
                .invalidValue,
                "\(quoted(after.name)) is not arranged by \(quoted(stack.name)); a custom spacing follows one of its "
                    + "arranged subviews", at: after.range)
        }
    }

    // MARK: Recursion

    /// Reports each cycle of `run` statements once, at the `run` that closes
    /// it. A `run` in a completion is not followed: it runs when the
    /// animation ends, so it makes a loop in time, not a recursion.
    private mutating func checkRecursion() {
        var runs: [String: [Identifier]] = [:]
        for action in scene.actions where runs[action.name.name] == nil {
            var targets: [Identifier] = []
            forEachStatement(in: action.body, includingCompletions: false) { statement in
                if case .run(let target) = statement.kind { targets.append(target) }
            }
            runs[action.name.name] = targets
        }
        // Depth-first search, iterative: 0 unseen, 1 on the path, 2 done.
        var state: [String: Int] = [:]
        for action in scene.actions where state[action.name.name] == nil {
            var path: [(name: String, next: Int)] = [(action.name.name, 0)]
            state[action.name.name] = 1
            while let (name, next) = path.last {
                let targets = runs[name] ?? []
                guard next < targets.count else {
                    state[name] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = targets[next]
                switch state[target.name] {
                case 1?:
                    let cycleStart = path.firstIndex { $0.name == target.name } ?? 0
                    let cycle = path[cycleStart...].map(\.name) + [target.name]
                    error(
                        .recursiveAction,
                        "action \(quoted(target.name)) runs itself: "
                            + cycle.map { quoted($0) }.joined(separator: " → "),
                        at: target.range)
                case nil where runs[target.name] != nil:
                    state[target.name] = 1
                    path.append((target.name, 0))
                default:
                    break
                }
            }
        }
    }
}
