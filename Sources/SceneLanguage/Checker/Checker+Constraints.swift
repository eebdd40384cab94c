import LayoutValues

/// A linear form `coefficient × anchor + constant`, what a constraint's
/// right side must reduce to.
struct LinearForm {
    var anchor: (Anchor, SourceRange)?
    var coefficient: Double = 1
    var constant: Double = 0
}

extension Checker {
    /// Resolves each constraint as written into a ``LayoutConstraint``, or
    /// reports why it cannot be one and leaves it out, and expands each visual
    /// format line where it stands among them.
    mutating func resolveConstraints() {
        for group in scene.groups where group.name == nil && !group.isInitiallyActive {
            if group.isVisualFormatLine {
                report(
                    .warning(
                        .unreachableConstraint,
                        "this inactive line has no name, so no action can activate it; name it, as "
                            + "'inactive fields: H:|-[a]-|'", at: group.range))
                continue
            }
            report(
                .warning(
                    .unreachableConstraint,
                    "this inactive group has no name, so no action can activate it; name it, as "
                        + "'constraints expanded inactive { … }'", at: group.range))
        }
        scene.constraints.reserveCapacity(syntax.count)
        // For this resolution only: the namespace is whole, and no later check changes what a view's name means.
        nameFacts = LexedNameFacts(count: lexedNameCount)
        defer { nameFacts = LexedNameFacts(count: 0) }
        if keepsResolutions { kept.resolutionIndices.reserveCapacity(syntax.count) }
        var nextLine = 0
        // The runs of reused syntax, detached, in order; their resolutions are taken again if they hold.
        var runs = ReusedRunCursor(reusedConstraints)
        // Each constraint is read in place from a local reference to the
        // array: iterating `syntax.enumerated()` copied every one whole.
        let syntax = self.syntax
        // The last check's resolutions, read in place.
        let lastIndices = takesLastResolutions ? last!.resolutionIndices : []
        let lastConstraints = takesLastResolutions ? last!.constraints : []
        for i in syntax.indices {
            let run = runs.run(holding: i)
            if let run, takesLastResolutions, case let at = Int(lastIndices[run.previous + i - run.start]), at >= 0 {
                // Taken as it was, moved with its line: copied once, into place, and moved there. Its name and
                // range are its syntax's, which is not read.
                let start = lastConstraints[at].range.start + run.offset
                while nextLine < visualFormats.count && visualFormats[nextLine].range.start < start {
                    scene.constraints += expand(visualFormats[nextLine])
                    nextLine += 1
                }
                if keepsResolutions { kept.resolutionIndices.append(Int32(scene.constraints.count)) }
                if run.namesConstraints, let name = lastConstraints[at].name, case .constraint(i) = symbols[name.name] {
                    scene.constraintsByName[name.name] = ConstraintID(scene.constraints.count)
                }
                scene.constraints.append(lastConstraints[at])
                scene.constraints[scene.constraints.count - 1].rebase(by: run.offset, in: scene.file)
                kept.takenAgain += 1
                continue
            }
            let constraint = run.map { syntax[i].shifted(by: $0.syntaxShift) } ?? syntax[i]
            let start = constraint.start
            while nextLine < visualFormats.count && visualFormats[nextLine].range.start < start {
                scene.constraints += expand(visualFormats[nextLine])
                nextLine += 1
            }
            let reportedBefore = reported
            // A reused line's names index the names of the parse that read it, not this one's.
            let resolution = resolve(constraint, isReadHere: run == nil)
            if keepsResolutions {
                let isClean = reported == reportedBefore
                kept.resolutionIndices.append(isClean && resolution != nil ? Int32(scene.constraints.count) : -1)
            }
            if let resolution {
                if let name = resolution.name, case .constraint(i) = symbols[name.name] {
                    scene.constraintsByName[name.name] = ConstraintID(scene.constraints.count)
                }
                scene.constraints.append(resolution)
            }
        }
        for line in visualFormats[nextLine...] {
            scene.constraints += expand(line)
        }
        // The scene's own array, shared: the resolutions are kept without a copy.
        if keepsResolutions { kept.constraints = scene.constraints }
    }

