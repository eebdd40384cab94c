extension Parser {
    /// `expr := term (('+' | '-') term)*`, `term := unary (('*' | '/') unary)*`,
    /// `unary := '-' unary | primary`,
    /// `primary := number | 'system' | name ('.' name)* | '(' expr ')'`. A
    /// name alone reads a variable; `LIST.count` a text list's length.
    ///
    /// With `constantOnly`, names other than `system` are not expressions (a
    /// duration: `animate 0.5 curve linear` stops before `curve`).
    ///
    /// An expression holds at most ``maximumOperations`` operators, so that
    /// walking its tree (checking, evaluating, freeing) cannot exhaust the stack.
    mutating func parseExpression(constantOnly: Bool) throws(Failure) -> Expr {
        operations = 0
        return try parseSum(constantOnly: constantOnly)
    }

    /// One argument of a list written side by side (`translate 10 -5`): a
    /// number, a name or a parenthesised expression, with its signs, so that
    /// `10 -5` is two arguments, not a difference.
    mutating func parseArgument() throws(Failure) -> Expr {
        operations = 0
        return try parseUnary(constantOnly: false)
    }

    /// Whether the current token can start an argument (``parseArgument()``) other than these words.
    func startsArgument(except words: [String]) -> Bool {
        switch current.kind {
        case .number, .minus, .leftParen: true
        case .identifier: !words.contains(names[current.index])
        default: false
        }
    }

    static let maximumOperations = 256

    /// Counts an operator, reporting an expression that has too many.
    private mutating func countOperation(at range: SourceRange) throws(Failure) {
        operations += 1
        guard operations <= Parser.maximumOperations else {
            error(
                .tooDeep, "this expression has more than \(Parser.maximumOperations) operators; split it up",
                at: range)
            throw Failure()
        }
    }

    private mutating func parseSum(constantOnly: Bool) throws(Failure) -> Expr {
        var lhs = try parseTerm(constantOnly: constantOnly)
        while current.kind == .plus || current.kind == .minus {
            try countOperation(at: range(of: current))
            let op: BinaryOperator = advance().kind == .plus ? .add : .subtract
            let rhs = try parseTerm(constantOnly: constantOnly)
            lhs = Expr(.binary(op, lhs, rhs), lhs.range.union(rhs.range))
        }
        return lhs
    }

    private mutating func parseTerm(constantOnly: Bool) throws(Failure) -> Expr {
        var lhs = try parseUnary(constantOnly: constantOnly)
        while current.kind == .star || current.kind == .slash {
            try countOperation(at: range(of: current))
            let op: BinaryOperator = advance().kind == .star ? .multiply : .divide
            let rhs = try parseUnary(constantOnly: constantOnly)
            lhs = Expr(.binary(op, lhs, rhs), lhs.range.union(rhs.range))
        }
        return lhs
    }

    private mutating func parseUnary(constantOnly: Bool) throws(Failure) -> Expr {
        // Iterative, so that a long run of '-' cannot exhaust the stack.
        var minuses: [SourceRange] = []
        while current.kind == .minus {
            try countOperation(at: range(of: current))
            minuses.append(advanceRange())
        }
        var operand = try parsePrimary(constantOnly: constantOnly)
        for minus in minuses.reversed() {
            operand = Expr(.negate(operand), minus.union(operand.range))
        }
        return operand
    }

    private mutating func parsePrimary(constantOnly: Bool) throws(Failure) -> Expr {
        let token = current
        switch token.kind {
        case .number:
            advance()
            return Expr(.number(token.number), range(of: token))
        case .identifier where names[token.index] == "system":
            advance()
            return Expr(.system, range(of: token))
        case .identifier where !constantOnly:
            let path = try parseDottedNames("a name", then: "a property, such as 'midY' or 'constant'")
            if current.kind == .leftBracket {
                // Only text lists have entries, and an entry is a text, never a number.
                let name = path.map(\.name).joined(separator: ".")
                error(
                    .typeMismatch,
                    "\(quoted(name + "[…]")) is a text, not a number; show it with \(quoted("V.text = " + name + "[…]")), "
                        + "or count the entries with \(quoted(name + ".count"))",
                    at: range(of: token).union(range(of: current)))
                throw Failure()
            }
            return Expr(.reference(path), range(of: token).union(path.last!.range))
        case .leftParen:
            guard depth < Parser.maximumDepth else {
                error(.tooDeep, "parentheses are nested more than \(Parser.maximumDepth) deep", at: range(of: token))
                throw Failure()
            }
            advance()
            depth += 1
            defer { depth -= 1 }
            let inner = try parseSum(constantOnly: constantOnly)
            try expect(.rightParen, "')'")
            return Expr(inner.kind, range(of: token).union(range(of: tokens[index - 1])))
        default:
            throw fail(expected: constantOnly ? "a number" : "a number, 'system' or a name")
        }
    }

    /// A constant expression (numbers, `system`, arithmetic), evaluated now.
    mutating func parseConstant(_ what: String) throws(Failure) -> Located<Double> {
        let start = current.start
        guard current.kind != .newline, current.kind != .endOfFile, current.kind != .leftBrace else {
            throw fail(expected: what)
        }
        let expr = try parseExpression(constantOnly: true)
        let range = range(from: start)
        guard let value = expr.constantValue, NumberLimits.contains(value) else {
            error(
                .outOfRange,
                "\(what) is out of range: it must be a finite number of at most \(NumberLimits.largestText)",
                at: range)
            throw Failure()
        }
        return Located(value, range)
    }
}
