import LayoutValues
import SwiftSyntax

/// The anchors of `UIView` and `UILayoutGuide` by their attribute in the language.
private let anchorAttributes: [String: String] = [
    "leadingAnchor": "leading", "trailingAnchor": "trailing", "leftAnchor": "left", "rightAnchor": "right",
    "topAnchor": "top", "bottomAnchor": "bottom", "widthAnchor": "width", "heightAnchor": "height",
    "centerXAnchor": "centerX", "centerYAnchor": "centerY", "firstBaselineAnchor": "firstBaseline",
    "lastBaselineAnchor": "lastBaseline",
]

/// The relations of the anchor methods' first labels.
private let relations: [String: String] = [
    "equalTo": "==", "greaterThanOrEqualTo": ">=", "lessThanOrEqualTo": "<=",
    "equalToConstant": "==", "greaterThanOrEqualToConstant": ">=", "lessThanOrEqualToConstant": "<=",
    "equalToSystemSpacingAfter": "==", "greaterThanOrEqualToSystemSpacingAfter": ">=",
    "lessThanOrEqualToSystemSpacingAfter": "<=", "equalToSystemSpacingBelow": "==",
    "greaterThanOrEqualToSystemSpacingBelow": ">=", "lessThanOrEqualToSystemSpacingBelow": "<=",
]

/// An anchor as the language writes its item and attribute: `root.safeArea` and `top`.
struct ImportedAnchor {
    var item: String
    var attribute: String
    /// The view the item belongs to (`root` for the root and its guides), which must be in the scene.
    var view: String

    var text: String { "\(item).\(attribute)" }
}

extension Importer {
    /// Whether a call makes a constraint from an anchor: `a.topAnchor.constraint(equalTo: …)`.
    func isConstraintCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledPath == ["NSLayoutConstraint"], call.argumentLabels.first == "item" { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        let name = member.declName.baseName.text
        if name == "constraint" { return true }
        // A method of the file's `extension NSLayoutConstraint` called on a constraint made here.
        guard constraintMethods[name] != nil, let base = member.base?.unwrapped.as(FunctionCallExprSyntax.self)
        else { return false }
        return isConstraintCall(base)
    }

    /// The anchor an expression names: a view's, the root's, or one of their guides'.
    func anchor(_ expression: ExprSyntax, scope: LocalScope) -> ImportedAnchor? {
        guard var path = expression.memberPath, let last = path.popLast(), let attribute = anchorAttributes[last]
        else { return nil }
        var guide = ""
        if path.last == "safeAreaLayoutGuide" || path.last == "layoutMarginsGuide" {
            guide = path.removeLast() == "safeAreaLayoutGuide" ? ".safeArea" : ".margins"
        }
        if path.isEmpty && rootIsSelf { path = ["self"] }
        guard let view = viewName(path: path, in: scope) else { return nil }
        if guide == ".safeArea" && view != "root" { return nil }
        return ImportedAnchor(item: view + guide, attribute: attribute, view: view)
    }

