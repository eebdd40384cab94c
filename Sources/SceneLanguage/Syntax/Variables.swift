/// `var NAME = E`: a number of the scene that actions change, as a view
/// controller's stored property (`var currentQuestionIndex = 0`). Its value
/// is reset to ``initialValue`` at every load and reload.
public struct VariableDeclaration: Hashable, Sendable {
    public var name: Identifier
    /// The constant expression's value, within ±1000000000 (``NumberLimits``).
    public var initialValue: Double
    /// The declaration from `var` to the end of its expression.
    public var range: SourceRange

    public init(name: Identifier, initialValue: Double, range: SourceRange) {
        self.name = name
        self.initialValue = initialValue
        self.range = range
    }
}

/// `texts NAME "first" "second" …`, or the block form `texts NAME { … }`
/// with strings on its lines: a fixed list of texts that actions show one at
/// a time (`V.text = NAME[E]`), as a view controller's array of strings.
public struct TextListDeclaration: Hashable, Sendable {
    public var name: Identifier
    /// At least one, in the order written (an empty list is reported, and
    /// kept so that its name still resolves).
    public var texts: [String]
    /// The declaration from `texts` to its last string or its `}`.
    public var range: SourceRange

    public init(name: Identifier, texts: [String], range: SourceRange) {
        self.name = name
        self.texts = texts
        self.range = range
    }

    /// The entry at an index, wrapping around: the index is floored and
    /// taken modulo the count, negatives too (`-1` is the last entry). Nil
    /// for an empty list or an index that is not finite.
    public func text(at index: Double) -> String? {
        guard !texts.isEmpty, index.isFinite else { return nil }
        // In floating point, so that no index can overflow an Int: the
        // remainder of two whole numbers is exact.
        let count = Double(texts.count)
        var wrapped = index.rounded(.down).truncatingRemainder(dividingBy: count)
        if wrapped < 0 { wrapped += count }
        return texts[min(Int(wrapped), texts.count - 1)]
    }
}