    /// A constraint's syntax resolved where it stands in the scene's file.
    private mutating func resolve(_ constraint: ConstraintSyntax, isReadHere: Bool) -> LayoutConstraint? {
        let file = scene.file
        let first = resolveAnchor(ConstraintPath(constraint, .first, in: file, isReadHere: isReadHere))
        let expr = constraint.expression(in: file)
        let second = expr.map { linearForm($0) } ?? linearForm(of: constraint, isReadHere: isReadHere)
        guard let first, let second else { return nil }
        guard NumberLimits.contains(second.coefficient), NumberLimits.contains(second.constant) else {
            error(
                .outOfRange,
                "the constraint's right side is out of range: numbers must stay within ±\(NumberLimits.largestText)",
                at: expr?.range ?? constraint.sideRange(in: file))
            return nil
        }
        if let (anchor, range) = second.anchor, !compatible(first.attribute, anchor.attribute) {
            let path = constraint.firstIdentifiers(in: file)
            error(
                .incompatibleAttributes,
                "cannot relate \(describe(first.attribute)) \(quoted(path.map(\.name).joined(separator: "."))) "
                    + "to \(describe(anchor.attribute)) \(quoted(range.text))",
                at: path[0].range.union(range))
            return nil
        }
        let group = constraint.group.map { scene[$0] }
        if constraint.isInactive && !constraint.isNamed && group == nil {
            report(
                .warning(
                    .unreachableConstraint,
                    "this inactive constraint has no name, so no action can activate it; name it, as 'pinned: …'",
                    at: constraint.range(in: file)))
        }
        return LayoutConstraint(
            name: constraint.name(in: file), group: constraint.group,
            isInitiallyActive: !constraint.isInactive && (group?.isInitiallyActive ?? true), first: first,
            relation: constraint.relation, multiplier: second.anchor == nil ? 0 : second.coefficient,
            second: second.anchor?.0, constant: second.constant, priority: constraint.priority ?? 1000,
            range: constraint.range(in: file))
    }

    /// A linear right side (``ConstraintSyntax/LinearSide``) reduced as ``linearForm(_:)`` reduces the same
    /// expression: the anchor, then `* FACTOR`, then `± CONSTANT`, in that order of operations.
    private mutating func linearForm(of constraint: ConstraintSyntax, isReadHere: Bool) -> LinearForm? {
        guard constraint.hasAnchor else { return LinearForm(constant: constraint.signedConstant ?? 0) }
        let file = scene.file
        guard
            var form = referenceForm(
                ConstraintPath(constraint, .anchor, in: file, isReadHere: isReadHere),
                range: constraint.anchorRange(in: file))
        else { return nil }
        if let factor = constraint.factor {
            form = LinearForm(
                anchor: form.anchor, coefficient: form.coefficient * factor, constant: form.constant * factor)
        }
        if let constant = constraint.signedConstant {
            form.constant = form.constant + constant
        }
        return form
    }

    private func compatible(_ a: Attribute, _ b: Attribute) -> Bool {
        a.kind == b.kind
    }

    private func describe(_ attribute: Attribute) -> String {
        switch attribute.kind {
        case .horizontalPosition: "the horizontal position"
        case .verticalPosition: "the vertical position"
        case .size: "the size"
        }
    }

    /// `card.top`, `root.safeArea.leading`: an item and one of its attributes.
    mutating func resolveAnchor(_ path: some DottedNames) -> Anchor? {
        guard path.count > 0 else { return nil }
        return resolveAnchor(path, head: headSymbol(of: path))
    }

    /// ``resolveAnchor(_:)`` with its first name looked up already: `symbol`
    /// is what it names, nil if nothing. A declared name is its own head
    /// (`root` is never declared); only an unknown name or `root` is
    /// resolved again.
    private mutating func resolveAnchor(_ path: some DottedNames, head symbol: Symbol?) -> Anchor? {
        guard path.count > 0 else { return nil }
        if let symbol, symbol.isVariable || symbol.isTextList {
            let itemName = path.identifier(0)
            error(
                .typeMismatch, "\(quoted(itemName.name)) is \(describe(symbol)), not a view; constraints relate views",
                at: itemName.range)
            return nil
        }
        guard path.count >= 2 else {
            let itemName = path.identifier(0)
            error(
                .invalidConstraint, "\(quoted(itemName.name)) needs an attribute, as \(quoted(itemName.name + ".top"))",
                at: itemName.range)
            return nil
        }
        let head: PathHead
        let afterHead: Int
        if let symbol {
            (head, afterHead) = (.symbol(symbol), 1)
        } else {
            guard let resolved = resolveHead(of: path, expecting: "view", accepting: { $0.isView }) else {
                return nil
            }
            (head, afterHead) = resolved
        }
        var attributeIndex = afterHead
        let item: LayoutItem
        switch head {
        case .root(let rootItem):
            item = rootItem
        case .symbol(.view(let index)) where path.count == 3 && path.name(1) == "margins":
            guard scene.views[index].kind != .guide else {
                error(
                    .invalidConstraint, "a layout guide has no margins; only views have 'margins'",
                    at: path.identifier(1).range)
                return nil
            }
            item = .viewMargins(ViewID(index))
            attributeIndex += 1
        case .symbol(.view(let index)):
            item = .view(ViewID(index))
        case .symbol(let symbol):
            let itemName = path.identifier(0)
            error(
                .typeMismatch, "\(quoted(itemName.name)) is \(describe(symbol)), not a view; constraints relate views",
                at: itemName.range)
            return nil
        }
        guard path.count == attributeIndex + 1 else {
            // From the name taken for a guide (`card.safeArea`) to the end of the path.
            let extra = path.identifier(attributeIndex).range.union(path.identifier(path.count - 1).range)
            error(
                .invalidConstraint,
                path.name(0) == "root"
                    ? "expected 'root.ATTRIBUTE', 'root.safeArea.ATTRIBUTE' or 'root.margins.ATTRIBUTE'"
                    : "a view's guides are 'NAME.margins' (its layout margins); for another, declare a 'guide'",
                at: extra)
            return nil
        }
        guard let attribute = attribute(named: path, at: attributeIndex) else {
            let attributeName = path.identifier(attributeIndex)
            let suggestion =
                FrameProperty(word: attributeName.name).map(Checker.attribute(for:))
                ?? nearestName(to: attributeName.name, among: Attribute.allCases.map(\.rawValue))
            error(
                .unknownName, "unknown attribute \(quoted(attributeName.name))" + didYouMean(suggestion),
                at: attributeName.range, suggestion: suggestion)
            return nil
        }
        if attribute == .firstBaseline || attribute == .lastBaseline {
            var isGuide = item == .safeArea || item == .margins
            if case .view(let view) = item, scene[view].kind == .guide { isGuide = true }
            if case .viewMargins = item { isGuide = true }
            if isGuide {
                error(
                    .invalidAttribute, "a layout guide has no '\(attribute.rawValue)'; guides have no text",
                    at: path.identifier(attributeIndex).range)
                return nil
            }
        }
        return Anchor(item, attribute)
    }

