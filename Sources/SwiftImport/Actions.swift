import SwiftSyntax

extension Importer {
    /// Statements of an action, `on load` or an animation block, as the language's statements. What has no
    /// counterpart is skipped with a warning; `inKeyframes` reads `UIView.addKeyframe` too.
    mutating func readAction(
        _ statements: some Sequence<CodeBlockItemSyntax>, scope: inout LocalScope, inKeyframes: Bool = false
    ) -> [SceneStatement] {
        var out: [SceneStatement] = []
        let items = Array(statements)
        var skipNext = false
        for (index, item) in items.enumerated() {
            if skipNext {
                skipNext = false
                continue
            }
            if let test = animatorStateTest(item) {
                let next = items.indices.contains(index + 1) ? animatorStateTest(items[index + 1]) : nil
                if let read = readAnimatorStateTests(test, then: next, scope: scope) {
                    out += read.statements
                    skipNext = read.tookNext
                    continue
                }
            }
            switch item.item {
            case .decl(let declaration):
                guard let variable = declaration.as(VariableDeclSyntax.self) else {
                    skip(declaration, "a declaration inside a method is not read")
                    continue
                }
                readLocal(variable, scope: &scope, inAction: true)
                if let draft = pendingAnimator {
                    pendingAnimator = nil
                    animators.append(draft)
                    out.append(.animator(index: animators.count - 1))
                }
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    out += readActionExpression(expression, scope: &scope, inKeyframes: inKeyframes)
                } else {
                    skip(statement, Self.reason(forStatement: statement))
                }
            case .expr(let expression):
                out += readActionExpression(expression, scope: &scope, inKeyframes: inKeyframes)
            }
        }
        return out
    }

    private mutating func readActionExpression(
        _ expression: ExprSyntax, scope: inout LocalScope, inKeyframes: Bool
    ) -> [SceneStatement] {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return readActionCall(call, scope: &scope, inKeyframes: inKeyframes)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            let op =
                infix.operator.is(AssignmentExprSyntax.self)
                ? "=" : infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
            if ["=", "+=", "-="].contains(op) { return readActionAssignment(infix, op, scope: &scope) }
        }
        if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
            skip(expression, "a condition has no counterpart in a scene: its statements are left out")
        } else {
            skip(expression, "this statement has no counterpart in a scene")
        }
        return []
    }

    private mutating func readActionCall(
        _ call: FunctionCallExprSyntax, scope: inout LocalScope, inKeyframes: Bool
    ) -> [SceneStatement] {
        let origin = call.startOffset
        guard let path = call.calledPath else {
            skip(call, "a call the importer does not know")
            return []
        }
        if path.first == "super" { return [] }
        let method = path.count == 1 ? path[0] : (path.count == 2 && path[0] == "self" ? path[1] : nil)
        if let method, let function = methods[method] {
            // `finishIfHeld(A)` before `A = UIViewPropertyAnimator(…)`: the scene's `animator A …` finishes a held
            // animator itself when it replaces it.
            if function.onlyFinishesItsAnimator, call.arguments.count == 1,
                let slot = call.arguments.first?.expression.memberPath?.last, animatorSlots.contains(slot)
            {
                return []
            }
            guard !function.hasParameters || call.arguments.isEmpty else {
                skip(call, "'\(method)' takes arguments, which an action cannot: the call is left out")
                return []
            }
            return [.line("run \(method)", origin: origin)]
        }
        if snapMethod(of: call, path: path) != nil { return readSnapAction(call, scope: scope) }
        let receiver = Array(path.dropLast())
        switch (receiver, path.last ?? "") {
        case (_, "layoutIfNeeded") where viewName(path: receiver.isEmpty ? ["self"] : receiver, in: scope) != nil:
            return [.line("layout", origin: origin)]
        case (["UIView"], "animate"):
            return readAnimate(call, scope: scope)
        case (["UIView"], "animateKeyframes"):
            return readKeyframes(call, scope: scope)
        case (["UIView"], "addKeyframe") where inKeyframes:
            return readKeyframe(call, scope: scope)
        case (["UIView"], "modifyAnimations"):
            return readModifyAnimations(call, scope: scope)
        case (["UIView"], "performWithoutAnimation"):
            var inner = scope
            return call.closure("actionsWithoutAnimation").map { readAction($0.statements, scope: &inner) } ?? []
        case (["NSLayoutConstraint"], "activate"), (["NSLayoutConstraint"], "deactivate"):
            var skips: [(Syntax, String)] = []
            let names =
                call.arguments.first.flatMap { switchedNames($0.expression, scope: scope, skips: &skips) } ?? []
            for (node, reason) in skips { skip(node, reason) }
            return names.isEmpty
                ? [] : [.line("\(path.last ?? "activate") \(names.joined(separator: " "))", origin: origin)]
        case (_, "setTitle"):
            guard let view = viewName(path: receiver, in: scope), let title = call.arguments.first?.expression,
                let setting = viewSetting(view, "text", title, scope: scope, inAction: true, at: call)
            else { return [] }
            return [.line("\(view).text = \(setting.value)", origin: origin)]
        case (_, "setTitleColor"):
            guard let view = viewName(path: receiver, in: scope), let color = call.arguments.first?.expression,
                let setting = viewSetting(view, "textColor", color, scope: scope, inAction: true, at: call)
            else { return [] }
            return [.line("\(view).textcolor = \(setting.value)", origin: origin)]
        default:
            let held = receiver.first == "self" ? Array(receiver.dropFirst()) : receiver
            if held.count == 1, let animator = animatorName(held[0], in: scope) {
                return readAnimatorCall(animator, path.last ?? "", call, scope: scope)
            }
            if held.count == 1, let read = readSnapConstraintCall(held[0], path.last ?? "", call, scope: scope) {
                return read
            }
            // `A.isReversed.toggle()`, as the export writes `reverse A`.
            if held.count == 2, held[1] == "isReversed", path.last == "toggle", call.arguments.isEmpty,
                let animator = animatorName(held[0], in: scope)
            {
                return [.line("reverse \(animator)", origin: origin)]
            }
            skip(call, "a call the importer does not know")
            return []
        }
    }

    private mutating func readActionAssignment(
        _ infix: InfixOperatorExprSyntax, _ op: String, scope: inout LocalScope
    ) -> [SceneStatement] {
        let origin = infix.startOffset
        let value = infix.rightOperand
        // `(a, b) = (b, a)`: two views or two constraints trade names, the language's `swap a b`.
        if op == "=", let left = infix.leftOperand.unwrapped.as(TupleExprSyntax.self),
            let right = value.unwrapped.as(TupleExprSyntax.self), left.elements.count == 2, right.elements.count == 2
        {
            let names = left.elements.map { $0.expression.selfPath ?? [] }
            let swapped = right.elements.map { $0.expression.selfPath ?? [] }
            if names.allSatisfy({ $0.count == 1 }), swapped == names.reversed(), names[0] != names[1] {
                let (a, b) = (names[0][0], names[1][0])
                let bothViews = viewName(path: [a], in: scope) != nil && viewName(path: [b], in: scope) != nil
                let bothConstraints = constraintName(a, in: scope) != nil && constraintName(b, in: scope) != nil
                if bothViews || bothConstraints {
                    let first = bothViews ? viewName(path: [a], in: scope)! : constraintName(a, in: scope)!
                    let second = bothViews ? viewName(path: [b], in: scope)! : constraintName(b, in: scope)!
                    return [.line("swap \(first) \(second)", origin: origin)]
                }
            }
        }
        if let member = infix.leftOperand.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
            let basePath = base.selfPath
        {
            let property = member.declName.baseName.text
            if basePath.count == 1, let constraint = constraintName(basePath[0], in: scope) {
                switch property {
                case "constant":
                    guard let number = number(value, in: scope, inAction: true) else {
                        skip(value, "a value the importer cannot work out")
                        return []
                    }
                    return [.line("\(constraint).constant \(op) \(number.text)", origin: origin)]
                case "isActive" where op == "=":
                    guard let active = boolean(value) else { break }
                    return [.line("\(active ? "activate" : "deactivate") \(constraint)", origin: origin)]
                default: break
                }
                skip(infix, "a constraint's \(property) cannot change in a scene")
                return []
            }
            if basePath.count == 1, let animator = animatorName(basePath[0], in: scope) {
                return readAnimatorAssignment(animator, property, value, at: infix, scope: scope)
            }
            if let view = viewName(base, in: scope) ?? buttonOfTitleLabel(base, scope: scope, property: property),
                op == "="
            {
                if view == "root" {
                    skip(infix, "the root view's \(property) has no counterpart in a scene")
                    return []
                }
                guard let setting = viewSetting(view, property, value, scope: scope, inAction: true, at: infix) else {
                    return []
                }
                return [.line("\(view).\(setting.property) = \(setting.value)", origin: origin)]
            }
        }
        if let path = infix.leftOperand.selfPath, path.count == 1 {
            let name = path[0]
            if sceneVariables.contains(name) {
                guard let number = number(value, in: scope, inAction: true) else {
                    skip(value, "a value the importer cannot work out")
                    return []
                }
                return [.line("\(name) \(op) \(number.text)", origin: origin)]
            }
            if animatorSlots.contains(name), op == "=", let call = value.unwrapped.as(FunctionCallExprSyntax.self),
                isAnimatorCall(call), let draft = makeAnimator(name, call, scope: &scope)
            {
                animators.append(draft)
                return [.animator(index: animators.count - 1)]
            }
        }
        skip(infix, "not a property the importer can set in a scene")
        return []
    }
}

