extension Parser {
    /// `constraints [NAME] [inactive] { … }`.
    mutating func parseGroup() throws(Failure) {
        let keyword = advance()
        var name: Identifier? = nil
        if let word = identifierName(current), word != "inactive" {
            name = Identifier(word, advanceRange())
        }
        var isActive = true
        if isKeyword("inactive") {
            advance()
            isActive = false
        }
        guard current.kind == .leftBrace else { throw fail(expected: "'{' to open the group's constraints") }
        let group = GroupID(scene.groups.count)
        scene.groups.append(
            ConstraintGroup(
                name: name, isInitiallyActive: isActive,
                range: range(from: keyword.start)))
        try parseBlock(endingBefore: Parser.groupForeignKeywords) { (parser: inout Parser) throws(Failure) in
            if parser.current.kind == .visualFormat {
                try parser.parseConstraint(group: group)
                return
            }
            guard let word = parser.identifierName(parser.current) else {
                throw parser.fail(expected: "a constraint")
            }
            if ["view", "label", "button", "guide", "stack", "constraints", "var", "texts"].contains(word)
                && parser.peek().kind != .dot && parser.peek().kind != .colon
            {
                let what = word == "var" ? "variables" : word == "texts" ? "text lists" : "views"
                parser.error(
                    .misplacedDeclaration, "only constraints go in a 'constraints' block; declare \(what) outside it",
                    at: parser.range(of: parser.current))
                throw Failure()
            }
            try parser.parseConstraint(group: group)
        }
    }

    /// The declarations that cannot stand in a group: a group left open ends before one at the start of a line.
    static let groupForeignKeywords = Parser.declarationKeywords.subtracting(["inactive"]).union(["canvas", "animator"])

    /// `[inactive] [NAME:] ITEM.ATTR REL EXPR [@PRIORITY]`, or a visual format line (`Parser+VisualFormat.swift`).
    mutating func parseConstraint(group: GroupID?) throws(Failure) {
        let start = current.start
        var isInactive = false
        if isKeyword("inactive"), peek().kind != .dot, peek().kind != .colon {
            advance()
            isInactive = true
        }
        var name: Identifier? = nil
        if let word = identifierName(current), peek().kind == .colon {
            name = Identifier(word, advanceRange())
            advance()
        }
        if current.kind == .visualFormat {
            try parseVisualFormatLine(name: name, isInactive: isInactive, group: group, start: start)
            return
        }
        let first = try parseAnchorPath()
        if first.count == 2, first[1].name == "spacing", isKeyword("after") {
            if let name {
                error(
                    .invalidConstraint,
                    "a stack's custom spacing has no name of its own; remove \(quoted(name.name + ":"))",
                    at: name.range)
            }
            try parseCustomSpacing(stack: first[0], start: start)
            return
        }
        if isStatementOperator(after: first) {
            error(
                .misplacedDeclaration,
                "\(quoted(first.map(\.name).joined(separator: "."))) is set by a statement; "
                    + "statements go in an action or 'on load { … }'",
                at: first[0].range.union(range(of: current)))
            throw Failure()
        }
        if isInactive && group != nil {
            error(
                .notApplicable,
                "a constraint in a group is switched with its group; make the group 'inactive' instead",
                at: SourceRange(start: start, end: start + "inactive".utf8.count, in: file))
            isInactive = false
        }
        let relation: Located<ConstraintRelation>
        switch current.kind {
        case .equalEqual: relation = Located(.equal, advanceRange())
        case .greaterEqual: relation = Located(.greaterThanOrEqual, advanceRange())
        case .lessEqual: relation = Located(.lessThanOrEqual, advanceRange())
        case .equal:
            error(
                .expectedToken, "'=' assigns a value in an action; a constraint relates with '==', '>=' or '<='",
                at: range(of: current), suggestion: "==")
            relation = Located(.equal, advanceRange())
        default:
            throw fail(expected: "'==', '>=' or '<='")
        }
        let second = try parseExpression(constantOnly: false)
        var priority: Located<Double>? = nil
        if current.kind == .at {
            priority = try parsePriority()
        }
        constraints.append(
            ConstraintSyntax(
                name: name, isInactive: isInactive, group: group, first: first, relation: relation, second: second,
                priority: priority, range: range(from: start)))
    }

    /// `S.spacing after V = N`, from `after`: `setCustomSpacing(N, after: V)`.
    private mutating func parseCustomSpacing(stack: Identifier, start: Int) throws(Failure) {
        advance()
        let view = try expectIdentifier("the arranged subview the spacing follows, as 'form.spacing after name = 16'")
        guard current.kind == .equal else { throw fail(expected: "'=' and the spacing in points") }
        advance()
        let expr = try parseExpression(constantOnly: true)
        guard let value = expr.constantValue else { throw fail(expected: "a spacing in points") }
        guard NumberLimits.contains(value) else {
            error(.outOfRange, "a spacing must stay within ±\(NumberLimits.largestText)", at: expr.range)
            throw Failure()
        }
        customSpacings.append(
            CustomSpacingSyntax(
                stack: stack, view: view, spacing: Located(value, expr.range), range: range(from: start)))
    }

    /// Whether the current token assigns, as a statement does, to a path
    /// that is not an anchor: `card.alpha = 0`, `pinned.constant += 8`.
    private func isStatementOperator(after path: [Identifier]) -> Bool {
        switch current.kind {
        case .plusEqual, .minusEqual: return true
        case .equal: return Attribute(word: path.last?.name ?? "") == nil
        default: return false
        }
    }

    /// Whether the current identifier starts a constraint: a name followed
    /// by `.`, `:` or a relation (`card == 10` lacks its attribute; the
    /// checker says so).
    var startsConstraint: Bool {
        switch peek().kind {
        case .dot, .colon, .equalEqual, .greaterEqual, .lessEqual: true
        default: false
        }
    }

    /// `card.top`, `root.safeArea.top`: the left side of a constraint. A name
    /// alone is read too, for the checker to report the missing attribute.
    mutating func parseAnchorPath() throws(Failure) -> [Identifier] {
        guard current.kind == .identifier else {
            throw fail(expected: "a view's attribute, such as 'card.top'")
        }
        return try parseDottedNames("a view", then: "an attribute, such as 'top' or 'width'")
    }

    /// `@high`, `@750`: a name or a number from 1 to 1000.
    mutating func parsePriority() throws(Failure) -> Located<Double> {
        let at = advance()
        if let word = identifierName(current) {
            let token = advance()
            guard let name = PriorityName(word: word) else {
                let suggestion = nearestName(to: word, among: PriorityName.allCases.map(\.rawValue))
                error(
                    .unknownName,
                    "unknown priority \(quoted(word))" + didYouMean(suggestion)
                        + " (priorities are required, high, low, fitting, or a number from 1 to 1000)",
                    at: range(of: token), suggestion: suggestion)
                throw Failure()
            }
            return Located(name.value, range(of: at).union(range(of: token)))
        }
        let number = try parseNumber("a priority: required, high, low, fitting, or a number from 1 to 1000")
        guard (1...1000).contains(number.value) else {
            check(number, in: 1...1000, "a priority")
            throw Failure()
        }
        return Located(number.value, range(of: at).union(number.range))
    }
}