    /// The attribute a frame property's name is mistaken for: `midX` → `centerX`.
    static func attribute(for property: FrameProperty) -> String {
        switch property {
        case .minX: "left"
        case .midX: "centerX"
        case .maxX: "right"
        case .minY: "top"
        case .midY: "centerY"
        case .maxY: "bottom"
        case .width: "width"
        case .height: "height"
        }
    }

    /// Reduces a constraint's right side to `coefficient × anchor + constant`,
    /// reporting what is not linear or holds more than one anchor.
    mutating func linearForm(_ expr: Expr) -> LinearForm? {
        switch expr.kind {
        case .number(let value):
            return LinearForm(constant: value)
        case .system:
            return LinearForm(constant: Expr.systemSpacing)
        case .reference(let path):
            return referenceForm(path, range: expr.range)
        case .negate(let operand):
            guard var form = linearForm(operand) else { return nil }
            form.coefficient = -form.coefficient
            form.constant = -form.constant
            return form
        case .binary(let op, let lhs, let rhs):
            let l = linearForm(lhs)
            let r = linearForm(rhs)
            guard var l, var r else { return nil }
            switch op {
            case .add, .subtract:
                if let a = l.anchor, let b = r.anchor {
                    error(
                        .invalidConstraint,
                        "a constraint relates one anchor on each side; the right side holds two: "
                            + "\(quoted(a.1.text)) and \(quoted(b.1.text))",
                        at: expr.range)
                    return nil
                }
                if op == .subtract {
                    r.coefficient = -r.coefficient
                    r.constant = -r.constant
                }
                return LinearForm(
                    anchor: l.anchor ?? r.anchor, coefficient: l.anchor != nil ? l.coefficient : r.coefficient,
                    constant: l.constant + r.constant)
            case .multiply:
                if l.anchor != nil && r.anchor != nil {
                    error(
                        .invalidConstraint, "anchors can be multiplied by numbers only, not by each other",
                        at: expr.range)
                    return nil
                }
                if r.anchor != nil { swap(&l, &r) }
                // l may hold the anchor; r is a constant.
                let factor = r.constant
                return LinearForm(anchor: l.anchor, coefficient: l.coefficient * factor, constant: l.constant * factor)
            case .divide:
                if r.anchor != nil {
                    error(.invalidConstraint, "a constraint cannot divide by an anchor", at: rhs.range)
                    return nil
                }
                guard r.constant != 0 else {
                    error(.invalidValue, "division by zero", at: rhs.range)
                    return nil
                }
                return LinearForm(
                    anchor: l.anchor, coefficient: l.coefficient / r.constant, constant: l.constant / r.constant)
            }
        }
    }
}

extension Checker {
    /// A reference on a constraint's right side, `range`: the anchor it names, or a report of what it names instead.
    fileprivate mutating func referenceForm(_ path: some DottedNames, range: SourceRange) -> LinearForm? {
        let symbol = headSymbol(of: path)
        if path.count == 2, case .constraint? = symbol {
            error(
                .invalidConstraint,
                "a constraint's constant must be a number or an expression of numbers and 'system'; "
                    + "it cannot read another constraint", at: range)
            return nil
        }
        if path.count == 1, case .variable? = symbol {
            let name = path.name(0)
            error(
                .typeMismatch,
                "\(quoted(name)) is a variable, which actions change, and a constraint's constant is fixed; "
                    + "set the constant in an action, as 'C.constant = \(name)'", at: range)
            return nil
        }
        guard let anchor = resolveAnchor(path, head: symbol) else { return nil }
        return LinearForm(anchor: (anchor, range), coefficient: 1, constant: 0)
    }
}
