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
        let first = try parseConstraintPath()
        if first.count == 2, first.second!.text == "spacing", isKeyword("after") {
            if let name {
                error(
                    .invalidConstraint,
                    "a stack's custom spacing has no name of its own; remove \(quoted(name.name + ":"))",
                    at: name.range)
            }
            try parseCustomSpacing(stack: Identifier(first.head.text, range(of: first.head)), start: start)
            return
        }
        if isStatementOperator(after: first.last.text) {
            let names = (0..<first.count).map { first[$0].text }
            error(
                .misplacedDeclaration,
                "\(quoted(names.joined(separator: "."))) is set by a statement; "
                    + "statements go in an action or 'on load { … }'",
                at: range(of: first.head).union(range(of: current)))
            throw Failure()
        }
        if isInactive && group != nil {
            error(
                .notApplicable,
                "a constraint in a group is switched with its group; make the group 'inactive' instead",
                at: SourceRange(start: start, end: start + "inactive".utf8.count, in: file))
            isInactive = false
        }
        let relation: ConstraintRelation
        switch current.kind {
        case .equalEqual: relation = .equal
        case .greaterEqual: relation = .greaterThanOrEqual
        case .lessEqual: relation = .lessThanOrEqual
        case .equal:
            error(
                .expectedToken, "'=' assigns a value in an action; a constraint relates with '==', '>=' or '<='",
                at: range(of: current), suggestion: "==")
            relation = .equal
        default:
            throw fail(expected: "'==', '>=' or '<='")
        }
        advance()
        let side = parseLinearSide()
        let expression = side == nil ? try parseExpression(constantOnly: false) : nil
        var priority: Double? = nil
        if current.kind == .at {
            priority = try parsePriority().value
        }
        constraints.append(
            ConstraintSyntax(
                name: name.map { ConstraintSyntax.Name(text: $0.name, start: $0.range.start, end: $0.range.end) },
                isInactive: isInactive, group: group, first: first, relation: relation, side: side,
                expression: expression, priority: priority, start: start, end: previousEnd))
    }

    /// A name's range, at the offsets it was read at (a path this parse read).
    private func range(of name: ConstraintSyntax.Name) -> SourceRange {
        SourceRange(start: name.start, end: name.end, in: file)
    }

    /// A constraint's first path, `card.top` or `root.safeArea.top`, read as
    /// ``parseDottedNames(_:then:)`` reads it, with the same messages (a name alone too, for the checker to
    /// report the missing attribute), into a ``ConstraintSyntax/Path``.
    private mutating func parseConstraintPath() throws(Failure) -> ConstraintSyntax.Path {
        guard current.kind == .identifier else {
            throw fail(expected: "a view's attribute, such as 'card.top'")
        }
        let head = advanceName()
        guard current.kind == .dot else { return ConstraintSyntax.Path(head: head, second: nil, third: nil, rest: []) }
        advance()
        let attribute = "an attribute, such as 'top' or 'width'"
        guard current.kind == .identifier else { throw fail(expected: attribute) }
        let second = advanceName()
        guard current.kind == .dot else {
            return ConstraintSyntax.Path(head: head, second: second, third: nil, rest: [])
        }
        advance()
        guard current.kind == .identifier else { throw fail(expected: attribute) }
        let third = advanceName()
        var rest: [ConstraintSyntax.Name] = []
        while current.kind == .dot {
            advance()
            guard current.kind == .identifier else { throw fail(expected: attribute) }
            rest.append(advanceName())
        }
        return ConstraintSyntax.Path(head: head, second: second, third: third, rest: rest)
    }

    /// Consumes the current token, an identifier: its name where it stands.
    private mutating func advanceName() -> ConstraintSyntax.Name {
        let token = advance()
        return ConstraintSyntax.Name(
            text: names[token.index], start: token.start, end: token.end, lexed: Parser.lexedIndex(token))
    }

    /// An identifier's index in the lexed names, as a ``ConstraintSyntax/Name`` keeps it (-1 past 32 bits).
    static func lexedIndex(_ token: LexedToken) -> Int32 { Int32(exactly: token.index) ?? -1 }

    /// A right side of the shape ``ConstraintSyntax/LinearSide`` holds, read from the tokens ahead, if they are of
    /// that shape and end the constraint (a newline, `;`, `}`, the file's end or a priority's `@`); else nil, with
    /// nothing consumed, for ``parseExpression(constantOnly:)`` to read the side as any expression. The shapes
    /// are those that expression parse reads without a message, and no further operator can bind to.
    private mutating func parseLinearSide() -> ConstraintSyntax.LinearSide? {
        /// The token `k` places ahead (the file's end past it).
        func token(_ k: Int) -> LexedToken { tokens[min(index + k, tokens.count - 1)] }
        func isSystem(_ token: LexedToken) -> Bool {
            token.kind == .identifier && token.end - token.start == 6 && names[token.index] == "system"
        }
        /// A number or `system`: its value.
        func constant(_ token: LexedToken) -> Double? {
            token.kind == .number ? token.number : isSystem(token) ? Expr.systemSpacing : nil
        }
        func endsSide(_ token: LexedToken) -> Bool {
            switch token.kind {
            case .newline, .semicolon, .rightBrace, .endOfFile, .at: true
            default: false
            }
        }
        let start = current.start
        if let value = constant(current) {
            guard endsSide(token(1)) else { return nil }
            advance()
            return ConstraintSyntax.LinearSide(
                anchor: nil, factor: nil, constant: value, subtracts: false, start: start, end: previousEnd)
        }
        guard current.kind == .identifier else { return nil }
        // ANCHOR: up to three names; a fourth is read by the expression parse, whose path the checker reports.
        var count = 1
        while count < 3 && token(2 * count - 1).kind == .dot && token(2 * count).kind == .identifier { count += 1 }
        var k = 2 * count - 1
        var factor: Double? = nil
        if token(k).kind == .star, token(k + 1).kind == .number {
            factor = token(k + 1).number
            k += 2
        }
        var added: Double? = nil
        let subtracts = token(k).kind == .minus
        if token(k).kind == .plus || subtracts, let value = constant(token(k + 1)) {
            added = value
            k += 2
        }
        guard endsSide(token(k)) else { return nil }
        /// Name `j` of the anchor (the tokens are names and dots, none of them a reused line: taken without
        /// ``advance()``).
        func name(_ j: Int) -> ConstraintSyntax.Name {
            let token = token(2 * j)
            return ConstraintSyntax.Name(
                text: names[token.index], start: token.start, end: token.end,
                lexed: Parser.lexedIndex(token))
        }
        let anchor = ConstraintSyntax.Path(
            head: name(0), second: count > 1 ? name(1) : nil, third: count > 2 ? name(2) : nil, rest: [])
        index += k
        return ConstraintSyntax.LinearSide(
            anchor: anchor, factor: factor, constant: added, subtracts: added != nil && subtracts, start: start,
            end: previousEnd)
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
    private func isStatementOperator(after last: String) -> Bool {
        switch current.kind {
        case .plusEqual, .minusEqual: return true
        case .equal: return Attribute(word: last) == nil
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
