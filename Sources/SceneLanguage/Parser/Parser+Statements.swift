extension Parser {
    /// The keywords that start a statement, for "did you mean".
    static let statementKeywords = [
        "activate", "deactivate", "layout", "animate", "animator", "start", "pause", "reverse", "stop", "finish",
        "swap",
        "run", "canvas",
    ]

    /// Declarations that never stand among statements: an unclosed action
    /// ends before one at the start of a line.
    static let declarationKeywords: Set<String> = [
        "view", "label", "button", "guide", "stack", "constraints", "inactive", "action", "on", "safearea", "sizeclass",
        "reload",
        "var", "texts",
    ]

    /// `{ statement … }`.
    mutating func parseStatementBlock() throws(Failure) -> [Statement] {
        var statements: [Statement] = []
        try parseBlock(endingBefore: Parser.declarationKeywords) { (parser: inout Parser) throws(Failure) in
            if let statement = try parser.parseStatement() { statements.append(statement) }
        }
        return statements
    }

    /// One statement of an action; nil for one that was reported and dropped.
    mutating func parseStatement() throws(Failure) -> Statement? {
        let start = current.start
        if current.kind == .visualFormat {
            error(
                .misplacedDeclaration,
                "a visual format line cannot be declared in an action; declare it at the top level, named and "
                    + "'inactive' if it should start off, and 'activate' it here", at: range(of: current))
            throw Failure()
        }
        guard let word = identifierName(current) else { throw fail(expected: "a statement") }
        if peek().kind == .dot { return try parseAssignment() }
        if peek().kind.assigns {
            let kind = try parseVariableAssignment()
            return Statement(kind, range(from: start))
        }
        if peek().kind == .leftBracket {
            error(
                .notAssignable, "a text list's entries are fixed; only variables and properties can be set",
                at: range(of: current).union(range(of: peek())))
            throw Failure()
        }
        if peek().kind == .colon {
            error(
                .misplacedDeclaration,
                "a constraint cannot be declared in an action; declare it at the top level, "
                    + "'inactive' if it should start off, and 'activate' it here", at: range(of: current))
            throw Failure()
        }
        let keyword = advance()
        let kind: Statement.Kind
        switch word {
        case "activate", "deactivate":
            var names: [Identifier] = []
            repeat {
                if current.kind == .comma && !names.isEmpty { advance() }
                names.append(try expectIdentifier("the name of a constraint or a group"))
            } while !atStatementEnd
            kind = word == "activate" ? .activate(names) : .deactivate(names)
        case "layout":
            kind = .layout
        case "animate" where isKeyword(Parser.keyframesKeyword):
            kind = .animateKeyframes(try parseKeyframeAnimation())
        case "animate":
            let options = try parseAnimationOptions(allowing: AnimationOption.animate)
            let body = try parseStatementBlock()
            kind = .animate(options, body: body, completion: try parseCompletions(positioned: false).plain)
        case "animator":
            index -= 1
            kind = .animator(try parseAnimator())
        case "start":
            let name = try expectIdentifier("the name of an animator")
            var delay = 0.0
            if isKeyword("after") {
                advance()
                let value = try parseConstant("a delay in seconds")
                check(value, in: 0...Double.infinity, "a delay")
                delay = max(0, value.value)
            }
            kind = .start(name, after: delay)
        case "pause": kind = .pause(try expectIdentifier("the name of an animator"))
        case "reverse": kind = .reverse(try expectIdentifier("the name of an animator"))
        case "stop": kind = .stop(try expectIdentifier("the name of an animator"))
        case "finish":
            let name = try expectIdentifier("the name of an animator")
            try expectKeyword("at")
            guard let where_ = identifierName(current), let position = FinishPosition(rawValue: where_) else {
                throw fail(expected: "'start', 'end' or 'current'")
            }
            kind = .finish(name, Located(position, advanceRange()))
        case "swap":
            let first = try expectIdentifier("the first of two views or constraints")
            let second = try expectIdentifier("the second of two views or constraints")
            kind = .swap(first, second)
        case "run":
            kind = .run(try expectIdentifier("the name of an action"))
        case "canvas":
            kind = .canvas(try parseCanvasSize().value)
        case Parser.keyframeKeyword:
            throw refuseMisplacedKeyframe(keyword)
        case _ where Parser.declarationKeywords.contains(word):
            error(
                .misplacedDeclaration,
                "\(quoted(word)) goes at the top level of the file, not in an action", at: range(of: keyword))
            throw Failure()
        default:
            let suggestion = nearestName(to: word, among: Parser.statementKeywords)
            error(
                .unknownName, "unknown statement \(quoted(word))" + didYouMean(suggestion), at: range(of: keyword),
                suggestion: suggestion)
            throw Failure()
        }
        return Statement(kind, range(from: start))
    }

    /// `X.constant = E`, `X.alpha = E`, `X.text = "…"`, `A.fraction = E`, ….
    private mutating func parseAssignment() throws(Failure) -> Statement? {
        let start = current.start
        let target = try expectIdentifier("a name")
        advance()  // '.'
        let property = try expectIdentifier("a property, such as 'constant' or 'alpha'")
        if property.name == "spacing" {
            var after: Identifier? = nil
            if isKeyword("after") {
                advance()
                after = try expectIdentifier("the arranged subview the spacing follows")
            }
            guard current.kind == .equal else { throw fail(expected: "'=' and the spacing in points") }
            advance()
            let value = try parseExpression(constantOnly: false)
            return Statement(.setSpacing(target, after: after, value), range(from: start))
        }
        if current.kind == .dot {
            error(
                .notAssignable, "only a view's own properties and a constraint's constant can be set",
                at: target.range.union(property.range))
            throw Failure()
        }
        let op: AssignmentOperator
        switch current.kind {
        case .equal: op = .assign
        case .plusEqual: op = .add
        case .minusEqual: op = .subtract
        case .equalEqual, .greaterEqual, .lessEqual:
            error(
                .misplacedDeclaration,
                "a constraint cannot be declared in an action; declare it at the top level with a name, "
                    + "'inactive' if it should start off, and 'activate' it here", at: range(of: current))
            throw Failure()
        default:
            throw fail(expected: "'=', '+=' or '-='")
        }
        let opToken = advance()
        let kind: Statement.Kind
        switch property.name {
        case "constant":
            kind = .setConstant(target, op, try parseExpression(constantOnly: false))
        case "fraction":
            try requirePlainAssignment(op, opToken, property)
            kind = .setFraction(target, try parseExpression(constantOnly: false))
        default:
            guard let assignable = AssignableProperty(word: property.name) else {
                if Attribute(word: property.name) != nil || FrameProperty(word: property.name) != nil {
                    error(
                        .notAssignable,
                        "a view's frame comes from its constraints; name a constraint and change its constant",
                        at: property.range)
                    throw Failure()
                }
                let candidates = ["constant", "fraction"] + AssignableProperty.allCases.map(\.rawValue)
                let suggestion = nearestName(to: property.name, among: candidates)
                error(
                    .unknownName, "unknown property \(quoted(property.name))" + didYouMean(suggestion),
                    at: property.range,
                    suggestion: suggestion)
                throw Failure()
            }
            try requirePlainAssignment(op, opToken, property)
            let value: PropertyValue
            switch assignable {
            case .alpha, .font:
                value = .number(try parseExpression(constantOnly: false))
            case .text:
                value = try parseTextValue()
            case .hidden:
                guard let word = identifierName(current), word == "true" || word == "false" else {
                    throw fail(expected: "'true' or 'false'")
                }
                advance()
                value = .bool(word == "true")
            case .color, .textcolor:
                value = .color(try parseColor())
            case .transform:
                value = .transform(try parseTransform())
            }
            kind = .setProperty(target, Located(assignable, property.range), value)
        }
        return Statement(kind, range(from: start))
    }

    /// `identity`, or one or more of `rotate DEG`, `scale S [SY]`, `translate TX TY`, up to the end of the
    /// statement. Each argument is a number, a name or an expression in parentheses (``parseArgument()``).
    private mutating func parseTransform() throws(Failure) -> [TransformStep] {
        var steps: [TransformStep] = []
        while !atStatementEnd {
            guard let word = identifierName(current), TransformStep.names.contains(word) else {
                if let word = identifierName(current),
                    let suggestion = nearestName(to: word, among: TransformStep.names)
                {
                    error(
                        .unknownName, "unknown transform step \(quoted(word))" + didYouMean(suggestion),
                        at: range(of: current), suggestion: suggestion)
                    throw Failure()
                }
                throw fail(
                    expected: steps.isEmpty ? "'rotate', 'scale', 'translate' or 'identity'" : "the end of the line")
            }
            let wordToken = advance()
            switch word {
            case "identity":
                guard steps.isEmpty && atStatementEnd else {
                    error(
                        .invalidValue, "'identity' stands alone: it is the transform that does nothing",
                        at: range(of: wordToken))
                    throw Failure()
                }
                return [.identity]
            case "rotate":
                steps.append(.rotate(try parseArgument()))
            case "scale":
                let x = try parseArgument()
                let y = startsArgument(except: TransformStep.names) ? try parseArgument() : nil
                steps.append(.scale(x, y))
            default:
                let x = try parseArgument()
                steps.append(.translate(x, try parseArgument()))
            }
        }
        guard !steps.isEmpty else { throw fail(expected: "'rotate', 'scale', 'translate' or 'identity'") }
        return steps
    }

    private mutating func requirePlainAssignment(
        _ op: AssignmentOperator, _ token: LexedToken, _ property: Identifier
    ) throws(Failure) {
        guard op != .assign else { return }
        error(
            .notAssignable,
            "'\(op.rawValue)' works on constraint constants and variables only; set \(quoted(property.name)) with '='",
            at: range(of: token), suggestion: "=")
        throw Failure()
    }
}