/// `if A.state == .S { A.method(…) }`: a test of an animator's state around one call on it, as UIKit code guards
/// `stopAnimation` and `finishAnimation`, which raise in the wrong state.
struct AnimatorStateTest {
    var animator: String
    var state: String
    var method: String
    var call: FunctionCallExprSyntax
}

extension Importer {
    /// The statement as a test of an animator's state around one call on it, if it is one.
    func animatorStateTest(_ item: CodeBlockItemSyntax) -> AnimatorStateTest? {
        let expression: ExprSyntax? =
            switch item.item {
            case .expr(let expression): expression
            case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
            case .decl: nil
            }
        guard let condition = expression?.as(IfExprSyntax.self), condition.elseBody == nil,
            condition.conditions.count == 1, condition.body.statements.count == 1,
            let test = condition.conditions.first?.condition.as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self),
            test.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
            let tested = test.leftOperand.selfPath, tested.count == 2, tested[1] == "state",
            let state = test.rightOperand.memberPath?.last,
            let call = condition.body.statements.first?.item.as(FunctionCallExprSyntax.self)
                ?? condition.body.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(
                    FunctionCallExprSyntax.self),
            let path = call.calledExpression.selfPath, path.count == 2, path[0] == tested[0]
        else { return nil }
        return AnimatorStateTest(animator: tested[0], state: state, method: path[1], call: call)
    }

    /// Tests of an animator's state as the scene's statements, which check the state themselves:
    /// `if A.state == .active { A.stopAnimation(false) }` then `if A.state == .stopped { A.finishAnimation(at: P) }`
    /// is `finish A at P` (the export's way of writing it: the scene's `finish` stops an active animator first);
    /// the first alone is `stop A`, the second alone `finish A at P`. Nil for any other test.
    mutating func readAnimatorStateTests(
        _ test: AnimatorStateTest, then next: AnimatorStateTest?, scope: LocalScope
    ) -> (statements: [SceneStatement], tookNext: Bool)? {
        guard let animator = animatorName(test.animator, in: scope) else { return nil }
        switch (test.state, test.method) {
        case ("active", "stopAnimation"):
            if let next, next.animator == test.animator, next.state == "stopped", next.method == "finishAnimation" {
                return (readAnimatorCall(animator, "finishAnimation", next.call, scope: scope), true)
            }
            return (readAnimatorCall(animator, "stopAnimation", test.call, scope: scope), false)
        case ("stopped", "finishAnimation"):
            return (readAnimatorCall(animator, "finishAnimation", test.call, scope: scope), false)
        default:
            return nil
        }
    }
}
