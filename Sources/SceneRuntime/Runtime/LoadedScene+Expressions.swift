import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// The value of an action's expression now: numbers, `system`, model
    /// frames (as of the last layout pass), constraint constants, animator
    /// fractions, variables and the lengths of text lists. Nil, with a diagnostic, when it is not a finite number.
    mutating func evaluate(_ expr: Expr) -> Double? {
        let value = value(of: expr)
        guard let value else { return nil }
        guard value.isFinite else {
            report(.error(.invalidValue, "this expression is not a number (\(value))", at: expr.range))
            return nil
        }
        return value
    }

    private mutating func value(of expr: Expr) -> Double? {
        switch expr.kind {
        case .number(let value): return value
        case .system: return Expr.systemSpacing
        case .negate(let operand): return value(of: operand).map { -$0 }
        case .binary(let op, let lhs, let rhs):
            guard let l = value(of: lhs), let r = value(of: rhs) else { return nil }
            return op.apply(l, r)
        case .reference(let path):
            return value(of: path, at: expr.range)
        }
    }

    /// `card.midY`, `root.safeArea.minY`, `pinned.constant`, `open.fraction`,
    /// a variable `index`, a text list's length `questions.count`.
    private mutating func value(of path: [Identifier], at range: SourceRange) -> Double? {
        if path.count == 1, let index = scene.variableIndices[path[0].name] {
            return variables[index]
        }
        guard let last = path.last, path.count >= 2 else { return nil }
        let head = path[0].name
        if head == "root" {
            let item: LayoutItem =
                path.count == 3 ? (path[1].name == "safeArea" ? .safeArea : .margins) : .root
            return frameValue(last.name, of: layout.frame(of: item))
        }
        if let view = viewByName[head] {
            return frameValue(last.name, of: laidOut[view.index])
        }
        if last.name == "constant", let id = constraintByName[head] {
            return layout.constant(of: id)
        }
        if last.name == "fraction", let id = animatorByName[head] {
            return animators[id].fraction(at: time)
        }
        if last.name == "count", let index = scene.textListIndices[head] {
            return Double(scene.textLists[index].texts.count)
        }
        report(.error(.unknownName, "unknown name \(quoted(head))", at: range))
        return nil
    }

    /// A frame property or an attribute name read off a frame.
    private func frameValue(_ name: String, of frame: Rect) -> Double? {
        let property =
            FrameProperty(rawValue: name) ?? Attribute(rawValue: name).flatMap(FrameProperty.init(attribute:))
        return property?.value(in: frame)
    }
}
