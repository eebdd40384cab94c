/// A token of the scene language, with where it stands.
package struct Token: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `[A-Za-z_][A-Za-z0-9_]*`; keywords are identifiers the parser recognises.
        case identifier(String)
        /// `12`, `0.5`; a leading minus is the parser's unary operator.
        case number(Double)
        /// `"..."` with `\"`, `\\` and `\n` decoded.
        case string(String)
        /// `#rrggbb` after `color` or `color =`, as `0xRRGGBB`.
        case color(UInt32)
        /// The end of a line, which ends a statement as `;` does.
        case newline
        case semicolon
        case leftBrace, rightBrace, leftParen, rightParen
        /// `[` and `]`: a text list's entry, `questions[index]`.
        case leftBracket, rightBracket
        case comma, dot, colon, at
        case equal, plusEqual, minusEqual
        case equalEqual, greaterEqual, lessEqual
        case plus, minus, star, slash
        /// `±`, the tolerance of an assertion.
        case plusMinus
        /// A visual format line, `H:|-[a]-[b]-|` or `V:[a]-8-[b]`: `H:` or `V:` followed by
        /// `|` or `[`, up to white space, `;`, `#` or `}`. The text is the whole token, the
        /// orientation included; the parser reads it character by character from the file.
        case visualFormat(String)
        /// A whole line that a previous parse read, standing for its tokens: the index of its effect in the
        /// ``ParseReuse`` the file is lexed with. Only `Lexer.lex(_:reusing:)` makes it.
        case reusedLine(Int)
        case endOfFile
    }

    package var kind: Kind
    /// Where it stands: UTF-8 offsets into the file it was read from. A
    /// token does not keep its file, as a ``SourceRange`` does: a file's
    /// tokens are many and short-lived, and would each retain and release
    /// it; the parser makes ranges of the few that syntax and diagnostics keep.
    package var start: Int
    package var end: Int

    package init(_ kind: Kind, from start: Int, to end: Int) {
        self.kind = kind
        self.start = start
        self.end = max(start, end)
    }

    /// The token's range in the file it was read from.
    package func range(in file: SourceFile) -> SourceRange {
        SourceRange(start: start, end: end, in: file)
    }
}

extension Token.Kind: CustomStringConvertible {
    /// How the token reads in messages: `'=='`, `identifier 'card'`, `end of line`.
    package var description: String {
        switch self {
        case .identifier(let name): quoted(name)
        case .number(let value):
            "number \(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))"
        case .string: "string"
        case .color: "color"
        case .newline: "end of line"
        case .semicolon: "';'"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .comma: "','"
        case .dot: "'.'"
        case .colon: "':'"
        case .at: "'@'"
        case .equal: "'='"
        case .plusEqual: "'+='"
        case .minusEqual: "'-='"
        case .equalEqual: "'=='"
        case .greaterEqual: "'>='"
        case .lessEqual: "'<='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .plusMinus: "'±'"
        case .visualFormat: "a visual format line"
        case .reusedLine: "a line read before"
        case .endOfFile: "end of file"
        }
    }
}

/// A token as the parser reads it: what it is, where it stands and, for a few kinds, one value; no text of its
/// own. Trivially copied and freed, unlike ``Token``, whose kinds carry strings: a file has a token every three
/// or four bytes, and the parser copies each one several times.
struct LexedToken: Sendable {
    /// ``Token/Kind`` without its values.
    enum Kind: UInt8, Sendable {
        case identifier, number, string, color, newline, semicolon
        case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
        case comma, dot, colon, at
        case equal, plusEqual, minusEqual
        case equalEqual, greaterEqual, lessEqual
        case plus, minus, star, slash, plusMinus
        case visualFormat, reusedLine, endOfFile

        /// `=`, `+=` or `-=`: a statement's assignment. A switch, where an array literal of the three was
        /// built at every statement.
        var assigns: Bool {
            switch self {
            case .equal, .plusEqual, .minusEqual: true
            default: false
            }
        }
    }

    var kind: Kind
    /// Where it stands: UTF-8 offsets into the file it was read from, as a ``Token``'s.
    var start: Int
    var end: Int
    /// An identifier's index in its file's ``LexedFile/names``, a string's in ``LexedFile/strings``, a number's
    /// bits, a colour's `0xRRGGBB`, a reused line's effect; 0 for other kinds.
    var payload: UInt64

    init(_ kind: Kind, from start: Int, to end: Int, payload: UInt64 = 0) {
        self.kind = kind
        self.start = start
        self.end = max(start, end)
        self.payload = payload
    }

    /// A number's value.
    var number: Double { Double(bitPattern: payload) }
    /// An index into the file's names or strings, or a reused line's effect.
    var index: Int { Int(truncatingIfNeeded: payload) }
}
