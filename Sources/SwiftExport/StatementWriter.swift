import PlaygroundProtocol
import SceneLanguage

/// Statements as Swift: the body of `viewDidAppear(_:)` and of each
/// action's method. Every statement kind writes code, or a comment that
/// says why UIKit has none.
///
/// Inside closures (animation blocks, completions) members are written with
/// `self.`, as Swift requires in escaping closures.
struct StatementWriter {
    let exporter: Exporter
    /// Whether the statements stand in an `animate` block: a nested block
    /// inherits its duration and curve, as UIKit's nested animations do.
    private var insideAnimate = false

    init(exporter: Exporter) {
        self.exporter = exporter
    }

    var scene: Scene { exporter.scene }
    var names: SwiftNames { exporter.names }

    mutating func write(_ statements: [Statement], into code: inout SwiftCode, inClosure: Bool) {
        for statement in statements { write(statement, into: &code, inClosure: inClosure) }
    }

    private mutating func write(_ statement: Statement, into code: inout SwiftCode, inClosure: Bool) {
        let my = inClosure ? "self." : ""
        var expressions = ExpressionWriter(exporter: exporter, inClosure: inClosure)
        switch statement.kind {
        case .setConstant(let name, let op, let value):
            code.line("\(my)\(names.member(name.name)).constant \(op.rawValue) \(expressions.write(value))")
        case .setVariable(let name, let op, let value):
            code.line("\(my)\(names.member(name.name)) \(op.rawValue) \(expressions.write(value))")
        case .setProperty(let name, let property, let value):
            writeProperty(name, property.value, value, statement, into: &code, my: my, expressions: &expressions)
        case .setSpacing(let stack, let after, let value):
            let name = my + names.member(stack.name)
            if let after {
                code.line(
                    "\(name).setCustomSpacing(\(expressions.write(value)), after: \(my)\(names.member(after.name)))")
            } else {
                code.line("\(name).spacing = \(expressions.write(value))")
            }
        case .activate(let items):
            code.line("NSLayoutConstraint.activate(\(constraintList(items, my: my)))")
        case .deactivate(let items):
            code.line("NSLayoutConstraint.deactivate(\(constraintList(items, my: my)))")
        case .layout:
            code.line("\(my)view.layoutIfNeeded()")
        case .animate(let options, let body, let completion):
            writeAnimate(options, body, completion, into: &code)
        case .animateKeyframes(let animation):
            writeKeyframes(animation, into: &code)
        case .animator(let declaration):
            writeAnimator(declaration, into: &code, inClosure: inClosure, replacing: true)
        case .start(let name, let delay):
            let animator = my + names.member(name.name)
            code.line(
                delay == 0
                    ? "\(animator)?.startAnimation()"
                    : "\(animator)?.startAnimation(afterDelay: \(SwiftSyntax.number(delay)))")
        case .pause(let name):
            code.line("\(my)\(names.member(name.name))?.pauseAnimation()")
        case .reverse(let name):
            code.line("\(my)\(names.member(name.name))?.isReversed.toggle()")
        case .setFraction(let name, let value):
            code.line("\(my)\(names.member(name.name))?.fractionComplete = \(expressions.write(value))")
        case .stop(let name):
            let animator = my + names.member(name.name)
            code.line("if \(animator)?.state == .active { \(animator)?.stopAnimation(false) }")
        case .finish(let name, let position):
            let animator = my + names.member(name.name)
            code.comment("finish \(name.name) at \(position.value.rawValue): only a stopped animator can finish.")
            code.line("if \(animator)?.state == .active { \(animator)?.stopAnimation(false) }")
            code.line(
                "if \(animator)?.state == .stopped { \(animator)?.finishAnimation(at: .\(position.value.rawValue)) }")
        case .swap(let a, let b):
            let first = my + names.member(a.name)
            let second = my + names.member(b.name)
            code.line("(\(first), \(second)) = (\(second), \(first))")
        case .run(let action):
            code.line("\(my)\(names.action(action.name))()")
        case .canvas(let size):
            code.comment(
                "canvas \(exporter.sizeText(size.width, size.height)): a view controller cannot resize its own "
                    + "view; a rotation of the device does, and lays it out again.")
        }
    }

