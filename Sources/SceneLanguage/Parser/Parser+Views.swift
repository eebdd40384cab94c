import LayoutValues

extension Parser {
    /// `view NAME [properties] [{ … }]`, `label NAME "text" …`, `button …`,
    /// `guide NAME`: appends the view, then its subviews.
    mutating func parseView(parent: ViewID?) throws(Failure) {
        let keyword = advance()
        guard let word = identifierName(keyword), let kind = ViewKind(word: word) else { return }
        let name = try expectIdentifier("a name for the \(kind.rawValue)")
        var view = ViewDeclaration(kind: kind, name: name, range: range(of: keyword).union(name.range))
        view.parent = parent
        if kind == .stack {
            view.stack = StackLayout(axis: try parseStackAxis(name: name))
            view.range = range(from: keyword.start)
        }
        if kind.hasText {
            if let text = stringValue(current) {
                view.text = text
                view.range = view.range.union(advanceRange())
            } else {
                // A bare word is most likely the text, unquoted: the example quotes it.
                var example = "Sign In"
                if let word = identifierName(current), ViewProperty(word: word) == nil { example = word }
                error(
                    .expectedToken,
                    "expected the \(kind.rawValue)'s text in quotes, as '\(kind.rawValue) \(name) \"\(example)\"', "
                        + "found \(describe(current))", at: range(of: current))
                // One mistake, one error: the unquoted text is not read
                // again as properties.
                skipPropertyValue()
            }
        }
        while current.kind == .identifier {
            parseViewProperty(into: &view)
        }
        let me = ViewID(scene.views.count)
        scene.views.append(view)
        if current.kind == .leftBrace {
            if kind == .guide {
                error(
                    .notApplicable, "a layout guide has no subviews; to group views, declare a 'view'",
                    at: range(of: current))
                skipBlock()
                return
            }
            try parseBlock(endingBefore: Parser.topLevelOnlyKeywords) {
                (parser: inout Parser) throws(Failure) in try parser.parseViewBlockElement(parent: me)
            }
        } else if !atStatementEnd {
            throw fail(expected: "a property of the \(kind.rawValue) or '{'")
        }
    }

    /// The declarations that go at the top level only: a view's block left
    /// open ends before one at the start of a line.
    static let topLevelOnlyKeywords: Set<String> = [
        "canvas", "safearea", "sizeclass", "reload", "direction", "action", "on", "animator", "var", "texts",
    ]

    /// An element of a view's block: a subview, a constraint or a group.
    mutating func parseViewBlockElement(parent: ViewID) throws(Failure) {
        if current.kind == .visualFormat {
            try parseConstraint(group: nil)
            return
        }
        guard let word = identifierName(current) else { throw fail(expected: "a subview or a constraint") }
        if startsConstraint {
            try parseConstraint(group: nil)
            return
        }
        switch word {
        case "view", "label", "button", "guide", "stack": try parseView(parent: parent)
        case "constraints": try parseGroup()
        case "inactive": try parseConstraint(group: nil)
        case "canvas", "safearea", "sizeclass", "reload", "direction", "action", "on", "animator", "var", "texts":
            error(
                .misplacedDeclaration, "'\(word)' goes at the top level of the file, not inside a view",
                at: range(of: current))
            throw Failure()
        default:
            let suggestion = nearestName(
                to: word, among: ["view", "label", "button", "guide", "stack", "constraints", "inactive"])
            error(
                .unknownName, "unknown declaration '\(word)'" + didYouMean(suggestion), at: range(of: current),
                suggestion: suggestion)
            throw Failure()
        }
    }

