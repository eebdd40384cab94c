import LayoutValues
import SwiftSyntax

/// A number as an imported scene writes it: a constant the importer worked out (`self.leadingEdgeOnScreen` is
/// 16, `duration * 2` is 1.6), or an expression the scene evaluates when the action runs (`count + 1`,
/// `titleLeading.constant`).
enum SceneNumber {
    case constant(Double)
    case expression(String)

    /// The text in the language: a constant as a person writes it, an expression in parentheses when it is
    /// more than a name.
    var text: String {
        switch self {
        case .constant(let value): return format(value)
        case .expression(let text): return text
        }
    }

    /// The text as an operand of a binary operator: parenthesised unless it is a number or a name.
    var operand: String {
        switch self {
        case .constant(let value): return value < 0 ? "(\(format(value)))" : format(value)
        case .expression(let text):
            return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? text : "(\(text))"
        }
    }

    var constant: Double? {
        if case .constant(let value) = self { return value }
        return nil
    }
}

/// Names known inside one method or closure: its `let`s of numbers, views, constraints and animators.
struct LocalScope {
    var numbers: [String: SceneNumber] = [:]
    var strings: [String: String] = [:]
    /// A local that refers to a view of the class: `let l = UILabel()` in a property's closure, `$0` in a
    /// `forEach`.
    var views: [String: String] = [:]
    /// A local constraint: its index in the importer's constraints.
    var constraints: [String: Int] = [:]
    /// A local animator: its name in the scene.
    var animators: [String: String] = [:]
}

extension Importer {
    /// The value of a numeric expression: literals, the class's constants, locals, `+ - * /`, parentheses,
    /// `CGFloat(…)` and `Double(…)`; in an action also the scene's variables, constraints' constants and
    /// animators' fractions. Nil for anything else.
    func number(_ expression: ExprSyntax, in scope: LocalScope, inAction: Bool = false) -> SceneNumber? {
        let expression = expression.unwrapped
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.filter { $0 != "_" }).map(SceneNumber.constant)
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.filter { $0 != "_" }).map(SceneNumber.constant)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            guard let operand = number(prefix.expression, in: scope, inAction: inAction) else { return nil }
            if case .constant(let value) = operand { return .constant(-value) }
            return .expression("-\(operand.operand)")
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(op)
        {
            guard let left = number(infix.leftOperand, in: scope, inAction: inAction),
                let right = number(infix.rightOperand, in: scope, inAction: inAction)
            else { return nil }
            if let a = left.constant, let b = right.constant {
                let value: Double
                switch op {
                case "+": value = a + b
                case "-": value = a - b
                case "*": value = a * b
                default:
                    guard b != 0 else { return nil }
                    value = a / b
                }
                return value.isFinite ? .constant(value) : nil
            }
            return .expression("\(left.operand) \(op) \(right.operand)")
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let path = call.calledPath,
            ["CGFloat", "Double", "Float", "TimeInterval", "Int"].contains(path.joined(separator: ".")),
            call.arguments.count == 1, let only = call.arguments.first, only.label == nil
        {
            return number(only.expression, in: scope, inAction: inAction)
        }
        guard let path = expression.selfPath else { return nil }
        if path.count == 1 {
            let name = path[0]
            if let local = scope.numbers[name] { return local }
            if inAction && sceneVariables.contains(name) { return .expression(name) }
            if let value = constants[name] { return .constant(value) }
            if path == ["pi"] { return .constant(Double.pi) }
            return nil
        }
        if path == ["CGFloat", "pi"] || path == ["Double", "pi"] || path == ["", "pi"] {
            return .constant(Double.pi)
        }
        if inAction, path.count == 3, let geometry = frameValue(path, in: scope) { return .expression(geometry) }
        guard inAction, path.count == 2 else { return nil }
        if path[1] == "constant", let constraint = constraintName(path[0], in: scope) {
            return .expression("\(constraint).constant")
        }
        if path[1] == "fractionComplete", let animator = animatorName(path[0], in: scope) {
            return .expression("\(animator).fraction")
        }
        return nil
    }

    /// A view's `frame` or `bounds` read in an action, as the scene's current model frame: `message1.frame.midY`
    /// is `message1.midY`, `view.bounds.width` `root.width`. A frame is in the parent's coordinates, so only the
    /// root's subviews' frames (and the root's) are read; a bounds' size is the frame's, its origin is not read.
    private func frameValue(_ path: [String], in scope: LocalScope) -> String? {
        let sizes: Set<String> = ["width", "height"]
        let positions: Set<String> = ["minX", "midX", "maxX", "minY", "midY", "maxY"]
        guard let view = viewName(path: [path[0]], in: scope), views[view]?.kind != .guide else { return nil }
        switch path[1] {
        case "bounds" where sizes.contains(path[2]):
            return "\(view).\(path[2])"
        case "frame" where sizes.contains(path[2]) || positions.contains(path[2]):
            guard view == "root" || views[view]?.parent == "root" else { return nil }
            return "\(view).\(path[2])"
        default:
            return nil
        }
    }

    /// The value of a string expression: a literal without interpolation, or a constant or local string.
    func string(_ expression: ExprSyntax, in scope: LocalScope) -> String? {
        let expression = expression.unwrapped
        if let literal = expression.as(StringLiteralExprSyntax.self) { return literal.value }
        guard let path = expression.selfPath, path.count == 1 else { return nil }
        return scope.strings[path[0]] ?? strings[path[0]]
    }

    /// A Boolean literal's value.
    func boolean(_ expression: ExprSyntax) -> Bool? {
        guard let literal = expression.unwrapped.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// The view an expression refers to: `root` for `view` (or `self` in a view subclass), a view property's name,
    /// a local alias.
    func viewName(_ expression: ExprSyntax, in scope: LocalScope) -> String? {
        guard let path = expression.memberPath else { return nil }
        return viewName(path: path, in: scope)
    }

    func viewName(path: [String], in scope: LocalScope) -> String? {
        switch path {
        case ["self"] where rootIsSelf, ["self", "view"] where !rootIsSelf, ["view"] where !rootIsSelf:
            return "root"
        case let p where p.count == 1:
            if let alias = scope.views[p[0]] { return alias }
            return views[p[0]] != nil ? p[0] : nil
        case let p where p.count == 2 && p[0] == "self":
            return views[p[1]] != nil ? p[1] : nil
        default:
            return nil
        }
    }

    /// The button whose `titleLabel` an expression is, for a property of the title that the scene gives the
    /// button itself (`button.titleLabel?.font`, `numberOfLines`).
    func buttonOfTitleLabel(_ expression: ExprSyntax, scope: LocalScope, property: String) -> String? {
        guard property == "font" || property == "numberOfLines", var path = expression.memberPath,
            path.popLast() == "titleLabel", let view = viewName(path: path, in: scope), views[view]?.kind == .button
        else { return nil }
        return view
    }

    /// The scene name of a constraint an expression names: a stored constraint property or a local.
    func constraintName(_ name: String, in scope: LocalScope) -> String? {
        if constraintSlots.contains(name) { return name }
        if let index = scope.constraints[name] { return constraints[index].name }
        return nil
    }

    func animatorName(_ name: String, in scope: LocalScope) -> String? {
        scope.animators[name] ?? (animatorSlots.contains(name) ? name : nil)
    }
}