    private mutating func writeProperty(
        _ name: Identifier, _ property: AssignableProperty, _ value: PropertyValue, _ statement: Statement,
        into code: inout SwiftCode, my: String, expressions: inout ExpressionWriter
    ) {
        let view = my + names.member(name.name)
        let kind = scene.viewID(named: name.name).map { scene[$0].kind } ?? .view
        switch (property, value) {
        case (.alpha, .number(let expr)):
            code.line("\(view).alpha = \(expressions.write(expr))")
        case (.hidden, .bool(let hidden)):
            code.line("\(view).isHidden = \(hidden)")
        case (.color, .color(let color)):
            let written = scene.text(of: statement.range)
            code.line("\(view).backgroundColor = \(ColorWriter.expression(color, written: written))")
        case (.textcolor, .color(let color)):
            let written = scene.text(of: statement.range)
            code.line(ViewWriter.setTextColor(ColorWriter.expression(color, written: written), of: view, kind: kind))
        case (.font, .number(let expr)):
            let font = "UIFont.systemFont(ofSize: \(expressions.write(expr)))"
            code.line(kind == .button ? "\(view).titleLabel?.font = \(font)" : "\(view).font = \(font)")
        case (.transform, .transform(let steps)):
            code.line("\(view).transform = \(transform(steps, expressions: &expressions))")
        case (.text, .text(let text)):
            setText(SwiftSyntax.string(text), of: view, kind: kind, into: &code)
        case (.text, .textEntry(let list, let index?)):
            let entry =
                "\(my)\(SwiftExporter.entryHelper)(\(my)\(names.member(list.name)), at: \(expressions.write(index)))"
            setText(entry, of: view, kind: kind, into: &code)
        default:
            code.comment(
                "Not exported (a value of the wrong type): \(SwiftSyntax.commentText(scene.text(of: statement.range)))")
        }
    }

    /// `rotate 90 scale 2` as `CGAffineTransform(rotationAngle: 90 * .pi / 180).scaledBy(x: 2, y: 2)`: the
    /// first step an initialiser, the others the chained methods, which compose in the same order.
    private func transform(_ steps: [TransformStep], expressions: inout ExpressionWriter) -> String {
        var written = ""
        for step in steps {
            let first = written.isEmpty
            switch step {
            case .identity:
                written += first ? "CGAffineTransform.identity" : ""
            case .rotate(let angle):
                let degrees = expressions.write(angle)
                let simple = degrees.allSatisfy { $0.isNumber || $0.isLetter || $0 == "." || $0 == "_" }
                let radians = (simple ? degrees : "(\(degrees))") + " * .pi / 180"
                written += first ? "CGAffineTransform(rotationAngle: \(radians))" : ".rotated(by: \(radians))"
            case .scale(let x, let y):
                let sx = expressions.write(x)
                let sy = y.map { expressions.write($0) } ?? sx
                written += first ? "CGAffineTransform(scaleX: \(sx), y: \(sy))" : ".scaledBy(x: \(sx), y: \(sy))"
            case .translate(let x, let y):
                let (tx, ty) = (expressions.write(x), expressions.write(y))
                written +=
                    first ? "CGAffineTransform(translationX: \(tx), y: \(ty))" : ".translatedBy(x: \(tx), y: \(ty))"
            }
        }
        return written
    }

    private func setText(_ text: String, of view: String, kind: ViewKind, into code: inout SwiftCode) {
        code.line(kind == .button ? "\(view).setTitle(\(text), for: .normal)" : "\(view).text = \(text)")
    }