    /// One property after a view's name. An unknown or misplaced property is
    /// reported and its value skipped, and the declaration goes on.
    mutating func parseViewProperty(into view: inout ViewDeclaration) {
        let start = current.start
        let nameToken = advance()
        guard let word = identifierName(nameToken) else { return }
        guard let property = ViewProperty(word: word) else {
            let suggestion = nearestName(to: word, among: ViewProperty.allCases.map(\.rawValue))
            error(
                .unknownName, "unknown property '\(word)'" + didYouMean(suggestion), at: range(of: nameToken),
                suggestion: suggestion)
            skipPropertyValue()
            return
        }
        // A property that does not apply, or is given twice, is read (and
        // its value checked) into a copy that is thrown away; any other goes
        // straight into the declaration, without copying it (a copy is
        // many retains, and its ranges' dictionary would be copied to grow).
        let firstRange = view.propertyRange(property)
        do {
            if property.applies(to: view.kind) && firstRange == nil {
                try parseValue(of: property, into: &view)
            } else {
                var discarded = view
                try parseValue(of: property, into: &discarded)
            }
        } catch {
            skipPropertyValue()
            return
        }
        let range = range(from: start)
        if !property.applies(to: view.kind) {
            let reason =
                switch (property, view.kind) {
                case (_, .guide): "a layout guide has no '\(word)'; guides are never drawn and have no content"
                case (.font, .view), (.lines, .view): "a plain view has no '\(word)'; only labels and buttons show text"
                case (.spacing, _), (.distribution, _), (.alignment, _):
                    "'\(word)' is a stack view's; declare 'stack \(view.name) horizontal|vertical' to arrange subviews"
                case (.font, _), (.lines, _):
                    "a \(view.kind.rawValue) has no '\(word)'; only labels and buttons show text"
                case (.size, .stack): "a stack view's size comes from its arranged subviews; 'size' is for plain views"
                default: "a \(view.kind.rawValue)'s intrinsic size comes from its text; 'size' is for plain views"
                }
            error(.notApplicable, reason, at: range)
            return
        }
        if let first = firstRange {
            error(
                .duplicateProperty, "'\(word)' is given twice; keep one of them", at: range,
                notes: [Diagnostic.Note("first given here", at: first)])
            return
        }
        view.setPropertyRange(range, for: property)
    }

    /// Skips a property's value after an error: up to the next known
    /// property, the view's block or the end of the statement.
    private mutating func skipPropertyValue() {
        while !atStatementEnd && current.kind != .leftBrace {
            if let next = identifierName(current), ViewProperty(word: next) != nil { break }
            advance()
        }
    }

    /// The value or values after a property's name. When it throws, the
    /// declaration is as it was: each case sets the view only after its
    /// last check (``parseViewProperty(into:)`` counts on it).
    private mutating func parseValue(of property: ViewProperty, into view: inout ViewDeclaration) throws(Failure) {
        switch property {
        case .alpha:
            let alpha = try parseNumber("an alpha between 0 and 1")
            check(alpha, in: 0...1, "alpha")
            view.alpha = min(max(alpha.value, 0), 1)
        case .color:
            view.color = try parseColor()
        case .textcolor:
            view.textColor = try parseColor()
        case .font:
            let font = try parseNumber("a font size in points")
            guard font.value > 0 && font.value <= 10_000 else {
                error(
                    .invalidValue, "a font size must be above 0 and at most 10000, not \(format(font.value))",
                    at: font.range)
                throw Failure()
            }
            view.font = font.value
        case .lines:
            let lines = try parseNumber("a number of lines (0 for no limit)")
            guard lines.value >= 0, lines.value <= 10_000, lines.value == lines.value.rounded() else {
                error(
                    .invalidValue,
                    "a number of lines is a whole number from 0 (no limit) to 10000, not \(format(lines.value))",
                    at: lines.range)
                throw Failure()
            }
            view.numberOfLines = Int(lines.value)
        case .size:
            let size = try parseSize("an intrinsic width")
            guard size.value.width >= 0 && size.value.height >= 0 else {
                error(.invalidValue, "an intrinsic size cannot be negative: \(size.value)", at: size.range)
                throw Failure()
            }
            view.intrinsicSize = size.value
        case .hugging, .compression:
            let horizontal = try parseNumber("a horizontal priority")
            let vertical = try parseNumber("a vertical priority")
            check(horizontal, in: 1...1000, "a priority")
            check(vertical, in: 1...1000, "a priority")
            let pair = AxisPriorities(
                horizontal: min(max(horizontal.value, 1), 1000), vertical: min(max(vertical.value, 1), 1000))
            if property == .hugging { view.hugging = pair } else { view.compression = pair }
        case .hidden:
            view.isHidden = true
        case .spacing:
            let spacing = try parseNumber("the spacing between arranged subviews, in points")
            guard NumberLimits.contains(spacing.value) else {
                error(.outOfRange, "a spacing must stay within ±\(NumberLimits.largestText)", at: spacing.range)
                throw Failure()
            }
            view.stack?.spacing = spacing.value
        case .distribution:
            view.stack?.distribution = try parseChoice("distribution", of: StackDistribution.self).value
        case .alignment:
            let alignment = try parseChoice("alignment", of: StackAlignment.self)
            if let axis = view.stack?.axis, !alignment.value.applies(to: axis) {
                let instead: StackAlignment =
                    switch alignment.value {
                    case .top: .leading
                    case .bottom: .trailing
                    case .leading: .top
                    case .trailing: .bottom
                    default: .center
                    }
                let across = axis == .horizontal ? "vertically" : "horizontally"
                error(
                    .invalidValue,
                    "a \(axis.rawValue) stack aligns its subviews \(across), so '\(alignment.value.rawValue)' does not "
                        + "apply; use '\(instead.rawValue)'", at: alignment.range, suggestion: instead.rawValue)
                throw Failure()
            }
            view.stack?.alignment = alignment.value
        case .margins:
            var margins = StackLayout.defaultMargins
            if current.kind == .number { margins = try parseInsets(what: "margin") }
            view.stack?.margins = margins
            view.layoutMargins = margins
        case .frame:
            let x = try parseNumber("the frame's x")
            let y = try parseNumber("the frame's y")
            let width = try parseNumber("the frame's width")
            let height = try parseNumber("the frame's height")
            guard width.value >= 0 && height.value >= 0 else {
                error(
                    .invalidValue,
                    "a frame's size cannot be negative: \(format(width.value)) x \(format(height.value))",
                    at: width.range.union(height.range))
                throw Failure()
            }
            view.fixedFrame = Rect(x: x.value, y: y.value, width: width.value, height: height.value)
        }
    }

