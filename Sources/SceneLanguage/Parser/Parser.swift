import LayoutValues

/// A recursive-descent parser for scene files that recovers from errors:
/// a statement it cannot read is reported and skipped up to the end of its
/// line (or its block), and parsing goes on, so one pass reports every
/// syntax error in a file.
///
/// Statements end at a newline, `;`, or the `}` that closes their block.
/// Blocks open on the line of their statement. Nesting is limited to
/// ``maximumDepth`` blocks and parentheses, so no input can exhaust the stack.
struct Parser {
    let file: SourceFile
    let tokens: [LexedToken]
    /// The identifiers' names and the strings' values, which tokens index (``LexedFile``).
    let names: [String]
    let strings: [String]
    var index = 0
    var diagnostics: [Diagnostic] = []
    var scene: Scene
    /// Constraints as written, for the checker to resolve, and those taken from the previous parse's lines.
    var constraints = ConstraintSyntaxList()
    /// `S.spacing after V = N` declarations, for the checker to resolve.
    var customSpacings: [CustomSpacingSyntax] = []
    /// Visual format lines as written, for the checker to expand.
    var visualFormats: [VisualFormatSyntax] = []
    /// Statements that belong to no action (a second `on load`): still checked.
    var strayBodies: [[Statement]] = []
    /// How many blocks and parentheses enclose the current token.
    var depth = 0
    /// Operators in the expression being parsed.
    var operations = 0
    /// Lines kept from the previous parse, and what this parse keeps for the next (`Parser+Reuse.swift`).
    var reuse = ReuseState()

    static let maximumDepth = 64

    init(_ lexed: LexedFile) {
        self.file = lexed.file
        self.tokens = lexed.tokens
        self.names = lexed.names
        self.strings = lexed.strings
        self.scene = Scene(file: lexed.file)
    }

    /// Thrown after a diagnostic has been recorded, to abandon the statement.
    struct Failure: Error {}

    // MARK: Looking at tokens

    var current: LexedToken { tokens[index] }

    /// The token `offset` places ahead, or the end of the file.
    func peek(_ offset: Int = 1) -> LexedToken {
        tokens[min(index + offset, tokens.count - 1)]
    }

    /// An identifier's name; nil for a token of another kind.
    func identifierName(_ token: LexedToken) -> String? {
        token.kind == .identifier ? names[token.index] : nil
    }

    /// A string's value; nil for a token of another kind.
    func stringValue(_ token: LexedToken) -> String? {
        token.kind == .string ? strings[token.index] : nil
    }

    /// A number's value; nil for a token of another kind.
    func numberValue(_ token: LexedToken) -> Double? {
        token.kind == .number ? token.number : nil
    }

    /// How a token reads in messages: `'=='`, `identifier 'card'`, `end of line`.
    func describe(_ token: LexedToken) -> String {
        LexedFile.kind(of: token, names: names, strings: strings, in: file).description
    }

    /// Where the last consumed token ends.
    var previousEnd: Int { index > 0 ? tokens[index - 1].end : 0 }

    /// A token's range, in the file being parsed.
    func range(of token: LexedToken) -> SourceRange {
        token.range(in: file)
    }

    /// Consumes the current token: its range.
    ///
    /// Not `range(of: advance())`: a call's receiver is read before its
    /// arguments, so that copies the whole parser before `advance()` changes it.
    mutating func advanceRange() -> SourceRange {
        let token = advance()
        return token.range(in: file)
    }

    /// The range from `start` to the end of the last consumed token.
    func range(from start: Int) -> SourceRange {
        SourceRange(start: start, end: previousEnd, in: file)
    }

