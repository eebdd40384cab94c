import LayoutValues

/// Reads the format of a visual format line, `H:|-[a]-8-[b(==a)]-|`, character
/// by character in the file's bytes, in the grammar of Auto Layout's Visual
/// Format Language:
///
/// ```
/// line        (H|V): (| connection)? view (connection view)* (connection |)?
/// view        [ name (( predicate (, predicate)* ))? ]
/// connection  nothing | - | -number- | -( predicate (, predicate)* )-
/// predicate   (== | >= | <=)? (number | system | name) (@ (number | required | high | low | fitting))?
/// ```
///
/// The first mistake ends the reading, with a diagnostic at its character.
struct VisualFormatReader {
    let file: SourceFile
    let bytes: [UInt8]
    /// Where the reader stands: a UTF-8 offset into the file.
    var i: Int
    /// Where the format ends (exclusive).
    let end: Int

    /// A mistake in the format, at its character.
    struct Mistake: Error {
        var diagnostic: Diagnostic
    }

    /// What the format reads as: the orientation, the edges, views and connections.
    struct Format {
        var axis: VisualFormatSyntax.Axis
        var leadingEdge: VisualFormatSyntax.Edge?
        var views: [VisualFormatSyntax.View] = []
        var connections: [VisualFormatSyntax.Connection] = []
        var trailingEdge: VisualFormatSyntax.Edge?
    }

    init(file: SourceFile, from start: Int, to end: Int) {
        self.file = file
        self.bytes = file.bytes
        self.i = start
        self.end = end
    }

    // MARK: Characters

    /// The byte at `offset` places ahead, or nil at the end of the format.
    private func peek(_ offset: Int = 0) -> UInt8? {
        i + offset < end ? bytes[i + offset] : nil
    }

    private func at(_ character: Character) -> Bool {
        peek() == character.asciiValue
    }

    private func range(from start: Int) -> SourceRange {
        SourceRange(start: start, end: i, in: file)
    }

    /// The character where the reader stands (a whole UTF-8 sequence), or the
    /// empty range at the end of the format.
    private var here: SourceRange {
        guard i < end else { return .at(end, in: file) }
        var next = i + 1
        while next < end && bytes[next] & 0xC0 == 0x80 { next += 1 }
        return SourceRange(start: i, end: next, in: file)
    }

    /// How the character where the reader stands reads in a message.
    private var found: String {
        guard i < end else { return "the end of the format" }
        let text = here.text
        if let lookAlike = visualFormatLookAlikes[String(text)] { return "\(quoted(text)) (\(lookAlike.0))" }
        return quoted(text)
    }

    private func mistake(
        _ message: String, at range: SourceRange? = nil, code: DiagnosticCode = .invalidFormat,
        suggestion: String? = nil
    ) -> Mistake {
        Mistake(diagnostic: .error(code, message, at: range ?? here, suggestion: suggestion))
    }

    /// A mistake where the reader stands: what was expected, and what stands there.
    private func expected(_ what: String) -> Mistake {
        let text = String(here.text)
        let suggestion = visualFormatLookAlikes[text]?.1
        return mistake("expected \(what), found \(found)", suggestion: suggestion)
    }

    // MARK: The line

    /// Reads the whole format, from its orientation to its end.
    mutating func read() throws(Mistake) -> Format {
        let formatStart = i
        var format = Format(axis: bytes[i] == UInt8(ascii: "H") ? .horizontal : .vertical)
        i += 2
        if at("|") {
            let bar = here
            i += 1
            if at("(") {
                throw mistake(
                    "the superview's edge '|' takes no predicates; put the spacing in the connection, as '|-(>=20)-['")
            }
            let connection = try readConnection(after: bar.start)
            if at("|") || peek() == nil {
                throw mistake(
                    "a visual format line needs at least one view, as 'H:|-[card]-|' (UIKit raises for a format "
                        + "without views)", at: range(from: formatStart).union(here))
            }
            format.leadingEdge = VisualFormatSyntax.Edge(bar: bar, connection: connection)
        }
        while true {
            guard at("[") else {
                throw expected(format.views.isEmpty && format.leadingEdge == nil ? "'|' or '['" : "'[' to start a view")
            }
            let view = try readView()
            format.views.append(view)
            let connection = try readConnection(after: view.range.start)
            if at("[") {
                format.connections.append(connection)
                continue
            }
            if at("|") {
                let bar = here
                i += 1
                format.trailingEdge = VisualFormatSyntax.Edge(bar: bar, connection: connection)
                guard peek() == nil else {
                    if at("(") {
                        throw mistake(
                            "the superview's edge '|' takes no predicates; put the spacing in the connection, "
                                + "as ']-(>=20)-|'")
                    }
                    throw expected("the end of the format after '|'")
                }
                return format
            }
            if peek() == nil {
                if case .flush = connection.kind { return format }
                throw mistake(
                    "a connection leads to a view or to the superview's edge; add '[' and a view, or '|'",
                    at: connection.range)
            }
            if case .flush = connection.kind {
                throw expected("'-', '[' or '|' after the view")
            }
            throw expected("'[' or '|' after the connection")
        }
    }

