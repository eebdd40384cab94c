import LayoutSolver
import PlaygroundProtocol
import SceneLanguage

extension LayoutModel {
    /// Auto Layout's "unable to simultaneously satisfy constraints", as a
    /// diagnostic at the constraint that was broken, with a note at each
    /// constraint it conflicts with.
    func unsatisfiable(_ broken: Origin, conflicts: [Constraint]) -> Diagnostic {
        var notes: [Diagnostic.Note] = []
        for conflict in conflicts {
            guard let origin = origin(of: conflict) else { continue }
            // The default canvas is written nowhere: its note has no place to point at.
            let isDefaultCanvas = if case .canvas = origin { scene.settingRanges[.canvas] == nil } else { false }
            let range = isDefaultCanvas ? nil : range(of: origin)
            notes.append(Diagnostic.Note("it conflicts with \(describe(origin))", at: range))
        }
        if notes.isEmpty {
            notes.append(Diagnostic.Note("it contradicts itself: its anchors cancel out, leaving only numbers"))
        }
        return .error(
            .unsatisfiableConstraints,
            "unable to simultaneously satisfy constraints; breaking \(describe(broken)) to recover",
            at: range(of: broken), notes: notes)
    }

    /// What a constraint in the solver stands for, found where the model
    /// keeps it; nil for one it did not add. Only a conflict's message asks,
    /// so the model keeps no table of origins up to date on every change.
    func origin(of constraint: Constraint) -> Origin? {
        if canvasConstraints.contains(where: { $0 === constraint }) { return .canvas }
        if let index = installed.firstIndex(where: { $0 === constraint }) { return .declared(ConstraintID(index)) }
        for (index, constraints) in viewConstraints.enumerated()
        where constraints.contains(where: { $0 === constraint }) {
            let view = ViewID(index)
            if scene[view].fixedFrame != nil { return .fixedFrame(view) }
            let width = variables[index].width
            return constraint.expression.terms.contains { $0.variable == width }
                ? .intrinsicWidth(view) : .intrinsicHeight(view)
        }
        for constraints in stackConstraints.values {
            if let found = constraints.installed.first(where: { $0.constraint === constraint }) { return found.origin }
        }
        return nil
    }

    /// How messages name a constraint's origin: `'card.width == 100'`,
    /// `the fixed frame of 'panel'`, `the canvas size`.
    func describe(_ origin: Origin) -> String {
        switch origin {
        case .declared(let id):
            let constraint = scene[id]
            let text = scene.text(of: constraint.range)
            let shown = text.count > 80 ? text.prefix(77) + "…" : text
            // A visual format line's constraint is a fragment of its format: written out, it says what it is.
            if let expansion = constraint.expansion { return "'\(shown)' (\(expansion))" }
            return "'\(shown)'"
        case .intrinsicWidth(let view): return "the intrinsic width of \(quoted(scene[view].name))"
        case .intrinsicHeight(let view): return "the intrinsic height of \(quoted(scene[view].name))"
        case .fixedFrame(let view): return "the fixed frame of \(quoted(scene[view].name))"
        case .stack(let rule):
            let stack = quoted(scene[rule.stack].name)
            let views = rule.views.map { quoted(scene[$0].name) }
            let about =
                switch rule.kind {
                case .spacing, .distributing: views.count == 2 ? "between \(views[0]) and \(views[1])" : ""
                case .spanningFit: "keeping it as small as its subviews"
                case .fillEqually: views.count == 2 ? "making \(views[1]) as large as \(views[0])" : ""
                case .hiding where views.count == 2: "of \(views[1]), flush against \(views[0])"
                case .alignment where views.count == 2:
                    "of \(quoted(scene[rule.views[1]].name.name + "." + (rule.attribute?.rawValue ?? "")))"
                        + " to \(views[0])'s"
                default:
                    if let view = rule.views.last, let attribute = rule.attribute {
                        "of \(quoted(scene[view].name.name + "." + attribute.rawValue))"
                    } else {
                        views.isEmpty ? "" : "of " + views.joined(separator: " and ")
                    }
                }
            return "\(rule.kind.rawValue)" + (about.isEmpty ? "" : " " + about) + " (from the stack \(stack))"
        case .canvas:
            let isDefault = scene.settingRanges[.canvas] == nil && canvas == scene.canvas
            return "the canvas size (\(canvas)\(isDefault ? ", the default" : ""))"
        }
    }

