extension LexedFile {
    /// A token as ``Lexer/tokenize(_:)`` gives it, with its text or value.
    func token(_ token: LexedToken) -> Token {
        Token(kind(of: token), from: token.start, to: token.end)
    }

    /// A token's kind with its text or value, as messages show it.
    func kind(of token: LexedToken) -> Token.Kind {
        LexedFile.kind(of: token, names: names, strings: strings, in: file)
    }

    /// ``kind(of:)``, from a file's names and strings.
    static func kind(of token: LexedToken, names: [String], strings: [String], in file: SourceFile) -> Token.Kind {
        switch token.kind {
        case .identifier: .identifier(names[token.index])
        case .number: .number(token.number)
        case .string: .string(strings[token.index])
        case .color: .color(UInt32(truncatingIfNeeded: token.payload))
        case .newline: .newline
        case .semicolon: .semicolon
        case .leftBrace: .leftBrace
        case .rightBrace: .rightBrace
        case .leftParen: .leftParen
        case .rightParen: .rightParen
        case .leftBracket: .leftBracket
        case .rightBracket: .rightBracket
        case .comma: .comma
        case .dot: .dot
        case .colon: .colon
        case .at: .at
        case .equal: .equal
        case .plusEqual: .plusEqual
        case .minusEqual: .minusEqual
        case .equalEqual: .equalEqual
        case .greaterEqual: .greaterEqual
        case .lessEqual: .lessEqual
        case .plus: .plus
        case .minus: .minus
        case .star: .star
        case .slash: .slash
        case .plusMinus: .plusMinus
        case .visualFormat: .visualFormat(String(file.text(of: token.range(in: file))))
        case .reusedLine: .reusedLine(token.index)
        case .endOfFile: .endOfFile
        }
    }
}

extension LexedToken {
    /// The token's range in the file it was read from.
    func range(in file: SourceFile) -> SourceRange {
        SourceRange(start: start, end: end, in: file)
    }
}