    @discardableResult
    mutating func advance() -> LexedToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        // A reused line is taken at the start of a top-level statement only, without `advance()`: anywhere
        // else, the parse is not that of the line's tokens, and is done again without reuse.
        if token.kind == .reusedLine { reuse.isSpoiled = true }
        return token
    }

    func isKeyword(_ keyword: String, _ token: LexedToken? = nil) -> Bool {
        identifierName(token ?? current) == keyword
    }

    /// Whether the current token ends a statement: a newline, `;`, `}` or the end of the file.
    var atStatementEnd: Bool {
        switch current.kind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: false
        }
    }

    mutating func skipNewlines() {
        while true {
            switch current.kind {
            case .newline, .semicolon: advance()
            default: return
            }
        }
    }

    // MARK: Reporting

    mutating func error(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
        suggestion: String? = nil
    ) {
        diagnostics.record(
            .error(code, message, at: range, notes: notes, suggestion: suggestion),
            limitNote: "too many errors; the parser stops here")
        // Past the limit, nothing more would be reported: stop reading.
        if diagnostics.count >= diagnosticLimit { index = tokens.count - 1 }
    }

    /// Reports what was expected where the current token stands, and abandons the statement.
    mutating func fail(expected what: String) -> Failure {
        error(.expectedToken, "expected \(what), found \(describe(current))", at: range(of: current))
        return Failure()
    }

    /// Consumes a token of this kind, or reports and abandons the statement.
    @discardableResult
    mutating func expect(_ kind: LexedToken.Kind, _ what: @autoclosure () -> String) throws(Failure) -> LexedToken {
        guard current.kind == kind else { throw fail(expected: what()) }
        return advance()
    }

    mutating func expectKeyword(_ keyword: String) throws(Failure) {
        guard isKeyword(keyword) else { throw fail(expected: "'\(keyword)'") }
        advance()
    }

    /// Consumes an identifier: a name the user chooses. `what` it should be is made only to report it missing.
    mutating func expectIdentifier(_ what: @autoclosure () -> String) throws(Failure) -> Identifier {
        guard let name = identifierName(current) else { throw fail(expected: what()) }
        return Identifier(name, advanceRange())
    }

    /// Names joined by dots, `card.top` or `root.safeArea.top`, from the current token: `first` and `rest` say
    /// what is expected of the first name and of those after a dot.
    ///
    /// A path of up to three names is made as an array literal, allocated at its size: an empty array reserved
    /// and appended to cost more than reading the names. A longer one (an error the checker reports) grows.
    mutating func parseDottedNames(_ first: String, then rest: String) throws(Failure) -> [Identifier] {
        let head = try expectIdentifier(first)
        guard current.kind == .dot else { return [head] }
        advance()
        let second = try expectIdentifier(rest)
        guard current.kind == .dot else { return [head, second] }
        advance()
        let third = try expectIdentifier(rest)
        guard current.kind == .dot else { return [head, second, third] }
        var path = [head, second, third]
        while current.kind == .dot {
            advance()
            path.append(try expectIdentifier(rest))
        }
        return path
    }

    // MARK: Recovery

    /// Skips to the end of the current statement, over any blocks it opens.
    mutating func skipStatement() {
        while !atStatementEnd {
            if current.kind == .leftBrace { skipBlock() } else { advance() }
        }
    }

    /// Skips a block from its `{` to the matching `}` (or the end of the
    /// file), without recursion, however deep it nests.
    mutating func skipBlock() {
        var open = 0
        repeat {
            switch current.kind {
            case .leftBrace: open += 1
            case .rightBrace: open -= 1
            case .endOfFile: return
            default: break
            }
            advance()
        } while open > 0
    }

    /// After a statement: the statement must end here.
    mutating func endStatement() {
        guard !atStatementEnd else { return }
        error(
            .expectedToken, "expected the end of the statement (a new line or ';'), found \(describe(current))",
            at: range(of: current))
        skipStatement()
    }

    /// Parses the elements of a `{ … }` block with `element`, each one
    /// recovering on its own; the current token must be the `{`.
    ///
    /// A block left open (while a file is being edited, say) must not
    /// swallow the rest of the file: when one of `foreign`, keywords that
    /// cannot stand in this block, starts a line at its first column, the
    /// block is reported as unclosed and ends there, so the declaration is
    /// read where it belongs. Indented, the same keyword is a misplaced
    /// declaration inside the block.
    mutating func parseBlock(
        endingBefore foreign: Set<String> = [], _ element: (inout Parser) throws(Failure) -> Void
    ) throws(Failure) {
        let open = try expect(.leftBrace, "'{'")
        guard depth < Parser.maximumDepth else {
            error(
                .tooDeep, "blocks are nested more than \(Parser.maximumDepth) deep; the rest of this block is skipped",
                at: range(of: open))
            index -= 1
            skipBlock()
            return
        }
        depth += 1
        reuse.blocksOpened += 1
        defer { depth -= 1 }
        while true {
            skipNewlines()
            switch current.kind {
            case .rightBrace:
                advance()
                return
            case .endOfFile:
                error(
                    .unterminatedBlock, "this block is never closed; add '}' before the end of the file",
                    at: range(of: open))
                return
            // Whether the word starts a line is asked first: it is cheap, and
            // statements in a block are indented.
            case .identifier where startsLine(current) && foreign.contains(names[current.index]) && !startsConstraint:
                let word = names[current.index]
                let line = file.location(of: current.start).line
                error(
                    .unterminatedBlock,
                    "this block is not closed; add '}' before \(quoted(word)) on line \(line), which cannot go inside it",
                    at: range(of: open))
                // Back to the line break before the declaration, where the enclosing statement ends.
                while index > 0 && tokens[index - 1].kind == .newline { index -= 1 }
                return
            default:
                do { try element(&self) } catch { skipStatement() }
                endStatement()
            }
        }
    }

    /// Whether a token stands at the first column of its line.
    func startsLine(_ token: LexedToken) -> Bool {
        let start = token.start
        return start == 0 || file.bytes[start - 1] == UInt8(ascii: "\n")
    }

    // MARK: Numbers

    /// A number with an optional minus sign: `12`, `-1000`, `0.5`.
    mutating func parseNumber(_ what: String) throws(Failure) -> Located<Double> {
        let start = current.start
        let negative = current.kind == .minus
        if negative { advance() }
        guard let value = numberValue(current) else { throw fail(expected: what) }
        advance()
        return Located(negative ? -value : value, range(from: start))
    }

    /// `W x H`; `375x667` without spaces too.
    mutating func parseSize(_ what: String) throws(Failure) -> Located<Size> {
        let width = try parseNumber(what)
        let height: Located<Double>
        if let word = identifierName(current), word.first == "x", word.count > 1,
            let value = Double(word.dropFirst()), word.dropFirst().allSatisfy(\.isNumber)
        {
            // `375x667` lexes as 375 and the identifier `x667`; its number
            // obeys the lexer's limit.
            let token = advance()
            guard NumberLimits.contains(value) else {
                error(
                    .tooLarge,
                    "number \(quoted(word.dropFirst())) is too large; numbers are at most \(NumberLimits.largestText)",
                    at: SourceRange(start: token.start + 1, end: token.end, in: file))
                throw Failure()
            }
            height = Located(value, range(of: token))
        } else {
            try expectKeyword("x")
            height = try parseNumber("a height")
        }
        return Located(
            Size(width: width.value, height: height.value), range(from: width.range.start))
    }

    /// Reports a number outside `range` as `invalid-value`.
    mutating func check(_ number: Located<Double>, in range: ClosedRange<Double>, _ what: String) {
        guard !range.contains(number.value) else { return }
        let bounds =
            range.upperBound == .infinity
            ? "at least \(format(range.lowerBound))"
            : "between \(format(range.lowerBound)) and \(format(range.upperBound))"
        error(.invalidValue, "\(what) must be \(bounds), not \(format(number.value))", at: number.range)
    }
}