    /// The constraints of `activate` or `deactivate`: single ones in an
    /// array literal, groups added as arrays.
    private func constraintList(_ items: [Identifier], my: String) -> String {
        var parts: [String] = []
        var singles: [String] = []
        func flush() {
            if !singles.isEmpty { parts.append("[" + singles.joined(separator: ", ") + "]") }
            singles = []
        }
        for item in items {
            let name = my + names.member(item.name)
            if scene.constraintID(named: item.name) != nil {
                singles.append(name)
            } else {
                flush()
                parts.append(name)
            }
        }
        flush()
        return parts.isEmpty ? "[]" : parts.joined(separator: " + ")
    }

    // MARK: animate

    private mutating func writeAnimate(
        _ options: AnimationOptions, _ body: [Statement], _ completion: [Statement]?, into code: inout SwiftCode
    ) {
        if case .curve(.bezier(let x1, let y1, let x2, let y2)) = options.timing {
            writeBezierAnimate(options, (x1, y1, x2, y2), body, completion, into: &code)
            return
        }
        var flags: [String] = []
        var header =
            "UIView.animate(withDuration: \(SwiftSyntax.number(options.duration)), "
            + "delay: \(SwiftSyntax.number(options.delay)), "
        switch options.timing {
        case .curve(let curve):
            let flag =
                switch curve {
                case .easeInOut: ".curveEaseInOut"
                case .easeIn: ".curveEaseIn"
                case .easeOut: ".curveEaseOut"
                case .linear, .bezier: ".curveLinear"
                }
            flags.append(flag)
        case .spring(let damping, let velocity):
            header += "usingSpringWithDamping: \(SwiftSyntax.number(damping)), "
            header += "initialSpringVelocity: \(SwiftSyntax.number(velocity)), "
        }
        if options.repeatCount != nil { flags.append(".repeat") }
        if options.autoreverses { flags.append(".autoreverse") }
        if options.overridesDuration { flags.append(".overrideInheritedDuration") }
        if options.overridesCurve { flags.append(".overrideInheritedCurve") }
        header += "options: [\(flags.joined(separator: ", "))])"
        code.open(header + " {")
        let wasInside = insideAnimate
        insideAnimate = true
        if let modifier = repeatModifier(options) {
            code.open(modifier)
            write(body, into: &code, inClosure: true)
            code.close()
        } else {
            write(body, into: &code, inClosure: true)
        }
        insideAnimate = wasInside
        closeAnimation(completion: completion, into: &code)
    }

    /// Closes an animation call's closure, with its completion closure when it has one.
    func closeAnimation(completion: [Statement]?, into code: inout SwiftCode) {
        if let completion {
            code.close("} completion: { _ in")
            code.indented { code in
                var inner = StatementWriter(exporter: exporter)
                inner.write(completion, into: &code, inClosure: true)
            }
            code.line("}")
        } else {
            code.close()
        }
    }

    /// `UIView.modifyAnimations(withRepeatCount:autoreverses:)` for a counted
    /// repeat or an autoreverse; nil for none, or for `repeat forever`, which
    /// the `.repeat` option alone gives.
    func repeatModifier(_ options: AnimationOptions) -> String? {
        let count: Double
        switch options.repeatCount {
        case .forever?: return nil
        case .count(let n)?: count = n
        case nil:
            guard options.autoreverses else { return nil }
            count = 1
        }
        return "UIView.modifyAnimations(withRepeatCount: \(SwiftSyntax.number(count)), "
            + "autoreverses: \(options.autoreverses)) {"
    }

