import LayoutValues
import SwiftSyntax

/// `UIView.AnimationOptions`' curves, and `UIViewPropertyAnimator`'s `UIView.AnimationCurve`s, in the language.
private let curves: [String: String] = [
    "curveEaseInOut": "easeInOut", "curveEaseIn": "easeIn", "curveEaseOut": "easeOut", "curveLinear": "linear",
    "easeInOut": "easeInOut", "easeIn": "easeIn", "easeOut": "easeOut", "linear": "linear",
]

/// Options that change nothing a scene shows: read without a word.
private let quietOptions: Set<String> = [
    "beginFromCurrentState", "allowUserInteraction", "allowAnimatedContent", "layoutSubviews",
    "calculationModeLinear", "preferredFramesPerSecondDefault",
]

extension Importer {
    /// `UIView.animate` in all its forms: duration, delay, options (curves, repeat, autoreverse, overrides), the
    /// spring form, the animations and the completion.
    mutating func readAnimate(_ call: FunctionCallExprSyntax, scope: LocalScope) -> [SceneStatement] {
        guard let durationExpression = call.argument("withDuration"),
            let duration = number(durationExpression, in: scope, inAction: true)
        else {
            skip(call, "an animation whose duration the importer cannot work out")
            return []
        }
        var header = "animate \(duration.text)"
        let options = timingOptions(call, scope: scope)
        if let damping = call.argument("usingSpringWithDamping") {
            // The spring form's timing is the spring's: UIKit ignores a curve among its options.
            header += options.replacing(#/ curve [A-Za-z]+/#, with: "")
            guard let ratio = number(damping, in: scope, inAction: true) else {
                skip(damping, "a damping ratio the importer cannot work out")
                return []
            }
            header += " spring damping \(ratio.text)"
            if let velocity = call.argument("initialSpringVelocity").flatMap({ number($0, in: scope, inAction: true) }),
                velocity.constant != 0
            {
                header += " velocity \(velocity.text)"
            }
        } else {
            header += options
        }
        return animationBlock(header, call, scope: scope, keyframes: false)
    }

    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
    mutating func readKeyframes(_ call: FunctionCallExprSyntax, scope: LocalScope) -> [SceneStatement] {
        guard let duration = call.argument("withDuration").flatMap({ number($0, in: scope, inAction: true) }) else {
            skip(call, "an animation whose duration the importer cannot work out")
            return []
        }
        let header = "animate keyframes \(duration.text)" + timingOptions(call, scope: scope)
        return animationBlock(header, call, scope: scope, keyframes: true)
    }

    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    mutating func readKeyframe(_ call: FunctionCallExprSyntax, scope: LocalScope) -> [SceneStatement] {
        guard let start = call.argument("withRelativeStartTime").flatMap({ number($0, in: scope)?.constant }),
            let length = call.argument("relativeDuration").flatMap({ number($0, in: scope)?.constant }),
            let animations = call.closure("animations")
        else {
            skip(call, "a keyframe whose times the importer cannot work out")
            return []
        }
        var inner = scope
        let body = readAction(animations.statements, scope: &inner)
        return [
            .block(
                header: "keyframe \(format(start)) \(format(length))", origin: call.startOffset, body: body,
                trailers: [])
        ]
    }

    /// `UIView.modifyAnimations(withRepeatCount:autoreverses:animations:)` in an animation block: its count
    /// becomes the block's `repeat`, its statements the block's.
    mutating func readModifyAnimations(_ call: FunctionCallExprSyntax, scope: LocalScope) -> [SceneStatement] {
        guard let count = call.argument("withRepeatCount").flatMap({ number($0, in: scope) }),
            let animations = call.closure("animations")
        else {
            skip(call, "a repeat count the importer cannot work out")
            return []
        }
        modifiedRepeat = (count, call.argument("autoreverses").flatMap(boolean) ?? false)
        var inner = scope
        return readAction(animations.statements, scope: &inner)
    }

    /// The block and its completion, with the repeat count a `modifyAnimations` inside gave.
    private mutating func animationBlock(
        _ header: String, _ call: FunctionCallExprSyntax, scope: LocalScope, keyframes: Bool
    ) -> [SceneStatement] {
        var header = header
        let outerRepeat = modifiedRepeat
        modifiedRepeat = nil
        var inner = scope
        let body =
            call.closure("animations").map { readAction($0.statements, scope: &inner, inKeyframes: keyframes) } ?? []
        if let (count, autoreverses) = modifiedRepeat {
            header = header.replacing(" repeat forever", with: "")
            header += " repeat \(count.text)"
            if autoreverses && !header.contains(" autoreverse") { header += " autoreverse" }
        }
        modifiedRepeat = outerRepeat
        var trailers: [(header: String, body: [SceneStatement])] = []
        if let completion = call.closure("completion", trailingFirst: false) {
            var completionScope = scope
            trailers.append(("completion", readAction(completion.statements, scope: &completionScope)))
        }
        return [.block(header: header, origin: call.startOffset, body: body, trailers: trailers)]
    }

    /// ` delay 0.2 curve linear repeat forever autoreverse` from `delay:` and `options:`.
    private mutating func timingOptions(_ call: FunctionCallExprSyntax, scope: LocalScope) -> String {
        var text = ""
        if let delayExpression = call.argument("delay") {
            if let delay = number(delayExpression, in: scope, inAction: true) {
                if delay.constant != 0 { text += " delay \(delay.text)" }
            } else {
                skip(delayExpression, "a delay the importer cannot work out: none is written")
            }
        }
        guard let options = call.argument("options") else { return text }
        let elements: [ExprSyntax]
        if let list = options.unwrapped.as(ArrayExprSyntax.self) {
            elements = list.elements.map(\.expression)
        } else {
            elements = [options]
        }
        var overrides: [String] = []
        var repeats = false
        var autoreverses = false
        for element in elements {
            // `UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)`
            var path = element.memberPath
            if let raw = element.unwrapped.as(FunctionCallExprSyntax.self)?.argument("rawValue") {
                path = raw.memberPath.map { Array($0.dropLast()) }
            }
            guard let option = path?.last else {
                skip(element, "an option the importer does not know")
                continue
            }
            if let curve = curves[option], option.hasPrefix("curve") {
                if curve != "easeInOut" || text.contains(" curve") == false { text += " curve \(curve)" }
            } else if option == "repeat" {
                repeats = true
            } else if option == "autoreverse" {
                autoreverses = true
            } else if option == "overrideInheritedDuration" {
                overrides.append("duration")
            } else if option == "overrideInheritedCurve" {
                overrides.append("curve")
            } else if !quietOptions.contains(option) {
                skip(element, "an option with no counterpart in a scene")
            }
        }
        if repeats { text += " repeat forever" }
        if autoreverses { text += " autoreverse" }
        if overrides.count == 2 {
            text += " override"
        } else if let only = overrides.first {
            text += " override \(only)"
        }
        return text
    }

    /// Whether a call makes a property animator.
    func isAnimatorCall(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledPath == ["UIViewPropertyAnimator"]
            || call.calledPath == ["UIViewPropertyAnimator", "runningPropertyAnimator"]
    }

    /// A `UIViewPropertyAnimator` made by `init(duration:curve:animations:)`, `init(duration:dampingRatio:animations:)`,
    /// `init(duration:controlPoint1:controlPoint2:animations:)` or `runningPropertyAnimator(…)`, as a draft its
    /// later calls add to.
    mutating func makeAnimator(_ name: String, _ call: FunctionCallExprSyntax, scope: inout LocalScope)
        -> AnimatorDraft?
    {
        scope.animators[name] = name
        let running = call.calledPath?.last == "runningPropertyAnimator"
        guard
            let duration = call.argument(running ? "withDuration" : "duration").flatMap({
                number($0, in: scope, inAction: true)
            })
        else {
            skip(call, "an animator whose duration the importer cannot work out")
            return nil
        }
        var header = "animator \(name) \(duration.text)"
        if let curve = call.argument("curve") {
            guard let name = curve.memberPath?.last.flatMap({ curves[$0] }) else {
                skip(curve, "a curve the importer does not know")
                return nil
            }
            header += " curve \(name)"
        } else if let damping = call.argument("dampingRatio") {
            guard let ratio = number(damping, in: scope, inAction: true) else {
                skip(damping, "a damping ratio the importer cannot work out")
                return nil
            }
            header += " spring damping \(ratio.text)"
        } else if let first = call.argument("controlPoint1"), let second = call.argument("controlPoint2") {
            guard let p1 = point(first, scope: scope), let p2 = point(second, scope: scope) else {
                skip(call, "control points the importer cannot work out")
                return nil
            }
            header += " curve bezier(\(p1), \(p2))"
        } else if running {
            header += timingOptions(call, scope: scope).replacing(#/ delay [^ ]+/#, with: "")
        }
        var inner = scope
        let body = call.closure("animations").map { readAction($0.statements, scope: &inner) } ?? []
        var draft = AnimatorDraft(name: name, header: header, origin: call.startOffset, body: body)
        if running {
            if let completion = call.closure("completion", trailingFirst: false) {
                var completionScope = scope
                draft.completions.append(("completion", readAction(completion.statements, scope: &completionScope)))
            }
            let delay = call.argument("delay").flatMap { number($0, in: scope, inAction: true) }
            draft.startAfter = delay.map { $0.constant == 0 ? "" : " after \($0.text)" } ?? ""
        }
        return draft
    }

    /// `CGPoint(x:y:)` as `x, y`.
    private func point(_ expression: ExprSyntax, scope: LocalScope) -> String? {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self), call.calledPath == ["CGPoint"],
            let x = call.argument("x").flatMap({ number($0, in: scope)?.constant }),
            let y = call.argument("y").flatMap({ number($0, in: scope)?.constant })
        else { return nil }
        return "\(format(x)), \(format(y))"
    }

    /// A call on an animator: `addAnimations`, `addCompletion`, `startAnimation`, `pauseAnimation`,
    /// `continueAnimation`, `stopAnimation`, `finishAnimation`.
    mutating func readAnimatorCall(
        _ animator: String, _ method: String, _ call: FunctionCallExprSyntax, scope: LocalScope
    ) -> [SceneStatement] {
        let origin = call.startOffset
        let draft = animators.lastIndex { $0.name == animator }
        switch method {
        case "addAnimations", "addCompletion":
            guard let draft, let closure = call.closure(method == "addAnimations" ? "animation" : "completion") else {
                skip(call, "animations added to an animator made elsewhere are not read")
                return []
            }
            if method == "addAnimations" {
                if call.argument("delayFactor") != nil { skip(call, "a delay factor has no counterpart in a scene") }
                var inner = scope
                animators[draft].body += readAction(closure.statements, scope: &inner)
            } else {
                animators[draft].completions += completions(closure, scope: scope)
            }
            return []
        case "startAnimation":
            if let delay = call.argument("afterDelay") {
                guard let seconds = number(delay, in: scope, inAction: true) else {
                    skip(delay, "a delay the importer cannot work out")
                    return []
                }
                return [.line("start \(animator) after \(seconds.text)", origin: origin)]
            }
            return [.line("start \(animator)", origin: origin)]
        case "continueAnimation":
            return [.line("start \(animator)", origin: origin)]
        case "pauseAnimation":
            return [.line("pause \(animator)", origin: origin)]
        case "stopAnimation":
            return [.line("stop \(animator)", origin: origin)]
        case "finishAnimation":
            guard let position = call.argument("at")?.memberPath?.last, ["start", "end", "current"].contains(position)
            else {
                skip(call, "a position the importer does not know")
                return []
            }
            return [.line("finish \(animator) at \(position)", origin: origin)]
        default:
            skip(call, "an animator's \(method) has no counterpart in a scene")
            return []
        }
    }

    /// `addCompletion { position in if position == .end { … } }` is `completion at end`, and each such `if` of
    /// the closure (after any statements for every position) a `completion at P` of its own, the statements before
    /// them a plain `completion`; any other closure is a plain `completion`.
    private mutating func completions(_ closure: ClosureExprSyntax, scope: LocalScope) -> [(
        header: String, body: [SceneStatement]
    )] {
        var inner = scope
        let statements = Array(closure.statements)
        let tests = statements.map { positionTest($0, parameter: closure.parameterNames.first) }
        guard let first = tests.firstIndex(where: { $0 != nil }),
            tests[first...].allSatisfy({ $0 != nil }),
            Set(tests[first...].compactMap { $0?.position }).count == statements.count - first
        else { return [("completion", readAction(statements, scope: &inner))] }
        var out: [(header: String, body: [SceneStatement])] = []
        if first > 0 { out.append(("completion", readAction(statements[..<first], scope: &inner))) }
        for case let (position, body)? in tests[first...] {
            var branch = inner
            out.append(("completion at \(position)", readAction(body.statements, scope: &branch)))
        }
        return out
    }

    /// `if position == .start|.end|.current { … }` without an else, on the completion's parameter.
    private func positionTest(_ item: CodeBlockItemSyntax, parameter: String?) -> (
        position: String, body: CodeBlockSyntax
    )? {
        let expression: ExprSyntax? =
            switch item.item {
            case .expr(let expression): expression
            case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
            case .decl: nil
            }
        guard let parameter, let condition = expression?.as(IfExprSyntax.self), condition.elseBody == nil,
            condition.conditions.count == 1,
            let test = condition.conditions.first?.condition.as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self),
            test.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
            test.leftOperand.memberPath == [parameter],
            let position = test.rightOperand.memberPath?.last, ["start", "end", "current"].contains(position)
        else { return nil }
        return (position, condition.body)
    }

    /// `fractionComplete = E` is `A.fraction = E`; `isReversed = true` is `reverse A`.
    mutating func readAnimatorAssignment(
        _ animator: String, _ property: String, _ value: ExprSyntax, at node: some SyntaxProtocol, scope: LocalScope
    ) -> [SceneStatement] {
        switch property {
        case "fractionComplete":
            guard let fraction = number(value, in: scope, inAction: true) else {
                skip(value, "a value the importer cannot work out")
                return []
            }
            return [.line("\(animator).fraction = \(fraction.text)", origin: node.startOffset)]
        case "isReversed" where boolean(value) == true:
            return [.line("reverse \(animator)", origin: node.startOffset)]
        default:
            skip(node, "an animator's \(property) has no counterpart in a scene")
            return []
        }
    }
}
