import SwiftSyntax

extension Importer {
    /// Statements of the setup (`viewDidLoad` and the methods it calls): views' properties, `addSubview`,
    /// constraints. What is not one of those is skipped with a warning.
    mutating func readSetup(_ statements: some Sequence<CodeBlockItemSyntax>, scope: inout LocalScope) {
        for item in statements {
            switch item.item {
            case .decl(let declaration):
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    readLocal(variable, scope: &scope, inAction: false)
                } else {
                    skip(declaration, "a declaration inside a method is not read")
                }
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    readSetupExpression(expression, scope: &scope)
                } else {
                    skip(statement, Self.reason(forStatement: statement))
                }
            case .expr(let expression):
                readSetupExpression(expression, scope: &scope)
            }
        }
    }

    /// Why a statement other than an expression is skipped.
    static func reason(forStatement statement: some SyntaxProtocol) -> String {
        if statement.is(GuardStmtSyntax.self) { return "a guard has no counterpart in a scene" }
        if statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self) {
            return "a loop has no counterpart in a scene"
        }
        if statement.is(ReturnStmtSyntax.self) { return "a return has no counterpart in a scene" }
        return "this statement has no counterpart in a scene"
    }

    /// A `let` or `var` in a method: a number, a string, a view, a constraint, or (in an action) an animator.
    mutating func readLocal(_ variable: VariableDeclSyntax, scope: inout LocalScope, inAction: Bool) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else {
                skip(binding, "a local without a value is not read")
                continue
            }
            if let number = number(value, in: scope, inAction: inAction) {
                scope.numbers[name] = number
            } else if let text = string(value, in: scope) {
                scope.strings[name] = text
            } else if let view = viewName(value, in: scope) {
                scope.views[name] = view
            } else if let call = value.unwrapped.as(FunctionCallExprSyntax.self), isConstraintCall(call) {
                if let index = makeConstraint(call, scope: scope) { scope.constraints[name] = index }
            } else if inAction, let call = value.unwrapped.as(FunctionCallExprSyntax.self), isAnimatorCall(call) {
                scope.animators[name] = name
                pendingAnimator = makeAnimator(name, call, scope: &scope)
            } else if !inAction, let call = value.unwrapped.as(FunctionCallExprSyntax.self),
                let view = makeView(name, call, origin: binding.positionAfterSkippingLeadingTrivia.utf8Offset)
            {
                views[name] = view
            } else {
                skip(binding, "a value the importer cannot work out")
            }
        }
    }

    private mutating func readSetupExpression(_ expression: ExprSyntax, scope: inout LocalScope) {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            readSetupCall(call, scope: &scope)
            return
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            readSetupAssignment(infix, scope: &scope)
            return
        }
        skip(expression, "this statement has no counterpart in a scene")
    }

    private mutating func readSetupCall(_ call: FunctionCallExprSyntax, scope: inout LocalScope) {
        guard let path = call.calledPath else {
            if let forEach = call.calledExpression.as(MemberAccessExprSyntax.self),
                forEach.declName.baseName.text == "forEach",
                let list = forEach.base?.unwrapped.as(ArrayExprSyntax.self), let body = call.trailingClosure
            {
                readForEach(list, body, scope: &scope)
            } else {
                skip(call, "a call the importer does not know")
            }
            return
        }
        if path.first == "super" { return }
        let method = path.count == 1 ? path[0] : (path.count == 2 && path[0] == "self" ? path[1] : nil)
        if let method, let function = methods[method] {
            inlineSetup(function, call: call)
            return
        }
        if isConstraintCall(call) {
            _ = makeConstraint(call, scope: scope)
            return
        }
        if snapMethod(of: call, path: path) != nil {
            readSnapSetup(call, scope: scope)
            return
        }
        // A call on an animator the setup made: `addAnimations` and `addCompletion` add to its declaration, the
        // others drive it at the start of `on load`.
        let held = path.first == "self" ? Array(path.dropFirst()) : path
        // A kept SnapKit constraint: `update(offset:)`, `activate()`, `deactivate()`.
        if held.count == 2, constraintSlots.contains(held[0]),
            let index = constraints.lastIndex(where: { $0.name == held[0] })
        {
            switch held[1] {
            case "activate": activate(index)
            case "deactivate": constraints[index].activation = nil
            case "update":
                if let value = call.argument("offset").flatMap({ number($0, in: scope)?.constant }) {
                    constraints[index].constant = value
                } else {
                    skip(call, "a SnapKit update the importer cannot work out")
                }
            default: skip(call, "a call the importer does not know")
            }
            return
        }
        if held.count == 2, let animator = animatorName(held[0], in: scope) {
            setupStatements += readAnimatorCall(animator, held[1], call, scope: scope)
            return
        }
        let receiver = Array(path.dropLast())
        switch path.last {
        case "addSubview", "addArrangedSubview", "addLayoutGuide":
            guard let parent = receiver.isEmpty && rootIsSelf ? "root" : viewName(path: receiver, in: scope),
                let argument = call.arguments.first?.expression, let child = viewName(argument, in: scope)
            else {
                skip(call, "the views are not views of the class")
                return
            }
            addSubview(child, to: parent, arranged: path.last == "addArrangedSubview", at: call)
        case "activate" where receiver == ["NSLayoutConstraint"], "deactivate" where receiver == ["NSLayoutConstraint"]:
            guard let argument = call.arguments.first?.expression,
                let list = constraintList(argument, scope: scope)
            else { return }
            for index in list {
                if path.last == "activate" { activate(index) } else { constraints[index].activation = nil }
            }
        case "setTitle", "setTitleColor":
            // A button's title or its colour, for the normal state.
            let isColor = path.last == "setTitleColor"
            guard let view = viewName(path: receiver, in: scope), let value = call.arguments.first?.expression else {
                skip(call, "not a button of the class")
                return
            }
            if let state = call.argument("for")?.memberPath?.last, state != "normal" {
                skip(call, "only the normal state's title\(isColor ? " colour" : "") is read")
                return
            }
            setViewProperty(view, isColor ? "textColor" : "text", value, scope: scope, at: call)
        case "setContentHuggingPriority", "setContentCompressionResistancePriority":
            guard let view = viewName(path: receiver, in: scope), view != "root",
                let value = call.arguments.first.flatMap({ priority($0.expression) }),
                let axis = call.argument("for")?.memberPath?.last, axis == "horizontal" || axis == "vertical"
            else {
                skip(call, "a priority, a view or an axis the importer cannot work out")
                return
            }
            let number: Double? =
                switch value {
                case "required": 1000
                case "high": 750
                case "low": 250
                case "fitting": 50
                default: Double(value)
                }
            let index = axis == "horizontal" ? 0 : 1
            if path.last == "setContentHuggingPriority" {
                views[view]?.hugging[index] = number
            } else {
                views[view]?.compression[index] = number
            }
        case "setCustomSpacing":
            guard let stack = viewName(path: receiver, in: scope), views[stack]?.kind == .stack,
                let value = call.arguments.first.flatMap({ number($0.expression, in: scope)?.constant }),
                let after = call.argument("after").flatMap({ viewName($0, in: scope) })
            else {
                skip(call, "a custom spacing of a stack view the importer cannot work out")
                return
            }
            customSpacings.append((stack, after, value, call.startOffset))
        default:
            skip(call, "a call the importer does not know")
        }
    }

    /// `[a, b].forEach { view.addSubview($0) }`: the closure once per view.
    private mutating func readForEach(_ list: ArrayExprSyntax, _ body: ClosureExprSyntax, scope: inout LocalScope) {
        let parameter = body.parameterNames.first ?? "$0"
        for element in list.elements {
            guard let view = viewName(element.expression, in: scope) else {
                skip(element, "not a view of the class")
                continue
            }
            var inner = scope
            inner.views[parameter] = view
            readSetup(body.statements, scope: &inner)
        }
    }

    /// A method called in the setup is read as part of it, once per call; it is then not an action.
    private mutating func inlineSetup(_ function: FunctionDeclSyntax, call: FunctionCallExprSyntax) {
        let name = function.name.text
        guard !reading.contains(name), let body = function.body else {
            skip(call, "'\(name)' calls itself")
            return
        }
        guard !function.hasParameters else {
            skip(call, "a method with parameters is not read in the setup")
            return
        }
        setupMethods.insert(name)
        reading.append(name)
        var inner = LocalScope()
        readSetup(body.statements, scope: &inner)
        reading.removeLast()
    }

    /// `child` added to `parent`: the first time only, as UIKit moves a view added twice.
    mutating func addSubview(_ child: String, to parent: String, arranged: Bool, at node: some SyntaxProtocol) {
        guard child != "root", child != parent, views[child] != nil else {
            skip(node, "a view cannot be added to itself or to the root")
            return
        }
        if let old = views[child]?.parent {
            if old == "root" {
                rootChildren.removeAll { $0 == child }
            } else {
                views[old]?.children.removeAll { $0 == child }
            }
        }
        var ancestor: String? = parent
        while let current = ancestor, current != "root" {
            if current == child {
                skip(node, "a view cannot be added inside itself")
                return
            }
            ancestor = views[current]?.parent
        }
        views[child]?.parent = parent
        views[child]?.arranged = arranged
        if parent == "root" {
            rootChildren.append(child)
        } else {
            views[parent]?.children.append(child)
        }
    }

    private mutating func readSetupAssignment(_ infix: InfixOperatorExprSyntax, scope: inout LocalScope) {
        let value = infix.rightOperand
        // `c.isActive = true` on a constraint made there or kept.
        if let member = infix.leftOperand.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base {
            let property = member.declName.baseName.text
            if let index = constraintIndex(base, scope: scope, quiet: true) {
                switch property {
                case "isActive":
                    if boolean(value) == true { activate(index) } else { constraints[index].activation = nil }
                case "priority":
                    if let priority = priority(value) {
                        constraints[index].priority = priority
                    } else {
                        skip(value, "a priority the importer cannot work out")
                    }
                case "identifier": break
                case "constant":
                    if let constant = number(value, in: scope)?.constant {
                        constraints[index].constant = constant
                    } else {
                        skip(value, "a constant the importer cannot work out")
                    }
                default: skip(infix, "a constraint's \(property) is not read")
                }
                return
            }
            if let view = viewName(base, in: scope) ?? buttonOfTitleLabel(base, scope: scope, property: property) {
                setViewProperty(view, property, value, scope: scope, at: infix)
                return
            }
            if let held = base.selfPath, held.count == 1, let animator = animatorName(held[0], in: scope) {
                setupStatements += readAnimatorAssignment(animator, property, value, at: infix, scope: scope)
                return
            }
        }
        guard let path = infix.leftOperand.selfPath, path.count == 1 else {
            skip(infix, "not a property of a view of the class")
            return
        }
        let name = path[0]
        if name == "viewRespectsSystemMinimumLayoutMargins", !rootIsSelf {
            // The scene raises the root's margins to the system's minimum, as UIKit does when this is true.
            if boolean(value) == false { ignoresMinimumMarginsAt = infix.startOffset }
            return
        }
        if groupSlots.contains(name) {
            fillGroup(name, value, scope: scope)
            return
        }
        // `A = UIViewPropertyAnimator(…) { … }`: the scene's animator declaration, inactive until an action drives
        // it; a running one (`runningPropertyAnimator`) is made and started at the start of `on load`.
        if animatorSlots.contains(name), let call = value.unwrapped.as(FunctionCallExprSyntax.self),
            isAnimatorCall(call)
        {
            guard let draft = makeAnimator(name, call, scope: &scope) else { return }
            animators.append(draft)
            if draft.startAfter == nil {
                declaredAnimators.removeAll { animators[$0].name == name }
                declaredAnimators.append(animators.count - 1)
            } else {
                setupStatements.append(.animator(index: animators.count - 1))
            }
            return
        }
        if constraintSlots.contains(name), let call = value.unwrapped.as(FunctionCallExprSyntax.self),
            isConstraintCall(call)
        {
            // A property assigned again keeps the last constraint.
            constraints.removeAll { $0.name == name }
            if let index = makeConstraint(call, scope: scope) { constraints[index].name = name }
            return
        }
        if constants[name] != nil, let constant = number(value, in: scope)?.constant {
            constants[name] = constant
            return
        }
        skip(infix, "a value the importer cannot work out")
    }

    /// Activates a constraint: the order of activation is the order the scene adds them.
    mutating func activate(_ index: Int) {
        guard constraints[index].activation == nil else { return }
        activations += 1
        constraints[index].activation = activations
    }
}
