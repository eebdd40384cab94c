extension Parser {
    /// `var NAME = E`, E a constant expression.
    mutating func parseVariable() throws(Failure) {
        let keyword = advance()
        let name = try expectIdentifier("the variable's name")
        try expect(.equal, "'=' and the variable's first value, as 'var \(name.name) = 0'")
        let value = try parseConstant("a variable's first value")
        let range = range(from: keyword.start)
        scene.variables.append(VariableDeclaration(name: name, initialValue: value.value, range: range))
    }

    /// `texts NAME "…" "…" …`, or `texts NAME {` with strings on its lines `}`.
    mutating func parseTextList() throws(Failure) {
        let keyword = advance()
        let name = try expectIdentifier("the text list's name")
        var texts: [String] = []
        if current.kind == .leftBrace {
            try parseBlock(endingBefore: Set(Parser.topLevelKeywords)) { (parser: inout Parser) throws(Failure) in
                repeat {
                    guard let text = parser.stringValue(parser.current) else {
                        throw parser.fail(expected: "a text in quotes")
                    }
                    texts.append(text)
                    parser.advance()
                } while !parser.atStatementEnd
            }
        } else {
            while let text = stringValue(current) {
                texts.append(text)
                advance()
            }
            if !atStatementEnd { throw fail(expected: "a text in quotes") }
        }
        let range = range(from: keyword.start)
        if texts.isEmpty {
            error(
                .invalidValue,
                "the text list \(quoted(name.name)) is empty; give it at least one text, as \(quoted("texts \(name.name) \"…\""))",
                at: range)
        }
        // Kept even when empty, so that its name still resolves.
        scene.textLists.append(TextListDeclaration(name: name, texts: texts, range: range))
    }

    /// `NAME = E`, `NAME += E`, `NAME -= E`: the current token is the name,
    /// the next one the operator.
    mutating func parseVariableAssignment() throws(Failure) -> Statement.Kind {
        let name = try expectIdentifier("a variable")
        let op: AssignmentOperator =
            switch advance().kind {
            case .plusEqual: .add
            case .minusEqual: .subtract
            default: .assign
            }
        return .setVariable(name, op, try parseExpression(constantOnly: false))
    }

    /// The value of `V.text = …`: a string, or `LIST[E]`. A name without an
    /// index is read too, for the checker to say what it is.
    mutating func parseTextValue() throws(Failure) -> PropertyValue {
        switch current.kind {
        case .string:
            return .text(strings[advance().index])
        case .identifier:
            let list = try expectIdentifier("a text list")
            guard current.kind == .leftBracket else { return .textEntry(list, nil) }
            advance()
            let index = try parseExpression(constantOnly: false)
            try expect(.rightBracket, "']' to close the index")
            return .textEntry(list, index)
        default:
            throw fail(expected: "a text in quotes or a text list's entry, as 'questions[index]'")
        }
    }
}