    /// The `horizontal` or `vertical` after a stack's name.
    private mutating func parseStackAxis(name: Identifier) throws(Failure) -> StackAxis {
        guard let word = identifierName(current) else {
            throw fail(expected: "the stack's axis, 'horizontal' or 'vertical', as 'stack \(name) vertical'")
        }
        if let axis = StackAxis(rawValue: word) {
            advance()
            return axis
        }
        let suggestion = nearestName(to: word, among: StackAxis.allCases.map(\.rawValue))
        error(
            .unknownName,
            "unknown axis \(quoted(word))" + didYouMean(suggestion) + " (a stack is 'horizontal' or 'vertical')",
            at: range(of: current), suggestion: suggestion)
        throw Failure()
    }

    /// A stack's `distribution` or `alignment` value.
    private mutating func parseChoice<Choice: RawRepresentable & CaseIterable>(
        _ what: String, of type: Choice.Type
    ) throws(Failure) -> Located<Choice> where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        guard let word = identifierName(current) else {
            throw fail(expected: "\(what): " + names.joined(separator: ", "))
        }
        let token = advance()
        if let choice = Choice(rawValue: word) { return Located(choice, range(of: token)) }
        let suggestion = nearestName(to: word, among: names)
        error(
            .unknownName,
            "unknown \(what) \(quoted(word))" + didYouMean(suggestion) + " (" + names.joined(separator: ", ") + ")",
            at: range(of: token), suggestion: suggestion)
        throw Failure()
    }

    /// `#rrggbb` or a colour's name.
    mutating func parseColor() throws(Failure) -> Color {
        switch current.kind {
        case .color:
            return Color(rgb: UInt32(truncatingIfNeeded: advance().payload))
        case .identifier:
            let token = advance()
            let name = names[token.index]
            if let color = Color(named: name) { return color }
            let suggestion = nearestName(to: name, among: Color.allNames)
            error(
                .unknownName, "unknown colour '\(name)'" + didYouMean(suggestion), at: range(of: token),
                suggestion: suggestion)
            throw Failure()
        default:
            throw fail(expected: "a colour: a name such as 'blue', or '#' and six hex digits")
        }
    }
}