    // MARK: Views

    /// `[name]` or `[name(predicates)]`.
    private mutating func readView() throws(Mistake) -> VisualFormatSyntax.View {
        let start = i
        i += 1
        let name = try readName(expected: "a view's name after '['")
        var view = VisualFormatSyntax.View(name: name, predicates: [], range: range(from: start))
        if at("(") {
            let listStart = i
            view.predicates = try readPredicateList(allowingViews: true)
            view.predicatesRange = range(from: listStart)
        }
        guard at("]") else {
            throw expected(view.predicates.isEmpty ? "'(' or ']' after the view's name" : "']' to end the view")
        }
        i += 1
        view.range = range(from: start)
        return view
    }

    /// A C identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    private mutating func readName(expected what: String) throws(Mistake) -> Identifier {
        guard let first = peek(), isNameStart(first) else { throw expected(what) }
        let start = i
        while let byte = peek(), isNameStart(byte) || isDigit(byte) { i += 1 }
        return Identifier(String(decoding: bytes[start..<i], as: UTF8.self), range(from: start))
    }

    // MARK: Connections

    /// The connection after a view or a leading `|` (at `previous`): nothing,
    /// `-`, `-N-` or `-(predicates)-`.
    private mutating func readConnection(after previous: Int) throws(Mistake) -> VisualFormatSyntax.Connection {
        guard at("-") else {
            // Flush: no characters of its own, so its range is its two neighbours, `[a][b]`, `|[a]` or `[a]|`.
            return VisualFormatSyntax.Connection(
                kind: .flush, range: SourceRange(start: previous, end: i, in: file).union(nextView))
        }
        let start = i
        i += 1
        if at("[") || at("|") {
            return VisualFormatSyntax.Connection(kind: .standard, range: range(from: start))
        }
        if at("(") {
            let predicates = try readPredicateList(allowingViews: false)
            try closeConnection(opened: start)
            return VisualFormatSyntax.Connection(kind: .predicates(predicates), range: range(from: start))
        }
        if let byte = peek(), isDigit(byte) {
            let numberStart = i
            let value = try readNumber()
            let predicate = VisualFormatSyntax.Predicate(
                relation: .equal, object: .constant(value), priority: nil, range: range(from: numberStart))
            try closeConnection(opened: start)
            return VisualFormatSyntax.Connection(kind: .predicates([predicate]), range: range(from: start))
        }
        if let byte = peek(), isNameStart(byte) {
            let name = try readName(expected: "a spacing")
            guard name.name == "system" else { throw metricName(name) }
            let predicate = VisualFormatSyntax.Predicate(
                relation: .equal, object: .constant(Expr.systemSpacing), priority: nil, range: name.range)
            try closeConnection(opened: start)
            return VisualFormatSyntax.Connection(kind: .predicates([predicate]), range: range(from: start))
        }
        if at("=") || at(">") || at("<") {
            // `->=8-`, `-<=8@750-`, `-==8-`: UIKit's grammar puts a relation in parentheses, but its parser reads
            // one predicate without them, and shipped formats rely on it (ResearchKit's `->=0-`): read as
            // `-(>=8)-`.
            let predicate = try readPredicate(allowingViews: false)
            try closeConnection(opened: start)
            return VisualFormatSyntax.Connection(kind: .predicates([predicate]), range: range(from: start))
        }
        if peek() == nil {
            throw mistake(
                "a connection leads to a view or to the superview's edge; add '[' and a view, or '|'",
                at: SourceRange(start: start, end: start + 1, in: file))
        }
        throw expected("a spacing, '[' or '|' after '-'")
    }

    /// The `-` that ends a connection, which a view or `|` must follow.
    private mutating func closeConnection(opened start: Int) throws(Mistake) {
        guard at("-") else {
            if at("[") || at("|") {
                let written = range(from: start).text
                throw mistake(
                    "expected '-' to end the connection \(quoted(written)), found \(found)", suggestion: "-")
            }
            throw expected("'-' to end the connection")
        }
        i += 1
    }

    /// The range of a view that starts where the reader stands, up to its `]`
    /// (or the end of the format), for a flush connection's range.
    private var nextView: SourceRange {
        guard at("[") else { return here }
        var j = i
        while j < end && bytes[j] != UInt8(ascii: "]") { j += 1 }
        return SourceRange(start: i, end: min(j + 1, end), in: file)
    }

    /// A name where a spacing goes: UIKit's metrics, which the playground does not have.
    private func metricName(_ name: Identifier) -> Mistake {
        mistake(
            "a spacing is a number or 'system'; \(quoted(name.name)) would be a metric of UIKit's metrics "
                + "dictionary, which scene files do not have: write the number", at: name.range)
    }

    // MARK: Predicates

    /// `(predicate, predicate, …)`, from its `(` to its `)`.
    private mutating func readPredicateList(allowingViews: Bool) throws(Mistake) -> [VisualFormatSyntax.Predicate] {
        i += 1
        var predicates: [VisualFormatSyntax.Predicate] = []
        while true {
            predicates.append(try readPredicate(allowingViews: allowingViews))
            if at(",") {
                i += 1
                continue
            }
            guard at(")") else {
                throw expected("',' or ')' after the predicate")
            }
            i += 1
            return predicates
        }
    }

    /// `[relation]object[@priority]`.
    private mutating func readPredicate(allowingViews: Bool) throws(Mistake) -> VisualFormatSyntax.Predicate {
        let start = i
        var relation = ConstraintRelation.equal
        var relationText: Substring? = nil
        let second = peek(1) == UInt8(ascii: "=")
        if at("=") && !second {
            throw mistake(
                "'=' is not a relation; a predicate relates with '==', '>=' or '<='", at: here, suggestion: "==")
        }
        if (at(">") || at("<")) && !second {
            let symbol = String(here.text)
            throw mistake(
                "'\(symbol)' is not a relation; predicates use '\(symbol)=', '==' (Auto Layout has no strict "
                    + "inequalities)", at: here, suggestion: symbol + "=")
        }
        if at(">") { relation = .greaterThanOrEqual }
        if at("<") { relation = .lessThanOrEqual }
        if at("=") || at(">") || at("<") {
            relationText = SourceRange(start: i, end: i + 2, in: file).text
            i += 2
        }
        let object: VisualFormatSyntax.Predicate.Object
        if let byte = peek(), isDigit(byte) || byte == UInt8(ascii: "-") {
            object = .constant(try readNumber())
        } else if let byte = peek(), isNameStart(byte) {
            let name = try readName(expected: "a number or a view's name")
            if name.name == "system" {
                object = .constant(Expr.systemSpacing)
            } else if allowingViews {
                object = .view(name)
            } else {
                throw mistake(
                    "a spacing is a number or 'system'; a view's name goes only in a view's size, as '[b(==a)]'",
                    at: name.range)
            }
        } else {
            let after = relationText.map { "after \(quoted($0))" } ?? "in the predicate"
            throw expected("a number or a view's name \(after)")
        }
        var priority: Double? = nil
        if at("@") {
            priority = try readPriority()
        }
        return VisualFormatSyntax.Predicate(
            relation: relation, object: object, priority: priority, range: range(from: start))
    }

    /// `@750` or `@high`, from the `@`.
    private mutating func readPriority() throws(Mistake) -> Double {
        i += 1
        if let byte = peek(), isNameStart(byte) {
            let name = try readName(expected: "a priority")
            guard let priority = PriorityName(word: name.name) else {
                let suggestion = nearestName(to: name.name, among: PriorityName.allCases.map(\.rawValue))
                throw mistake(
                    "unknown priority \(quoted(name.name))" + didYouMean(suggestion)
                        + " (priorities are required, high, low, fitting, or a number from 1 to 1000)",
                    at: name.range, code: .unknownName, suggestion: suggestion)
            }
            return priority.value
        }
        guard let byte = peek(), isDigit(byte) || byte == UInt8(ascii: "-") else {
            throw expected("a priority after '@': required, high, low, fitting, or a number from 1 to 1000")
        }
        let numberStart = i
        let value = try readNumber()
        guard (1...1000).contains(value) else {
            throw mistake(
                "a priority must be between 1 and 1000, not \(format(value))",
                at: SourceRange(start: numberStart, end: i, in: file), code: .invalidValue)
        }
        return value
    }

    /// `8`, `0.5`, `-5`: a number with an optional minus sign.
    private mutating func readNumber() throws(Mistake) -> Double {
        let start = i
        if at("-") { i += 1 }
        guard let first = peek(), isDigit(first) else { throw expected("a number after '-'") }
        while let byte = peek(), isDigit(byte) { i += 1 }
        if at("."), let next = peek(1), isDigit(next) {
            i += 1
            while let byte = peek(), isDigit(byte) { i += 1 }
        }
        let text = range(from: start).text
        guard let value = Double(text), NumberLimits.contains(value) else {
            throw mistake(
                "number \(quoted(text)) is too large; numbers are at most \(NumberLimits.largestText)",
                at: range(from: start), code: .tooLarge)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }
}

/// Characters pasted in place of the format's own, with what they are and what to write.
private let visualFormatLookAlikes: [String: (String, String)] = [
    "–": ("an en dash", "-"),
    "—": ("an em dash", "-"),
    "−": ("a typographic minus sign", "-"),
    "≥": ("a typographic '≥'", ">="),
    "≤": ("a typographic '≤'", "<="),
    "｜": ("a full-width bar", "|"),
]