    /// Where an origin was written; the canvas's default points at the file's start.
    func range(of origin: Origin) -> SourceRange {
        switch origin {
        case .declared(let id): scene[id].range
        case .intrinsicWidth(let view), .intrinsicHeight(let view): scene[view].range
        case .fixedFrame(let view): scene[view].propertyRange(.frame) ?? scene[view].range
        case .stack(let rule):
            if rule.kind == .spacing, let after = rule.views.first,
                let custom = scene[rule.stack].stack?.customSpacings.first(where: { $0.view == after })
            {
                custom.range
            } else {
                scene[rule.stack].range
            }
        case .canvas: scene.settingRanges[.canvas] ?? .at(0, in: scene.file)
        }
    }

    /// The largest coordinate or size a solved frame may have: beyond it a
    /// double cannot tell points apart, and frames' JSON has no infinity.
    package static let largestCoordinate = 1e15

    /// An error for each view whose solved frame is not finite or is beyond
    /// ``largestCoordinate``: multipliers compound along chains of constraints
    /// (`b.width == 1000000000 * a.width`, `c.width == 1000000000 * b.width`, …)
    /// up to infinity, which would otherwise reach frames silently.
    func framesOutOfRange() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for id in scene.viewIDs {
            let frame = frame(of: id)
            // Most layouts have every frame in range: checked before anything is made for a message.
            let limit = LayoutModel.largestCoordinate
            guard
                !(abs(frame.x) <= limit && abs(frame.y) <= limit && abs(frame.width) <= limit
                    && abs(frame.height) <= limit)
            else { continue }
            let values = [
                ("x position", frame.x), ("y position", frame.y), ("width", frame.width), ("height", frame.height),
            ]
            guard let (what, value) = values.first(where: { !(abs($0.1) <= LayoutModel.largestCoordinate) }) else {
                continue
            }
            let view = scene[id]
            found.append(
                .error(
                    .outOfRange,
                    "the constraints put the \(what) of \(quoted(view.name)) out of range (\(value)): frames must stay "
                        + "within ±1000000000000000; large multipliers multiply along chains of constraints",
                    at: view.name.range))
        }
        return found
    }

    /// Auto Layout's ambiguous layout: for each view and guide without a
    /// fixed frame, each axis whose position or size the constraints leave
    /// open, as a warning.
    func ambiguities() -> [Diagnostic] {
        var checked: [Int] = []
        var asked: [Variable] = []
        asked.reserveCapacity(4 * scene.views.count)
        for index in scene.views.indices where scene.views[index].fixedFrame == nil {
            checked.append(index)
            let v = variables[index]
            asked.append(v.width)
            asked.append(v.left)
            asked.append(v.height)
            asked.append(v.top)
        }
        let ambiguous = solver.areAmbiguous(asked)
        var found: [Diagnostic] = []
        for (n, index) in checked.enumerated() {
            // Most views are not ambiguous: nothing is read, copied or made for them.
            guard ambiguous[4 * n] || ambiguous[4 * n + 1] || ambiguous[4 * n + 2] || ambiguous[4 * n + 3] else {
                continue
            }
            let view = scene.views[index]
            for (axis, offset, sizeName, positionName, sizeHint, positionHint) in [
                (
                    "horizontal", 0, "width", "x position", "its width, or both its leading and trailing edges",
                    "its leading, centerX or trailing edge"
                ),
                (
                    "vertical", 2, "height", "y position", "its height, or both its top and bottom edges",
                    "its top, centerY or bottom edge, or a baseline"
                ),
            ] {
                let size = ambiguous[4 * n + offset]
                let position = ambiguous[4 * n + offset + 1]
                guard size || position else { continue }
                var hint = "constrain " + (size ? sizeHint : positionHint)
                // Along a stack's axis the stack places its subviews; equal hugging leaves their sizes open.
                if size, let stack = scene.arrangingStack(of: ViewID(index)),
                    let axis = stackLayouts[stack]?.axis, (axis == .horizontal) == (offset == 0)
                {
                    hint =
                        "give one of the arranged subviews of \(quoted(scene[stack].name)) a lower hugging priority "
                        + "than the others (a lower compression resistance when they do not fit), so that the stack "
                        + "knows which to resize (Xcode's content priority ambiguity)"
                }
                found.append(
                    .warning(
                        .ambiguousLayout,
                        "ambiguous \(axis) layout for \(quoted(view.name)): its constraints leave its "
                            + "\(size ? sizeName : positionName) open", at: view.name.range,
                        notes: [Diagnostic.Note(hint)]))
            }
        }
        return found
    }
}