    /// Makes the constraint a call describes, inactive, and returns its index; or skips the call with the
    /// reason.
    mutating func makeConstraint(_ call: FunctionCallExprSyntax, scope: LocalScope) -> Int? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let method = constraintMethods[member.declName.baseName.text],
            let base = member.base?.unwrapped.as(FunctionCallExprSyntax.self), isConstraintCall(base)
        {
            guard let index = makeConstraint(base, scope: scope) else { return nil }
            applyConstraintMethod(method, call: call, to: index)
            return index
        }
        if call.calledPath == ["NSLayoutConstraint"] { return makeItemConstraint(call, scope: scope) }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let first = anchor(base, scope: scope)
        else {
            skip(call, "an anchor the importer does not know")
            return nil
        }
        let labels = call.argumentLabels
        guard let label = labels.first, let relation = relations[label] else {
            skip(call, "a constraint method the importer does not know")
            return nil
        }
        // Each number argument: absent, known, or not known (then the constraint is left out).
        var unknown: ExprSyntax?
        func argument(_ name: String) -> Double? {
            guard let expression = call.argument(name) else { return nil }
            guard let value = number(expression, in: scope)?.constant else {
                unknown = unknown ?? expression
                return nil
            }
            return value
        }
        var text: String
        var constant = 0.0
        var items = [first.view]
        if label.hasSuffix("Constant") {
            text = "\(first.text) \(relation)"
            constant = argument(label) ?? 0
        } else {
            guard let secondExpression = call.argument(label), let second = anchor(secondExpression, scope: scope)
            else {
                skip(call, "an anchor the importer does not know")
                return nil
            }
            items.append(second.view)
            let factor = argument("multiplier") ?? 1
            if label.contains("SystemSpacing") {
                let spacing = factor == 1 ? "system" : "\(format(factor)) * system"
                text = "\(first.text) \(relation) \(second.text) + \(spacing)"
            } else {
                text = "\(first.text) \(relation) \(factor == 1 ? "" : "\(format(factor)) * ")\(second.text)"
                constant = argument("constant") ?? 0
            }
        }
        if let unknown {
            skip(unknown, "a value the importer cannot work out: the constraint is left out")
            return nil
        }
        constraints.append(
            ImportedConstraint(
                text: text, constant: constant, name: nil, group: nil, priority: nil, activation: nil,
                origin: call.positionAfterSkippingLeadingTrivia.utf8Offset, items: items))
        return constraints.count - 1
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`: `a.x REL m * b.y + c`,
    /// a multiplied position evaluated as UIKit evaluates it (and the language too), in the items' nearest common
    /// ancestor's coordinates; `toItem: nil` with `.notAnAttribute` relates a size to the constant alone.
    private mutating func makeItemConstraint(_ call: FunctionCallExprSyntax, scope: LocalScope) -> Int? {
        let relationNames = ["equal": "==", "greaterThanOrEqual": ">=", "lessThanOrEqual": "<="]
        func item(_ expression: ExprSyntax?) -> String? {
            guard let path = expression?.memberPath else { return nil }
            if path.last == "safeAreaLayoutGuide" || path.last == "layoutMarginsGuide" {
                guard let view = viewName(path: Array(path.dropLast()), in: scope) else { return nil }
                if path.last == "safeAreaLayoutGuide" { return view == "root" ? "root.safeArea" : nil }
                return view + ".margins"
            }
            return viewName(path: path.isEmpty && rootIsSelf ? ["self"] : path, in: scope)
        }
        let attributes = call.arguments.filter { $0.label?.text == "attribute" }.map { $0.expression.memberPath?.last }
        guard let first = item(call.argument("item")), attributes.count == 2, let firstAttribute = attributes[0],
            anchorAttributes.values.contains(firstAttribute),
            let relation = call.argument("relatedBy")?.memberPath?.last.flatMap({ relationNames[$0] })
        else {
            skip(call, "an NSLayoutConstraint(item:…) the importer cannot work out")
            return nil
        }
        let multiplier = call.argument("multiplier").flatMap { number($0, in: scope)?.constant } ?? 1
        guard let constant = call.argument("constant").map({ number($0, in: scope)?.constant }) ?? 0 else {
            skip(call, "a value the importer cannot work out: the constraint is left out")
            return nil
        }
        let owner: (String) -> String = { String($0.split(separator: ".").first ?? "") }
        var text = "\(first).\(firstAttribute) \(relation)"
        var items = [owner(first)]
        if let toItem = call.argument("toItem"), toItem.as(NilLiteralExprSyntax.self) == nil {
            guard let second = item(toItem), let secondAttribute = attributes[1],
                anchorAttributes.values.contains(secondAttribute)
            else {
                skip(call, "an NSLayoutConstraint(item:…) the importer cannot work out")
                return nil
            }
            text += " \(multiplier == 1 ? "" : "\(format(multiplier)) * ")\(second).\(secondAttribute)"
            items.append(owner(second))
        }
        constraints.append(
            ImportedConstraint(
                text: text, constant: constant, name: nil, group: nil, priority: nil, activation: nil,
                origin: call.positionAfterSkippingLeadingTrivia.utf8Offset, items: items))
        return constraints.count - 1
    }

    /// A method of the file's `extension NSLayoutConstraint` called on a constraint: its body is read with its
    /// parameters bound to the call's arguments (or their default values). `priority = P` and
    /// `self.priority = P` set the priority, `constant` and `isActive` as in the setup; `identifier` and
    /// `return self` change nothing in a scene. Anything else is skipped.
    private mutating func applyConstraintMethod(
        _ method: FunctionDeclSyntax, call: FunctionCallExprSyntax, to index: Int
    ) {
        var bound: [String: ExprSyntax] = [:]
        var arguments = Array(call.arguments)
        for parameter in method.signature.parameterClause.parameters {
            let label = parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let position = arguments.firstIndex(where: { ($0.label?.text ?? "_") == label }) {
                bound[name] = arguments.remove(at: position).expression
            } else if let value = parameter.defaultValue?.value {
                bound[name] = value
            }
        }
        for item in method.body?.statements ?? [] {
            if case .stmt(let statement) = item.item, let returned = statement.as(ReturnStmtSyntax.self),
                returned.expression?.memberPath == ["self"]
            {
                continue
            }
            guard let infix = item.expression?.as(InfixOperatorExprSyntax.self),
                infix.operator.is(AssignmentExprSyntax.self), let path = infix.leftOperand.selfPath, path.count == 1
            else {
                skip(item, "only a constraint's priority, constant and activation are read")
                continue
            }
            var value = infix.rightOperand
            if let name = value.memberPath, name.count == 1, let argument = bound[name[0]] { value = argument }
            switch path[0] {
            case "priority":
                if let priority = priority(value) {
                    constraints[index].priority = priority
                } else {
                    skip(call, "a priority the importer cannot work out")
                }
            case "constant":
                if let constant = number(value, in: LocalScope())?.constant { constraints[index].constant = constant }
            case "isActive":
                if boolean(value) == true { activate(index) } else { constraints[index].activation = nil }
            case "identifier": break
            default: skip(item, "only a constraint's priority, constant and activation are read")
            }
        }
    }

    /// A number after an operator, `+ 8`, `- 1000`, or alone, `-1000`.
    static func signed(_ value: Double, first: Bool) -> String {
        if first { return format(value) }
        return value < 0 ? "- \(format(-value))" : "+ \(format(value))"
    }

    /// The constraint an expression makes or names: a call (made here), a stored property, a local.
    mutating func constraintIndex(_ expression: ExprSyntax, scope: LocalScope, quiet: Bool = false) -> Int? {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self), isConstraintCall(call) {
            return makeConstraint(call, scope: scope)
        }
        if let path = expression.selfPath, path.count == 1 {
            if let local = scope.constraints[path[0]] { return local }
            if constraintSlots.contains(path[0]) {
                if let index = constraints.lastIndex(where: { $0.name == path[0] }) { return index }
                if let index = lazyConstraint(path[0]) { return index }
                if !quiet { skip(expression, "'\(path[0])' has no constraint yet") }
                return nil
            }
        }
        if !quiet { skip(expression, "not a constraint the importer can read") }
        return nil
    }

    /// The constraints a list names, in order: an array (`[a, b.constraint(…)]`), a group (`g`), and those joined
    /// with `+`, as `NSLayoutConstraint.activate` takes them. Nil, with a warning, for anything else.
    mutating func constraintList(_ expression: ExprSyntax, scope: LocalScope) -> [Int]? {
        let expression = expression.unwrapped
        if let list = expression.as(ArrayExprSyntax.self) {
            return list.elements.compactMap { constraintIndex($0.expression, scope: scope) }
        }
        if let path = expression.selfPath, path.count == 1, groupSlots.contains(path[0]) {
            return groupMembers[path[0]] ?? []
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            guard let left = constraintList(infix.leftOperand, scope: scope),
                let right = constraintList(infix.rightOperand, scope: scope)
            else { return nil }
            return left + right
        }
        skip(expression, "not a list of constraints the importer can read")
        return nil
    }

    /// The names of the constraints and groups a list switched in an action names: an array of kept constraints, a
    /// group, and those joined with `+`. Nil, with a warning, for anything else.
    func switchedNames(_ expression: ExprSyntax, scope: LocalScope, skips: inout [(Syntax, String)]) -> [String]? {
        let expression = expression.unwrapped
        if let list = expression.as(ArrayExprSyntax.self) {
            var names: [String] = []
            for element in list.elements {
                if let path = element.expression.selfPath, path.count == 1,
                    let name = constraintName(path[0], in: scope)
                {
                    names.append(name)
                } else {
                    skips.append((Syntax(element), "only constraints the class keeps can be switched in an action"))
                }
            }
            return names
        }
        if let path = expression.selfPath, path.count == 1, groupSlots.contains(path[0]) {
            guard groupMembers[path[0]] != nil else {
                skips.append((Syntax(expression), "'\(path[0])' is not given its constraints in the setup"))
                return nil
            }
            return [path[0]]
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            guard let left = switchedNames(infix.leftOperand, scope: scope, skips: &skips),
                let right = switchedNames(infix.rightOperand, scope: scope, skips: &skips)
            else { return nil }
            return left + right
        }
        skips.append((Syntax(expression), "only constraints and groups the class keeps can be switched in an action"))
        return nil
    }

    /// `G = [ … ]` in the setup: the constraints of the group `G`, in the array's order. Assigned again, the group
    /// holds the new array's constraints only.
    mutating func fillGroup(_ name: String, _ value: ExprSyntax, scope: LocalScope) {
        guard let list = value.unwrapped.as(ArrayExprSyntax.self) else {
            skip(value, "a group is read from an array of constraints written out")
            return
        }
        for old in groupMembers[name] ?? [] { constraints[old].group = nil }
        var members: [Int] = []
        for element in list.elements {
            guard let index = constraintIndex(element.expression, scope: scope) else { continue }
            if let other = constraints[index].group, other != name {
                skip(element, "a constraint in two groups: the scene keeps it in '\(other)'")
                continue
            }
            constraints[index].group = name
            members.append(index)
        }
        groupMembers[name] = members
        if !groupOrder.contains(name) { groupOrder.append(name) }
    }

    /// A priority: `.required`, `.defaultHigh`, `.defaultLow`, `.fittingSizeLevel`, `UILayoutPriority(N)`, a
    /// number, and those plus or minus a number.
    func priority(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledPath == ["UILayoutPriority"],
            let argument = call.arguments.first?.expression
        {
            return priority(argument)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "+" || op == "-",
            let base = priority(infix.leftOperand).flatMap(Self.priorityValue),
            let offset = number(infix.rightOperand, in: LocalScope())?.constant
        {
            return format(op == "+" ? base + offset : base - offset)
        }
        if let value = number(expression, in: LocalScope())?.constant { return format(value) }
        switch expression.memberPath?.last {
        case "required": return "required"
        case "defaultHigh": return "high"
        case "defaultLow": return "low"
        case "fittingSizeLevel": return "fitting"
        default: return nil
        }
    }

    private static func priorityValue(_ text: String) -> Double? {
        switch text {
        case "required": return 1000
        case "high": return 750
        case "low": return 250
        case "fitting": return 50
        default: return Double(text)
        }
    }
}
