import SwiftSyntax

/// UIKit's view classes the importer knows, and what each becomes.
private let viewClasses: [String: ImportedView.Kind] = [
    "UIView": .view, "UILabel": .label, "UIButton": .button, "UIStackView": .stack, "UILayoutGuide": .guide,
]

/// Other UIKit views: imported as plain views, with a warning.
private let otherUIKitViews: Set<String> = [
    "UIImageView", "UITextField", "UITextView", "UISwitch", "UISlider", "UIScrollView", "UITableView",
    "UICollectionView", "UIActivityIndicatorView", "UIProgressView", "UISegmentedControl", "UIPageControl",
    "UIDatePicker", "UIPickerView", "UIVisualEffectView", "UIStepper",
]

extension Importer {
    /// One stored property of the class: a view it makes, a number or a string, a constraint or an animator it
    /// keeps. Computed properties and others are skipped, with a warning for those that could matter.
    mutating func readProperty(_ declaration: VariableDeclSyntax) {
        for binding in declaration.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                skip(binding, "only properties with one name are read")
                continue
            }
            if declaration.bindings.count == 1, let sceneName = Self.sceneName(in: declaration) {
                sceneNames[name] = sceneName
            }
            if binding.accessorBlock != nil {
                skip(binding, "a computed property has no counterpart in a scene")
                continue
            }
            let typeName = binding.typeAnnotation.map { Self.baseTypeName($0.type) } ?? nil
            if Self.isConstraintArray(binding) {
                // A group: `[]` until the setup fills it.
                let value = binding.initializer?.value.unwrapped
                if value == nil || value?.as(ArrayExprSyntax.self)?.elements.isEmpty == true
                    || value?.as(FunctionCallExprSyntax.self)?.arguments.isEmpty == true
                {
                    groupSlots.insert(name)
                } else {
                    skip(binding, "a group's constraints are read where the setup assigns them")
                }
                continue
            }
            if let value = binding.initializer?.value {
                readPropertyValue(name, value, typeName: typeName, at: binding)
                continue
            }
            switch typeName {
            case "NSLayoutConstraint", "Constraint": constraintSlots.insert(name)
            case "UIViewPropertyAnimator": animatorSlots.insert(name)
            case "CGFloat", "Double", "Float", "TimeInterval", "Int":
                constants[name] = 0
                constantOrder.append(name)
            default:
                if let typeName, typeName.hasPrefix("UI") || typeName.hasSuffix("Delegate") || typeName == "String" {
                    skip(binding, "a property without a value: what the class is given is not in the file")
                }
            }
        }
    }

    /// A property with an initial value.
    private mutating func readPropertyValue(
        _ name: String, _ value: ExprSyntax, typeName: String?, at binding: PatternBindingSyntax
    ) {
        let origin = binding.positionAfterSkippingLeadingTrivia.utf8Offset
        if let number = number(value, in: LocalScope()), case .constant(let constant) = number {
            constants[name] = constant
            constantOrder.append(name)
            return
        }
        if let text = string(value, in: LocalScope()) {
            strings[name] = text
            return
        }
        // `["What is 7+7?", …]`: a text list.
        if let array = value.unwrapped.as(ArrayExprSyntax.self), !array.elements.isEmpty {
            let texts = array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self)?.value }
            if texts.count == array.elements.count {
                textLists.append((name, texts, origin))
                return
            }
        }
        let expression = value.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `lazy var width = box.widthAnchor.constraint(…)`, or a closure that returns one.
            if let made = constraintMade(by: call) {
                constraintSlots.insert(name)
                lazyConstraints[name] = made
                return
            }
            // `{ let l = UILabel(); …; return l }()`: the closure is read as the view's setup.
            if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty {
                readViewClosure(name, closure, at: binding)
                return
            }
            if let made = makeView(name, call, origin: origin) {
                views[name] = made
                return
            }
            // `var widthConstraint = NSLayoutConstraint()`: a placeholder, as `NSLayoutConstraint!` is, that the
            // setup assigns.
            if call.calledPath == ["NSLayoutConstraint"], call.arguments.isEmpty, call.trailingClosure == nil {
                constraintSlots.insert(name)
                return
            }
            if call.calledPath == ["UIViewPropertyAnimator"], call.arguments.isEmpty, call.trailingClosure == nil {
                animatorSlots.insert(name)
                return
            }
            if call.calledPath == ["UIViewPropertyAnimator"] {
                animatorSlots.insert(name)
                skip(
                    call,
                    "an animator made with the class is not started by anything a scene reads; make it in a method")
                return
            }
        }
        skip(binding, "a property whose value is not read")
    }

    /// The constraint call a lazy property's value is: the call itself, or what a closure called at once
    /// (`{ return box.heightAnchor.constraint(…) }()`) returns when it holds only that.
    private func constraintMade(by call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        if isConstraintCall(call) { return call }
        guard let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty,
            closure.statements.count == 1, let item = closure.statements.first?.item
        else { return nil }
        let returned = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        guard let made = returned?.unwrapped.as(FunctionCallExprSyntax.self), isConstraintCall(made) else { return nil }
        return made
    }

    /// Makes the lazy constraints that nothing named during the setup: inactive, kept for the actions.
    mutating func makeLazyConstraints() {
        for name in lazyConstraints.keys.sorted() { _ = lazyConstraint(name) }
    }

    /// Makes a lazy constraint property's constraint, once, named after it.
    mutating func lazyConstraint(_ name: String) -> Int? {
        guard let call = lazyConstraints.removeValue(forKey: name),
            let index = makeConstraint(call, scope: LocalScope())
        else { return nil }
        constraints[index].name = name
        return index
    }

    /// A view made by a call: `UILabel()`, `UIButton(type: .system)`, `UIStackView(arrangedSubviews: […])`, a
    /// custom class as a plain view, with a warning that names it.
    mutating func makeView(_ name: String, _ call: FunctionCallExprSyntax, origin: Int) -> ImportedView? {
        guard let path = call.calledPath, path.count == 1, let className = path.first,
            className.first?.isUppercase == true
        else { return nil }
        if let kind = viewClasses[className] {
            let view = ImportedView(name: name, kind: kind, origin: origin)
            if kind == .stack, let list = call.argument("arrangedSubviews")?.unwrapped.as(ArrayExprSyntax.self) {
                pendingArranged[name] = list.elements.map(\.expression)
            }
            if kind == .button, let type = call.argument("type")?.memberPath?.last, type != "system" {
                warn(call, "a button of type .\(type) is imported as a system button")
            }
            if !call.arguments.isEmpty && kind != .stack && kind != .button {
                warn(call, "the arguments of \(className)(…) are not read")
            }
            return view
        }
        if let declaration = fileViewClasses[className] {
            var view = ImportedView(name: name, kind: .view, origin: origin)
            view.size = intrinsicSize(of: declaration, made: call)
            if view.size == nil {
                warn(call, "'\(className)' is imported as a plain view: its insides are not read")
            }
            return view
        }
        let known = otherUIKitViews.contains(className)
        if known || className.hasSuffix("View") || className.hasSuffix("Control") || className.hasSuffix("Button")
            || className.hasSuffix("Label") || className.hasSuffix("Field")
        {
            warn(
                call,
                known
                    ? "'\(className)' has no counterpart in a scene: '\(name)' is imported as a plain view"
                    : "'\(className)' is a custom class whose insides are not in this file: '\(name)' is imported as a plain view"
            )
            return ImportedView(name: name, kind: .view, origin: origin)
        }
        return nil
    }

    /// A property made by a closure that is called at once: its statements configure the view it returns.
    private mutating func readViewClosure(
        _ name: String, _ closure: ClosureExprSyntax, at binding: PatternBindingSyntax
    ) {
        var scope = LocalScope()
        var made = false
        for item in closure.statements {
            if case .decl(let declaration) = item.item, let variable = declaration.as(VariableDeclSyntax.self),
                let first = variable.bindings.first, variable.bindings.count == 1,
                let local = first.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let call = first.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self), !made,
                let view = makeView(name, call, origin: binding.positionAfterSkippingLeadingTrivia.utf8Offset)
            {
                views[name] = view
                scope.views[local] = name
                made = true
                continue
            }
            if case .stmt(let statement) = item.item, statement.is(ReturnStmtSyntax.self) { continue }
            guard made else {
                skip(item, "the closure does not start by making a view")
                continue
            }
            readSetup([item], scope: &scope)
        }
        if !made { skip(binding, "a property whose value is not read") }
    }

    /// The name a `// the scene's 'title'` comment after the declaration gives it: the Swift export writes one
    /// beside a property whose Swift name is not the scene's (`titleLabel`, as UIViewController has a `title`).
    static func sceneName(in declaration: VariableDeclSyntax) -> String? {
        guard let trivia = declaration.lastToken(viewMode: .sourceAccurate)?.trailingTrivia else { return nil }
        for piece in trivia.pieces {
            guard case .lineComment(let comment) = piece else { continue }
            let marker = "// the scene's '"
            guard comment.hasPrefix(marker), comment.hasSuffix("'") else { continue }
            let name = comment.dropFirst(marker.count).dropLast()
            guard let first = name.first, first.isASCII, first.isLetter || first == "_",
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { return nil }
            return String(name)
        }
        return nil
    }

    /// The intrinsic content size a UIView subclass of the file gives a view made by `call`: its
    /// `intrinsicContentSize` returns `CGSize(width:height:)` of numbers, or a stored property that has such a
    /// value or is given one in the initialiser that `call` calls, its parameters bound to the arguments.
    func intrinsicSize(of declaration: ClassDeclSyntax, made call: FunctionCallExprSyntax) -> (
        width: Double, height: Double
    )? {
        let members = declaration.memberBlock.members.map(\.decl)
        var returned: ExprSyntax?
        for member in members {
            guard let variable = member.as(VariableDeclSyntax.self),
                let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "intrinsicContentSize",
                let accessors = binding.accessorBlock?.accessors
            else { continue }
            switch accessors {
            case .getter(let items):
                returned =
                    items.last?.expression
                    ?? items.last.flatMap { item in
                        if case .stmt(let statement) = item.item {
                            statement.as(ReturnStmtSyntax.self)?.expression
                        } else {
                            nil
                        }
                    }
            case .accessors: return nil
            }
        }
        guard var value = returned else { return nil }
        var scope = LocalScope()
        if let path = value.selfPath, path.count == 1 {
            let property = path[0]
            var found: ExprSyntax?
            for member in members {
                if let variable = member.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property,
                    let initial = binding.initializer?.value
                {
                    found = initial
                }
                // The initialiser that the call calls, by its labels.
                guard let initializer = member.as(InitializerDeclSyntax.self), let body = initializer.body else {
                    continue
                }
                let parameters = initializer.signature.parameterClause.parameters
                guard parameters.map(\.firstName.text) == call.argumentLabels else { continue }
                for (parameter, argument) in zip(parameters, call.arguments) {
                    let local = (parameter.secondName ?? parameter.firstName).text
                    if let number = number(argument.expression, in: LocalScope()) { scope.numbers[local] = number }
                }
                for item in body.statements {
                    if let infix = item.expression?.as(InfixOperatorExprSyntax.self),
                        infix.operator.is(AssignmentExprSyntax.self), infix.leftOperand.selfPath == [property]
                    {
                        found = infix.rightOperand
                    }
                }
            }
            guard let found else { return nil }
            value = found
        }
        guard let size = value.unwrapped.as(FunctionCallExprSyntax.self),
            size.calledPath?.last == "CGSize"
                || size.calledPath == ["", "init"],
            let width = size.argument("width").flatMap({ number($0, in: scope)?.constant }),
            let height = size.argument("height").flatMap({ number($0, in: scope)?.constant })
        else { return nil }
        return (width, height)
    }

    /// Whether a property is an array of constraints: `var g: [NSLayoutConstraint] = []`,
    /// `var g = [NSLayoutConstraint]()`.
    static func isConstraintArray(_ binding: PatternBindingSyntax) -> Bool {
        func isConstraints(_ type: TypeSyntax?) -> Bool {
            guard let element = type?.as(ArrayTypeSyntax.self)?.element else { return false }
            return baseTypeName(element) == "NSLayoutConstraint"
        }
        if let annotation = binding.typeAnnotation { return isConstraints(annotation.type) }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
            array.elements.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSLayoutConstraint"
        else { return false }
        return true
    }

    /// The type's name without optionals: `NSLayoutConstraint?` is `NSLayoutConstraint`.
    static func baseTypeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return baseTypeName(optional.wrappedType) }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return baseTypeName(implicit.wrappedType)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }
}
