import PlaygroundProtocol
import SceneLanguage

/// An action's expression as a `CGFloat` expression: numbers, `+ - * /`,
/// constraints' constants, animators' fractions, variables, text lists'
/// counts, and views' frames in the root view's coordinates.
struct ExpressionWriter {
    let exporter: Exporter
    /// Whether members need `self.` (in a closure).
    let inClosure: Bool

    private var my: String { inClosure ? "self." : "" }
    private var scene: Scene { exporter.scene }

    mutating func write(_ expr: Expr) -> String {
        text(expr).code
    }

    /// The code and its precedence: 1 for `+ -`, 2 for `* /`, 3 for an operand that needs no parentheses.
    private func text(_ expr: Expr) -> (code: String, precedence: Int) {
        switch expr.kind {
        case .number(let value):
            return (SwiftSyntax.number(value), value < 0 ? 2 : 3)
        case .system:
            return (SwiftSyntax.number(Expr.systemSpacing), 3)
        case .reference(let path):
            return (reference(path.map(\.name)), 3)
        case .negate(let operand):
            let (inner, precedence) = text(operand)
            return ("-" + (precedence < 3 || inner.hasPrefix("-") ? "(\(inner))" : inner), 3)
        case .binary(let op, let lhs, let rhs):
            let precedence = op == .add || op == .subtract ? 1 : 2
            let (left, leftPrecedence) = text(lhs)
            let (right, rightPrecedence) = text(rhs)
            // Parentheses keep the scene's grouping: floating-point arithmetic is not associative.
            let l = leftPrecedence < precedence ? "(\(left))" : left
            let r = rightPrecedence <= precedence ? "(\(right))" : right
            return ("\(l) \(op.rawValue) \(r)", precedence)
        }
    }

    /// A dotted reference as the checker accepted it.
    private func reference(_ path: [String]) -> String {
        let names = exporter.names
        if path.count == 1 { return my + names.member(path[0]) }
        let property = path[path.count - 1]
        if path[0] == "root" {
            let frame =
                switch path.count == 3 ? path[1] : "" {
                case "safeArea": "\(my)view.safeAreaLayoutGuide.layoutFrame"
                case "margins": "\(my)view.layoutMarginsGuide.layoutFrame"
                default: "\(my)view.bounds"
                }
            return "\(frame).\(frameProperty(property))"
        }
        let head = path[0]
        let member = my + names.member(head)
        if let id = scene.viewID(named: head) {
            let frame: String
            if scene[id].kind == .guide {
                let atRoot = scene[id].parent == nil && !exporter.swapped.contains(head)
                frame =
                    atRoot
                    ? "\(member).layoutFrame"
                    : "\(my)view.convert(\(member).layoutFrame, from: \(member).owningView)"
            } else if exporter.framedByParent.contains(head) {
                frame = "\(member).frame"
            } else {
                frame = "\(member).convert(\(member).bounds, to: \(my)view)"
            }
            return "\(frame).\(frameProperty(property))"
        }
        if scene.constraintID(named: head) != nil { return "\(member).constant" }
        if scene.textListIndices[head] != nil { return "CGFloat(\(member).count)" }
        // An animator: its fraction, 0 before it exists.
        return "(\(member)?.fractionComplete ?? 0)"
    }

    /// `minX`…`height`, or an attribute's name read as one (`centerY` is `midY`).
    private func frameProperty(_ name: String) -> String {
        if let property = FrameProperty(rawValue: name) { return property.rawValue }
        if let attribute = Attribute(rawValue: name), let property = FrameProperty(attribute: attribute) {
            return property.rawValue
        }
        return name
    }
}
