import LayoutValues

/// Reads an assertion's tokens into a ``Condition``: `not` before any
/// assertion; `V visible|hidden|onscreen|offscreen`; `V inside|overlaps W
/// [± T]`; or two values compared, `[± T]` after.
struct AssertionParser {
    private let source: String
    private let tokens: [AssertionToken]
    private var index = 0

    /// The words that follow a view's name.
    static let stateWords = ViewState.allCases.map(\.rawValue)
    static let pairWords = PairRelation.allCases.map(\.rawValue)

    init(_ source: String) throws(AssertionError) {
        self.source = source
        tokens = try AssertionLexer.tokens(of: source)
    }

    static func parse(_ source: String) throws(AssertionError) -> Condition {
        var parser = try AssertionParser(source)
        guard parser.current.kind != .end else {
            throw AssertionError(
                "an empty assertion; write one such as 'box.width == 100' or 'box visible'", source: source,
                range: 0..<max(1, source.count))
        }
        let condition = try parser.condition()
        guard parser.current.kind == .end else {
            throw parser.error("unexpected \(parser.describeCurrent()) after a whole assertion", parser.current.range)
        }
        return condition
    }

    private var current: AssertionToken { tokens[index] }
    private var following: AssertionToken { tokens[min(index + 1, tokens.count - 1)] }

    private mutating func advance() { index = min(index + 1, tokens.count - 1) }

    private func error(_ message: String, _ range: Range<Int>) -> AssertionError {
        AssertionError(message, source: source, range: range.isEmpty ? range.lowerBound..<range.lowerBound + 1 : range)
    }

    private func describeCurrent() -> String {
        switch current.kind {
        case .name(let name): "'\(name.prefix(40))'"
        case .number(let value): "the number \(formatted(value))"
        case .text: "text"
        case .comparison(let comparison): "'\(comparison.rawValue)'"
        case .tolerance: "'±'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end"
        }
    }

    // MARK: Conditions

    private mutating func condition() throws(AssertionError) -> Condition {
        if case .name("not") = current.kind {
            advance()
            guard current.kind != .end else { throw error("'not' needs an assertion after it", current.range) }
            return .not(try condition())
        }
        if case .name(let name) = current.kind, case .name(let word) = following.kind {
            let view = ViewName(name: name, range: current.range)
            let wordRange = following.range
            advance()
            advance()
            if let state = ViewState(rawValue: word) { return .state(view, state) }
            if let relation = PairRelation(rawValue: word) {
                guard case .name(let other) = current.kind else {
                    throw error(
                        "'\(word)' needs a view's name after it: '\(name.prefix(40)) \(word) card'", current.range)
                }
                let otherView = ViewName(name: other, range: current.range)
                advance()
                return .pair(view, relation, otherView, tolerance: try tolerance())
            }
            let words = Self.stateWords + Self.pairWords
            let suggestion = nearestName(to: word, among: words).map { "; did you mean '\($0)'?" } ?? ""
            throw error(
                "'\(word.prefix(40))' after a view's name is not one of: \(words.joined(separator: ", "))\(suggestion)",
                wordRange)
        }
        let left = try sum()
        guard case .comparison(let comparison) = current.kind else {
            throw error(
                current.kind == .end
                    ? "a value alone is not an assertion; compare it, as in 'box.width == 100'"
                    : "expected '==', '>=', '<=', '<', '>' or '!=', not \(describeCurrent())", current.range)
        }
        let comparisonRange = current.range
        advance()
        guard current.kind != .end else {
            throw error("'\(comparison.rawValue)' needs a value after it", comparisonRange)
        }
        let right = try sum()
        if left.isText || right.isText {
            guard left.isText && right.isText else {
                throw error("text compares with text only ('label.text == \"Hi\"'), not with a number", comparisonRange)
            }
            guard comparison == .equal || comparison == .notEqual else {
                throw error("text compares with '==' or '!=' only", comparisonRange)
            }
        }
        if case .tolerance = current.kind, left.isText {
            throw error("'±' is for numbers; text is equal or not", current.range)
        }
        return .compare(left, comparison, right, tolerance: try tolerance())
    }

    /// `± T` if it is there: a number, 0 or more.
    private mutating func tolerance() throws(AssertionError) -> Double? {
        guard case .tolerance = current.kind else { return nil }
        let start = current.range
        advance()
        guard case .number(let value) = current.kind else {
            throw error("'±' needs a number after it, as in '± 0.5'", start.lowerBound..<current.range.upperBound)
        }
        advance()
        return value
    }

    // MARK: Values

    private mutating func sum() throws(AssertionError) -> Operand {
        var value = try product()
        while case .symbol(let symbol) = current.kind, symbol == "+" || symbol == "-" {
            let range = current.range
            advance()
            let right = try product()
            try requireNumbers(value, right, range)
            value = .arithmetic(value, symbol == "+" ? .plus : .minus, right)
        }
        return value
    }

    private mutating func product() throws(AssertionError) -> Operand {
        var value = try unary()
        while case .symbol(let symbol) = current.kind, symbol == "*" || symbol == "/" {
            let range = current.range
            advance()
            let right = try unary()
            try requireNumbers(value, right, range)
            value = .arithmetic(value, symbol == "*" ? .times : .divided, right)
        }
        return value
    }

    private func requireNumbers(_ left: Operand, _ right: Operand, _ range: Range<Int>) throws(AssertionError) {
        if left.isText || right.isText { throw error("arithmetic is for numbers, not text", range) }
    }

    private mutating func unary() throws(AssertionError) -> Operand {
        if case .symbol("-") = current.kind {
            let range = current.range
            advance()
            let operand = try unary()
            if operand.isText { throw error("'-' is for numbers, not text", range) }
            return .negated(operand)
        }
        return try primary()
    }

    private mutating func primary() throws(AssertionError) -> Operand {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return .number(value)
        case .text(let text):
            advance()
            return .text(text)
        case .symbol("("):
            advance()
            let inner = try sum()
            guard case .symbol(")") = current.kind else {
                throw error("expected ')' to close the '(' here", token.range)
            }
            advance()
            return inner
        case .name(let name):
            advance()
            guard case .symbol(".") = current.kind else {
                let hint =
                    Self.stateWords.contains(name) || Self.pairWords.contains(name) || name == "not"
                    ? "'\(name)' comes after a view's name, as in 'box \(name)\(Self.pairWords.contains(name) ? " card" : "")'"
                    : "'\(name.prefix(40))' needs an attribute, as in '\(name.prefix(40)).width'"
                throw error(hint, token.range)
            }
            advance()
            guard case .name(let attribute) = current.kind else {
                throw error("expected an attribute after '\(name.prefix(40)).', as in 'width'", current.range)
            }
            guard let property = Property(rawValue: attribute) else {
                let suggestion =
                    nearestName(to: attribute, among: Property.allCases.map(\.rawValue)).map {
                        "; did you mean '\($0)'?"
                    }
                    ?? "; one of: \(Property.allCases.map(\.rawValue).joined(separator: ", "))"
                throw error("unknown attribute '\(attribute.prefix(40))'\(suggestion)", current.range)
            }
            advance()
            return .property(ViewName(name: name, range: token.range), property)
        case .end:
            throw error("the assertion ends where a value was expected", token.range)
        default:
            throw error("expected a value (a number, text or 'view.attribute'), not \(describeCurrent())", token.range)
        }
    }
}