    /// `animate … curve bezier(…)`: `UIView.animate` takes named curves
    /// only; a property animator takes control points, started at once.
    private mutating func writeBezierAnimate(
        _ options: AnimationOptions, _ points: (Double, Double, Double, Double), _ body: [Statement],
        _ completion: [Statement]?, into code: inout SwiftCode
    ) {
        code.open("do {")
        code.comment(
            "A bezier curve: UIView.animate takes named curves only; a property animator takes control points.")
        if insideAnimate {
            code.comment("Nested in an animate block, it keeps its own timing: a property animator inherits nothing.")
        }
        if options.repeatCount != nil || options.autoreverses {
            code.comment("Not exported: repeat and autoreverse, which a property animator does not have.")
        }
        code.open(
            "let curved = UIViewPropertyAnimator(duration: \(SwiftSyntax.number(options.duration)), \(controlPoints(points))) {"
        )
        let wasInside = insideAnimate
        insideAnimate = false
        write(body, into: &code, inClosure: true)
        insideAnimate = wasInside
        code.close()
        if let completion {
            code.open("curved.addCompletion { _ in")
            var inner = StatementWriter(exporter: exporter)
            inner.write(completion, into: &code, inClosure: true)
            code.close()
        }
        code.line(
            options.delay == 0
                ? "curved.startAnimation()" : "curved.startAnimation(afterDelay: \(SwiftSyntax.number(options.delay)))")
        code.close()
    }

    private func controlPoints(_ points: (Double, Double, Double, Double)) -> String {
        let (x1, y1, x2, y2) = points
        return "controlPoint1: CGPoint(x: \(SwiftSyntax.number(x1)), y: \(SwiftSyntax.number(y1))), "
            + "controlPoint2: CGPoint(x: \(SwiftSyntax.number(x2)), y: \(SwiftSyntax.number(y2)))"
    }

    // MARK: animator

    /// `animator A …`: a new `UIViewPropertyAnimator` in A's property, its
    /// completions added. `replacing`: in an action, where the animator it
    /// replaces may be paused or stopped.
    mutating func writeAnimator(
        _ declaration: AnimatorDeclaration, into code: inout SwiftCode, inClosure: Bool, replacing: Bool
    ) {
        let my = inClosure ? "self." : ""
        let property = my + names.member(declaration.name.name)
        if replacing {
            code.line("\(my)\(SwiftExporter.retireHelper)(\(property))")
        }
        let duration = SwiftSyntax.number(declaration.options.duration)
        let opening: String
        switch declaration.options.timing {
        case .curve(.bezier(let x1, let y1, let x2, let y2)):
            opening =
                "\(property) = UIViewPropertyAnimator(duration: \(duration), \(controlPoints((x1, y1, x2, y2)))) {"
        case .curve(let curve):
            let name =
                switch curve {
                case .easeInOut: "easeInOut"
                case .easeIn: "easeIn"
                case .easeOut: "easeOut"
                case .linear, .bezier: "linear"
                }
            opening = "\(property) = UIViewPropertyAnimator(duration: \(duration), curve: .\(name)) {"
        case .spring(let damping, let velocity) where velocity == 0:
            opening =
                "\(property) = UIViewPropertyAnimator(duration: \(duration), dampingRatio: \(SwiftSyntax.number(damping))) {"
        case .spring(let damping, let velocity):
            let v = SwiftSyntax.number(velocity)
            code.line(
                "\(property) = UIViewPropertyAnimator(duration: \(duration), timingParameters: UISpringTimingParameters("
                    + "dampingRatio: \(SwiftSyntax.number(damping)), initialVelocity: CGVector(dx: \(v), dy: \(v))))")
            opening = "\(property)?.addAnimations {"
        }
        code.open(opening)
        var inner = StatementWriter(exporter: exporter)
        inner.write(declaration.body, into: &code, inClosure: true)
        code.close()
        let positioned = FinishPosition.allCases.compactMap { position in
            declaration.completionsAt[position].map { (position, $0) }
        }
        guard declaration.completion != nil || !positioned.isEmpty else { return }
        code.open("\(property)?.addCompletion { \(positioned.isEmpty ? "_" : "position") in")
        if let completion = declaration.completion {
            var writer = StatementWriter(exporter: exporter)
            writer.write(completion, into: &code, inClosure: true)
        }
        for (position, statements) in positioned {
            code.open("if position == .\(position.rawValue) {")
            var writer = StatementWriter(exporter: exporter)
            writer.write(statements, into: &code, inClosure: true)
            code.close()
        }
        code.close()
    }
}
