import Animation
import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// How deep `run` may nest at run time (the checker rejects recursion
    /// in a file; statements sent by clients are bounded here).
    static let maximumRunDepth = 64

    /// Runs statements in order. A statement that fails reports a diagnostic
    /// and is skipped; the rest run.
    mutating func runStatements(_ statements: [Statement]) {
        for statement in statements { run(statement) }
    }

    private mutating func run(_ statement: Statement) {
        switch statement.kind {
        case .setConstant(let name, let op, let expr):
            guard let id = constraint(named: name), let value = evaluate(expr) else { return }
            let current = layout.constant(of: id)
            let new =
                switch op {
                case .assign: value
                case .add: current + value
                case .subtract: current - value
                }
            setConstant(id, to: new, at: statement)
        case .setVariable(let name, let op, let expr):
            setVariable(name, op, expr, at: statement)
        case .setProperty(let name, let property, let value):
            // A text list's entry becomes its text first: `set` sees plain values only.
            guard let view = view(named: name), let value = resolved(value) else { return }
            set(property.value, of: view, to: value, at: statement)
        case .setSpacing(let stackName, let afterName, let expr):
            guard let stack = view(named: stackName), let value = evaluate(expr) else { return }
            var after: ViewID? = nil
            if let afterName {
                guard let view = view(named: afterName) else { return }
                after = view
            }
            setSpacing(value, of: stack, after: after, at: statement)
        case .activate(let names):
            for name in names { switchConstraints(named: name, on: true, at: statement) }
        case .deactivate(let names):
            for name in names { switchConstraints(named: name, on: false, at: statement) }
        case .layout:
            layoutIfNeeded()
        case .animate(let options, let body, let completion):
            animate(options, body: body, completion: completion, at: statement.range)
        case .animateKeyframes(let animation):
            animateKeyframes(animation, at: statement.range)
        case .animator(let declaration):
            createAnimator(declaration)
        case .start(let name, let delay):
            startAnimator(name, after: delay, at: statement)
        case .pause(let name):
            pauseAnimator(name, at: statement)
        case .reverse(let name):
            reverseAnimator(name, at: statement)
        case .setFraction(let name, let expr):
            guard let value = evaluate(expr) else { return }
            setFraction(of: name, to: value, at: statement)
        case .stop(let name):
            stopAnimator(name, at: statement)
        case .finish(let name, let position):
            finishAnimator(name, at: position.value, statement: statement)
        case .swap(let a, let b):
            swapNames(a, b)
        case .run(let name):
            guard let action = scene.action(named: name.name) else {
                let unknown = UnknownAction(name.name, among: scene.actions.map(\.name.name))
                report(.error(.unknownName, unknown.description, at: name.range))
                return
            }
            guard runDepth < Self.maximumRunDepth else {
                report(
                    .error(
                        .runtimeLimit,
                        "actions nest more than \(Self.maximumRunDepth) deep; \(quoted(name.name)) is not run",
                        at: name.range))
                return
            }
            runDepth += 1
            defer { runDepth -= 1 }
            runStatements(action.body)
        case .canvas(let size):
            layout.setCanvas(size)
            noteLayoutChange(.canvas)
        }
    }

    // MARK: Constraints

    mutating func setConstant(_ id: ConstraintID, to value: Double, at statement: Statement) {
        guard NumberLimits.contains(value) else {
            report(
                .error(
                    .outOfRange, "the constant \(value) is out of range (at most ±\(NumberLimits.largestText))",
                    at: statement.range))
            return
        }
        // As NSLayoutConstraint's setter, the same constant again changes nothing: no layout pass waits.
        guard value != layout.constant(of: id) else { return }
        noteConstraintChange(id)
        if let failure = layout.setConstant(id, to: value) {
            reportLayoutFailure(failure, at: statement)
        }
        noteLayoutChange(.constraint(id))
    }

    /// Remembers, for the nearest enclosing animator block, a constraint's
    /// constant and activation before its first change in the block.
    private mutating func noteConstraintChange(_ id: ConstraintID) {
        guard let c = contexts.lastIndex(where: { if case .animator = $0.group.driver { true } else { false } }) else {
            return
        }
        guard !contexts[c].changedConstraints.contains(where: { $0.id == id }) else { return }
        contexts[c].changedConstraints.append((id, layout.constant(of: id), layout.isInstalled(id)))
    }

    /// `S.spacing [after V] = E`: like a constraint's constant, the new
    /// spacing waits for a layout pass.
    private mutating func setSpacing(_ value: Double, of stack: ViewID, after: ViewID?, at statement: Statement) {
        guard NumberLimits.contains(value) else {
            report(
                .error(
                    .outOfRange, "the spacing \(value) is out of range (at most ±\(NumberLimits.largestText))",
                    at: statement.range))
            return
        }
        guard scene[stack].stack != nil else {
            report(.error(.typeMismatch, "\(quoted(viewNames[stack.index])) is not a stack", at: statement.range))
            return
        }
        if let after, scene.arrangingStack(of: after) != stack {
            report(
                .error(
                    .invalidValue,
                    "\(quoted(viewNames[after.index])) is not arranged by \(quoted(viewNames[stack.index]))",
                    at: statement.range))
            return
        }
        guard layout.spacing(of: stack, after: after) != value else { return }
        for failure in layout.setSpacing(value, of: stack, after: after) { reportLayoutFailure(failure, at: statement) }
        noteLayoutChange(.arrangement(stack: stack))
    }

    private mutating func switchConstraints(
        named name: Identifier, on: Bool, at statement: Statement
    ) {
        var ids: [ConstraintID] = []
        if let id = constraintByName[name.name] {
            ids = [id]
        } else if let group = scene.groupID(named: name.name) {
            ids = scene.constraintIDs.filter { scene[$0].group == group }
        } else {
            report(.error(.unknownName, "unknown constraint or group \(quoted(name.name))", at: name.range))
            return
        }
        // A constraint already in the state asked for changes nothing: no layout pass waits.
        for id in ids where layout.isInstalled(id) != on {
            noteConstraintChange(id)
            if on {
                if let failure = layout.activate(id) { reportLayoutFailure(failure, at: statement) }
            } else {
                layout.deactivate(id)
            }
            noteLayoutChange(.constraint(id))
        }
    }

    /// Passes on why the layout model refused a constraint, with a note at
    /// the statement that caused it when that is in the scene's file (not
    /// in an `exec`'s source), as the diagnostics of a layout failure always
    /// have been.
    private mutating func reportLayoutFailure(_ failure: Diagnostic, at statement: Statement) {
        var diagnostic = failure
        if statement.range.file.name == scene.file.name {
            diagnostic.notes.append(Diagnostic.Note("when this ran", at: statement.range))
        }
        report(diagnostic)
    }

    // MARK: View properties

    private mutating func set(
        _ property: AssignableProperty, of view: ViewID, to value: PropertyValue, at statement: Statement
    ) {
        let index = view.index
        let kind = scene[view].kind
        switch (property, value) {
        case (.alpha, .number(let expr)):
            guard let alpha = evaluate(expr) else { return }
            if !(0...1).contains(alpha) {
                report(
                    .warning(
                        .invalidValue, "alpha must be between 0 and 1, not \(format(alpha)); it is clamped",
                        at: expr.range))
            }
            let old = states[index].alpha
            states[index].alpha = min(max(alpha, 0), 1)
            recordChange(of: index, .alpha, from: old, to: states[index].alpha)
        case (.font, .number(let expr)) where kind.hasText:
            guard let font = evaluate(expr), font > 0, font <= 10_000 else {
                report(.error(.invalidValue, "a font size must be above 0 and at most 10000", at: expr.range))
                return
            }
            guard font != states[index].font else { break }
            states[index].font = font
            layout.setText(states[index].text, font: font, of: view)
            noteLayoutChange(.text(view: view))
        case (.text, .text(let text)) where kind.hasText:
            // The same text again leaves the intrinsic size as it is: no layout pass waits.
            guard text != states[index].text else { break }
            states[index].text = text
            layout.setText(text, font: states[index].font, of: view)
            noteLayoutChange(.text(view: view))
        case (.hidden, .bool(let hidden)):
            states[index].isHidden = hidden
            if let (stack, failures) = layout.setHidden(hidden, of: view) {
                for failure in failures { reportLayoutFailure(failure, at: statement) }
                noteLayoutChange(.arrangement(stack: stack))
                // A stack lays out its arranged subviews as soon as one is hidden or shown inside an
                // animation block, so the collapse animates without a `layout`, as UIStackView's does.
                if !contexts.isEmpty { layoutPass() }
            }
        case (.transform, .transform(let steps)):
            guard let transform = evaluate(steps) else { return }
            let old = states[index].transform.parts.values
            states[index].transform = transform
            for (channel, (from, to)) in zip(Channel.transform, zip(old, transform.parts.values)) {
                recordChange(of: index, channel, from: from, to: to)
            }
        case (.textcolor, .color(let color)) where kind.hasText:
            // UIKit does not animate a label's textColor: it changes at once, inside an animation block too.
            states[index].textColor = color
        case (.color, .color(let color)):
            let old = states[index].color
            states[index].color = color
            if let old, !old.isClear, !color.isClear {
                // Both are colours: the channels animate; otherwise the colour jumps.
                let (r0, g0, b0) = old.channels
                let (r1, g1, b1) = color.channels
                recordChange(of: index, .red, from: r0, to: r1)
                recordChange(of: index, .green, from: g0, to: g1)
                recordChange(of: index, .blue, from: b0, to: b1)
            }
        default:
            report(
                .error(
                    .notApplicable,
                    "\(quoted(viewNames[index])) is a \(kind.rawValue), which has no '\(property.rawValue)'",
                    at: statement.range))
            return
        }
        writeProperties(of: index)
    }

    /// The transform of `V.transform = …`'s steps, composed as
    /// `CGAffineTransform`'s chained methods compose them (each step applies
    /// before those written before it); nil, with a diagnostic, when a value
    /// cannot be worked out or the result is not finite.
    private mutating func evaluate(_ steps: [TransformStep]) -> AffineTransform2D? {
        var transform = AffineTransform2D.identity
        for step in steps {
            var values: [Double] = []
            for expr in step.expressions {
                guard let value = evaluate(expr) else { return nil }
                values.append(value)
            }
            let matrix: AffineTransform2D =
                switch step {
                case .identity: .identity
                case .rotate: AffineTransform2D(rotationDegrees: values[0])
                case .scale: AffineTransform2D(scaleX: values[0], y: values.count > 1 ? values[1] : values[0])
                case .translate: AffineTransform2D(translationX: values[0], y: values[1])
                }
            transform = matrix.concatenating(transform)
        }
        guard transform.components.allSatisfy({ $0.isFinite && abs($0) <= LayoutModel.largestCoordinate }) else {
            let range = steps.flatMap(\.expressions).map(\.range).reduce(nil as SourceRange?) { $0?.union($1) ?? $1 }
            if let range { report(.error(.outOfRange, "this transform holds a number out of range", at: range)) }
            return nil
        }
        return transform
    }

    /// Records a change of a channel in the innermost animating block, if any.
    mutating func recordChange(of view: Int, _ channel: Channel, from: Double, to: Double) {
        guard !contexts.isEmpty else { return }
        contexts[contexts.count - 1].group.record(channel: channel.index(ofView: view), from: from, to: to)
    }

    // MARK: Names

    /// The view a name stands for now, or a diagnostic.
    private mutating func view(named name: Identifier) -> ViewID? {
        if let view = viewByName[name.name] { return view }
        report(.error(.unknownName, "unknown view \(quoted(name.name))", at: name.range))
        return nil
    }

    /// The scene constraint a name stands for now, or a diagnostic.
    private mutating func constraint(named name: Identifier) -> ConstraintID? {
        if let id = constraintByName[name.name] { return id }
        report(.error(.unknownName, "unknown constraint \(quoted(name.name))", at: name.range))
        return nil
    }

    /// `swap X Y`: two views, or two constraints, trade names.
    private mutating func swapNames(_ a: Identifier, _ b: Identifier) {
        if let i = viewByName[a.name], let j = viewByName[b.name] {
            viewByName[a.name] = j
            viewByName[b.name] = i
            viewNames.swapAt(i.index, j.index)
        } else if let i = constraintByName[a.name], let j = constraintByName[b.name] {
            constraintByName[a.name] = j
            constraintByName[b.name] = i
        } else {
            report(
                .error(
                    .typeMismatch, "cannot swap \(quoted(a.name)) and \(quoted(b.name))", at: a.range.union(b.range)))
        }
    }
}
