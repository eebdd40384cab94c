/// A token of an assertion, with where it is (in characters).
struct AssertionToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case name(String)
        case number(Double)
        case text(String)
        case comparison(Comparison)
        /// `±`, `+-` or `+/-`.
        case tolerance
        case symbol(Character)
        case end
    }

    var kind: Kind
    var range: Range<Int>
}

/// Splits an assertion into tokens. Names are `[A-Za-z_][A-Za-z0-9_]*`
/// (as in scenes); numbers are decimal (`12`, `0.5`, `.5`, `1e3`); text is
/// in double quotes with `\"` and `\\`.
struct AssertionLexer {
    private let characters: [Character]
    private let source: String
    private var position = 0

    init(_ source: String) {
        self.source = source
        characters = Array(source)
    }

    static func tokens(of source: String) throws(AssertionError) -> [AssertionToken] {
        var lexer = AssertionLexer(source)
        var tokens: [AssertionToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private func error(_ message: String, _ range: Range<Int>) -> AssertionError {
        AssertionError(message, source: source, range: range)
    }

    mutating func next() throws(AssertionError) -> AssertionToken {
        while let character = peek(), character.isWhitespace { position += 1 }
        let start = position
        guard let character = peek() else { return AssertionToken(kind: .end, range: start..<start) }
        func token(_ kind: AssertionToken.Kind, length: Int) -> AssertionToken {
            position += length
            return AssertionToken(kind: kind, range: start..<position)
        }
        if character.isASCII, character.isLetter || character == "_" {
            while let next = peek(), next.isASCII, next.isLetter || next.isNumber || next == "_" { position += 1 }
            return AssertionToken(kind: .name(String(characters[start..<position])), range: start..<position)
        }
        if character.isASCII, character.isNumber { return try number() }
        switch character {
        case "." where peek(1)?.isASCII == true && peek(1)?.isNumber == true:
            return try number()
        case "\"":
            return try text()
        case "±":
            return token(.tolerance, length: 1)
        case "+" where peek(1) == "-":
            return token(.tolerance, length: 2)
        case "+" where peek(1) == "/" && peek(2) == "-":
            return token(.tolerance, length: 3)
        case "=" where peek(1) == "=":
            return token(.comparison(.equal), length: 2)
        case "!" where peek(1) == "=":
            return token(.comparison(.notEqual), length: 2)
        case "<" where peek(1) == "=", "≤":
            return token(.comparison(.lessOrEqual), length: character == "≤" ? 1 : 2)
        case ">" where peek(1) == "=", "≥":
            return token(.comparison(.greaterOrEqual), length: character == "≥" ? 1 : 2)
        case "<":
            return token(.comparison(.less), length: 1)
        case ">":
            return token(.comparison(.greater), length: 1)
        case "=":
            throw error("'=' assigns in a scene; an assertion compares with '=='", start..<start + 1)
        case "+", "-", "*", "/", "(", ")", ".":
            return token(.symbol(character), length: 1)
        case "−":
            // The minus sign that word processors put in for '-'.
            return token(.symbol("-"), length: 1)
        case "×":
            return token(.symbol("*"), length: 1)
        default:
            throw error("unexpected \(describe(character)) in an assertion", start..<start + 1)
        }
    }

    private mutating func number() throws(AssertionError) -> AssertionToken {
        let start = position
        func digits() { while let next = peek(), next.isASCII, next.isNumber { position += 1 } }
        digits()
        if peek() == "." {
            position += 1
            digits()
        }
        if let e = peek(), e == "e" || e == "E",
            let after = peek(1), after.isNumber || ((after == "+" || after == "-") && peek(2)?.isNumber == true)
        {
            position += 2
            digits()
        }
        let text = String(characters[start..<position])
        guard let value = Double(text), value.isFinite, abs(value) <= 1e9 else {
            throw error("'\(text.prefix(40))' is not a number an assertion can use (at most 1e9)", start..<position)
        }
        if let next = peek(), next.isLetter || next == "_" {
            throw error("a number runs into a name here; put a space or an operator between them", start..<position + 1)
        }
        return AssertionToken(kind: .number(value), range: start..<position)
    }

    private mutating func text() throws(AssertionError) -> AssertionToken {
        let start = position
        position += 1
        var value = ""
        while let character = peek() {
            position += 1
            switch character {
            case "\"":
                return AssertionToken(kind: .text(value), range: start..<position)
            case "\\":
                guard let escaped = peek(), escaped == "\"" || escaped == "\\" else {
                    throw error("in text, '\\' comes before '\"' or '\\' only", position - 1..<position)
                }
                value.append(escaped)
                position += 1
            default:
                value.append(character)
            }
        }
        throw error("text that starts here has no closing '\"'", start..<start + 1)
    }
}

/// A character as a message names it: `'%'`, or its code point when it
/// cannot be shown.
func describe(_ character: Character) -> String {
    if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
        scalar.value < 0x20 || scalar.value == 0x7f || (0x80..<0xa0).contains(scalar.value)
            || scalar.properties.generalCategory == .format
    {
        return "character U+\(String(scalar.value, radix: 16, uppercase: true))"
    }
    return "'\(character)'"
}
